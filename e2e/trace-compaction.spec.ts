/**
 * A large run keeps its newest messages in full and compacts the older ones (the worker's trace
 * retention); the page says so, and says why there is nothing to see before the kept detail.
 * `?trace-keep=100` makes a small library scenario "large" so the test needs no thousands of Pods.
 */
import { expect, test } from '@playwright/test'
import { watchProblems } from './support'

test('a compacted trace: the notice, the stretch without detail, the run itself unchanged', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await page.goto('/?scenario=deployment-replicas&trace-keep=100')
  await expect(page.getByTestId('graph')).toBeVisible()

  const notice = page.getByTestId('trace-compacted')
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toContainText(/detail before .+ compacted \([\d,]+ messages kept as counts\)/)
  expect(Number(await notice.getAttribute('data-through-id'))).toBeGreaterThanOrEqual(100)
  // The counts by stage are in its tooltip.
  await expect(notice).toHaveAttribute('title', /boot \d+/)

  // The run is what it always is: every replica Running at the end.
  await page.getByTestId('jump-end').click()
  await expect(page.locator('[data-testid=pod-status][data-status=Running]')).toHaveCount(3, {
    timeout: 30_000,
  })
  await expect(notice).toHaveAttribute('data-before', 'false')
  await page.screenshot({ path: 'test-results/compaction-01-end.png' })

  // Back at the start, inside the compacted stretch: the notice says why nothing is drawn.
  await page.getByTestId('scrub').fill('0')
  await expect(notice).toHaveAttribute('data-before', 'true')
  await expect(notice).toContainText('No detail here')
  await expect(page.getByTestId('message-pill')).toHaveCount(0)
  await page.screenshot({ path: 'test-results/compaction-02-start.png' })
  expect(problems).toEqual([])
})
