/**
 * Issue 11, worker failure: when the simulation worker crashes or hangs (injected with the worker's
 * `fail` command, which only tests send), the UI says so, restarts the simulation from the last
 * inputs, and keeps the user's work.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, pasteInto, watchProblems } from './support'

/** Remember every simulation worker the page creates, so a test can reach the current one. */
async function trackWorkers(page: Page) {
  await page.addInitScript(() => {
    const workers: Worker[] = []
    ;(window as unknown as { __workers: Worker[] }).__workers = workers
    const Native = window.Worker
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options)
        if (String(url).includes('sim.worker')) workers.push(this)
      }
    }
  })
}

const workerCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __workers: Worker[] }).__workers.length)

async function failWorker(page: Page, how: 'crash' | 'hang') {
  await page.evaluate((how) => {
    ;(window as unknown as { __workers: Worker[] }).__workers.at(-1)?.postMessage({ type: 'fail', how })
  }, how)
}

const TYPED = [
  'apiVersion: v1',
  'kind: Pod',
  'metadata:',
  '  name: kept',
  'spec:',
  '  containers:',
  '  - name: app',
  '    image: nginx:1.27',
  '# the user was still typing this',
  '',
].join('\n')

test('a crashed worker: the UI says so, restarts from the last inputs, and keeps the editor', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await trackWorkers(page)
  await openApp(page)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('jump-end').click()
  const nginx = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(nginx).toHaveAttribute('data-status', 'Running')
  await pasteInto(page, 'workload-editor', TYPED)

  await failWorker(page, 'crash')
  const banner = page.getByTestId('worker-failure')
  await expect(banner).toBeVisible()
  await expect(banner).toHaveAttribute('data-cause', 'crash')
  await expect(banner).toHaveAttribute('data-restarted', 'true')
  await expect(banner).toContainText('The simulation crashed.')
  expect(await workerCount(page)).toBe(2)
  await page.screenshot({ path: 'test-results/worker-crash-banner.png' })

  // The restarted run computes the trace again up to the cursor, which stayed where it was: the
  // applied Pod is Running there again. The text being typed is untouched.
  await expect(nginx).toHaveAttribute('data-status', 'Running', { timeout: 20_000 })
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText(
    'the user was still typing this',
  )
  // And the new worker works: the typed Pod applies.
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/kept created')
  await page.getByTestId('worker-failure-dismiss').click()
  await expect(banner).toBeHidden()
  // The crash itself is logged (by the browser and the bridge); nothing else went wrong.
  expect(problems.filter((p) => !/injected crash|simulation worker error/.test(p))).toEqual([])
})

test('a hung worker: replaced once it leaves a ping unanswered, the trace comes back', async ({ page }) => {
  const problems = watchProblems(page)
  await trackWorkers(page)
  // A short wait for the test (the app waits 20 s).
  await page.goto('/?worker-hang-ms=5000')
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('jump-end').click()
  const nginx = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(nginx).toHaveAttribute('data-status', 'Running')

  await failWorker(page, 'hang')
  const banner = page.getByTestId('worker-failure')
  await expect(banner).toHaveAttribute('data-cause', 'hang', { timeout: 15_000 })
  await expect(banner).toHaveAttribute('data-restarted', 'true')
  expect(await workerCount(page)).toBe(2)
  await expect(nginx).toHaveAttribute('data-status', 'Running', { timeout: 20_000 })
  expect(problems).toEqual([])
})
