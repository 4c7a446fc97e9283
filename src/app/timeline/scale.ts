/**
 * The timeline's horizontal scale: a window of virtual time [startMs, endMs] drawn across a track
 * `width` pixels wide. Pure arithmetic, so zooming and panning are tested without a DOM.
 */

export interface TimeWindow {
  readonly startMs: number
  readonly endMs: number
}

/** Width of the lane labels column, in px: the track starts after it. */
export const LABEL_WIDTH = 190

/** The narrowest window a zoom reaches (1 ms of virtual time across the track). */
export const MIN_SPAN_MS = 1

export function xOf(w: TimeWindow, width: number, atMs: number): number {
  return ((atMs - w.startMs) / (w.endMs - w.startMs)) * width
}

/**
 * `xOf` in whole pixels, for drawing: the browser puts boxes on whole pixels anyway, and a mark
 * whose pixel did not change is not rewritten. (The fitted window follows the cursor, so every
 * mark moves by a fraction of a pixel each frame: unrounded, each was laid out and repainted.)
 */
export function pxOf(w: TimeWindow, width: number, atMs: number): number {
  return Math.round(xOf(w, width, atMs))
}

export function timeAt(w: TimeWindow, width: number, x: number): number {
  return w.startMs + (x / Math.max(1, width)) * (w.endMs - w.startMs)
}

/**
 * Zoom by `factor` (< 1 zooms in) around `anchorMs`, which stays under the pointer; the window
 * never starts before 0 nor narrows below MIN_SPAN_MS.
 */
export function zoom(w: TimeWindow, factor: number, anchorMs: number): TimeWindow {
  const span = w.endMs - w.startMs
  const next = Math.max(MIN_SPAN_MS, span * factor)
  const ratio = span > 0 ? (anchorMs - w.startMs) / span : 0
  return clampStart({ startMs: anchorMs - ratio * next, endMs: anchorMs - ratio * next + next })
}

/** Move the window by `deltaMs` (positive: later), keeping its span and never before 0. */
export function pan(w: TimeWindow, deltaMs: number): TimeWindow {
  return clampStart({ startMs: w.startMs + deltaMs, endMs: w.endMs + deltaMs })
}

function clampStart(w: TimeWindow): TimeWindow {
  if (w.startMs >= 0) return w
  return { startMs: 0, endMs: w.endMs - w.startMs }
}

/**
 * The window that shows everything from 0 to `untilMs`, with a little room after it: its end
 * rounded up to two significant digits (5 250 → 5 300 ms), so that it grows in steps of 1–10 %,
 * not on every frame (each step moves every mark on screen, and the timeline is painted again).
 * `playing`: in steps of 20–33 % (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k), three to four times fewer.
 */
export function fitWindow(untilMs: number, playing = false): TimeWindow {
  const end = Math.max(1_000, untilMs * 1.05)
  return { startMs: 0, endMs: playing ? roundUpCoarse(end) : roundUp2(end) }
}

const COARSE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]

/** `v` rounded up to the next of COARSE_STEPS × 10^k. */
function roundUpCoarse(v: number): number {
  const scale = 10 ** Math.floor(Math.log10(v))
  const m = v / scale
  const step = COARSE_STEPS.find((s) => s >= m - 1e-9) ?? 10
  return Math.round(step * scale * 1e6) / 1e6
}

/** `v` rounded up to two significant digits. */
function roundUp2(v: number): number {
  const step = 10 ** (Math.floor(Math.log10(v)) - 1)
  return Math.ceil(v / step - 1e-9) * step
}

/**
 * Axis ticks: a round step (1, 2 or 5 × 10^k ms) giving at least `minGapPx` between labels, and
 * every multiple of it inside the window.
 */
export function axisTicks(w: TimeWindow, width: number, minGapPx = 80): number[] {
  const span = w.endMs - w.startMs
  if (span <= 0 || width <= 0) return []
  const raw = (span * minGapPx) / width
  let step = 10 ** Math.floor(Math.log10(raw))
  for (const m of [1, 2, 5, 10]) {
    if (step * m >= raw) {
      step *= m
      break
    }
  }
  const out: number[] = []
  for (let t = Math.ceil(w.startMs / step) * step; t <= w.endMs; t += step) out.push(t)
  return out
}

/** A time label for the axis and tooltips: `850 ms`, `12.5 s`, `5m20s`, as precise as the step needs. */
export function formatOffset(ms: number, stepMs = 1): string {
  if (ms < 1_000 && stepMs < 1_000) return `${Math.round(ms)} ms`
  if (ms < 120_000) {
    const digits = stepMs >= 1_000 ? 0 : stepMs >= 100 ? 1 : stepMs >= 10 ? 2 : 3
    return `${(ms / 1_000).toFixed(digits)} s`
  }
  const totalS = Math.floor(ms / 1_000)
  const m = Math.floor(totalS / 60)
  const s = totalS % 60
  return s === 0 ? `${m}m` : `${m}m${s}s`
}

/** A duration in kubectl's style for gaps between restarts: `10s`, `1m20s`, `850ms`. */
export function formatGap(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)}ms`
  const totalS = Math.round(ms / 1_000)
  if (totalS < 60) return `${totalS}s`
  const m = Math.floor(totalS / 60)
  const s = totalS % 60
  return s === 0 ? `${m}m` : `${m}m${s}s`
}
