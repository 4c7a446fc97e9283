/**
 * The app with the keyboard only (no mouse): Tab reaches every control in reading order, the
 * editor can be left again (Monaco keeps Tab for indenting; Ctrl+M makes Tab move focus, as the
 * hint under the editor says), Enter/Space/arrows operate what has focus, Escape closes dialogs
 * and menus, and whatever has focus shows a focus ring.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

// A test walks the whole page several times: allow for a busy machine.
test.describe.configure({ timeout: 180_000 })

const POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: keyboard\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n'

/** The focused element's test id (its own or its nearest ancestor's), else its tag. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement
    if (!e || e === document.body) return 'body'
    return e.closest('[data-testid]')?.getAttribute('data-testid') ?? e.tagName.toLowerCase()
  })
}

/** Press Tab (or Shift+Tab) until `want` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, want: string | RegExp, { back = false, max = 80 } = {}): Promise<void> {
  const matches = (id: string) => (typeof want === 'string' ? id === want : want.test(id))
  const path: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const id = await focused(page)
    path.push(id)
    if (matches(id)) return
  }
  throw new Error(`${want} not reached with ${back ? 'Shift+' : ''}Tab; went through ${path.join(', ')}`)
}

/**
 * Whether the focused element draws a focus indicator: an outline or a box shadow; for a message
 * in flight (a visually hidden button whose pill is painted on the graph's canvas), the ring the
 * canvas drew around its pill.
 */
function focusRing(page: Page): Promise<{ outline: string; shadow: string; visible: boolean }> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement
    if (e.dataset.testid === 'message-pill') {
      const canvas = document.querySelector('[data-testid=message-canvas]') as
        | (HTMLCanvasElement & { pills?: { id: number; focused: boolean }[] })
        | null
      const ring = canvas?.pills?.find((p) => p.focused)
      const visible = ring !== undefined && String(ring.id) === e.dataset.messageId
      return { outline: `canvas ring around ${ring?.id}`, shadow: 'none', visible }
    }
    const s = getComputedStyle(e)
    const outline = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`
    const hasOutline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2
    const hasShadow = s.boxShadow !== 'none'
    return { outline, shadow: s.boxShadow, visible: hasOutline || hasShadow }
  })
}

test('the main flow with the keyboard only: edit, apply, play, step, inspect, tabs, teaching', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])

  // From the top: the top bar, then the editor's tabs and controls, then the editor.
  const order: string[] = []
  for (let i = 0; i < 15 && order.at(-1) !== 'workload-editor'; i++) {
    await page.keyboard.press('Tab')
    order.push(await focused(page))
    // The editor tabs are one stop: the arrows move between them.
    if (order.at(-1) === 'tab-workload') {
      await page.keyboard.press('ArrowRight')
      await expect(page.getByTestId('tab-cluster')).toBeFocused()
      await expect(page.getByTestId('tab-cluster')).toHaveAttribute('aria-selected', 'true')
      await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toBeVisible()
      await page.keyboard.press('ArrowLeft')
      await expect(page.getByTestId('tab-workload')).toBeFocused()
      await expect(page.getByTestId('tab-workload')).toHaveAttribute('aria-selected', 'true')
      await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible()
    }
  }
  expect(order).toEqual([
    'scenarios-open',
    'export',
    'share',
    'teaching-toggle',
    'language',
    'theme-toggle',
    'tab-workload',
    'template',
    'apply-as',
    'apply',
    'workload-editor',
  ])

  // In the editor; replace its text by pasting.
  await page.evaluate((text) => navigator.clipboard.writeText(text), POD)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('ControlOrMeta+V')
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: keyboard')

  // Tab indents inside Monaco…
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('workload-editor')
  await page.keyboard.press('ControlOrMeta+Z')
  // …until Ctrl+M (the hint under the editor says so) makes Tab and Shift+Tab move focus.
  await expect(page.getByTestId('editor-keys')).toContainText('Ctrl+M')
  await page.keyboard.press('Control+M')
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('apply')).toBeFocused()
  expect((await focusRing(page)).visible).toBe(true)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/keyboard created')

  // Playback: the play button with Enter and Space; the arrows step message by message.
  await tabTo(page, 'play')
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play')
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  const message = page.getByTestId('inspector-message')
  await expect(message).toBeVisible()
  const first = await message.getAttribute('data-message-id')
  await page.keyboard.press('ArrowRight')
  await expect(message).not.toHaveAttribute('data-message-id', first ?? '')
  await page.keyboard.press('ArrowLeft')
  await expect(message).toHaveAttribute('data-message-id', first ?? '')
  // The step buttons too.
  await tabTo(page, 'step-forward')
  await page.keyboard.press('Enter')
  await expect(message).not.toHaveAttribute('data-message-id', first ?? '')
  await tabTo(page, 'step-back', { back: true })
  await page.keyboard.press('Enter')
  await expect(message).toHaveAttribute('data-message-id', first ?? '')

  // A message in the graph: back from the playback bar to a pill, Enter selects it.
  await tabTo(page, /^(message|step)-pill$/, { back: true })
  const pillId = await page.evaluate(() => document.activeElement?.getAttribute('data-message-id'))
  expect(pillId).toBeTruthy()
  expect((await focusRing(page)).visible).toBe(true)
  await page.keyboard.press('Enter')
  await expect(message).toHaveAttribute('data-message-id', pillId ?? '')
  // Its payload scrolls with the keyboard: there the arrows are the region's, not playback's.
  await tabTo(page, 'payload')
  await expect(page.getByTestId('payload')).not.toHaveText('loading…')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await expect(message).toHaveAttribute('data-message-id', pillId ?? '')

  // A Pod from the status strip, then the dock's tabs with the arrows, and the console.
  // "Now" (again while the run is still being computed) until the Pod is Running.
  await tabTo(page, 'jump-end', { back: true })
  const chip = page.locator('[data-testid=pod-status][data-pod=keyboard]')
  await expect(async () => {
    await page.keyboard.press('Enter')
    await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  await tabTo(page, 'pod-status')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('pod-panel')).toBeVisible()
  await tabTo(page, 'dock-tab-timeline')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('dock-tab-console')).toBeFocused()
  await expect(page.getByTestId('dock-tab-console')).toHaveAttribute('aria-selected', 'true')
  // The console is a chunk of its own: Tab before it has arrived skips the panel.
  await expect(page.getByTestId('console-input')).toBeVisible()
  await tabTo(page, 'console-input')
  await page.keyboard.type('get pods')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('console-entry').last()).toContainText('keyboard')
  await tabTo(page, 'dock-tab-console', { back: true })
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('dock-tab-scheduling')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('scheduling-answer')).toBeVisible()

  // Teaching mode on, a step of the story with the arrows, and off again with its close button.
  await tabTo(page, 'teaching-toggle', { max: 150 })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('teaching-toggle')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('teaching-panel')).toBeVisible()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('teaching-moment')).toBeVisible()
  await tabTo(page, 'teaching-close')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('teaching-panel')).toHaveCount(0)
  await expect(page.getByTestId('teaching-toggle')).toHaveAttribute('aria-pressed', 'false')
  expect(problems).toEqual([])
})

test('Escape closes the dialogs and menus and gives focus back to what opened them', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('apply').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')

  // The scenario library (a modal dialog): focus moves in, Escape closes it.
  await page.getByTestId('scenarios-open').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('scenario-library')).toBeVisible()
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('scenario-library')).toBeHidden()
  await expect(page.getByTestId('scenarios-open')).toBeFocused()

  // The export menu: the arrows move through its items, Escape closes it.
  await page.getByTestId('export').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('export-scenario')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('export-import')).toBeFocused()
  expect((await focusRing(page)).visible).toBe(true)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('export-menu')).toBeHidden()
  await expect(page.getByTestId('export')).toBeFocused()

  // The Mermaid dialog, from the menu.
  await page.keyboard.press('Enter')
  await page.keyboard.press('End')
  for (
    let i = 0;
    i < 5 && !(await page.getByTestId('export-mermaid').evaluate((e) => e === document.activeElement));
    i++
  )
    await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('mermaid-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('mermaid-dialog')).toBeHidden()
  await expect(page.getByTestId('export')).toBeFocused()

  // The share popover.
  await page.getByTestId('share').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('share-status')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('share-status')).toBeHidden()
  await expect(page.getByTestId('share')).toBeFocused()

  // The cluster import dialog.
  await page.getByTestId('tab-workload').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('import-cluster-open')).toBeVisible()
  await page.getByTestId('import-cluster-open').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('import-cluster-dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('import-cluster-dialog')).toBeHidden()
  await expect(page.getByTestId('import-cluster-open')).toBeFocused()
  expect(problems).toEqual([])
})

test('Tab goes round the whole page and back, in reading order, with a focus ring on every stop', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('apply').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  // Paused at the end with nginx Running, then one message back: a Pod card and a pill to reach.
  await page.getByTestId('play').focus()
  await page.keyboard.press('Enter')
  await page.getByTestId('jump-end').focus()
  const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(async () => {
    await page.keyboard.press('Enter')
    await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('inspector-message')).toBeVisible()
  // Into Monaco, and out of its Tab-for-indenting with Ctrl+M (the hint under the editor).
  await page.getByTestId('apply').focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Control+M')

  // Tab from the editor until it has focus again: the whole round, no trap on the way.
  const stops: string[] = []
  const noRing: string[] = []
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press('Tab')
    const id = await focused(page)
    if (id === 'workload-editor') break
    stops.push(id)
    const ring = await focusRing(page)
    if (id !== 'body' && !ring.visible) noRing.push(`${id} (${ring.outline}; ${ring.shadow})`)
  }
  expect(stops.length, stops.join(', ')).toBeLessThan(249)
  // Monaco's own textarea carries no ring: the editor around it draws one while it has focus.
  await expect(page.locator('[data-testid=workload-editor] .monaco-editor')).toHaveClass(/focused/)
  const editorRing = await page.getByTestId('workload-editor').evaluate((e) => {
    const ring = getComputedStyle(e, '::after')
    return `${ring.borderTopStyle} ${ring.borderTopWidth}`
  })
  expect(editorRing).toBe('solid 2px')

  // The round from the top of the page: every region, in reading order.
  const top = stops.indexOf('scenarios-open')
  const round = [...stops.slice(top), 'workload-editor', ...stops.slice(0, top)]
  const at = (id: string | RegExp) => round.findIndex((s) => (typeof id === 'string' ? s === id : id.test(s)))
  const regions = [
    'scenarios-open', // the top bar
    'apply', // the editor panel
    'workload-editor',
    /^pod-default-nginx$/, // the graph: a Pod card, then messages
    /^(message|step)-pill$/,
    'play', // the playback bar
    'scrub',
    'speed',
    'pod-status', // the status strip
    'dock-tab-timeline', // the dock
    'timeline-lane',
  ]
  for (let i = 0; i < regions.length; i++) {
    const here = at(regions[i] as string | RegExp)
    expect(here, `${regions[i]} in ${round.join(', ')}`).toBeGreaterThanOrEqual(0)
    if (i > 0)
      expect(here, `${regions[i]} after ${regions[i - 1]}`).toBeGreaterThan(
        at(regions[i - 1] as string | RegExp),
      )
  }
  expect(noRing).toEqual([])
  await page.screenshot({ path: test.info().outputPath('keyboard-round.png') })
  expect(problems).toEqual([])
})
