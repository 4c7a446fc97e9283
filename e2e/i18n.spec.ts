/**
 * The UI in Simplified Chinese: switched in the top bar and remembered across a reload, or chosen
 * from a Chinese browser's language. Kubernetes' own output (kubectl's lines, STATUS) stays English.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

/** What the main screen says in Chinese: the tagline, Apply, playback, the dock's tabs, the inspector. */
async function expectChinese(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('language')).toHaveValue('zh')
  await expect(page.locator('.tagline')).toHaveText('Kubernetes v1.33 如何创建一个 Pod，一条消息一条消息地看')
  await expect(page.getByTestId('apply')).toHaveText('应用')
  await expect(page.getByTestId('tab-workload')).toHaveText('工作负载')
  await expect(page.getByTestId('step-back')).toHaveAttribute('aria-label', '上一条消息')
  await expect(page.getByTestId('step-forward')).toHaveAttribute('aria-label', '下一条消息')
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', /^(播放|暂停)$/)
  await expect(page.getByTestId('jump-end')).toHaveText('现在')
  await expect(page.getByTestId('dock-tab-timeline')).toHaveText('时间线')
  await expect(page.getByTestId('dock-tab-console')).toHaveText('kubectl')
  await expect(page.getByTestId('dock-tab-scheduling')).toHaveText('调度')
  await expect(page.getByTestId('dock-tab-history')).toHaveText('历史')
  await expect(page.getByTestId('inspector-title')).toHaveText('检查器')
  await expect(page.getByTestId('component-kubectl')).toContainText('你，在终端前')
}

test('switch to Simplified Chinese, keep Kubernetes output in English, and remember the choice', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await openApp(page)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByTestId('apply')).toHaveText('Apply')
  await expect(page.getByTestId('inspector-title')).toHaveText('Inspector')

  await page.getByTestId('language').selectOption('zh')
  await expectChinese(page)

  // Apply: kubectl's answer and the Pods' STATUS are Kubernetes' words, in English; ours around them are Chinese.
  await page.getByTestId('apply').click()
  await expect(page.getByTestId('apply-ok')).toHaveText('pod/nginx created')
  const chip = page.locator('[data-testid=pod-status][data-pod=nginx]')
  await expect(chip).toHaveAttribute('data-status', 'Running', { timeout: 30_000 })
  await expect(chip.locator('.status')).toHaveText('Running')
  await expect(chip.locator('.node')).toHaveText(/^在 worker-\d 上$/)

  // The focused Pod's panel and its scheduling answer.
  await chip.click()
  await expect(page.getByTestId('open-scheduling')).toHaveText('它是怎么被调度的？')
  await page.getByTestId('dock-tab-scheduling').click()
  await expect(page.getByTestId('scheduling-answer')).toHaveText(/^调度到 worker-\d：总分 \d+，领先于 /)
  await page.getByTestId('dock-tab-timeline').click()
  await expect(page.locator('.tl-axis-label')).toHaveText('虚拟时间')
  await page.screenshot({ path: 'test-results/i18n-zh.png' })

  await page.reload()
  await expect(page.getByTestId('graph')).toBeVisible()
  await expectChinese(page)

  // …and back: English again, remembered too.
  await page.getByTestId('language').selectOption('en')
  await expect(page.getByTestId('apply')).toHaveText('Apply')
  await expect(page.getByTestId('dock-tab-timeline')).toHaveText('Timeline')
  await page.reload()
  await expect(page.getByTestId('apply')).toHaveText('Apply')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  expect(problems).toEqual([])
})

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' })

  test('starts in Simplified Chinese', async ({ page }) => {
    const problems = watchProblems(page)
    await openApp(page)
    await expectChinese(page)
    await page.getByTestId('dock-tab-console').click()
    await expect(page.getByTestId('console-note')).toContainText('读取的是')
    expect(problems).toEqual([])
  })
})
