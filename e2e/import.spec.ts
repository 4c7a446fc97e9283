/**
 * Importing a real cluster (issue 9): the output of `kubectl get nodes,pods -A -o yaml`
 * (examples/cluster-dump.yaml: a kubeadm control plane with its static Pods, two workers, an app)
 * becomes the cluster, its Pods running at time 0; a new Pod then lands where the dump's free
 * resources say, and the Scheduling tab says why.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { openApp, pasteInto, watchProblems } from './support'

const DUMP_PATH = join(import.meta.dirname, '../examples/cluster-dump.yaml')

/** 2 cpus: more than worker-a has free (4 − 2.6 requested), less than worker-b (4 − 0.6). */
const NEEDS_2CPU = `apiVersion: v1
kind: Pod
metadata:
  name: needs-2cpu
  namespace: shop
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: "2"
`

async function kubectl(page: Page, command: string): Promise<string> {
  const input = page.getByTestId('console-input')
  await input.fill(command)
  await input.press('Enter')
  const entry = page.getByTestId('console-entry').last()
  await expect(entry).toHaveAttribute('data-exit-code', '0')
  return (await entry.locator('pre[data-stream=stdout]').allTextContents()).join('\n')
}

test('an imported cluster dump runs its Pods from time 0 and schedules a new Pod where the free cpu is', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('tab-cluster').click()
  // The user's own cluster text, not used yet: an import that fails must leave it alone.
  const draft = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: my-draft\n'
  await pasteInto(page, 'cluster-editor', draft)

  await page.getByTestId('import-cluster-open').click()
  const dialog = page.getByTestId('import-cluster-dialog')
  await expect(dialog).toBeVisible()
  const text = page.getByTestId('import-cluster-text')
  const error = page.getByTestId('import-cluster-error')
  // What is not a dump is said, with its line.
  await page.getByTestId('import-cluster-submit').click()
  await expect(error).toHaveText(
    'Paste the output of kubectl get nodes,pods -A -o yaml first, or choose a file.',
  )
  await text.fill('apiVersion: v1\nitems:\n- kind: Node\n  metadata: {name: [a\n')
  await page.getByTestId('import-cluster-submit').click()
  await expect(error).toContainText(/^Line \d+: this is not YAML \(/)
  await text.fill('# one Service\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n')
  await page.getByTestId('import-cluster-submit').click()
  await expect(error).toHaveText(
    'Line 3: this is v1 Service "web", not the output of kubectl get nodes,pods -A -o yaml (a List of Nodes and Pods).',
  )
  await text.fill(
    'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n',
  )
  await page.getByTestId('import-cluster-submit').click()
  await expect(error).toContainText('The dump has no Nodes')
  await page.screenshot({ path: 'test-results/import-01-not-a-dump.png' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText('my-draft')
  await expect(page.locator('[data-testid^=node-worker-]')).toHaveCount(3)

  // The real thing, from a file.
  await page.getByTestId('import-cluster-open').click()
  await page.getByTestId('import-cluster-file').setInputFiles(DUMP_PATH)
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('import-cluster-done')).toContainText(
    'Imported: 3 Node(s), 16 Pod(s) running, 1 Pending. Left out: 1 finished (Succeeded/Failed).',
  )
  for (const node of ['cp-1', 'worker-a', 'worker-b'])
    await expect(page.getByTestId(`node-${node}`)).toBeVisible()
  await expect(page.getByTestId('node-worker-1')).toHaveCount(0)
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText(
    '# Imported from `kubectl get nodes,pods -A -o yaml`, taken at about 2025-06-12T14:03:24Z',
  )
  // At time 0 its Pods run where they ran, and the one that waited still waits.
  const chip = (pod: string) => page.locator(`[data-testid=pod-status][data-pod="${pod}"]`)
  await expect(chip('coredns-674b8bbfcf-7xk2p')).toHaveAttribute('data-status', 'Running')
  await expect(chip('coredns-674b8bbfcf-7xk2p')).toHaveAttribute('data-node', 'cp-1')
  await expect(chip('redis-0')).toHaveAttribute('data-node', 'worker-a')
  await expect(chip('web-6c9f8d7b5-8wqzt')).toHaveAttribute('data-restarts', '1')
  await expect(chip('batch-import')).toHaveAttribute('data-status', 'Pending')
  await expect(page.getByTestId('pod-status')).toHaveCount(17)
  // kubectl sees them with their names, IPs and ages, as the dump had them.
  await page.getByTestId('dock-tab-console').click()
  const pods = await kubectl(page, 'kubectl get pods -A -o wide')
  expect(pods).toMatch(/kube-system +etcd-cp-1 +1\/1 +Running +0 +102d +192\.168\.10\.11 +cp-1 /)
  expect(pods).toMatch(
    /shop +web-6c9f8d7b5-8wqzt +1\/1 +Running +1 \(33h ago\) +6d4h +10\.244\.1\.15 +worker-a /,
  )
  await page.screenshot({ path: 'test-results/import-02-imported.png' })

  // A new Pod: 2 cpus fit only on worker-b.
  await page.getByTestId('tab-workload').click()
  await pasteInto(page, 'workload-editor', NEEDS_2CPU)
  await page.getByTestId('speed').selectOption('5')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/needs-2cpu created')
  await expect(chip('needs-2cpu')).toHaveAttribute('data-node', 'worker-b', { timeout: 20_000 })
  await expect(chip('needs-2cpu')).toHaveAttribute('data-status', 'Running', { timeout: 20_000 })
  await page.getByTestId('play').click() // pause
  await chip('needs-2cpu').click()
  await page.getByTestId('dock-tab-scheduling').click()
  await expect(page.getByTestId('scheduling-pod')).toHaveValue('/registry/pods/shop/needs-2cpu')
  await expect(page.getByTestId('scheduling-answer')).toContainText('Scheduled on worker-b')
  const row = (n: string) => page.locator(`[data-testid=scheduling-row][data-node=${n}]`)
  await expect(row('worker-a').locator('[data-rejected-by]')).toHaveAttribute(
    'data-rejected-by',
    'NodeResourcesFit',
  )
  await expect(row('cp-1').locator('[data-rejected-by]')).toHaveAttribute(
    'data-rejected-by',
    'TaintToleration',
  )
  await expect(page.locator('[data-testid=scheduling-row][data-winner=true]')).toHaveAttribute(
    'data-node',
    'worker-b',
  )
  await page.screenshot({ path: 'test-results/import-03-scheduled.png' })

  // The import can be undone: the cluster before it comes back, and the user's draft with it.
  await page.getByTestId('tab-cluster').click()
  await page.getByTestId('import-cluster-undo').click()
  await expect(page.locator('[data-testid^=node-worker-]')).toHaveCount(3)
  await expect(page.getByTestId('node-cp-1')).toHaveCount(0)
  await expect(page.locator('[data-testid=cluster-editor] .view-lines')).toContainText('my-draft')
  expect(problems).toEqual([])
})

test('a dump pasted into the dialog imports too', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('tab-cluster').click()
  await page.getByTestId('import-cluster-open').click()
  await expect(page.getByTestId('import-cluster-dialog')).toBeVisible()
  // Pasted, as a user would (typing 120 kB would take long).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate((value) => navigator.clipboard.writeText(value), readFileSync(DUMP_PATH, 'utf8'))
  await page.getByTestId('import-cluster-text').focus()
  await page.keyboard.press('ControlOrMeta+V')
  await expect(page.getByTestId('import-cluster-text')).toHaveValue(/^apiVersion: v1\nitems:/)
  await page.getByTestId('import-cluster-submit').click()
  await expect(page.getByTestId('import-cluster-dialog')).toBeHidden()
  await expect(page.getByTestId('node-worker-b')).toBeVisible()
  await expect(page.locator('[data-testid=pod-status][data-pod="kube-apiserver-cp-1"]')).toHaveAttribute(
    'data-status',
    'Running',
  )
  expect(problems).toEqual([])
})
