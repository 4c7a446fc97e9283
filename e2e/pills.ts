/**
 * Messages in flight are painted on one canvas over the graph (src/app/graph/PillLayer.tsx), with
 * a visually hidden button per pill (data-testid=message-pill) for the keyboard and screen
 * readers. These helpers read what the canvas drew (it keeps its draw list on the element) and
 * click a pill where it is drawn, as a user with a mouse would.
 */
import { expect, type Page } from '@playwright/test'

/** A pill as drawn, in page coordinates (CSS px). */
export interface DrawnPill {
  readonly id: number
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly progress: number
  readonly selected: boolean
  readonly focused: boolean
  /** Under one of the graph's panels (zoom buttons, progress) or off the graph: not clickable there. */
  readonly covered: boolean
}

/** The pills the canvas drew last, bottom first. */
export function drawnPills(page: Page): Promise<DrawnPill[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid=message-canvas]') as
      | (HTMLCanvasElement & { pills?: DrawnPill[] })
      | null
    if (!canvas) return []
    const r = canvas.getBoundingClientRect()
    return (canvas.pills ?? []).map((p) => {
      const x = p.x + r.left
      const y = p.y + r.top
      const under = document.elementFromPoint(x, y)
      return {
        id: p.id,
        x,
        y,
        width: p.width,
        height: p.height,
        progress: p.progress,
        selected: p.selected,
        focused: p.focused,
        covered: !under?.closest('.react-flow') || under.closest('.react-flow__panel') !== null,
      }
    })
  })
}

/**
 * Click a drawn pill (the one for message `id`, or the first drawn) at its centre; returns its
 * message id. Pause first if it must not move between finding it and clicking it.
 */
export async function clickPill(page: Page, id?: number): Promise<number> {
  let pill: DrawnPill | undefined
  await expect(async () => {
    const pills = await drawnPills(page)
    // Not under a panel, nor under a pill painted after it.
    const clickable = pills.filter(
      (p, i) =>
        !p.covered &&
        !pills
          .slice(i + 1)
          .some((q) => Math.abs(q.x - p.x) <= q.width / 2 + 1 && Math.abs(q.y - p.y) <= q.height / 2 + 1),
    )
    pill =
      id === undefined
        ? (clickable.find((p) => !p.selected) ?? clickable[0])
        : clickable.find((p) => p.id === id)
    expect(pill, `a pill${id === undefined ? '' : ` for message ${id}`} on the canvas`).toBeDefined()
  }).toPass({ timeout: 10_000 })
  const p = pill as DrawnPill
  await page.mouse.click(p.x, p.y)
  return p.id
}
