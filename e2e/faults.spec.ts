/**
 * What-if faults injected mid-run from the what-if panel change the outcome as documented: image
 * pulls that fail give ErrImagePull then ImagePullBackOff instead of Running; a crashed container
 * restarts; a dropped binding leaves the Pod Pending until the scheduler's retry.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

async function goTo(page: Page, seconds: string) {
  await page.getByTestId('clock').click()
  await page.getByTestId('clock-input').fill(seconds)
  await page.getByTestId('clock-input').press('Enter')
}

test('a failing image pull, then a crash: the future is recomputed from each fault', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('play').click() // pause
  await goTo(page, '0.1') // bound, not pulled yet
  const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await chip.click()
  await page.getByTestId('dock-tab-whatIf').click()
  await page.getByTestId('speed').selectOption('25')
  await page.locator('[data-testid=fault-pull][data-image="nginx:1.27"][data-mode=not-found]').click()
  await expect(page.getByTestId('apply-ok').first()).toContainText('fault:')
  await expect(chip).toHaveAttribute('data-status', /ErrImagePull|ImagePullBackOff/, { timeout: 30_000 })
  await page.screenshot({ path: 'test-results/faults-01-pull.png' })

  // The same Pod without the fault runs; crash its container once it does.
  await page.getByTestId('scenarios-open').click()
  await page.locator('[data-testid=scenario-load][data-id=happy-path]').click()
  await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
  await page.getByTestId('play').click() // pause
  await chip.click()
  await page.getByTestId('dock-tab-whatIf').click()
  await page.locator('[data-testid=fault-crash][data-container=nginx]').click()
  await expect(chip).toHaveAttribute('data-restarts', '1', { timeout: 30_000 })
  await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
  expect(problems).toEqual([])
})

test('dropping the binding in flight leaves the Pod Pending until the scheduler tries again', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('play').click() // pause
  await page.keyboard.press('Home')
  // Step to the scheduler's binding request, as a learner would.
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('ArrowRight')
    const route = await page.getByTestId('inspector-route').textContent()
    const summary = (await page.getByTestId('inspector-message').locator('.summary code').textContent()) ?? ''
    if (route === 'kube-scheduler → kube-apiserver' && summary.includes('/binding')) break
  }
  // On the wire now (stepping lands on its sending); a millisecond later it is in flight.
  const clock = Number.parseFloat((await page.getByTestId('clock').textContent()) ?? '0')
  await goTo(page, (clock + 0.001).toFixed(3))
  await page.getByTestId('dock-tab-whatIf').click()
  await expect(page.getByTestId('what-if-message')).toContainText('/binding')
  await page.getByTestId('fault-drop').click()
  await expect(page.getByTestId('apply-ok').first()).toContainText('dropped')
  const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await page.getByTestId('speed').selectOption('25')
  await expect(page.getByTestId('clock')).toHaveText(/^(1\d|[2-3]\d)\.\d{3} s$/, { timeout: 30_000 })
  await expect(chip).toHaveAttribute('data-status', 'Pending')
  await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 40_000 })
  const at = Number.parseFloat((await page.getByTestId('clock').textContent()) ?? '0')
  expect(at).toBeGreaterThan(45)
  await page.screenshot({ path: 'test-results/faults-02-drop.png' })
  expect(problems).toEqual([])
})
