import { describe, expect, it } from 'vitest'
import { makeMessage } from '../model/testing'
import { pointOnTrack, wireBetween } from './geometry'
import { labelWidth } from './labels'
import { APISERVER, KUBECTL, kubeletId, layoutGraph, type Rect, runtimeId } from './layout'
import { buildScene, chainView, PILL_HEIGHT, upToSelected, wireFor } from './scene'

const layout = layoutGraph(['worker-1', 'worker-2'], 2)
const request = makeMessage({
  id: 1,
  from: KUBECTL,
  to: APISERVER,
  kind: 'http-request',
  summary: 'POST /api/v1/namespaces/default/pods',
  sentAtMs: 0,
  deliverAtMs: 10,
})
const step = makeMessage({
  id: 2,
  from: APISERVER,
  to: APISERVER,
  kind: 'step',
  summary: 'authorized: create pods',
  sentAtMs: 10,
  deliverAtMs: 10,
})
const response = makeMessage({
  id: 3,
  from: APISERVER,
  to: KUBECTL,
  kind: 'http-response',
  summary: '201 Created',
  code: 201,
  sentAtMs: 20,
  deliverAtMs: 30,
  replyTo: 1,
})
const cri = makeMessage({
  id: 4,
  from: kubeletId('worker-2'),
  to: runtimeId('worker-2'),
  kind: 'cri-request',
  summary: 'RunPodSandbox',
  sentAtMs: 20,
  deliverAtMs: 21,
})
const stranger = makeMessage({ id: 5, from: 'kubelet/gone', to: APISERVER, sentAtMs: 20, deliverAtMs: 40 })
const messages = [request, step, response, cri, stranger]

const scene = (cursorMs: number, selectedMessageId?: number) =>
  buildScene({ layout, messages, cursorMs, maxFlightMs: 20, selectedMessageId, scale: 1 })

describe('buildScene', () => {
  it('puts a message at its progress along the wire between its components', () => {
    const s = scene(5)
    expect(s.pills.map((p) => [p.message.id, p.label, p.progress])).toEqual([[1, 'POST pods', 0.5]])
    const wire = wireFor(layout, KUBECTL, APISERVER)
    if (!wire) throw new Error('no wire')
    // Half way is half way whatever the label's clearance at each end.
    expect(s.pills[0]?.at.x).toBeCloseTo((wire.a.x + wire.b.x) / 2)
    expect(s.pills[0]?.at.y).toBeCloseTo((wire.a.y + wire.b.y) / 2)
    expect(s.pills[0]?.family).toBe('user')
    expect(s.pills[0]?.variant).toBe('request')
  })

  it('brings the response back along the same wire', () => {
    const there = wireFor(layout, KUBECTL, APISERVER)
    // Without the step, whose caption above the apiserver would push the pill to another lane.
    const s = buildScene({
      layout,
      messages: [request, response],
      cursorMs: 21,
      maxFlightMs: 20,
      selectedMessageId: undefined,
      scale: 1,
    })
    const pill = s.pills.find((p) => p.message.id === 3)
    expect(pill?.variant).toBe('response')
    expect(pill?.family).toBe('user')
    if (!there || !pill) throw new Error('missing')
    // 10% of the way back along the request's track, from the apiserver end.
    const width = labelWidth('201 Created')
    const start = pointOnTrack(there, width, PILL_HEIGHT, 0)
    const end = pointOnTrack(there, width, PILL_HEIGHT, 1)
    expect(pill.at.x).toBeCloseTo(end.x + (start.x - end.x) * 0.1)
    expect(pill.at.y).toBeCloseTo(end.y + (start.y - end.y) * 0.1)
  })

  it('skips messages whose components are not drawn', () => {
    expect(scene(25).pills.map((p) => p.message.id)).toEqual([3])
  })

  it('moves CRI calls inside the node box, centre to centre', () => {
    const g = layout.groups[1]
    if (!g) throw new Error('no group')
    expect(wireFor(layout, kubeletId('worker-2'), runtimeId('worker-2'))).toEqual(
      wireBetween(g.kubelet, g.runtime),
    )
    expect(scene(20.5).pills.map((p) => p.message.id)).toEqual([3, 4])
  })

  it('works a wire out once per layout and pair of ends', () => {
    const wire = wireFor(layout, KUBECTL, APISERVER)
    expect(wireFor(layout, KUBECTL, APISERVER)).toBe(wire)
    // The other way is another wire (it starts at the other end).
    expect(wireFor(layout, APISERVER, KUBECTL)).not.toBe(wire)
    expect(wireFor(layout, APISERVER, KUBECTL)?.a).toEqual(wire?.b)
    // A component not drawn: no wire, asked again too.
    expect(wireFor(layout, KUBECTL, kubeletId('worker-9'))).toBeUndefined()
    expect(wireFor(layout, KUBECTL, kubeletId('worker-9'))).toBeUndefined()
    // Another layout has wires of its own, where its boxes are.
    const wide = layoutGraph(['worker-1', 'worker-2', 'worker-3'], 3)
    const there = wireFor(wide, KUBECTL, kubeletId('worker-3'))
    expect(there).toEqual(
      wireBetween(wide.anchors.get(KUBECTL) as Rect, wide.anchors.get(kubeletId('worker-3')) as Rect),
    )
    expect(wireFor(layout, KUBECTL, kubeletId('worker-3'))).toBeUndefined()
  })

  it('pulses a component during a step for at least the minimum time, with a caption', () => {
    expect(scene(9).pulses).toEqual([])
    const s = scene(10)
    expect(s.pulses.map((p) => [p.message.id, p.component, p.strength])).toEqual([[2, APISERVER, 1]])
    expect(s.captions.map((c) => c.label)).toEqual(['authorized: create pods'])
    const api = layout.anchors.get(APISERVER) as Rect
    expect(s.captions[0]?.at.y).toBeLessThan(api.y)
    expect(scene(160).pulses[0]?.strength).toBeCloseTo(1 - 0.65 * 0.5)
    expect(scene(310).pulses).toEqual([])
  })

  it('pulses a box once: its newest step, as strong as the strongest still showing', () => {
    const at = (id: number, deliverAtMs: number) =>
      makeMessage({
        id,
        from: APISERVER,
        to: APISERVER,
        kind: 'step',
        summary: `s${id}`,
        sentAtMs: 0,
        deliverAtMs,
      })
    // The older step lasts 10 s (a tenth of a percent through at 100 ms); the newer shows for
    // the minimum 300 ms (a third through).
    const s = buildScene({
      layout,
      messages: [at(1, 10_000), at(2, 0)],
      cursorMs: 100,
      maxFlightMs: 10_000,
      selectedMessageId: undefined,
      scale: 1,
    })
    expect(s.pulses.map((p) => [p.message.id, p.component])).toEqual([[2, APISERVER]])
    expect(s.pulses[0]?.strength).toBeCloseTo(1 - 0.65 * 0.01)
  })

  it('captions a node box with the newest step of its kubelet or its runtime', () => {
    const stepOn = (id: number, from: string, summary: string) =>
      makeMessage({ id, from, to: from, kind: 'step', summary, sentAtMs: 10, deliverAtMs: 10 })
    const caption = (steps: ReturnType<typeof stepOn>[]) =>
      buildScene({
        layout,
        messages: steps,
        cursorMs: 10,
        maxFlightMs: 0,
        selectedMessageId: undefined,
        scale: 1,
      }).captions.map((c) => c.label)
    const kubelet = stepOn(7, kubeletId('worker-1'), 'pod admitted')
    const runtime = stepOn(8, runtimeId('worker-1'), 'sandbox ready')
    // One caption for the box, whichever order the components come in, on its bottom edge.
    expect(caption([kubelet, runtime])).toEqual(['sandbox ready'])
    const box = layout.outer.get(kubeletId('worker-1')) as Rect
    const [onBox] = buildScene({
      layout,
      messages: [kubelet],
      cursorMs: 10,
      maxFlightMs: 0,
      selectedMessageId: undefined,
      scale: 1,
    }).captions
    expect(onBox?.at).toEqual({ x: box.x + box.width / 2, y: box.y + box.height })
    expect(caption([runtime, kubelet])).toEqual(['sandbox ready'])
    expect(
      caption([
        stepOn(9, runtimeId('worker-1'), 'image pulled'),
        stepOn(10, kubeletId('worker-1'), 'started'),
      ]),
    ).toEqual(['started'])
  })

  it('highlights the selected message’s components and wire, in flight or not', () => {
    const s = scene(100, 1)
    expect(s.selection?.message.id).toBe(1)
    expect(s.selection?.rects).toEqual([layout.anchors.get(KUBECTL), layout.anchors.get(APISERVER)])
    expect(s.selection?.wire).toEqual(wireFor(layout, KUBECTL, APISERVER))
    expect(scene(100, 2).selection?.rects).toEqual([layout.anchors.get(APISERVER)])
    expect(scene(100, 2).selection?.wire).toBeUndefined()
    expect(scene(100).selection).toBeUndefined()
  })

  it('keeps pills that would cover each other apart', () => {
    const burst = [1, 2, 3].map((id) =>
      makeMessage({
        id,
        from: APISERVER,
        to: kubeletId('worker-1'),
        kind: 'watch-event',
        summary: 'WATCH ADDED pods/a',
        sentAtMs: 0,
        deliverAtMs: 10,
      }),
    )
    const s = buildScene({
      layout,
      messages: burst,
      cursorMs: 5,
      maxFlightMs: 10,
      selectedMessageId: undefined,
      scale: 1,
    })
    const points = s.pills.map((p) => `${p.at.x.toFixed(1)},${p.at.y.toFixed(1)}`)
    expect(new Set(points).size).toBe(3)
  })
})

describe('chainView', () => {
  it('draws each wire of a cause chain once and rings every component on it', () => {
    const v = chainView(layout, messages, [3, 2, 1, 4, 99])
    // kubectl⇄apiserver once (request and response share it), the kubelet→runtime wire, no wire for a step.
    expect(v.wires.map((w) => w.key).sort()).toEqual(
      [
        [APISERVER, KUBECTL].sort().join('|'),
        [kubeletId('worker-2'), runtimeId('worker-2')].sort().join('|'),
      ].sort(),
    )
    expect(v.rects).toHaveLength(4)
    expect(chainView(layout, messages, [])).toEqual({ wires: [], rects: [] })
  })
})

describe('upToSelected', () => {
  it('hides what is sent later in the millisecond the cursor stands on, and nothing otherwise', () => {
    // response (20 ms) and cri (20 ms) share a millisecond: standing on the response hides cri.
    expect(upToSelected(messages, 20, 3).map((m) => m.id)).toEqual([1, 2, 3])
    expect(upToSelected(messages, 20, 5)).toBe(messages)
    expect(upToSelected(messages, 20, undefined)).toBe(messages)
    expect(upToSelected(messages, 25, 3)).toBe(messages)
  })
})
