import { expect, type Page, test } from '@playwright/test'

/** Collect page errors and console errors; every test ends by asserting there were none. */
function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /web worker/i.test(m.text())))
      problems.push(`console: ${m.text()}`)
  })
  return problems
}

async function openApp(page: Page) {
  await page.goto('/')
  await expect(page.getByTestId('graph')).toBeVisible()
  await expect(page.getByTestId('component-kube-apiserver')).toBeVisible()
  // The editor is loaded lazily, after the graph.
  await expect(page.locator('[data-testid=workload-editor] .view-lines')).toBeVisible()
}

async function chooseTemplate(page: Page, title: RegExp) {
  const option = page.getByTestId('template').locator('option', { hasText: title })
  await page.getByTestId('template').selectOption({ value: (await option.getAttribute('value')) ?? '' })
}

test('apply the default nginx Pod and watch it reach Running', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.screenshot({ path: 'test-results/01-loaded.png' })
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')

  // Step through the messages from the apply on, as a learner would, reading the inspector.
  await page.getByTestId('speed').selectOption('0.01')
  await page.getByTestId('play').click() // pause
  await page.keyboard.press('Home')
  const hops: string[] = []
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('ArrowRight')
    const route = await page.getByTestId('inspector-route').textContent()
    if (route && hops[hops.length - 1] !== route) hops.push(route)
    if (route?.startsWith('kubelet/') && route.includes('→ runtime/')) break
  }
  const order = [
    'kubectl → kube-apiserver',
    'kube-apiserver → etcd',
    'kube-apiserver → kube-scheduler',
    'kube-scheduler → kube-apiserver',
  ]
  let at = hops.indexOf(order[0] as string)
  for (const hop of order) {
    const next = hops.indexOf(hop, at)
    expect(next, `${hop} after ${hops[at]}`).toBeGreaterThanOrEqual(at)
    at = next
  }
  expect(hops.slice(at).some((h) => /^kube-apiserver → kubelet\/worker-\d$/.test(h))).toBe(true)
  expect(hops[hops.length - 1]).toMatch(/^kubelet\/worker-\d → runtime\/worker-\d$/)
  await page.screenshot({ path: 'test-results/02-stepping.png' })

  await page.getByTestId('jump-end').click()
  const pod = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(pod).toHaveAttribute('data-status', 'Running')
  await expect(pod).toHaveAttribute('data-node', /^worker-\d$/)
  await expect(page.locator('[data-testid^=pod-default-nginx]')).toHaveAttribute('data-status', 'Running')
  await page.screenshot({ path: 'test-results/03-running.png' })

  // Scrub back: earlier, the Pod was not running yet; forward again: Running.
  await page.getByTestId('scrub').fill('200')
  await expect(pod).not.toHaveAttribute('data-status', 'Running')
  await page.screenshot({ path: 'test-results/04-scrubbed-back.png' })
  await page.getByTestId('jump-end').click()
  await expect(pod).toHaveAttribute('data-status', 'Running')
  expect(problems).toEqual([])
})

test('an invalid Pod gets the 422 text and a marker at the offending line', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await chooseTemplate(page, /Broken Pod/)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-error')).toContainText(
    'is invalid: spec.containers[0].image: Required value',
  )
  await expect(page.locator('[data-testid=workload-editor] .squiggly-error')).toHaveCount(1)
  await expect(page.getByTestId('workload-editor')).toHaveAttribute('data-problems', '1')
  await page.screenshot({ path: 'test-results/05-invalid.png' })
  expect(problems).toEqual([])
})

test('a Deployment with 3 replicas places 3 Pods', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await chooseTemplate(page, /Deployment/)
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toContainText(/^deployment(\.apps)?\/web created$/)
  await page.getByTestId('speed').selectOption('25')
  await expect(page.locator('[data-testid=pod-status][data-status=Running]')).toHaveCount(3, {
    timeout: 20_000,
  })
  for (const chip of await page.locator('[data-testid=pod-status]').all()) {
    await expect(chip).toHaveAttribute('data-node', /^worker-\d$/)
  }
  await expect(page.locator('[data-testid^=pod-default-web-]')).toHaveCount(3)
  await page.screenshot({ path: 'test-results/06-deployment.png' })
  expect(problems).toEqual([])
})

test('messages move while playing, and a message can be inspected', async ({ page }) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('speed').selectOption('0.05')
  await page.getByTestId('apply').click()
  const pill = page.getByTestId('message-pill').first()
  await expect(pill).toBeVisible()
  // Pause, as a user would, to catch a message; where it is follows from the cursor alone.
  await page.getByTestId('play').click()
  const id = await pill.getAttribute('data-message-id')
  const position = await pill.getAttribute('data-progress')
  await page.waitForTimeout(300)
  await expect(pill).toHaveAttribute('data-progress', position ?? '')
  await pill.click()
  expect(id).not.toBeNull()
  await expect(page.getByTestId('inspector-message')).toBeVisible()
  await expect(page.getByTestId('payload')).not.toHaveText('loading…')
  await page.screenshot({ path: 'test-results/07-inspecting.png' })
  expect(problems).toEqual([])
})
