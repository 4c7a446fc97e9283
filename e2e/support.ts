/** What the end-to-end specs share: opening the app, watching for errors, filling editors. */
import { expect, type Page, test } from '@playwright/test'

/** Collect page errors and console errors; every test ends by asserting there were none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /web worker/i.test(m.text())))
      problems.push(`console: ${m.text()}`)
  })
  return problems
}

export async function openApp(page: Page) {
  // E2E_CPU_THROTTLE=4 runs the page four times slower, to rehearse a busy CI machine.
  await throttleCpu(page, Number(process.env.E2E_CPU_THROTTLE ?? 1))
  await page.goto('/')
  await expect(page.getByTestId('graph')).toBeVisible()
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  // The editor is loaded lazily, after the graph.
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible()
}

/**
 * The default cluster's shape with three workers of one size, as cluster-tab documents: with equal
 * workers, only the scheduler's configuration decides where Pods land.
 */
export const EVEN_CLUSTER = [
  'apiVersion: v1\nkind: Node\nmetadata:\n  name: control-plane\n  labels:\n    node-role.kubernetes.io/control-plane: ""\nspec:\n  taints:\n  - {key: node-role.kubernetes.io/control-plane, effect: NoSchedule}\nstatus:\n  capacity: {cpu: "2", memory: 4Gi}\n',
  ...[1, 2, 3].map(
    (i) =>
      `apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-${i}\nstatus:\n  capacity: {cpu: "4", memory: 8Gi}\n`,
  ),
]

/**
 * The page's main thread `rate` times slower (Chromium's CPU throttling; workers and the
 * compositor are not slowed), to rehearse a slower machine.
 */
export async function throttleCpu(page: Page, rate: number) {
  if (rate > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate })
}

/**
 * Click into an editor and wait until Monaco has focus. The click goes to a visible point, right
 * of the line numbers on the first visible line, not the middle of the lines element (as tall and
 * wide as the whole text, so Playwright would scroll Monaco's clipping ancestors to reach it).
 */
export async function focusEditor(page: Page, testId: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const editor = page.locator(`[data-testid=${testId}] .monaco-editor`)
  const area = editor.locator('.overflow-guard')
  await expect(area).toBeVisible()
  const box = await area.boundingBox()
  await area.click({ position: { x: Math.max(80, (box?.width ?? 160) / 2), y: 8 } })
  await expect(editor).toHaveClass(/\bfocused\b/)
}

/** An editor's whole text, as the user would get it: select all, copy (the cursor goes to the end). */
export async function editorText(page: Page, testId: string): Promise<string> {
  await focusEditor(page, testId)
  await page.keyboard.press('ControlOrMeta+A')
  // Emptied first: a copy that goes nowhere must not read back the text pasted before it.
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await page.keyboard.press('ControlOrMeta+C')
  const text = await page.evaluate(() => navigator.clipboard.readText())
  await page.keyboard.press('ControlOrMeta+End')
  return text
}

/**
 * Replace an editor's text by pasting (typing would be auto-indented by Monaco), and check that
 * the editor holds it. Monaco's EditContext input takes a paste only while the page's selection is
 * inside it; in CI a paste sometimes went nowhere, so the text is read back and, if it is not
 * there, pasted again, with a warning that says where focus and the selection were.
 */
export async function pasteInto(page: Page, testId: string, text: string) {
  for (let attempt = 1; ; attempt++) {
    await focusEditor(page, testId)
    await page.keyboard.press('ControlOrMeta+A')
    await page.evaluate((value) => navigator.clipboard.writeText(value), text)
    await page.keyboard.press('ControlOrMeta+V')
    const where = await page.evaluate(() => {
      const name = (n: Node | null | undefined) =>
        n instanceof Element
          ? `${n.tagName.toLowerCase()}.${n.className}`
          : (n?.parentElement?.className ?? 'none')
      return `focus ${name(document.activeElement)}, selection in ${name(document.getSelection()?.anchorNode)}`
    })
    const held = await editorText(page, testId)
    if (held.trimEnd() === text.trimEnd()) return
    const note = `pasting into ${testId} did not take (attempt ${attempt}; after the paste ${where}; the editor held ${held.length} characters)`
    if (attempt === 3) throw new Error(note)
    test.info().annotations.push({ type: 'warning', description: note })
    console.warn(note)
  }
}

export async function chooseTemplate(page: Page, title: RegExp) {
  const option = page.getByTestId('template').locator('option', { hasText: title })
  await page.getByTestId('template').selectOption({ value: (await option.getAttribute('value')) ?? '' })
}
