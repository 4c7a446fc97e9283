import { describe, expect, it } from 'vitest'
import {
  clipRay,
  normalOf,
  type Point,
  placePills,
  pointAlong,
  pointOnTrack,
  type Segment,
  wireBetween,
} from './geometry'

const box = (x: number, y: number, width = 100, height = 40) => ({ x, y, width, height })

describe('clipRay', () => {
  it('leaves the box through the side facing the target', () => {
    expect(clipRay(box(0, 0), { x: 500, y: 20 })).toEqual({ x: 100, y: 20 })
    expect(clipRay(box(0, 0), { x: 50, y: -300 })).toEqual({ x: 50, y: 0 })
    expect(clipRay(box(0, 0), { x: 50, y: 20 })).toEqual({ x: 50, y: 20 })
  })
})

describe('wireBetween', () => {
  it('runs from border to border', () => {
    expect(wireBetween(box(0, 0), box(300, 0))).toEqual({ a: { x: 100, y: 20 }, b: { x: 300, y: 20 } })
  })

  it('runs from centre to centre when the boxes are too close to see a message move', () => {
    expect(wireBetween(box(0, 0), box(120, 0))).toEqual({ a: { x: 50, y: 20 }, b: { x: 170, y: 20 } })
  })

  it('is the same line both ways (a response travels back on its request’s wire)', () => {
    const there = wireBetween(box(0, 0), box(300, 200))
    const back = wireBetween(box(300, 200), box(0, 0))
    expect(back).toEqual({ a: there.b, b: there.a })
  })
})

describe('pointAlong and normalOf', () => {
  const s = { a: { x: 0, y: 0 }, b: { x: 100, y: 0 } }
  it('interpolates', () => {
    expect(pointAlong(s, 0)).toEqual({ x: 0, y: 0 })
    expect(pointAlong(s, 0.25)).toEqual({ x: 25, y: 0 })
    expect(pointAlong(s, 1)).toEqual({ x: 100, y: 0 })
  })
  it('is perpendicular and unit length', () => {
    expect(normalOf(s)).toEqual({ x: -0, y: 1 })
    expect(normalOf({ a: { x: 0, y: 0 }, b: { x: 0, y: 0 } })).toEqual({ x: 0, y: 1 })
  })
})

describe('pointOnTrack', () => {
  // The track is the stretch of the wire where a label clears both ends: t = 0 and 1 are its ends.
  const wire = { a: { x: 0, y: 0 }, b: { x: 200, y: 0 } }
  const ends = (w: Segment, width: number, height: number) => [
    pointOnTrack(w, width, height, 0),
    pointOnTrack(w, width, height, 1),
  ]
  it('keeps a label clear of both ends', () => {
    expect(ends(wire, 60, 18)).toEqual([
      { x: 33, y: 0 },
      { x: 167, y: 0 },
    ])
    expect(pointOnTrack(wire, 60, 18, 0.5)).toEqual({ x: 100, y: 0 })
  })
  it('uses the label height on a vertical wire', () => {
    expect(ends({ a: { x: 0, y: 0 }, b: { x: 0, y: 100 } }, 60, 18)).toEqual([
      { x: 0, y: 12 },
      { x: 0, y: 88 },
    ])
  })
  it('still moves a label longer than its wire, over the middle half', () => {
    expect(ends(wire, 300, 18)).toEqual([
      { x: 50, y: 0 },
      { x: 150, y: 0 },
    ])
  })
  it('moves along a slanted wire in a straight line, and stays on a wire of no length', () => {
    const slant = { a: { x: 13.7, y: 250.1 }, b: { x: 401.3, y: 37.9 } }
    const [a, b] = ends(slant, 41.25, 23.4) as [Point, Point]
    const mid = pointOnTrack(slant, 41.25, 23.4, 0.25)
    expect(mid.x).toBeCloseTo(a.x + (b.x - a.x) * 0.25, 10)
    expect(mid.y).toBeCloseTo(a.y + (b.y - a.y) * 0.25, 10)
    expect(pointOnTrack({ a: { x: 5, y: 5 }, b: { x: 5, y: 5 } }, 60, 18, 0.7)).toEqual({ x: 5, y: 5 })
  })
})

describe('placePills', () => {
  const pill = (x: number, y: number) => ({ at: { x, y }, width: 60, height: 18 })

  it('leaves pills that do not collide where they are', () => {
    expect(placePills([pill(0, 0), pill(100, 0)])).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ])
  })

  it('moves colliding pills to rows below and above', () => {
    expect(placePills([pill(0, 0), pill(10, 0), pill(20, 0)])).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 20 },
      { x: 20, y: -20 },
    ])
  })

  it('is deterministic', () => {
    const input = [pill(0, 0), pill(5, 3), pill(7, -2), pill(30, 1)]
    expect(placePills(input)).toEqual(placePills(input))
  })

  it('leaves a pill where it belongs when every lane is taken', () => {
    // Seven pills fill lane 0 and the three rows above and below it; the eighth stays put.
    const crowd = Array.from({ length: 8 }, (_, i) => pill(i, 0))
    const out = placePills(crowd)
    expect(out.map((p) => p.y)).toEqual([0, 20, -20, 40, -40, 60, -60, 0])
    // Touching is not overlapping: a pill exactly one width along keeps its place.
    expect(placePills([pill(0, 0), pill(60, 0)])).toEqual([
      { x: 0, y: 0 },
      { x: 60, y: 0 },
    ])
  })

  it('places as a search of every lane in order over every box placed before would', () => {
    // The rule, written plainly (boxes as objects, any overlap by `some`), against many crowds.
    const reference = (pills: readonly { at: Point; width: number; height: number }[], gap = 2) => {
      const placed: { x: number; y: number; width: number; height: number }[] = []
      return pills.map((p) => {
        const step = p.height + gap
        for (const lane of [0, 1, -1, 2, -2, 3, -3]) {
          const c = { x: p.at.x, y: p.at.y + step * lane }
          const box = { x: c.x - p.width / 2, y: c.y - p.height / 2, width: p.width, height: p.height }
          const hit = placed.some(
            (q) =>
              q.x < box.x + box.width &&
              box.x < q.x + q.width &&
              q.y < box.y + box.height &&
              box.y < q.y + q.height,
          )
          if (!hit) {
            placed.push(box)
            return c
          }
        }
        placed.push({ x: p.at.x - p.width / 2, y: p.at.y - p.height / 2, width: p.width, height: p.height })
        return p.at
      })
    }
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    for (let round = 0; round < 200; round++) {
      const crowd = Array.from({ length: 1 + Math.floor(random() * 40) }, () => ({
        at: { x: Math.round(random() * 300) / 2, y: Math.round(random() * 120) / 2 },
        width: 20 + Math.round(random() * 80),
        height: random() < 0.5 ? 18 : 23.4,
      }))
      expect(placePills(crowd)).toEqual(reference(crowd))
    }
  })
})
