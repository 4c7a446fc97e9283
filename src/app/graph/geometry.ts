/**
 * Plane geometry for edges and message pills: straight wires between box borders, points along
 * them at a message's progress, and pills nudged sideways so that labels do not sit on top of
 * each other.
 */
import type { Rect } from './layout'

export interface Point {
  readonly x: number
  readonly y: number
}

export interface Segment {
  readonly a: Point
  readonly b: Point
}

export const center = (r: Rect): Point => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })

/** Where the ray from the centre of `r` towards `toward` leaves `r` (the centre if they coincide). */
export function clipRay(r: Rect, toward: Point): Point {
  const c = center(r)
  const dx = toward.x - c.x
  const dy = toward.y - c.y
  if (dx === 0 && dy === 0) return c
  const tx = dx === 0 ? Number.POSITIVE_INFINITY : r.width / 2 / Math.abs(dx)
  const ty = dy === 0 ? Number.POSITIVE_INFINITY : r.height / 2 / Math.abs(dy)
  const t = Math.min(tx, ty, 1)
  return { x: c.x + dx * t, y: c.y + dy * t }
}

/**
 * The straight wire from box `from` to box `to`: from border to border, or from centre to centre
 * when the boxes are so close that the border-to-border stretch would be shorter than
 * `minLength` (a message needs room to be seen moving).
 */
export function wireBetween(from: Rect, to: Rect, minLength = 48): Segment {
  const ca = center(from)
  const cb = center(to)
  const a = clipRay(from, cb)
  const b = clipRay(to, ca)
  const borderLength = Math.hypot(b.x - a.x, b.y - a.y)
  const sameDirection = (b.x - a.x) * (cb.x - ca.x) + (b.y - a.y) * (cb.y - ca.y) > 0
  if (!sameDirection || borderLength < minLength) return { a: ca, b: cb }
  return { a, b }
}

export function pointAlong(s: Segment, t: number): Point {
  return { x: s.a.x + (s.b.x - s.a.x) * t, y: s.a.y + (s.b.y - s.a.y) * t }
}

/** A unit vector perpendicular to the segment ((0, 1) for a degenerate one). */
export function normalOf(s: Segment): Point {
  const dx = s.b.x - s.a.x
  const dy = s.b.y - s.a.y
  const len = Math.hypot(dx, dy)
  if (len === 0) return { x: 0, y: 1 }
  return { x: -dy / len, y: dx / len }
}

/**
 * Where a label of this size is at `t` (0–1) of its way along a wire. It travels the stretch
 * between the points where it just clears each end (so a moving pill does not sit on the boxes it
 * connects); on a wire too short for that, the middle half, overlapping the boxes at the ends.
 * `clearance` is added on each end. Numbers only, no objects but the point: a scene asks this for
 * every pill on every animation frame.
 */
export function pointOnTrack(wire: Segment, width: number, height: number, t: number, clearance = 3): Point {
  const dx = wire.b.x - wire.a.x
  const dy = wire.b.y - wire.a.y
  const len = Math.hypot(dx, dy)
  if (len === 0) return pointAlong(wire, t)
  const ux = dx / len
  const uy = dy / len
  const inset = Math.min((Math.abs(ux) * width) / 2 + (Math.abs(uy) * height) / 2 + clearance, len / 4)
  const ax = wire.a.x + ux * inset
  const ay = wire.a.y + uy * inset
  const bx = wire.b.x - ux * inset
  const by = wire.b.y - uy * inset
  return { x: ax + (bx - ax) * t, y: ay + (by - ay) * t }
}

/** A label to place, centred at `at` if nothing is in the way. */
export interface PillRequest {
  readonly at: Point
  readonly width: number
  readonly height: number
}

/** Lane order: where it belongs, then alternately below and above. */
const LANES = [0, 1, -1, 2, -2, 3, -3] as const

/**
 * Centres for the labels, in order: each takes the first lane (a row above or below where it
 * belongs: labels are wide and short, so stacking them is the compact way apart) where it overlaps
 * no label placed before it, or stays put when every lane is taken. Deterministic: same input,
 * same placement, so a paused frame never jitters.
 *
 * This runs on every animation frame for every pill in flight, so the search allocates nothing:
 * the boxes placed so far are kept as numbers, and a Point is made only for the lane chosen.
 */
export function placePills(pills: readonly PillRequest[], gap = 2): Point[] {
  // Placed boxes, four numbers each: left, top, right, bottom.
  const placed = new Float64Array(pills.length * 4)
  const out: Point[] = new Array(pills.length)
  for (let i = 0; i < pills.length; i++) {
    const p = pills[i] as PillRequest
    const step = p.height + gap
    const left = p.at.x - p.width / 2
    const right = left + p.width
    // With every lane taken, it stays where it belongs (dy 0).
    let dy = 0
    for (const lane of LANES) {
      const top = p.at.y + step * lane - p.height / 2
      if (!overlapsPlaced(placed, i, left, top, right, top + p.height)) {
        dy = step * lane
        break
      }
    }
    const top = p.at.y + dy - p.height / 2
    placed[i * 4] = left
    placed[i * 4 + 1] = top
    placed[i * 4 + 2] = right
    placed[i * 4 + 3] = top + p.height
    out[i] = dy === 0 ? p.at : { x: p.at.x, y: p.at.y + dy }
  }
  return out
}

/** Does the box overlap any of the first `count` placed boxes (open intervals: touching is not)? */
function overlapsPlaced(
  placed: Float64Array,
  count: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): boolean {
  for (let j = 0; j < count * 4; j += 4) {
    if (
      (placed[j] as number) < right &&
      left < (placed[j + 2] as number) &&
      (placed[j + 1] as number) < bottom &&
      top < (placed[j + 3] as number)
    )
      return true
  }
  return false
}
