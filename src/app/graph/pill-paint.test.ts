import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { makeMessage } from '../model/testing'
import { APISERVER, ETCD, KUBECTL } from './layout'
import { hitTest, PILL_PAD_X, type PillBox, pillDrawList, pillFont } from './pill-paint'
import { PILL_FONT_PX, PILL_HEIGHT, type PillView } from './scene'

const pill = (
  id: number,
  x: number,
  y: number,
  label = `msg ${id}`,
  stage?: MessageView['stage'],
): PillView => ({
  message: makeMessage({
    id,
    from: KUBECTL,
    to: APISERVER,
    sentAtMs: 0,
    deliverAtMs: 10,
    ...(stage ? { stage } : {}),
  }),
  label,
  family: 'user',
  variant: 'request',
  at: { x, y },
  progress: 0.5,
})

/** Every label 100 px wide at PILL_FONT_PX: a pill is 100 + 2 × padding + 2 (borders) wide at scale 1. */
const textWidth = () => 100
const PILL_W = 100 + 2 * PILL_PAD_X + 2

const input = (pills: PillView[], more: Partial<Parameters<typeof pillDrawList>[0]> = {}) =>
  pillDrawList({
    pills,
    viewport: { x: 0, y: 0, zoom: 1 },
    scale: 1,
    width: 800,
    height: 600,
    selectedId: undefined,
    focusedId: undefined,
    textWidth,
    ...more,
  })

describe('the pills drawn on the canvas', () => {
  it('places each pill at its flow position through the viewport, sized by its scale and the zoom', () => {
    const [a] = input([pill(1, 100, 50)], { viewport: { x: 20, y: -10, zoom: 0.5 }, scale: 2 })
    expect(a).toMatchObject({ id: 1, x: 70, y: 15, size: 1, height: PILL_HEIGHT, width: PILL_W })
    const [b] = input([pill(1, 100, 50)], { viewport: { x: 0, y: 0, zoom: 2 }, scale: 1 })
    expect(b).toMatchObject({ x: 200, y: 100, size: 2, height: 2 * PILL_HEIGHT, width: 2 * PILL_W })
  })

  it('paints in the scene order, with the selected and the focused pill on top', () => {
    const list = input([pill(1, 100, 50), pill(2, 200, 50), pill(3, 300, 50)], {
      selectedId: 1,
      focusedId: 2,
    })
    expect(list.map((b) => b.id)).toEqual([3, 1, 2])
    expect(list.find((b) => b.id === 1)).toMatchObject({ selected: true, focused: false })
    expect(list.find((b) => b.id === 2)).toMatchObject({ selected: false, focused: true })
  })

  it('leaves out pills wholly off the canvas, unless selected', () => {
    const list = input([pill(1, -500, 50), pill(2, 100, 50), pill(3, 100, 2000)], { selectedId: 3 })
    expect(list.map((b) => b.id)).toEqual([2, 3])
  })

  it('marks routine traffic (drawn fainter, in a lighter font)', () => {
    const [lease] = input([pill(1, 100, 50, 'PUT lease', 'heartbeat')])
    const [create] = input([pill(2, 100, 50, 'POST pods')])
    expect(lease?.routine).toBe(true)
    expect(create?.routine).toBe(false)
    expect(pillFont(true, 1.5, 'sans-serif')).toBe(`500 ${PILL_FONT_PX * 1.5}px sans-serif`)
    expect(pillFont(false, 1, 'sans-serif')).toBe(`600 ${PILL_FONT_PX}px sans-serif`)
  })
})

describe('clicking the canvas', () => {
  const list = input([pill(1, 100, 50), pill(2, 150, 55), pill(3, 400, 300)])
  const at = (b: PillBox | undefined) => b?.id

  it('finds the pill under the pointer, the one painted last where two overlap', () => {
    expect(at(hitTest(list, 400, 300))).toBe(3)
    // 1 and 2 overlap around x = 130: 2 is painted over 1.
    expect(at(hitTest(list, 130, 52))).toBe(2)
    expect(at(hitTest(list, 60, 50))).toBe(1)
  })

  it('misses beside a pill, and outside its rounded ends', () => {
    expect(hitTest(list, 400, 300 + PILL_HEIGHT)).toBeUndefined()
    expect(hitTest(list, 600, 300)).toBeUndefined()
    // The pill's corner box, outside the round cap.
    const right = 400 + PILL_W / 2
    expect(at(hitTest(list, right - 1, 300))).toBe(3)
    expect(hitTest(list, right - 1, 300 - PILL_HEIGHT / 2 + 0.5)).toBeUndefined()
  })

  it('hits the selected pill on top of another', () => {
    const selected = input([pill(1, 100, 50), pill(2, 110, 50)], { selectedId: 1 })
    expect(at(hitTest(selected, 105, 50))).toBe(1)
  })

  it('finds nothing on an empty canvas', () => {
    expect(hitTest([], 10, 10)).toBeUndefined()
  })
})

describe('pills between components', () => {
  it('keep their message, label and style for the painter', () => {
    const p: PillView = {
      ...pill(9, 10, 10, 'Txn put'),
      message: makeMessage({ id: 9, from: APISERVER, to: ETCD, kind: 'etcd-request', sentAtMs: 0 }),
      family: 'etcd',
      variant: 'request',
    }
    const [b] = input([p])
    expect(b).toMatchObject({ id: 9, label: 'Txn put', family: 'etcd', variant: 'request', progress: 0.5 })
    expect(b?.message).toBe(p.message)
  })
})
