/**
 * Issue 10's code splitting, seen from the network: the first load fetches none of the views a
 * user opens on demand (they are chunks of their own, src/app/lazy.tsx), the graph shows without
 * waiting for Monaco, each view's chunk arrives when the view is opened and the view works, and a
 * Chinese page fetches its catalog before the first paint (no English flash). The size budget itself
 * is checked by `npm run bench:bundle`, on bytes, not here.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

/**
 * The lazy chunks, by module name: `assets/<Name>-<hash>.js` in a build, `/src/…/<Name>.tsx` on the
 * dev server. `zh` is the Chinese catalog; `codec` the share link encoder and decoder.
 */
const LAZY = [
  'KubectlConsole',
  'SchedulingTab',
  'HistoryPanel',
  'WhatIfPanel',
  'TeachingPanel',
  'ScenarioCard',
  'LibraryList',
  'ClusterTab',
  'MermaidDialog',
  'ShareErrorBanner',
  'EmbedApp',
  'codec',
  'zh',
] as const

const chunkOf = (url: string): string | undefined => {
  const file = new URL(url).pathname.split('/').at(-1) ?? ''
  return LAZY.find((name) => file.startsWith(`${name}-`) || file.startsWith(`${name}.`))
}

/** Every lazy chunk the page fetches, in order. */
function watchChunks(page: Page): string[] {
  const fetched: string[] = []
  page.on('request', (r) => {
    const name = chunkOf(r.url())
    if (name && !fetched.includes(name)) fetched.push(name)
  })
  return fetched
}

test('the first load fetches no on-demand view; each arrives when opened and works', async ({ page }) => {
  const problems = watchProblems(page)
  const fetched = watchChunks(page)
  await openApp(page)
  expect(fetched).toEqual([])

  // Teaching mode: its panel's chunk, then the panel narrates.
  await page.getByTestId('teaching-toggle').click()
  await expect(page.getByTestId('teaching-panel')).toBeVisible()
  expect(fetched).toEqual(['TeachingPanel'])
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('play').click() // pause
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('teaching-moment')).toHaveAttribute('data-step', /^[1-5]$/)
  await expect(page.getByTestId('teaching-narration')).not.toBeEmpty()
  // Its English texts came with its chunk (teaching/catalog-en.ts): no catalog key shows raw.
  await expect(page.getByTestId('teaching-panel')).toContainText('Teaching mode')
  await expect(page.getByTestId('teaching-panel')).not.toContainText('teaching.')
  await page.screenshot({ path: 'test-results/bundle-teaching.png' })

  // A dock tab: the kubectl console answers.
  await page.getByTestId('dock-tab-console').click()
  await page.getByTestId('console-input').fill('kubectl get nodes')
  await page.getByTestId('console-input').press('Enter')
  await expect(page.getByTestId('console-entry').last()).toContainText('control-plane')
  expect(fetched).toContain('KubectlConsole')

  // The scenario library's list.
  await page.getByTestId('scenarios-open').click()
  await expect(page.locator('[data-testid=scenario-item][data-id=happy-path]')).toBeVisible()
  await page.getByTestId('scenarios-close').click()
  expect(fetched).toContain('LibraryList')

  // Still never fetched: what was not opened.
  for (const name of ['SchedulingTab', 'HistoryPanel', 'WhatIfPanel', 'ClusterTab', 'MermaidDialog', 'zh'])
    expect(fetched, name).not.toContain(name)
  expect(problems).toEqual([])
})

test('the graph shows while Monaco is still on its way', async ({ page }) => {
  const problems = watchProblems(page)
  // Hold the editor's chunk back until the graph has shown.
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/YamlEditor[-.][^/]*\.(js|tsx)(\?.*)?$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/')
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  await expect(page.getByTestId('editor-loading')).toBeVisible()
  await expect(page.getByTestId('dock-tab-timeline')).toHaveAttribute('aria-selected', 'true')
  // Nothing of Monaco is in the page's own scripts (index.html's script and modulepreloads).
  const html = await (await page.request.get('/')).text()
  expect(html).not.toMatch(/YamlEditor|monaco/i)
  release()
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible()
  expect(problems).toEqual([])
})

const TAGLINE_ZH = 'Kubernetes v1.33 如何创建一个 Pod，一条消息一条消息地看'

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('the catalog arrives before the first paint: no English flash', async ({ page }) => {
    const problems = watchProblems(page)
    const fetched = watchChunks(page)
    // The tagline's first text, whenever it first appears.
    await page.addInitScript(() => {
      const seen = window as unknown as { firstTagline?: string }
      new MutationObserver((_, observer) => {
        const tagline = document.querySelector('.tagline')
        if (!tagline?.textContent) return
        seen.firstTagline = tagline.textContent
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await page.goto('/')
    await expect(page.locator('.tagline')).toHaveText(TAGLINE_ZH)
    expect(await page.evaluate(() => (window as unknown as { firstTagline?: string }).firstTagline)).toBe(
      TAGLINE_ZH,
    )
    await expect(page.getByTestId('apply')).toHaveText('应用')
    expect(fetched).toEqual(['zh'])
    expect(problems).toEqual([])
  })
})
