/**
 * Teaching mode on the happy path: stepping with the keyboard walks the story's five steps, each
 * part's narration names this run's values, questions come before the answer shows, and the
 * narration follows the language.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

async function moment(page: Page) {
  const m = page.getByTestId('teaching-moment')
  return {
    part: (await m.getAttribute('data-part')) ?? '',
    step: (await m.getAttribute('data-step')) ?? '',
    text: (await page.getByTestId('teaching-narration').textContent()) ?? '',
  }
}

test('teaching mode walks the happy path with this run’s values, asks before it reveals, and speaks Chinese', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await page.getByTestId('teaching-toggle').click()
  await expect(page.getByTestId('teaching-panel')).toBeVisible()
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  await page.getByTestId('play').click() // pause
  await page.keyboard.press('Home')

  const seen = new Map<string, { step: string; text: string }>()
  const steps: string[] = []
  let questions = 0
  for (let i = 0; i < 160; i++) {
    await page.keyboard.press('ArrowRight')
    const m = await moment(page)
    if (!seen.has(m.part)) seen.set(m.part, m)
    if (steps.at(-1) !== m.step) steps.push(m.step)
    if (m.step !== '0')
      await expect(page.getByTestId(`story-step-${m.step}`)).toHaveAttribute('aria-current', 'step')
    if (await page.getByTestId('teaching-question').count()) {
      // The answer is not on screen yet, and stepping on waits for one.
      await expect(page.getByTestId('teaching-reveal')).toHaveCount(0)
      await page.keyboard.press('ArrowRight')
      expect((await moment(page)).part).toBe(m.part)
      await page.getByTestId('teaching-choice').first().click()
      await expect(page.getByTestId('teaching-reveal')).toBeVisible()
      questions++
    }
    if (m.part === 'statusRequest' && seen.has('containers')) break
  }
  expect(questions).toBe(2)
  // The five steps, first reached in the story's order.
  const firstOf = (s: string) => steps.indexOf(s)
  expect(firstOf('1')).toBeLessThan(firstOf('2'))
  expect(firstOf('2')).toBeLessThan(firstOf('3'))
  expect(firstOf('3')).toBeLessThan(firstOf('4'))
  expect(firstOf('4')).toBeLessThan(firstOf('5'))

  const node =
    (await page.locator('[data-testid=pod-status][data-pod=nginx]').getAttribute('data-node')) ?? ''
  expect(node).toMatch(/^worker-\d$/)
  const says = (part: string, ...values: string[]) => {
    const m = seen.get(part)
    expect(m, `${part} narrated`).toBeDefined()
    for (const v of values) expect(m?.text, `${part} names ${v}`).toContain(v)
  }
  says('submitGet', 'GET pods/nginx')
  says('submitWrite', 'POST pods')
  says('authenticate', 'kubernetes-admin', 'x509')
  says('authorize', 'get', 'pods')
  says('admit', 'NamespaceLifecycle')
  says('etcdWrite', '/registry/pods/default/nginx')
  says('scheduleWatch', 'default/nginx')
  says('filter', '3 of 4', 'default/nginx')
  says('score', node)
  says('bindRequest', node, 'default/nginx')
  says('kubeletWatch', node, 'default/nginx')
  says('sandbox', 'pause')
  says('pull', 'nginx')
  says('statusRequest', node)
  expect(seen.has('barePodIgnored')).toBe(true)
  await page.screenshot({ path: 'test-results/teaching-01-status.png' })

  // Back by stage, then the glossary from a linked term.
  await page.keyboard.press('Shift+ArrowLeft')
  for (let i = 0; i < 20 && (await page.getByTestId('glossary-term').count()) === 0; i++)
    await page.keyboard.press('ArrowLeft')
  await page.getByTestId('glossary-term').first().click()
  await expect(page.getByTestId('glossary-entry')).toBeVisible()

  // The same moment in Chinese, with the same values.
  await page.getByTestId('language').selectOption('zh')
  await expect(page.getByTestId('teaching-panel').locator('h2')).toHaveText('教学模式')
  const zh = await moment(page)
  expect(zh.text).toMatch(/[\u4e00-\u9fff]/)
  await page.screenshot({ path: 'test-results/teaching-02-zh.png' })
  await page.getByTestId('language').selectOption('en')
  expect(problems).toEqual([])
})
