/**
 * axe-core on the app's main views (WCAG 2.1 A and AA rules): no violation of impact serious or
 * critical on the start page, while a run plays and when paused, with a message in the inspector,
 * in teaching mode, on every dock tab, in the cluster tab and its import dialog, in the dialogs of
 * the top bar, in the embed view, in the dark theme and in Chinese. Every finding is printed, so
 * a failure says what to fix (e2e/a11y.ts).
 */
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './a11y'
import { clickPill } from './pills'
import { openApp, watchProblems } from './support'

// axe reads the whole page several times per test: slow on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 })

async function applyNginx(page: Page) {
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
}

// The light and the dark theme (the system's, as the app starts): the colours pass in both.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('the start page, a run playing and paused, and a message in the inspector', async ({ page }) => {
      const problems = watchProblems(page)
      await openApp(page)
      await expectAccessible(page, 'the start page')

      await page.getByTestId('speed').selectOption('0.05')
      await applyNginx(page)
      await expect(page.getByTestId('message-pill').first()).toBeVisible()
      await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause')
      await expectAccessible(page, 'a run playing')

      await page.getByTestId('play').click()
      await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play')
      await expectAccessible(page, 'a run paused')

      // Step to a message in flight (paused between messages, or at a step, there may be none) and
      // click its pill.
      const pills = page.getByTestId('message-pill')
      for (let i = 0; i < 20 && (await pills.count()) === 0; i++) await page.keyboard.press('ArrowRight')
      await expect(page.getByTestId('message-pill').first()).toBeVisible()
      const id = await clickPill(page)
      await expect(page.getByTestId('inspector-message')).toHaveAttribute('data-message-id', String(id))
      await expect(page.getByTestId('payload')).not.toHaveText('loading…')
      await expectAccessible(page, 'a message in the inspector')

      await page.getByTestId('jump-end').click()
      const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
      await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
      await chip.click()
      await expect(page.getByTestId('pod-panel')).toBeVisible()
      await expectAccessible(page, 'a Pod in the inspector')
      expect(problems).toEqual([])
    })

    test('the dock tabs: timeline, kubectl console, scheduling, history, what-if', async ({ page }) => {
      const problems = watchProblems(page)
      await openApp(page)
      await applyNginx(page)
      await page.getByTestId('jump-end').click()
      const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
      await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
      await chip.click()
      await expect(page.getByTestId('timeline-lane').first()).toBeVisible()
      await expectAccessible(page, 'the timeline')

      await page.getByTestId('dock-tab-console').click()
      await page.getByTestId('console-input').fill('kubectl get pods')
      await page.getByTestId('console-input').press('Enter')
      await expect(page.getByTestId('console-entry')).toHaveCount(1)
      await expectAccessible(page, 'the kubectl console')

      await page.getByTestId('dock-tab-scheduling').click()
      await expect(page.getByTestId('scheduling-answer')).toBeVisible()
      await expectAccessible(page, 'the scheduling tab')

      await page.getByTestId('dock-tab-history').click()
      await expect(page.getByTestId('history-entry').first()).toBeVisible()
      await expectAccessible(page, 'the history tab')

      await page.getByTestId('dock-tab-whatIf').click()
      await expect(page.locator('#dock-panel-whatIf')).toBeVisible()
      await expectAccessible(page, 'the what-if tab')
      expect(problems).toEqual([])
    })

    test('teaching mode', async ({ page }) => {
      const problems = watchProblems(page)
      await openApp(page)
      await page.getByTestId('teaching-toggle').click()
      await expect(page.getByTestId('teaching-panel')).toBeVisible()
      await applyNginx(page)
      await page.getByTestId('play').click() // pause
      await page.keyboard.press('Home')
      // Step until the story asks a question: the question card is on screen too.
      for (let i = 0; i < 80 && (await page.getByTestId('teaching-question').count()) === 0; i++)
        await page.keyboard.press('ArrowRight')
      await expect(page.getByTestId('teaching-question')).toBeVisible()
      await expectAccessible(page, 'teaching mode with a question')
      await page.getByTestId('teaching-choice').first().click()
      await expect(page.getByTestId('teaching-reveal')).toBeVisible()
      await expectAccessible(page, 'teaching mode with an answer')
      expect(problems).toEqual([])
    })

    test('the cluster tab and its import dialog', async ({ page }) => {
      const problems = watchProblems(page)
      await openApp(page)
      await page.getByTestId('tab-cluster').click()
      await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toBeVisible()
      await expectAccessible(page, 'the cluster tab')
      await page.getByTestId('import-cluster-open').click()
      await expect(page.getByTestId('import-cluster-dialog')).toBeVisible()
      await expectAccessible(page, 'the import dialog')
      expect(problems).toEqual([])
    })
  })
}

test('the top bar: scenario library, export menu, Mermaid dialog, share, dark theme', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('scenarios-open').click()
  await expect(page.getByTestId('scenario-item').first()).toBeVisible()
  await expectAccessible(page, 'the scenario library')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('scenario-library')).toBeHidden()

  await applyNginx(page)
  await page.getByTestId('export').click()
  await expect(page.getByTestId('export-menu')).toBeVisible()
  await expectAccessible(page, 'the export menu')
  await page.getByTestId('export-mermaid').click()
  await expect(page.getByTestId('mermaid-dialog')).toBeVisible()
  await expect(page.getByTestId('mermaid-text')).not.toBeEmpty()
  await expectAccessible(page, 'the Mermaid dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('mermaid-dialog')).toBeHidden()

  await page.getByTestId('share').click()
  await expect(page.getByTestId('share-status')).toBeVisible()
  await expectAccessible(page, 'the share popover')

  // System (light here) → light → dark: the dark theme's colours pass too.
  await page.getByTestId('theme-toggle').click()
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expectAccessible(page, 'the dark theme')
  expect(problems).toEqual([])
})

test('the embed view, stepped to the scheduler', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto('/?embed&scenario=happy-path')
  await expect(page.getByTestId('embed')).toBeVisible()
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  const caption = page.getByTestId('embed-caption')
  for (let i = 0; i < 200 && (await caption.getAttribute('data-part')) !== 'filter'; i++)
    await page.keyboard.press('ArrowRight')
  await expect(caption).toHaveAttribute('data-part', 'filter')
  await expectAccessible(page, 'the embed view')
  expect(problems).toEqual([])
})

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('the start page, a run, and the console in Simplified Chinese', async ({ page }) => {
    const problems = watchProblems(page)
    await openApp(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expectAccessible(page, 'the start page in Chinese')
    await page.getByTestId('apply').click()
    await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
    await page.getByTestId('play').click()
    await page.getByTestId('dock-tab-console').click()
    await expect(page.getByTestId('console-input')).toBeVisible()
    await expectAccessible(page, 'a paused run with the console, in Chinese')
    expect(problems).toEqual([])
  })
})
