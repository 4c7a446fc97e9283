import { expect, test } from '@playwright/test'

test('the simulation runs in a Web Worker and the nginx Pod reaches Running', async ({ page }) => {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  await page.goto('/')
  await expect(page.getByTestId('app-shell')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'podflow' })).toBeVisible()
  await expect(page.getByTestId('sim-outcome')).toBeVisible()
  await expect(page.getByTestId('pod-phase')).toContainText(/Pod nginx: Running on worker-\d/)
  const reasons = await page.getByTestId('event-row').locator('td:nth-child(2)').allTextContents()
  expect(reasons).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started'])
  await page.screenshot({ path: 'test-results/shell.png', fullPage: true })
  expect(problems).toEqual([])
})
