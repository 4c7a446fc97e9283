/**
 * The Content-Security-Policy in a real browser, against the built app: every main flow (editor
 * with its schema and YAML worker, the simulation worker, playback, the inspector, teaching mode,
 * the cluster tab, image export, share links) runs with no violation and no console error, and
 * the policy is really in force: an inline script, eval and a script from another origin are
 * refused, by the <meta> alone as well as with the header.
 */
import { readFile } from 'node:fs/promises'
import { type Download, expect, type Page, test } from '@playwright/test'
import { contentSecurityPolicy } from '../src/app/security/csp'
import { clickPill } from './pills'
import { recordViolations, violations } from './security-support'
import { openApp, pasteInto, watchProblems } from './support'

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.27
`

async function exportImage(page: Page, testId: 'export-svg' | 'export-png'): Promise<Download> {
  await page.getByTestId('export').click()
  await expect(page.getByTestId('export-menu')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByTestId(testId).click()
  return download
}

test('every main flow runs under the policy with no violation and no console error', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchProblems(page)
  await recordViolations(page)
  await openApp(page)
  const editor = page.getByTestId('workload-editor')

  // The YAML worker checks against the Kubernetes schema: a misspelt field is flagged while typing.
  await pasteInto(page, 'workload-editor', POD.replace('  containers:', '  containerz:'))
  await expect(editor).not.toHaveAttribute('data-schema-problems', '0')
  await pasteInto(page, 'workload-editor', POD)
  await expect(editor).toHaveAttribute('data-schema-problems', '0')
  // Typed by hand too (Monaco's own worker and its suggestions).
  await page.locator('[data-testid=workload-editor] .view-lines').click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type('# typed by hand\n')
  await expect(editor.locator('.view-lines')).toContainText('# typed by hand')

  // Apply, watch it play in the simulation worker, pause on a message and inspect it.
  await page.getByTestId('speed').selectOption('0.05')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/web created')
  const pill = page.getByTestId('message-pill').first()
  await expect(pill).toBeVisible()
  await page.getByTestId('play').click()
  // The first message in flight (its step forward lands at another millisecond).
  const id = await clickPill(page, Number(await pill.getAttribute('data-message-id')))
  await expect(page.getByTestId('inspector-message')).toHaveAttribute('data-message-id', String(id))
  await expect(page.getByTestId('payload')).not.toHaveText('loading…')
  const clock = await page.getByTestId('clock').textContent()
  await page.getByTestId('step-forward').click()
  await expect(page.getByTestId('clock')).not.toHaveText(clock ?? '')
  await page.getByTestId('step-back').click()
  await page.getByTestId('play').click()
  await page.getByTestId('speed').selectOption('25')

  // Teaching mode and the cluster tab (a second editor).
  await page.getByTestId('teaching-toggle').click()
  await expect(page.getByTestId('teaching-panel')).toBeVisible()
  await page.getByTestId('teaching-toggle').click()
  await page.getByTestId('tab-cluster').click()
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText('kind: Node')
  await page.getByTestId('tab-workload').click()

  // The graph as SVG and as PNG (drawn from a data: URL onto a canvas).
  await page.getByTestId('jump-end').click()
  const svg = await exportImage(page, 'export-svg')
  expect(await readFile((await svg.path()) as string, 'utf8')).toContain('<svg')
  const png = await exportImage(page, 'export-png')
  const bytes = await readFile((await png.path()) as string)
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')

  // A share link, copied and opened (a new document under the same policy).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByTestId('share').click()
  await expect(page.getByTestId('share-status')).toHaveText('Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(await violations(page)).toEqual([])
  await page.goto('about:blank')
  await page.goto(link)
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toContainText('typed by hand')
  await expect(page.locator('[data-testid=pod-status][data-pod=web]')).toBeVisible()
  await expect(page.getByTestId('share-error')).toHaveCount(0)

  expect(await violations(page)).toEqual([])
  expect(problems).toEqual([])
})

/**
 * Try what the policy forbids, from the page; returns what ran. Each attempt runs in a task of the
 * page's own (code that DevTools evaluates is exempt from the eval check) and may throw: Trusted
 * Types refuse a string in a script or HTML sink before the script-src checks come.
 */
async function tryForbidden(page: Page) {
  return page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>
    const run = (f: () => unknown) =>
      new Promise<unknown>((resolve) =>
        setTimeout(() => {
          try {
            resolve(f())
          } catch {
            resolve('refused')
          }
        }),
      )
    const settle = () => new Promise((r) => setTimeout(r, 100))
    await run(() => {
      const script = document.createElement('script')
      script.append(document.createTextNode('window.__inlineRan = true'))
      document.body.append(script)
    })
    await run(() => {
      const img = document.createElement('img')
      img.setAttribute('onerror', 'window.__handlerRan = true')
      img.src = 'data:,not-an-image'
      document.body.append(img)
    })
    const remote = await run(
      () =>
        new Promise((resolve) => {
          const script = document.createElement('script')
          script.onerror = () => resolve('blocked')
          script.onload = () => resolve('loaded')
          try {
            script.src = 'http://127.0.0.2:9/evil.js'
          } catch {
            return resolve('refused')
          }
          document.body.append(script)
        }),
    )
    // biome-ignore lint/security/noGlobalEval: checking that the policy refuses it is the point.
    const evalRan = await run(() => eval('true') === true)
    const functionRan = await run(() => new Function('return true')() === true)
    const html = await run(() => {
      const div = document.createElement('div')
      div.innerHTML = '<b>bold</b>'
      return div.querySelector('b') !== null
    })
    const worker = await run(() => Boolean(new Worker('http://127.0.0.2:9/evil.js')))
    await settle()
    return {
      inline: w.__inlineRan === true,
      handler: w.__handlerRan === true,
      remote: remote === 'loaded',
      eval: evalRan === true,
      function: functionRan === true,
      html: html === true,
      worker: worker === true,
    }
  })
}

const NOTHING_RAN = {
  inline: false,
  handler: false,
  remote: false,
  eval: false,
  function: false,
  html: false,
  worker: false,
}

test('the policy is in force: inline script, inline handlers, eval, HTML from strings and other origins are refused', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await recordViolations(page)
  const response = await page.goto('/')
  await expect(page.getByTestId('graph')).toBeVisible()
  const policy = contentSecurityPolicy()
  expect(policy).toContain("script-src 'self';")
  expect(await response?.headerValue('content-security-policy')).toBe(policy)
  // The <meta> comes before any script, so it covers all of them.
  expect(
    await page.evaluate(() => {
      const meta = document.head.querySelector('meta[http-equiv="Content-Security-Policy"]')
      const script = document.head.querySelector('script')
      const first = meta && script && meta.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_FOLLOWING
      return { content: meta?.getAttribute('content'), first: Boolean(first) }
    }),
  ).toEqual({ content: policy, first: true })

  expect(await tryForbidden(page)).toEqual(NOTHING_RAN)
  // Trusted Types refuse each string before it reaches a parser, a loader or the script-src checks.
  const refused = (await violations(page))
    .filter((v) => v.directive === 'require-trusted-types-for')
    .map((v) => v.sample.split('|')[0])
  expect(new Set(refused)).toEqual(new Set(TRUSTED_TYPES_SINKS))
  // Chromium reports each violation on the console as well: that is what the other specs catch.
  expect(problems.some((p) => /Content Security Policy|TrustedScript|TrustedHTML/.test(p))).toBe(true)
})

/** The sinks tryForbidden reaches, as Chromium names them in a violation's sample. */
const TRUSTED_TYPES_SINKS = [
  'HTMLScriptElement text',
  'Element onerror',
  'HTMLScriptElement src',
  'eval',
  'Function',
  'Element innerHTML',
  'Worker constructor',
]

/** Serve the app with its policy changed by `change` (undefined: none), in the header and the <meta>. */
async function servePolicy(page: Page, change: (policy: string) => string | undefined, meta = true) {
  await page.route('**/*', async (route) => {
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    const policy = change(contentSecurityPolicy())
    if (policy !== undefined) headers['content-security-policy'] = policy
    if (!meta || !(headers['content-type'] ?? '').startsWith('text/html'))
      return route.fulfill({ response, headers })
    const html = (await response.text()).replace(
      /(http-equiv="Content-Security-Policy" content=")[^"]*/,
      (_, head) => `${head}${(policy ?? '').replaceAll("'", '&#39;')}`,
    )
    await route.fulfill({ response, headers, body: html })
  })
}

test('the <meta> alone enforces the policy (a static host that sends no header)', async ({ page }) => {
  await recordViolations(page)
  await servePolicy(page, () => undefined, false)
  const response = await page.goto('/')
  expect(await response?.headerValue('content-security-policy')).toBeNull()
  await expect(page.getByTestId('graph')).toBeVisible()
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  expect(await tryForbidden(page)).toEqual(NOTHING_RAN)
  expect(new Set((await violations(page)).map((v) => v.sample.split('|')[0]))).toEqual(
    new Set(TRUSTED_TYPES_SINKS),
  )
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('without Trusted Types (a browser that lacks them), script-src alone refuses every script', async ({
  page,
}) => {
  await recordViolations(page)
  const withoutTrustedTypes = (policy: string) =>
    policy
      .split('; ')
      .filter((d) => !/^(require-)?trusted-types/.test(d))
      .join('; ')
  await servePolicy(page, withoutTrustedTypes)
  await page.goto('/')
  await expect(page.getByTestId('graph')).toBeVisible()
  expect(
    await page.evaluate(() => document.querySelector('meta[http-equiv]')?.getAttribute('content')),
  ).not.toContain('trusted-types')
  // A string may become HTML now (markup, not script: the <b> is parsed), but no script runs.
  expect(await tryForbidden(page)).toEqual({ ...NOTHING_RAN, html: true })
  const directives = new Set((await violations(page)).map((v) => v.directive))
  expect(directives).toEqual(new Set(['script-src-elem', 'script-src-attr', 'script-src']))
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
