/**
 * Issue 7's views: the Pods' timeline, "why?" for a state with its chain on the graph, and an
 * object's history in etcd, read as a user would at chosen cursor times.
 */
import { expect, type Page, test } from '@playwright/test'
import { chooseTemplate, openApp, pasteInto, watchProblems } from './support'

const clock = async (page: Page) =>
  Number.parseFloat((await page.getByTestId('clock').textContent()) ?? 'NaN')

test('the timeline of a CrashLoopBackOff: growing back-off gaps, hover reads a transition, click seeks and explains', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await chooseTemplate(page, /CrashLoopBackOff/)
  await page.getByTestId('speed').selectOption('25')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/crasher created')
  const lane = page.locator('[data-testid=timeline-lane][data-pod=crasher]')
  await expect(lane).toBeVisible()
  await expect(lane.getByTestId('timeline-restart')).toHaveCount(4, { timeout: 40_000 })
  await page.getByTestId('play').click() // pause
  // Each restart waits longer than the one before (10 s, 20 s, 40 s of back-off, plus the run).
  const gaps = (
    await lane
      .getByTestId('timeline-restart')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.gapMs ?? ''))
  )
    .filter((g) => g !== '')
    .map(Number)
  expect(gaps.length).toBeGreaterThanOrEqual(3)
  for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan((gaps[i - 1] as number) + 5_000)
  await expect(lane.getByTestId('timeline-restart-gap').first()).toBeVisible()
  await expect(
    lane.locator('[data-testid=timeline-segment][data-status=CrashLoopBackOff]').first(),
  ).toBeVisible()
  await expect(
    lane.locator('[data-testid=timeline-event][data-type=Warning][data-reason=BackOff]').first(),
  ).toBeAttached()

  // Hover a CrashLoopBackOff segment: the tooltip states the transition and its times.
  const backOffs = lane.locator('[data-testid=timeline-segment][data-status=CrashLoopBackOff]')
  const widths = await backOffs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width))
  const segment = backOffs.nth(widths.indexOf(Math.max(...widths)))
  const box = await segment.boundingBox()
  if (!box) throw new Error('segment not drawn')
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2)
  await expect(page.getByTestId('timeline-tooltip')).toContainText(
    /^CrashLoopBackOff · \d+\.\d{3} s → \d+\.\d{3} s/,
  )
  // …and who wrote it: the kubelet's status update.
  await expect(page.getByTestId('timeline-tooltip-cause')).toHaveText(
    /^written by PATCH pods\/crasher\/status \(kubelet\/worker-\d\)$/,
  )
  await page.screenshot({ path: 'test-results/explain-01-timeline-hover.png' })

  // Click it: the cursor moves there and the inspector explains the status, the graph shows the chain.
  // (The lane's first condition mark keeps its element through the seek back, though fewer
  // segments come before it then: TimelineLane keys marks by kind.)
  const firstCondition = await lane.getByTestId('timeline-condition').first().elementHandle()
  const shows = (el: Element) =>
    `${el.isConnected} ${el.getAttribute('data-type')}=${el.getAttribute('data-condition-status')}`
  const shown = await firstCondition?.evaluate(shows)
  const before = await clock(page)
  const from = Number(await segment.getAttribute('data-from-ms')) / 1000
  const to = Number(await segment.getAttribute('data-to-ms')) / 1000
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2)
  await expect.poll(() => clock(page)).toBeLessThan(before)
  const at = await clock(page)
  expect(at).toBeGreaterThanOrEqual(from - 0.5)
  expect(at).toBeLessThanOrEqual(to + 0.5)
  await expect(page.getByTestId('why-summary')).toContainText(
    /^CrashLoopBackOff ← PATCH pods\/crasher\/status \(kubelet\/worker-\d\) ← /,
  )
  await expect(page.getByTestId('why-chain')).toBeAttached()
  await expect(page.getByTestId('pod-panel')).toHaveAttribute('data-pod', 'crasher')
  expect(shown).toMatch(/^true \w+=\w+$/)
  expect(await firstCondition?.evaluate(shows)).toBe(shown)
  await page.screenshot({ path: 'test-results/explain-02-why-status.png' })

  // What has not happened yet is covered from the cursor on (the cover's edge is the cursor's
  // line, under the axis' time), and the segment the cursor is in runs on under it.
  const cover = await page.getByTestId('timeline-future').boundingBox()
  const label = await page.getByTestId('timeline-cursor').boundingBox()
  const open = await segment.boundingBox()
  if (!cover || !label || !open) throw new Error('cursor not drawn')
  expect(Math.abs(cover.x - (label.x + label.width / 2))).toBeLessThanOrEqual(2)
  expect(open.x).toBeLessThan(cover.x)
  expect(open.x + open.width).toBeGreaterThan(cover.x)
  // A mark at the cursor shows whole, over the cover: seek onto a restart.
  const restart = lane.getByTestId('timeline-restart').nth(1)
  const tick = await restart.boundingBox()
  if (!tick) throw new Error('restart not drawn')
  await page.mouse.click(tick.x + tick.width / 2, tick.y + tick.height / 2)
  // Polled: the lanes follow the seek in React's background rendering, which may put a new mark
  // element in place after the click (the one looked up a moment before is then detached).
  await expect
    .poll(() =>
      restart.evaluate((el) => {
        const r = el.getBoundingClientRect()
        // Paint order at the tick's right half: the topmost element there, pointer-events aside.
        const cover = document.querySelector<HTMLElement>('[data-testid=timeline-future]')
        if (cover) cover.style.pointerEvents = 'auto'
        const top = document.elementFromPoint(r.right - 2, r.top + r.height / 2)
        if (cover) cover.style.pointerEvents = ''
        return el.isConnected && (top === el || el.contains(top))
      }),
    )
    .toBe(true)

  // Zoom in and out around the cursor; Fit follows the cursor again.
  await page.getByTestId('timeline-zoom-in').click()
  await expect(page.getByTestId('timeline-fit')).toHaveAttribute('aria-pressed', 'false')
  await page.getByTestId('timeline-fit').click()
  await expect(page.getByTestId('timeline-fit')).toHaveAttribute('aria-pressed', 'true')
  expect(problems).toEqual([])
})

test('why is nginx Ready? The chain from the kubelet back to kubectl; its history in etcd', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('speed').selectOption('5')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  const lane = page.locator('[data-testid=timeline-lane][data-pod=nginx]')
  await expect(lane).toHaveAttribute('data-status', 'Running', { timeout: 20_000 })
  await page.getByTestId('play').click() // pause
  await expect(lane.locator('[data-testid=timeline-segment]')).toHaveCount(3)
  expect(
    await lane
      .locator('[data-testid=timeline-segment]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.status)),
  ).toEqual(['Pending', 'ContainerCreating', 'Running'])

  await lane.locator('.tl-label').click()
  const ready = page.locator('[data-testid=pod-condition][data-type=Ready]')
  await expect(ready).toHaveAttribute('data-condition-status', 'True')
  await ready.getByTestId('why-condition').click()
  await expect(page.getByTestId('why-summary')).toContainText(
    /^Ready=True ← PATCH pods\/nginx\/status \(kubelet\/worker-\d\) ← .* ← POST pods \(kubectl\)/,
  )
  const steps = page.getByTestId('why-step')
  expect(await steps.count()).toBeGreaterThan(5)
  // The graph rings every component on the chain: kubectl, the apiserver, etcd, the scheduler, the kubelet…
  expect(await page.getByTestId('why-chain-component').count()).toBeGreaterThanOrEqual(4)
  await page.screenshot({ path: 'test-results/explain-03-why-ready.png' })
  // A step of the chain selects its message and moves the cursor to it.
  await steps.last().click()
  await expect(page.getByTestId('inspector-route')).toHaveText('kubectl → kube-apiserver')

  // History: created by kubectl, bound by the scheduler, status from the kubelet.
  await page.getByTestId('why-close').click()
  await page.keyboard.press('End')
  await page.getByTestId('open-history').click()
  const entries = page.getByTestId('history-entry')
  await expect(entries.first()).toHaveAttribute('data-change', 'create')
  await expect(entries.first()).toHaveAttribute('data-by', 'kubectl')
  const binding = page.locator('[data-testid=history-entry][data-by=kube-scheduler]')
  await expect(binding).toHaveCount(1)
  await expect(binding.getByTestId('history-ops')).toContainText('+ /spec/nodeName: "worker-')
  await expect(page.locator('[data-testid=history-entry][data-by^="kubelet/"]').first()).toContainText(
    '/status',
  )
  // What the apiserver added to kubectl's manifest: the uid, defaults, the ServiceAccount's token volume.
  await entries.first().locator('summary').click()
  const added = entries.first().getByTestId('history-added')
  await expect(added).toContainText('+ /metadata/uid')
  await expect(added).toContainText('/spec/serviceAccountName: "default"')
  await page.screenshot({ path: 'test-results/explain-04-history.png' })
  expect(problems).toEqual([])
})

const GREEDY = `apiVersion: v1
kind: Pod
metadata:
  name: greedy
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: "16"
`

test('the scheduling explanation: why a Pod is Pending, node by node and plugin by plugin; where nginx went and why', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('speed').selectOption('5')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await expect(page.locator('[data-testid=pod-status][data-pod=nginx]')).toHaveAttribute(
    'data-status',
    'Running',
    {
      timeout: 20_000,
    },
  )
  const node = await page.locator('[data-testid=pod-status][data-pod=nginx]').getAttribute('data-node')

  await pasteInto(page, 'workload-editor', GREEDY)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/greedy created')
  const greedy = page.locator('[data-testid=pod-status][data-pod=greedy]')
  await expect(greedy).toHaveAttribute('data-status', 'Pending')
  await page.keyboard.press('End')
  await greedy.click()
  await page.getByTestId('dock-tab-scheduling').click()
  await expect(page.getByTestId('scheduling-pod')).toHaveValue('/registry/pods/default/greedy')
  await expect(page.getByTestId('scheduling-answer')).toHaveText(
    'Pending: 0/4 nodes fit. NodeResourcesFit: 3 nodes Insufficient cpu; TaintToleration: 1 node had untolerated taint {node-role.kubernetes.io/control-plane: }. Preemption cannot help on any node.',
  )
  await expect(page.getByTestId('scheduling-message')).toContainText(
    '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu.',
  )
  const row = (n: string) => page.locator(`[data-testid=scheduling-row][data-node=${n}]`)
  await expect(row('control-plane').locator('[data-rejected-by]')).toHaveAttribute(
    'data-rejected-by',
    'TaintToleration',
  )
  for (const worker of ['worker-1', 'worker-2', 'worker-3'])
    await expect(row(worker).locator('[data-rejected-by]')).toHaveAttribute(
      'data-rejected-by',
      'NodeResourcesFit',
    )
  await page.screenshot({ path: 'test-results/explain-05-scheduling-pending.png' })

  // nginx: the winner is the node it is bound to, with the highest total.
  await page.getByTestId('scheduling-pod').selectOption('/registry/pods/default/nginx')
  await expect(page.getByTestId('scheduling-answer')).toContainText(`Scheduled on ${node}: total `)
  await expect(page.locator('[data-testid=scheduling-row][data-winner=true]')).toHaveAttribute(
    'data-node',
    node ?? '',
  )
  await expect(row('control-plane')).toHaveAttribute('data-feasible', 'false')
  await page.getByTestId('score-mode').selectOption('raw')
  await page.screenshot({ path: 'test-results/explain-06-scheduling-scored.png' })
  expect(problems).toEqual([])
})
