/** What the end-to-end specs share: opening the app, watching for errors, filling editors. */
import { expect, type Page } from '@playwright/test'

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

/** Replace an editor's text by pasting (typing would be auto-indented by Monaco). */
export async function pasteInto(page: Page, testId: string, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.locator(`[data-testid=${testId}] .view-lines`).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('ControlOrMeta+V')
  // Clicking the (wide) lines element scrolls its clipping ancestors sideways; undo that.
  await page.locator(`[data-testid=${testId}] .view-lines`).evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement) e.scrollLeft = 0
  })
}

export async function chooseTemplate(page: Page, title: RegExp) {
  const option = page.getByTestId('template').locator('option', { hasText: title })
  await page.getByTestId('template').selectOption({ value: (await option.getAttribute('value')) ?? '' })
}
