/**
 * Text from share links is rendered only as text: links whose YAML, user names, annotations,
 * image names, object keys, scenario ids and field names carry markup that would run if parsed as
 * HTML show that markup literally, and nothing runs. The pages run with the CSP bypassed, so the
 * check is on the rendering itself, not on the policy catching what slipped through.
 */
import { deflateSync } from 'node:zlib'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { toBase64url } from '../src/app/share/compress'
import { HOSTILE, PWNED, pwned } from './security-support'
import { watchProblems } from './support'

const [IMG, SCRIPT, SVG, IFRAME] = HOSTILE

/** A link to a hand-made payload, as the app builds links. */
function link(payload: unknown): string {
  const data = toBase64url(deflateSync(Buffer.from(JSON.stringify(payload))))
  return `/#s=1.${data.length.toString(36)}.${data}`
}

/** A Node and a User named with markup (the graph and the apply-as list show them); the User may create Pods. */
const CLUSTER = `apiVersion: v1
kind: Node
metadata:
  name: ${JSON.stringify(SVG)}
status:
  capacity: {cpu: "4", memory: 8Gi}
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: ${JSON.stringify(IMG)}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: hostile-admin
subjects:
- kind: User
  name: ${JSON.stringify(IMG)}
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: ClusterRole
  name: cluster-admin
  apiGroup: rbac.authorization.k8s.io
`

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: hostile
  annotations:
    note: ${JSON.stringify(IMG)}
    script: ${JSON.stringify(SCRIPT)}
    frame: ${JSON.stringify(IFRAME)}
spec:
  containers:
  - name: web
    image: nginx:1.27
    args: [${JSON.stringify(SVG)}]
`

const USER = (name: string) =>
  `apiVersion: podflow.dev/v1alpha1\nkind: User\nmetadata:\n  name: ${JSON.stringify(name)}\n`

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    bypassCSP: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 720 },
  })
  return context.newPage()
}

/** No element that the markup would have made, and no flag set by it. */
async function expectInert(page: Page) {
  expect(await pwned(page), PWNED).toBeUndefined()
  expect(
    await page.evaluate(
      () => document.querySelectorAll('img[src=x], script:not([src]), svg[onload], iframe[srcdoc]').length,
    ),
  ).toBe(0)
}

/** Run `command` in the console; its stdout once it has an exit code. */
async function kubectl(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input')
  await input.fill(command)
  await input.press('Enter')
  const entry = page.getByTestId('console-entry').last()
  await expect(entry).toHaveAttribute('data-exit-code', '0', { timeout: 15_000 })
  return (await entry.locator('pre[data-stream=stdout]').allTextContents()).join('\n')
}

test('markup in a restored link’s YAML, node, user and annotations shows as text and never runs', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await freshPage(browser)
  const problems = watchProblems(page)
  page.on('dialog', (d) => problems.push(`dialog: ${d.message()}`))
  await page.goto(
    link({
      c: CLUSTER,
      a: [['a', 100, POD, IMG]],
      u: IMG,
      t: 8000,
      k: 'console',
      h: '/registry/pods/default/hostile',
    }),
  )
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  await expect(page.getByTestId('share-error')).toHaveCount(0)
  await expect(page.getByTestId('clock')).toHaveText('8.000 s', { timeout: 20_000 })

  // The editor shows the manifest, markup and all, as text.
  const lines = page.locator('[data-testid=workload-editor] .view-lines')
  await expect(lines).toContainText('<img src=x onerror=')
  // The node's card in the graph, its name as text.
  await expect(page.getByTestId('graph')).toContainText('<svg onload=')
  // The user with the markup name is chosen for Apply, its name as an option's text.
  await expect(page.getByTestId('apply-as')).toHaveValue(IMG)
  await expect(page.getByTestId('apply-as').locator('option', { hasText: IMG })).toHaveCount(1)
  // kubectl prints the annotations, the args and who created the Pod, as text.
  const yaml = await kubectl(page, 'kubectl get pod hostile -o yaml')
  for (const m of [IMG, SCRIPT, IFRAME, SVG]) expect(yaml).toContain(m.replaceAll('"', '\\"').slice(0, 20))
  const describe = await kubectl(page, 'kubectl describe pod hostile')
  expect(describe).toContain('<img src=x onerror=')
  // The History tab of the Pod, and a message's payload in the inspector.
  await page.getByTestId('dock-tab-history').click()
  await expect(page.getByTestId('history-object')).toHaveValue('/registry/pods/default/hostile', {
    timeout: 15_000,
  })
  await expect(page.getByTestId('history-entry').first()).toContainText('<img src=x onerror=')
  // Messages' payloads in the inspector: step back to one that carries the Pod, annotations and all.
  const payload = page.getByTestId('payload')
  for (
    let i = 0;
    i < 40 && !((await payload.count()) && /onerror/.test((await payload.textContent()) ?? ''));
    i++
  ) {
    await page.getByTestId('step-back').click()
    await expect(page.getByTestId('inspector-message')).toBeVisible()
    await expect(payload).not.toHaveText('loading…')
  }
  await expect(payload).toContainText('<img src=x onerror=')
  await page.screenshot({ path: test.info().outputPath('hostile-link.png') })
  await expectInert(page)
  expect(problems).toEqual([])
  await page.context().close()
})

test('markup in a refused link’s scenario ids, field names and cluster shows as text in the banner', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await freshPage(browser)
  const problems = watchProblems(page)
  page.on('dialog', (d) => problems.push(`dialog: ${d.message()}`))
  const cases: ReadonlyArray<readonly [unknown, string, string]> = [
    [{ l: IMG }, 'unknown-scenario', IMG],
    [{ l: 'happy-path', i: SVG }, 'unknown-scenario', SVG],
    [{ [IMG]: 1 }, 'bad-field', IMG.slice(0, 40)],
    [{ c: `${USER(SCRIPT)}---\n${USER(SCRIPT)}` }, 'rejected', SCRIPT.slice(0, 40)],
  ]
  for (const [payload, reason, text] of cases) {
    await page.goto('about:blank')
    await page.goto(link(payload))
    const banner = page.getByTestId('share-error')
    await expect(banner, JSON.stringify(payload).slice(0, 80)).toHaveAttribute('data-reason', reason, {
      timeout: 20_000,
    })
    await expect(page.getByTestId('share-error-reason'), reason).toContainText(text)
    await expectInert(page)
  }
  await page.screenshot({ path: test.info().outputPath('hostile-banner.png') })
  expect(problems).toEqual([])
  await page.context().close()
})
