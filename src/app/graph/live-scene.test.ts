import { describe, expect, it } from 'vitest'
import { makeMessage } from '../model/testing'
import { APISERVER, ETCD, KUBECTL, layoutGraph } from './layout'
import { LiveScene, type SceneState, sceneInputChanged } from './live-scene'
import { buildScene } from './scene'
import { captionKey, type MovingElement, pillTransform, pulseKey, sameShape } from './scene-dom'

const layout = layoutGraph(['worker-1'], 1)
const request = makeMessage({ id: 1, from: KUBECTL, to: APISERVER, sentAtMs: 0, deliverAtMs: 100 })
const step = makeMessage({
  id: 2,
  from: APISERVER,
  to: APISERVER,
  kind: 'step',
  summary: 'authorized',
  sentAtMs: 10,
  deliverAtMs: 10,
})
const etcd = makeMessage({
  id: 3,
  from: APISERVER,
  to: ETCD,
  kind: 'etcd-request',
  summary: 'Txn put /registry/pods/default/nginx',
  sentAtMs: 20,
  deliverAtMs: 60,
})
const messages = [request, step, etcd]

const state = (cursorMs: number, selectedMessageId?: number): SceneState => ({
  messages,
  cursorMs,
  maxFlightMs: 100,
  selectedMessageId,
})

/** An element as the motion writes it (its transform and opacity), counting the writes. */
function fakeElement() {
  let transform = ''
  const el: MovingElement & { writes: number } = {
    writes: 0,
    style: {
      get transform() {
        return transform
      },
      set transform(v: string) {
        transform = v
        el.writes++
      },
      opacity: '',
    },
  }
  return el
}

/** Counts what the scene tells: React (a new shape) and the canvas (motion). */
function listen(live: LiveScene): { renders: number; motions: number } {
  const told = { renders: 0, motions: 0 }
  live.subscribe(() => told.renders++)
  live.onMotion(() => told.motions++)
  return told
}

describe('the moving layer: shape and motion', () => {
  it('has the same shape while the same messages move, another when one appears or leaves', () => {
    const scene = (cursorMs: number, selected?: number) =>
      buildScene({ layout, scale: 1, ...state(cursorMs, selected) })
    expect(sameShape(scene(30), scene(40))).toBe(true)
    // The etcd request arrives at 60, the request at 100: each leaves the layer.
    expect(sameShape(scene(40), scene(61))).toBe(false)
    expect(sameShape(scene(61), scene(99))).toBe(true)
    expect(sameShape(scene(99), scene(100))).toBe(false)
    // The etcd request appears at 20; a selection changes the shape too.
    expect(sameShape(scene(15), scene(25))).toBe(false)
    expect(sameShape(scene(30), scene(30, 1))).toBe(false)
  })

  it('places a pill in whole hundredths of a flow unit, its scale in numbers', () => {
    expect(pillTransform({ x: 10.123456, y: 5 }, 1.5)).toBe(
      'translate(10.12px, 5px) scale(1.5) translate(-50%, -50%)',
    )
  })

  it('writes motion to the elements registered for the scene, and tells React only about new shapes', () => {
    const live = new LiveScene(layout, 1, state(30))
    const told = listen(live)
    const caption = fakeElement()
    const pulse = fakeElement()
    live.register(captionKey(2), caption)
    live.register(pulseKey(2), pulse)
    live.writeLatest()
    expect(caption.style.transform).not.toBe('')
    expect(Number(pulse.style.opacity)).toBeGreaterThan(0)
    // Pills are painted from the newest scene, not written to elements.
    expect(live.getLatest().pills.find((p) => p.message.id === 1)?.progress).toBeCloseTo(0.3)

    // Moving on: the same pills, moved; the canvas is told, React is not.
    live.update(state(40))
    expect(live.getLatest().pills.find((p) => p.message.id === 1)?.progress).toBeCloseTo(0.4)
    expect(told.motions).toBe(1)
    expect(told.renders).toBe(0)
    expect(live.getShape().pills.map((p) => p.message.id)).toEqual([1, 3])
    // Standing still rebuilds nothing and writes nothing again to the elements.
    const writes = caption.writes
    live.update(state(40))
    expect(caption.writes).toBe(writes)
    expect(told.motions).toBe(1)
    // The request arrives: a new shape, one render.
    live.update(state(100))
    expect(told.renders).toBe(1)
    expect(told.motions).toBe(2)
    expect(live.getShape().pills.map((p) => p.message.id)).toEqual([])
  })

  it('moves between display updates without React, which draws the new shape at the next update', () => {
    const live = new LiveScene(layout, 1, state(30))
    const told = listen(live)
    // The request arrives at 100: the canvas' pills follow at once...
    live.move(state(100))
    expect(told.motions).toBe(1)
    expect(live.getLatest().pills.map((p) => p.message.id)).toEqual([])
    // ...the elements React draws for them (the pills' buttons) at the next update.
    expect(told.renders).toBe(0)
    expect(live.getShape().pills.map((p) => p.message.id)).toEqual([1, 3])
    live.update(state(100))
    expect(told.renders).toBe(1)
    expect(told.motions).toBe(1)
    expect(live.getShape().pills.map((p) => p.message.id)).toEqual([])
  })

  it('is rebuilt only by the store fields it is made of', () => {
    const s = { ...state(10), speed: 1 }
    expect(sceneInputChanged(s, { ...s, speed: 2 } as typeof s)).toBe(false)
    expect(sceneInputChanged(s, { ...s, cursorMs: 11 })).toBe(true)
    expect(sceneInputChanged(s, { ...s, selectedMessageId: 1 })).toBe(true)
  })
})
