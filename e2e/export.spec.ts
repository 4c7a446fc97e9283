/**
 * The Export menu through a real browser: the scenario as YAML, imported back in a fresh context
 * (same Pod, same node); the trace as JSON (as many messages as the UI holds); the run as a
 * Mermaid sequence diagram (the participants and arrows of the story); the graph as SVG and PNG.
 */
import { readFile } from 'node:fs/promises'
import { type Download, expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

/** Apply the default nginx Pod and go to the end of the run; returns the node it runs on. */
async function applyNginx(page: Page): Promise<string> {
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  return runningNode(page)
}

/** Jump to the end (again while the trace is still being computed) until nginx is Running. */
async function runningNode(page: Page): Promise<string> {
  const pod = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(async () => {
    await page.getByTestId('jump-end').click()
    await expect(pod).toHaveAttribute('data-status', 'Running', { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  const node = await pod.getAttribute('data-node')
  expect(node).toMatch(/^worker-\d$/)
  return node as string
}

async function exportItem(page: Page, testId: string): Promise<Download> {
  await page.getByTestId('export').click()
  await expect(page.getByTestId('export-menu')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByTestId(testId).click()
  return download
}

async function text(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8')
}

test('the scenario exported as YAML and imported in a fresh context gives the same Pod on the same node', async ({
  page,
  browser,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  const node = await applyNginx(page)

  const download = await exportItem(page, 'export-scenario')
  expect(download.suggestedFilename()).toBe('podflow-scenario.yaml')
  const path = test.info().outputPath('podflow-scenario.yaml')
  await download.saveAs(path)
  const yaml = await readFile(path, 'utf8')
  expect(yaml).toContain('apiVersion: podflow.dev/v1alpha1\nkind: Scenario\n')
  expect(yaml).toMatch(
    /\nactions:\n- at: \d[\d.]*m?s\n {2}type: apply\n {2}yaml: \|\n {4}apiVersion: v1\n {4}kind: Pod\n/,
  )
  expect(yaml).toContain('\nworkload: |\n')
  await expect(page.getByTestId('export-status')).toHaveText('Saved podflow-scenario.yaml.')

  // A fresh browser context: nothing saved, the default scenario.
  const context = await browser.newContext({ locale: 'en-US' })
  const fresh = await context.newPage()
  const freshProblems = watchProblems(fresh)
  await openApp(fresh)
  await expect(fresh.locator('[data-testid=pod-status][data-pod=nginx]')).toHaveCount(0)

  // A broken file first: its problems with their lines, and nothing changes.
  await fresh.getByTestId('import-file').setInputFiles({
    name: 'broken.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(
      'apiVersion: podflow.dev/v1alpha1\nkind: Scenario\nactions:\n- at: soon\n  type: apply\n',
    ),
  })
  const report = fresh.getByTestId('import-report')
  await expect(report).toBeVisible()
  await expect(report).toContainText('broken.yaml was not loaded; nothing was changed:')
  await expect(report.getByTestId('import-problem')).toHaveText([
    'line 4 action 1: at must be a duration such as 250ms, 1.5s or 2m5s, not "soon"',
    'line 4 action 1: an apply needs yaml (the manifests, as a block string)',
  ])
  await fresh.screenshot({ path: test.info().outputPath('import-problems.png') })
  await report.getByRole('button', { name: 'Close' }).click()
  await expect(report).toBeHidden()

  // A file the worker refuses (a fault on a Node the cluster does not have): the line in the file.
  await fresh.getByTestId('import-file').setInputFiles({
    name: 'no-node.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(
      'apiVersion: podflow.dev/v1alpha1\nkind: Scenario\nactions:\n- at: 1s\n  type: node-down\n  node: worker-9\n  mode: stop\n',
    ),
  })
  await expect(report.getByTestId('import-problem')).toHaveCount(1)
  await expect(report.getByTestId('import-problem')).toHaveAttribute('data-line', '4')
  await expect(report.getByTestId('import-problem')).toContainText('action 1:')
  await report.getByRole('button', { name: 'Close' }).click()

  // The real file, through the menu and the file chooser.
  await fresh.getByTestId('export').click()
  const chooser = fresh.waitForEvent('filechooser')
  await fresh.getByTestId('export-import').click()
  await (await chooser).setFiles(path)
  await expect(fresh.getByTestId('export-status')).toHaveText('Loaded podflow-scenario.yaml.')
  expect(await runningNode(fresh)).toBe(node)
  await expect(fresh.locator('[data-testid=workload-editor] .view-lines')).toContainText('name: nginx')
  await expect(fresh.locator('[data-testid=pod-status][data-pod=nginx]')).toHaveCount(1)

  // Exported again from the fresh context: the same file.
  expect(await text(await exportItem(fresh, 'export-scenario'))).toBe(yaml)
  await context.close()
  expect(freshProblems).toEqual([])
  expect(problems).toEqual([])
})

test('the trace as JSON, the run as a Mermaid sequence diagram, the graph as SVG and PNG', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await openApp(page)
  const node = await applyNginx(page)

  // The Mermaid dialog says how many messages the UI holds; wait for the trace to settle.
  await page.getByTestId('export').click()
  await page.getByTestId('export-mermaid').click()
  const dialog = page.getByTestId('mermaid-dialog')
  await expect(dialog).toBeVisible()
  const count = page.getByTestId('mermaid-count')
  let total = -1
  await expect(async () => {
    const before = Number(await count.getAttribute('data-total'))
    await page.waitForTimeout(400)
    total = Number(await count.getAttribute('data-total'))
    expect(total).toBe(before)
  }).toPass({ timeout: 20_000 })
  expect(total).toBeGreaterThan(100)

  const mermaid = await page.getByTestId('mermaid-text').inputValue()
  const lines = mermaid.split('\n')
  expect(lines[0]).toBe('sequenceDiagram')
  expect(lines).toContain('  title podflow — how Kubernetes v1.33 ran this scenario')
  for (const participant of [
    'participant kubectl',
    'participant kube_apiserver as kube-apiserver',
    'participant etcd',
    'participant kube_scheduler as kube-scheduler',
    `participant kubelet_${node.replace('-', '_')} as kubelet/${node}`,
    `participant runtime_${node.replace('-', '_')} as runtime/${node}`,
  ])
    expect(lines).toContain(`  ${participant}`)
  const arrow = (re: RegExp) =>
    expect(
      lines.some((l) => re.test(l)),
      String(re),
    ).toBe(true)
  arrow(/^ {2}kubectl->>kube_apiserver: \[[\d.]+m?s\] POST \/api\/v1\/namespaces\/default\/pods/)
  arrow(/^ {2}Note over kube_apiserver: \[[\d.]+m?s\] authenticated kubernetes-admin \(x509\)$/)
  arrow(/^ {2}kube_apiserver->>etcd: \[[\d.]+m?s\] Txn put \/registry\/pods\/default\/nginx$/)
  arrow(/^ {2}kube_apiserver-->>kube_scheduler: \[[\d.]+m?s\] WATCH ADDED pods\/nginx$/)
  arrow(/^ {2}kube_apiserver-->>kubectl: \[[\d.]+m?s\] 201 Created$/)
  arrow(
    new RegExp(
      `^ {2}kubelet_${node.replace('-', '_')}->>runtime_${node.replace('-', '_')}: .*RunPodSandbox$`,
    ),
  )
  // Start-up is left out by default: the components' first LISTs are not there.
  expect(mermaid).toMatch(/\n {2}%% left out: [\d,]+ start-up messages\n/)
  await page.screenshot({ path: test.info().outputPath('mermaid-dialog.png') })

  await page.getByTestId('mermaid-copy').click()
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mermaid)
  const mmd = page.waitForEvent('download')
  await page.getByTestId('mermaid-download').click()
  const mmdFile = await mmd
  expect(mmdFile.suggestedFilename()).toBe('podflow-sequence.mmd')
  expect(await text(mmdFile)).toBe(mermaid)
  // With start-up, more arrows (the components listing and watching).
  await page.getByTestId('mermaid-skip-boot').uncheck()
  await expect(page.getByTestId('mermaid-text')).toHaveValue(
    /kube_scheduler->>kube_apiserver: \[0s\] GET \/api\/v1\/nodes\n/,
  )
  await page.getByTestId('mermaid-close').click()
  await expect(dialog).toBeHidden()

  // The trace: the header and every message the UI holds.
  const traceDownload = await exportItem(page, 'export-trace')
  expect(traceDownload.suggestedFilename()).toBe('podflow-trace.json')
  const trace = JSON.parse(await text(traceDownload))
  expect(trace).toMatchObject({ format: 'podflow.dev/trace', formatVersion: 1, kubernetes: 'v1.33' })
  expect(trace.podflow).toMatch(/^\d+\.\d+\.\d+/)
  expect(trace.messageCount).toBe(total)
  expect(trace.messages).toHaveLength(total)
  expect(trace.scenario.actions).toEqual([expect.objectContaining({ type: 'apply' })])
  expect(trace.messages.map((m: { id: number }) => m.id)).toEqual(
    Array.from({ length: total }, (_, i) => i + 1),
  )

  // The graph as SVG: it parses, and it has every node and the components.
  const svgDownload = await exportItem(page, 'export-svg')
  expect(svgDownload.suggestedFilename()).toBe('podflow-graph.svg')
  const svg = await text(svgDownload)
  // Computed styles copied where they matter: no custom properties, a file of reasonable size.
  expect(svg.length).toBeGreaterThan(10_000)
  expect(svg.length).toBeLessThan(1_000_000)
  expect(svg).not.toContain('--vscode')
  // Parsed on a blank page: the app's Trusted Types refuse DOMParser on a string (src/app/security).
  const blank = await page.context().newPage()
  const parsed = await blank.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml')
    const root = doc.documentElement
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      text: root.textContent ?? '',
    }
  }, svg)
  await blank.close()
  expect(parsed.error).toBeNull()
  expect(parsed.root).toBe('svg')
  expect(parsed.width).toBeGreaterThan(600)
  expect(parsed.height).toBeGreaterThan(300)
  for (const name of ['control-plane', 'worker-1', 'worker-2', 'worker-3', 'kube-apiserver', 'etcd', 'nginx'])
    expect(parsed.text).toContain(name)
  // React Flow's wires are there, with their stroke.
  expect(svg).toMatch(/<path[^>]*react-flow__edge-path/)

  // The graph as PNG: a real image, twice the size of the SVG (sharp on high-density screens).
  const pngDownload = await exportItem(page, 'export-png')
  expect(pngDownload.suggestedFilename()).toBe('podflow-graph.png')
  const png = await readFile(await pngDownload.path())
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(png.readUInt32BE(16)).toBe(2 * parsed.width)
  expect(png.readUInt32BE(20)).toBe(2 * parsed.height)
  expect(png.length).toBeGreaterThan(30_000)
  await pngDownload.saveAs(test.info().outputPath('podflow-graph.png'))
  await svgDownload.saveAs(test.info().outputPath('podflow-graph.svg'))
  expect(problems).toEqual([])
})
