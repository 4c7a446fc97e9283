/**
 * Share links: a scenario built by hand, copied as a link and opened in a fresh browser context,
 * shows the same cursor, Pods, dock tab and kubectl output; corrupted variants of the link each
 * explain what is wrong, with no console errors, and the app still starts.
 */
import { deflateSync } from 'node:zlib'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { toBase64url } from '../src/app/share/compress'
import { openApp, pasteInto, watchProblems } from './support'

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: shared-web
spec:
  replicas: 2
  selector:
    matchLabels: {app: shared-web}
  template:
    metadata:
      labels: {app: shared-web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

const DRAFT = JSON.stringify({ v: 1, workload: '# my own draft\n', savedAt: 1 })

/** The Pods as the status strip shows them: name, STATUS, node, focused. */
async function pods(page: Page): Promise<string[]> {
  return page
    .getByTestId('pod-status')
    .evaluateAll((chips) =>
      chips.map(
        (c) =>
          `${c.getAttribute('data-pod')} ${c.getAttribute('data-status')} ${c.getAttribute('data-node')} ${c.getAttribute('aria-pressed')}`,
      ),
    )
}

/** Run `command` in the console; its stdout once it has an exit code. */
async function kubectl(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input')
  await input.fill(command)
  await input.press('Enter')
  const entry = page.getByTestId('console-entry').last()
  await expect(entry).toHaveAttribute('data-exit-code', '0')
  return (await entry.locator('pre[data-stream=stdout]').allTextContents()).join('\n')
}

/** A fresh context (no storage, no clipboard) whose saved draft is the user's own. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 720 } })
  await context.addInitScript((draft) => {
    // Not on about:blank (between the variants below), which has no storage.
    if (location.protocol !== 'http:') return
    if (!localStorage.getItem('podflow.draft')) localStorage.setItem('podflow.draft', draft)
  }, DRAFT)
  return context.newPage()
}

/** A link to a hand-made payload (a hostile or broken link, built the way the app builds links). */
function craft(origin: string, payload: unknown, raw?: Uint8Array): string {
  const data = toBase64url(deflateSync(raw ?? Buffer.from(JSON.stringify(payload))))
  return `${origin}/#s=1.${data.length.toString(36)}.${data}`
}

test('a share link reproduces what the user saw; corrupted links explain themselves', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const problems = watchProblems(page)
  await openApp(page)

  // Build a scenario by hand: a Deployment applied where the boot settled, then a moment later.
  await pasteInto(page, 'workload-editor', WEB)
  await page.getByTestId('speed').selectOption('25')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('deployment.apps/shared-web created')
  await expect(page.locator('[data-testid=pod-status][data-status=Running]')).toHaveCount(2, {
    timeout: 20_000,
  })
  await page.getByTestId('clock').click()
  await page.getByTestId('clock-input').fill('5.432')
  await page.getByTestId('clock-input').press('Enter')
  await expect(page.getByTestId('clock')).toHaveText('5.432 s')
  await page.getByTestId('pod-status').first().click()
  await page.getByTestId('dock-tab-console').click()
  const seen = {
    clock: await page.getByTestId('clock').textContent(),
    pods: await pods(page),
    getPods: await kubectl(page, 'kubectl get pods -o wide'),
  }
  expect(seen.pods).toHaveLength(2)
  expect(seen.pods.filter((p) => p.endsWith(' true'))).toHaveLength(1)

  // Share: the link goes to the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByTestId('share').click()
  await expect(page.getByTestId('share-status')).toHaveText('Link copied')
  await page.screenshot({ path: 'test-results/share-status.png' })
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#s=1\.[0-9a-z]+\.[A-Za-z0-9_-]+$/)
  expect(link.length).toBeLessThan(500)
  // Without a clipboard, the link is shown to copy by hand.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'))
  })
  await page.getByTestId('share').click()
  await expect(page.getByTestId('share-link')).toHaveValue(link)
  expect(problems).toEqual([])

  // Open it in a fresh context: the same instant, the same Pods, the same tab, the same kubectl.
  const other = await freshPage(browser)
  const otherProblems = watchProblems(other)
  await other.goto(link)
  await expect(other.getByTestId('graph')).toBeVisible()
  await expect(other.getByTestId('clock')).toHaveText(seen.clock ?? '')
  await expect.poll(() => pods(other), { timeout: 15_000 }).toEqual(seen.pods)
  await expect(other.getByTestId('dock-tab-console')).toHaveAttribute('aria-selected', 'true')
  expect(await kubectl(other, 'kubectl get pods -o wide')).toBe(seen.getPods)
  await expect(other.locator('[data-testid=workload-editor] .view-lines')).toContainText('shared-web')
  // The user's own draft is still saved, untouched by the link.
  const draft = await other.evaluate(() => localStorage.getItem('podflow.draft'))
  expect(draft).toContain('# my own draft')
  expect(draft).not.toContain('shared-web')
  await expect(other.getByTestId('share-error')).toHaveCount(0)

  // Twenty-odd corrupted variants: each explains itself, and the app starts as usual.
  const origin = new URL(link).origin
  const head = /^.*#s=1\.[0-9a-z]+\./.exec(link)?.[0] as string
  const data = link.slice(head.length)
  const flip = (i: number) => `${head}${data.slice(0, i)}${data[i] === 'A' ? 'B' : 'A'}${data.slice(i + 1)}`
  const variants: ReadonlyArray<readonly [string, string]> = [
    [link.slice(0, head.length + (data.length >> 1)), 'truncated'],
    [link.slice(0, -1), 'truncated'],
    [`${link.slice(0, -12)}…`, 'truncated'],
    [head, 'truncated'],
    [`${origin}/#s=1`, 'truncated'],
    [link.replace('#s=1.', '#s=2.'), 'version-newer'],
    [link.replace('#s=1.', '#s=0.'), 'version-older'],
    [flip(0), 'corrupt'],
    [flip(data.length >> 1), 'corrupt'],
    [flip(data.length - 1), 'corrupt'],
    [`${link}AAAA`, 'corrupt'],
    [`${link}&utm_source=chat`, 'bad-characters'],
    [`${head}${data.slice(0, 8)}+/${data.slice(10)}`, 'bad-characters'],
    [`${origin}/#s=1.c.not-base64!!`, 'bad-characters'],
    [`${origin}/#s=1.zz.${'A'.repeat(70_000)}`, 'too-long'],
    [craft(origin, null, new Uint8Array(20 * 1024 * 1024)), 'too-large'],
    [craft(origin, null, Buffer.from('{"t": 5')), 'bad-json'],
    [craft(origin, { t: -5 }), 'bad-field'],
    [craft(origin, { k: 'settings' }), 'bad-field'],
    [craft(origin, { z: 1 }), 'bad-field'],
    [craft(origin, { l: '<img src=x onerror=alert(1)>' }), 'unknown-scenario'],
    [craft(origin, { c: 'kind: [' }), 'rejected'],
  ]
  expect(variants.length).toBeGreaterThanOrEqual(20)
  other.on('dialog', (d) => otherProblems.push(`dialog: ${d.message()}`))
  for (const [variant, reason] of variants) {
    await other.goto('about:blank')
    await other.goto(variant)
    const banner = other.getByTestId('share-error')
    await expect(banner, variant.slice(0, 120)).toHaveAttribute('role', 'alert')
    await expect(banner, variant.slice(0, 120)).toHaveAttribute('data-reason', reason)
    await expect(other.getByTestId('component-kube-apiserver')).toBeVisible()
    if (reason === 'unknown-scenario') {
      // Shown as text, never as HTML.
      await expect(other.getByTestId('share-error-reason')).toContainText('<img src=x onerror=alert(1)>')
      await expect(banner.locator('img')).toHaveCount(0)
      await other.screenshot({ path: 'test-results/share-error.png' })
    }
  }
  // Usable after a bad link: the saved draft is back in the editor, the banner goes away, and the
  // cluster runs (a template applies and its Pod appears).
  await expect(other.locator('[data-testid=workload-editor] .view-lines')).toContainText('my own draft')
  await other.getByTestId('share-error-dismiss').click()
  await expect(other.getByTestId('share-error')).toHaveCount(0)
  await other.getByTestId('template').selectOption({ index: 1 })
  await other.getByTestId('apply').click()
  await expect(other.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await expect(other.locator('[data-testid=pod-status][data-pod=nginx]')).toBeVisible()
  // A link pasted into the address bar of an open page (only the fragment changes) is read too.
  await other.evaluate(() => {
    location.hash = '#s=9.x.y'
  })
  await expect(other.getByTestId('share-error')).toHaveAttribute('data-reason', 'version-newer')
  // The explanation follows the user's language.
  await other.getByTestId('language').selectOption('zh')
  await expect(other.getByTestId('share-error')).toContainText('无法打开这个分享链接。')
  await expect(other.getByTestId('share-error-reason')).toContainText('更新版本的 podflow')
  await other.screenshot({ path: 'test-results/share-error-zh.png' })
  expect(otherProblems).toEqual([])
  await other.context().close()
})
