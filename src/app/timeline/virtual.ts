/**
 * Virtual lists: with 10,000 Pods the timeline must not hold 10,000 lane rows in the DOM. Rows
 * have known heights, so the scroll container keeps the full height (a spacer above and below)
 * and only the rows that intersect the viewport, plus a few on each side, are rendered. Pure
 * arithmetic, tested on its own.
 */

/** Rows rendered above and below the viewport, so a quick scroll does not show blank space. */
export const OVERSCAN = 8
/** Lists this short are rendered whole (no spacers, every row in the DOM). */
export const VIRTUAL_ABOVE = 50

/** Top offset of every row, and the total height as the last entry (length = rows + 1). */
export function rowOffsets(heights: readonly number[]): number[] {
  const out = new Array<number>(heights.length + 1)
  let y = 0
  out[0] = 0
  for (let i = 0; i < heights.length; i++) {
    y += heights[i] as number
    out[i + 1] = y
  }
  return out
}

/** The index of the row at height `y` (clamped to the rows). */
export function rowAt(offsets: readonly number[], y: number): number {
  const rows = offsets.length - 1
  if (rows <= 0) return 0
  let lo = 0
  let hi = rows - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((offsets[mid] as number) <= y) lo = mid
    else hi = mid - 1
  }
  return lo
}

export interface VirtualWindow {
  /** First row rendered. */
  readonly start: number
  /** One past the last row rendered. */
  readonly end: number
  /** Height of the spacer above the first rendered row. */
  readonly before: number
  /** Height of the spacer below the last rendered row. */
  readonly after: number
}

/**
 * The rows to render for a viewport of `viewportHeight` scrolled to `scrollTop` (both relative to
 * the rows' top), with `overscan` rows on each side; every row when there are at most `whole`.
 */
export function virtualWindow(
  offsets: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  overscan = OVERSCAN,
  whole = VIRTUAL_ABOVE,
): VirtualWindow {
  const rows = offsets.length - 1
  const total = offsets[rows] ?? 0
  if (rows <= whole) return { start: 0, end: rows, before: 0, after: 0 }
  const top = Math.max(0, Math.min(scrollTop, total))
  const first = rowAt(offsets, top)
  const last = rowAt(offsets, Math.max(top, top + viewportHeight - 1))
  const start = Math.max(0, first - overscan)
  const end = Math.min(rows, last + 1 + overscan)
  return { start, end, before: offsets[start] ?? 0, after: total - (offsets[end] ?? total) }
}

/** The scrollTop that brings row `index` into a viewport scrolled to `scrollTop` (unchanged if visible). */
export function scrollToRow(
  offsets: readonly number[],
  index: number,
  scrollTop: number,
  viewportHeight: number,
): number {
  const top = offsets[index]
  const bottom = offsets[index + 1]
  if (top === undefined || bottom === undefined) return scrollTop
  if (top < scrollTop) return top
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight)
  return scrollTop
}
