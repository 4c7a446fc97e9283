/** Autosave: what the user typed survives a reload, and a fork does not reset the cluster tab. */
import { expect, test } from '@playwright/test'
import { openApp, pasteInto, watchProblems } from './support'

const MINE =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: mine\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n'
const TWO_NODES =
  'apiVersion: v1\nkind: Node\nmetadata:\n  name: alpha\n---\napiVersion: v1\nkind: Node\nmetadata:\n  name: beta\n'

test('the workload draft, the running cluster and the cluster tab’s unsaved edits survive a reload', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await pasteInto(page, 'workload-editor', MINE)
  // Use a two-node cluster, then start editing it again without using the edit.
  await page.getByTestId('tab-cluster').click()
  await pasteInto(page, 'cluster-editor', TWO_NODES)
  await page.getByTestId('cluster-apply').click()
  await expect(page.getByTestId('node-alpha')).toBeVisible()
  await pasteInto(
    page,
    'cluster-editor',
    `${TWO_NODES}---\napiVersion: v1\nkind: Node\nmetadata:\n  name: gamma\n`,
  )
  // A workload apply forks the run (new Nodes arrive): the unsaved cluster edit stays.
  await page.getByTestId('tab-workload').click()
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/mine created')
  await page.getByTestId('tab-cluster').click()
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText('gamma')

  await page.waitForTimeout(600) // the draft is written 300 ms after the last edit
  await page.reload()
  await expect(page.getByTestId('node-alpha')).toBeVisible()
  await expect(page.getByTestId('node-beta')).toBeVisible()
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: mine')
  await page.getByTestId('tab-cluster').click()
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText('gamma')
  expect(problems).toEqual([])
})
