/** The scenario library: load scenarios, see their documented outcome, get the user's draft back. */
import { expect, test } from '@playwright/test'
import { openApp, pasteInto, watchProblems } from './support'

test('library scenarios load and reach their documented outcome; the replaced manifest can be restored', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  const mine =
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: mine\nspec:\n  containers:\n  - name: app\n    image: busybox\n'
  await pasteInto(page, 'workload-editor', mine)
  await page.getByTestId('speed').selectOption('25')

  await page.getByTestId('scenarios-open').click()
  await expect(page.getByTestId('scenario-item')).toHaveCount(19)
  await page.screenshot({ path: 'test-results/library-01-dialog.png' })
  await page.locator('[data-testid=scenario-load][data-id=happy-path]').click()
  await expect(page.getByTestId('scenario-card')).toHaveAttribute('data-id', 'happy-path')
  const nginx = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(nginx).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
  await expect(nginx).toHaveAttribute('data-node', 'worker-3')
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: nginx')

  // Documented: Pending, 0/4 nodes fit for cpu.
  await page.getByTestId('scenarios-open').click()
  await page.locator('[data-testid=scenario-load][data-id=insufficient-resources]').click()
  await expect(page.getByTestId('scenario-card')).toHaveAttribute('data-id', 'insufficient-resources')
  await expect(page.locator('[data-testid=pod-status]').first()).toHaveAttribute('data-status', 'Pending', {
    timeout: 30_000,
  })
  await expect(nginx).toHaveCount(0)
  await page.screenshot({ path: 'test-results/library-02-card.png' })

  // The user's own manifest comes back.
  await page.getByTestId('restore-draft').click()
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: mine')
  expect(problems).toEqual([])
})
