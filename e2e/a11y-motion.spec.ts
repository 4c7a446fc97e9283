/**
 * prefers-reduced-motion: message pills jump between three stops on their wire instead of
 * gliding (their progress still advances), and CSS transitions are off. Without the preference
 * the same pill glides. What reduced motion means for the app: graph/reduced-motion.ts.
 */
import { expect, type Page, test } from '@playwright/test'
import { openApp, watchProblems } from './support'

test.describe.configure({ timeout: 180_000 })

/**
 * Follow the first message of a run (kubectl's POST, alone on its wire) frame by frame while it
 * is in flight: the distinct positions it is drawn at and the distinct progress values it has.
 */
async function followFirstPill(page: Page): Promise<{ positions: number; progress: number }> {
  await page.getByTestId('speed').selectOption('0.01')
  await page.getByTestId('apply').click()
  const pill = page.getByTestId('message-pill').first()
  await expect(pill).toBeVisible()
  const id = (await pill.getAttribute('data-message-id')) ?? ''
  return page.evaluate(
    (id) =>
      new Promise<{ positions: number; progress: number }>((resolve) => {
        const positions = new Set<string>()
        const progress = new Set<string>()
        let frames = 0
        const sample = () => {
          // Where the canvas drew it (PillLayer.tsx keeps its draw list on the element).
          const canvas = document.querySelector('[data-testid=message-canvas]') as
            | (HTMLCanvasElement & { pills?: { id: number; x: number; y: number; progress: number }[] })
            | null
          const el = canvas?.pills?.find((p) => String(p.id) === id)
          if (el) {
            positions.add(`${el.x.toFixed(2)},${el.y.toFixed(2)}`)
            progress.add(el.progress.toFixed(3))
          }
          // Until it has arrived, or 600 frames.
          if (el && ++frames < 600) requestAnimationFrame(sample)
          else resolve({ positions: positions.size, progress: progress.size })
        }
        requestAnimationFrame(sample)
      }),
    id,
  )
}

test('with reduced motion, a pill jumps between three stops on its wire instead of gliding', async ({
  page,
}) => {
  const problems = watchProblems(page)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openApp(page)
  const { positions, progress } = await followFirstPill(page)
  // It moved on in time (many progress values) but was drawn at three places at most.
  expect(progress).toBeGreaterThan(5)
  expect(positions).toBeLessThanOrEqual(3)
  // No CSS transitions (the container squares of a Pod card have one normally).
  await page.getByTestId('jump-end').click()
  const square = page.locator('.pf-ctr').first()
  await expect(square).toBeVisible({ timeout: 30_000 })
  expect(await square.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe('0s')
  expect(problems).toEqual([])
})

test('without reduced motion, the same pill glides along its wire', async ({ page }) => {
  const problems = watchProblems(page)
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await openApp(page)
  const { positions, progress } = await followFirstPill(page)
  expect(progress).toBeGreaterThan(5)
  expect(positions).toBeGreaterThan(5)
  await page.getByTestId('jump-end').click()
  const square = page.locator('.pf-ctr').first()
  await expect(square).toBeVisible({ timeout: 30_000 })
  expect(await square.evaluate((e) => getComputedStyle(e).transitionDuration)).not.toBe('0s')
  expect(problems).toEqual([])
})
