/**
 * Real manifests, pasted as they are (issue 31): the docs' Deployment runs with its own image
 * tag, a file of several kinds is applied object by object with kubectl's line for each, and an
 * error marker goes as soon as the text it points at is edited.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { focusEditor, openApp, watchProblems } from './support'

async function paste(page: Page, text: string) {
  await focusEditor(page, 'workload-editor')
  await page.keyboard.press('ControlOrMeta+A')
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('ControlOrMeta+V')
}

const EVERY_KIND = `apiVersion: v1
kind: Namespace
metadata:
  name: my-ns
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 1000000
globalDefault: false
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: game-demo
  namespace: my-ns
data:
  player_initial_lives: "3"
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: my-ns
spec:
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 9376
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
  namespace: my-ns
spec:
  defaultBackend:
    service:
      name: web
      port:
        number: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: my-ns
  labels:
    app: web
spec:
  priorityClassName: high-priority
  containers:
  - name: web
    image: registry.k8s.io/busybox
    command: ["sleep", "3600"]
`

test('the docs’ Deployment (nginx:1.14.2) is created and its three Pods run', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchProblems(page)
  await openApp(page)
  const docs = readFileSync(join('examples', 'docs', 'controllers-nginx-deployment.yaml'), 'utf8')
  expect(docs).toContain('image: nginx:1.14.2')
  await paste(page, docs)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('deployment.apps/nginx-deployment created', {
    timeout: 30_000,
  })
  // The worker computes ahead of the cursor: jump to the end of what is computed until it is there.
  const running = page.locator('[data-testid=pod-status][data-pod^=nginx-deployment-][data-status=Running]')
  await expect
    .poll(
      async () => {
        await page.getByTestId('jump-end').click()
        return running.count()
      },
      { timeout: 60_000 },
    )
    .toBe(3)
  await page.screenshot({ path: 'test-results/real-manifests-deployment.png' })
  expect(problems).toEqual([])
})

test('a file of several kinds: kubectl’s line for each object, in order', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchProblems(page)
  await openApp(page)
  await paste(page, EVERY_KIND)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText(
    [
      'namespace/my-ns created',
      'priorityclass.scheduling.k8s.io/high-priority created',
      'configmap/game-demo created',
      'service/web created',
      'ingress.networking.k8s.io/web created',
      'pod/web created',
    ],
    { timeout: 30_000 },
  )
  // Only the Ingress is read by nothing in the simulated cluster, and the log says so.
  await expect(page.getByTestId('apply-unwatched')).toHaveText([
    'Stored and served as on a real cluster; no simulated component reads ingresses, so nothing here acts on it.',
  ])
  await page.screenshot({ path: 'test-results/real-manifests-every-kind.png' })
  expect(problems).toEqual([])
})

test('an error marker goes as soon as the text it points at is edited', async ({ page }) => {
  test.setTimeout(120_000)
  await openApp(page)
  const bad =
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n labels: {}\nspec:\n  containers:\n  - name: c\n    image: nginx\n'
  await paste(page, bad)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-error')).toHaveText(
    'error: error parsing STDIN: error converting YAML to JSON: yaml: line 4: did not find expected key',
    { timeout: 30_000 },
  )
  const editor = page.getByTestId('workload-editor')
  await expect(editor).toHaveAttribute('data-problems', '1')
  // Fix the indentation of line 5, where the marker is.
  await focusEditor(page, 'workload-editor')
  await page.keyboard.press('ControlOrMeta+Home')
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Home')
  await page.keyboard.type(' ')
  await expect(editor).toHaveAttribute('data-problems', '0')
})
