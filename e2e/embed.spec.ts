/** Embed mode: a compact, read-only stepping view of a library scenario, with a way into the full app. */
import { expect, test } from '@playwright/test'
import { watchProblems } from './support'

test('the embed view steps through a scenario with narration and opens it in the full app', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await page.goto('/?embed&scenario=happy-path')
  await expect(page.getByTestId('embed')).toBeVisible()
  await expect(page.getByTestId('embed-title')).toHaveText('A Pod, from kubectl to Running')
  await expect(page.getByTestId('graph')).toBeVisible()
  // Read-only: no editor, no Apply, no console.
  await expect(page.getByTestId('apply')).toHaveCount(0)
  await expect(page.getByTestId('workload-editor')).toHaveCount(0)
  await expect(page.getByTestId('dock')).toHaveCount(0)
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  // Step to the Scheduler's Filter: the caption narrates it with this run's values.
  const caption = page.getByTestId('embed-caption')
  for (let i = 0; i < 200 && (await caption.getAttribute('data-part')) !== 'filter'; i++)
    await page.keyboard.press('ArrowRight')
  await expect(caption).toHaveAttribute('data-part', 'filter')
  await expect(caption).toContainText('3 of 4 nodes can run default/nginx')
  await page.screenshot({ path: 'test-results/embed-01.png' })
  // No questions in embed mode: the next step goes on to Score.
  await page.keyboard.press('ArrowRight')
  await expect(caption).toHaveAttribute('data-part', 'score')
  const href = await page.getByTestId('embed-open').getAttribute('href')
  expect(href).toMatch(/\/\?scenario=happy-path$/)
  await page.goto(href ?? '/')
  await expect(page.getByTestId('scenario-card')).toHaveAttribute('data-id', 'happy-path')
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: nginx')
  expect(problems).toEqual([])
})
