/**
 * A large cluster stays usable: the 1,000-node library scenario (100 replicas) shows progress
 * while the worker computes, draws the nodes as a few boxes and one group card, samples the
 * messages in flight with the rate on screen, and keeps the timeline's DOM small however many
 * Pods it lists.
 */
import { expect, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

test('1,000 nodes: progress, node groups, message sampling, a virtualized timeline', async ({ page }) => {
  test.setTimeout(90_000)
  const problems = watchProblems(page)
  await openApp(page)

  await page.getByTestId('scenarios-open').click()
  await page.locator('[data-testid=scenario-load][data-id=thousand-nodes]').click()
  await expect(page.getByTestId('scenario-card')).toHaveAttribute('data-id', 'thousand-nodes')

  // Progress while the worker computes: simulated time and messages so far, a bar.
  const progress = page.getByTestId('compute-progress')
  await expect(progress).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('compute-progress-bar')).toBeVisible()
  await expect(page.getByTestId('compute-progress-text')).toContainText('messages')
  await page.screenshot({ path: 'test-results/large-01-progress.png' })

  // The graph: 7 node boxes and one group card for the other 993, not 1,000 boxes.
  const group = page.getByTestId('node-more')
  await expect(group).toBeVisible()
  await expect(group).toHaveAttribute('data-nodes', '993')
  await expect(page.getByTestId('node-group-kubelets')).toContainText('kubelet × 993')
  const flowNodes = await page.locator('.react-flow__node').count()
  expect(flowNodes).toBeLessThanOrEqual(16)
  expect(await page.locator('.react-flow__edge').count()).toBeLessThanOrEqual(24)

  // Thousands of messages in flight at the start (1,000 kubelets register and watch): a sample
  // is drawn, and the rate is on screen.
  const sampling = page.getByTestId('message-sampling')
  await expect(sampling).toBeVisible({ timeout: 20_000 })
  await expect(sampling).toContainText(/showing 1 in \d+ messages/)
  const step = Number(await sampling.getAttribute('data-step'))
  expect(step).toBeGreaterThan(1)
  expect(await page.getByTestId('message-pill').count()).toBeLessThanOrEqual(260)
  await page.screenshot({ path: 'test-results/large-02-graph.png' })

  // Every replica runs once the worker has caught up (the strip lists 100 chips at most).
  await expect(progress).toBeHidden({ timeout: 60_000 })
  await page.getByTestId('jump-end').click()
  await expect(page.locator('[data-testid=pod-status][data-status=Running]')).toHaveCount(100, {
    timeout: 30_000,
  })
  await expect(group).toHaveAttribute('data-ready', '993')

  // The timeline lists 100 lanes (101 rows with the group's title) but renders only those in view.
  const body = page.getByTestId('timeline-body')
  await expect(body).toHaveAttribute('data-rows', '101')
  const lanes = page.getByTestId('timeline-lane')
  const before = await lanes.count()
  expect(before).toBeGreaterThan(0)
  expect(before).toBeLessThanOrEqual(40)
  const firstBefore = await lanes.first().getAttribute('data-pod')
  const scrollHeight = await body.evaluate((el) => el.scrollHeight)
  expect(scrollHeight).toBeGreaterThanOrEqual(100 * 32)
  await body.evaluate((el) => {
    el.scrollTop = el.scrollHeight
  })
  // Scrolled to the bottom: other lanes, still only a window of them, the last one in view.
  await expect(lanes.first()).not.toHaveAttribute('data-pod', firstBefore ?? '')
  expect(await lanes.count()).toBeLessThanOrEqual(40)
  const bottom = await lanes.last().boundingBox()
  const view = await body.boundingBox()
  expect(bottom !== null && view !== null && bottom.y + bottom.height <= view.y + view.height + 1).toBe(true)
  await page.screenshot({ path: 'test-results/large-03-timeline.png' })

  // Focusing a Pod drawn in the group brings its node out as a box of its own.
  const focusedNode = await page.evaluate(() => {
    const chips = [...document.querySelectorAll('[data-testid=pod-status]')]
    const boxes = new Set(
      [...document.querySelectorAll('[data-testid^=node-]')].map((e) => e.getAttribute('data-testid')),
    )
    const chip = chips.find((c) => !boxes.has(`node-${c.getAttribute('data-node')}`))
    ;(chip as HTMLElement | undefined)?.click()
    return chip?.getAttribute('data-node') ?? null
  })
  expect(focusedNode).not.toBeNull()
  await expect(page.getByTestId(`node-${focusedNode}`)).toBeVisible()
  await expect(group).toHaveAttribute('data-nodes', '993')
  await page.screenshot({ path: 'test-results/large-04-focused.png' })

  expect(problems).toEqual([])
})
