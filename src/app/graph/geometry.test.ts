import { describe, expect, it } from 'vitest'
import { clipRay, labelTrack, normalOf, placePills, pointAlong, wireBetween } from './geometry'

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

describe('labelTrack', () => {
  const wire = { a: { x: 0, y: 0 }, b: { x: 200, y: 0 } }
  it('keeps a label clear of both ends', () => {
    expect(labelTrack(wire, 60, 18)).toEqual({ a: { x: 33, y: 0 }, b: { x: 167, y: 0 } })
  })
  it('uses the label height on a vertical wire', () => {
    expect(labelTrack({ a: { x: 0, y: 0 }, b: { x: 0, y: 100 } }, 60, 18)).toEqual({
      a: { x: 0, y: 12 },
      b: { x: 0, y: 88 },
    })
  })
  it('still moves a label longer than its wire, over the middle half', () => {
    expect(labelTrack(wire, 300, 18)).toEqual({ a: { x: 50, y: 0 }, b: { x: 150, y: 0 } })
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
})
