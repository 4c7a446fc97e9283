/**
 * The kubectl console reads the cluster as of the cursor, formatted as kubectl prints it. The
 * expected text comes from the CLI (src/cli/run.ts), which runs the same scenario to the same time
 * in Node on its own: the app's views come from the worker's stream of etcd revisions instead.
 */
import { expect, type Page, test } from '@playwright/test'
import { parse } from 'yaml'
import { runCli } from '../src/cli/run'
import { chooseTemplate, openApp, pasteInto, watchProblems } from './support'

const NGINX = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
`

/** What the CLI prints for `output` after running NGINX applied at 0 until `untilMs`. */
function cli(untilMs: number, output: 'get-pods' | 'get-nodes' | 'get-events' | 'describe' | 'json'): string {
  const r = runCli([{ name: 'nginx.yaml', text: NGINX }], { untilMs, output })
  expect(r.exitCode).toBe(0)
  return r.stdout
}

async function goTo(page: Page, seconds: string) {
  await page.getByTestId('clock').click()
  await page.getByTestId('clock-input').fill(seconds)
  await page.getByTestId('clock-input').press('Enter')
  await expect(page.getByTestId('clock')).toHaveText(`${Number(seconds).toFixed(3)} s`)
}

/** Run `command` in the console; the newest entry's stdout (and stderr) once it has an exit code. */
async function kubectl(
  page: Page,
  command: string,
): Promise<{ stdout: string; stderr: string; exitCode: string }> {
  const input = page.getByTestId('console-input')
  await input.fill(command)
  await input.press('Enter')
  const entry = page.getByTestId('console-entry').last()
  await expect(entry).toHaveAttribute('data-exit-code', /\d+/)
  const text = async (stream: string) =>
    (await entry.locator(`pre[data-stream=${stream}]`).allTextContents()).map((t) => `${t}\n`).join('')
  return {
    stdout: await text('stdout'),
    stderr: await text('stderr'),
    exitCode: (await entry.getAttribute('data-exit-code')) ?? '',
  }
}

test('the console answers kubectl get and describe as of the cursor, as kubectl prints them', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await pasteInto(page, 'workload-editor', NGINX)
  await page.getByTestId('speed').selectOption('25')
  // Apply at 0, as the CLI does (the app would apply at the end of the cluster's boot): the same
  // scenario, so the same times to the second.
  // Once the boot is shown (the cursor moves to its end by itself), go back to 0.
  await expect(page.getByTestId('clock')).not.toHaveText('0.000 s')
  const play = page.getByTestId('play')
  if ((await play.getAttribute('aria-label')) === 'Pause') await play.click()
  await expect(play).toHaveAttribute('aria-label', 'Play')
  await goTo(page, '0')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await expect(page.locator('[data-testid=pod-status][data-pod=nginx]')).toHaveAttribute(
    'data-status',
    'Running',
    {
      timeout: 20_000,
    },
  )
  await page.getByTestId('play').click() // pause
  await page.getByTestId('dock-tab-console').click()

  // At 2 s the image is still being pulled; at 5 s nginx runs. Each view equals the CLI's at that time.
  await goTo(page, '2')
  await expect(page.getByTestId('console-note')).toContainText('Reads as of 2.000 s')
  expect((await kubectl(page, 'kubectl get pods -o wide -A')).stdout).toBe(cli(2_000, 'get-pods'))
  const early = await kubectl(page, 'kubectl get pods')
  expect(early.stdout).toMatch(
    /^NAME +READY +STATUS +RESTARTS +AGE\nnginx +0\/1 +ContainerCreating +0 +2s\n$/,
  )
  expect((await kubectl(page, 'get nodes -o wide')).stdout).toBe(cli(2_000, 'get-nodes'))

  await goTo(page, '5')
  expect((await kubectl(page, 'kubectl get pods -o wide -A')).stdout).toBe(cli(5_000, 'get-pods'))
  expect((await kubectl(page, 'kubectl describe pod nginx')).stdout).toBe(cli(5_000, 'describe'))
  expect((await kubectl(page, 'kubectl get events -A')).stdout).toBe(cli(5_000, 'get-events'))
  // -o yaml is the stored object at that revision: the same Pod the CLI's run holds at 5 s.
  const yaml = await kubectl(page, 'kubectl get pod nginx -o yaml')
  const cliPod = (JSON.parse(cli(5_000, 'json')) as { pods: unknown[] }).pods[0]
  expect(parse(yaml.stdout)).toEqual(JSON.parse(JSON.stringify(cliPod)))
  await page.screenshot({ path: 'test-results/console-01-reads.png' })

  // kubectl's own errors.
  const missing = await kubectl(page, 'kubectl describe pod nope')
  expect(missing.exitCode).toBe('1')
  expect(missing.stderr).toBe('Error from server (NotFound): pods "nope" not found\n')
  expect((await kubectl(page, 'kubectl get pods -n kube-system')).stderr).toBe(
    'No resources found in kube-system namespace.\n',
  )
  expect(problems).toEqual([])
})

test('the console writes: apply -f - with a here-document, then delete pod; both fork the run at the cursor', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('dock-tab-console').click()
  const input = page.getByTestId('console-input')
  await input.fill(`kubectl apply -f - <<EOF\n${NGINX}EOF`)
  await input.press('Enter')
  const applied = page.getByTestId('console-entry').last()
  await expect(applied).toHaveAttribute('data-exit-code', '0')
  await expect(applied.locator('pre[data-stream=stdout]')).toHaveText('pod/nginx created')
  const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
  // Applying the same manifest again changes nothing.
  await input.fill(`kubectl apply -f - <<EOF\n${NGINX}EOF`)
  await input.press('Enter')
  await expect(page.getByTestId('console-entry').last().locator('pre[data-stream=stdout]')).toHaveText(
    'pod/nginx unchanged',
  )
  await input.fill('kubectl delete pod nginx')
  await input.press('Enter')
  await expect(page.getByTestId('console-entry').last().locator('pre[data-stream=stdout]')).toHaveText(
    'pod "nginx" deleted',
  )
  await expect(chip).toHaveCount(0, { timeout: 30_000 })
  await page.screenshot({ path: 'test-results/console-02-writes.png' })
  expect(problems).toEqual([])
})

test('the console drains a node: cordoned, its Pods evicted and replaced elsewhere, SchedulingDisabled; uncordon', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await chooseTemplate(page, /Deployment/)
  await page.getByTestId('speed').selectOption('25')
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toContainText('deployment.apps/web created')
  const running = page.locator('[data-testid=pod-status][data-status=Running]')
  await expect(running).toHaveCount(3, { timeout: 30_000 })
  const node = (await running.first().getAttribute('data-node')) ?? ''
  const onNode = page.locator(`[data-testid=pod-status][data-node=${node}]`)
  const victims = await onNode.count()
  expect(victims).toBeGreaterThan(0)

  await page.getByTestId('dock-tab-console').click()
  const drain = await kubectl(page, `kubectl drain ${node}`)
  expect(drain.exitCode).toBe('0')
  const lines = drain.stdout.trimEnd().split('\n')
  expect(lines[0]).toBe(`node/${node} cordoned`)
  expect(lines.filter((l) => /^evicting pod default\/web-/.test(l))).toHaveLength(victims)
  expect(lines.filter((l) => /^pod\/web-[a-z0-9]+-[a-z0-9]+ evicted$/.test(l))).toHaveLength(victims)
  expect(lines.at(-1)).toBe(`node/${node} drained`)
  // The ReplicaSet replaces the evicted Pods on the other nodes.
  await expect(running).toHaveCount(3, { timeout: 30_000 })
  await expect(onNode).toHaveCount(0)
  await page.getByTestId('play').click() // pause
  const nodes = await kubectl(page, 'kubectl get nodes')
  expect(nodes.stdout).toMatch(new RegExp(`\\n${node} +Ready,SchedulingDisabled +<none> +`))
  await page.screenshot({ path: 'test-results/console-03-drain.png' })

  const uncordon = await kubectl(page, `kubectl uncordon ${node}`)
  expect(uncordon.stdout).toBe(`node/${node} uncordoned\n`)
  const again = await kubectl(page, `kubectl uncordon ${node}`)
  expect(again.stdout).toBe(`node/${node} already uncordoned\n`)
  expect(problems).toEqual([])
})
