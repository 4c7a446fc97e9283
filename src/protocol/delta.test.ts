import { describe, expect, it } from 'vitest'
import { applyDelta, diffObject, jsonEqual } from './delta'

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default', resourceVersion: '12', labels: { app: 'web' } },
  spec: { nodeName: 'node-001', containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
  status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] },
}

/** The rebuilt object equals `b` and serialises byte for byte like it. */
function roundTrip(a: Record<string, unknown>, b: Record<string, unknown>) {
  const delta = diffObject(a, b)
  const out = delta ? applyDelta(a, delta) : a
  expect(JSON.stringify(out)).toBe(JSON.stringify(b))
  return { delta, out }
}

describe('object deltas', () => {
  it('carries only what changed, and shares what did not', () => {
    const next = {
      ...pod,
      metadata: { ...pod.metadata, resourceVersion: '13' },
      status: {
        phase: 'Running',
        conditions: [...pod.status.conditions, { type: 'Ready', status: 'True' }],
        podIP: '10.244.1.5',
      },
    }
    const { delta, out } = roundTrip(pod, next)
    expect(delta).toEqual({
      p: {
        metadata: { s: { resourceVersion: '13' } },
        status: { s: { phase: 'Running', conditions: next.status.conditions, podIP: '10.244.1.5' } },
      },
    })
    expect(out.spec).toBe(pod.spec)
    expect((out.metadata as typeof pod.metadata).labels).toBe(pod.metadata.labels)
  })

  it('removes keys, keeps key order, and is empty for equal objects', () => {
    expect(diffObject(pod, structuredClone(pod))).toBeUndefined()
    const { metadata, ...rest } = pod
    roundTrip(pod, rest)
    roundTrip(pod, { metadata, ...rest, extra: [1, { a: null }] })
    // A key added in the middle, and an object replaced by an array.
    roundTrip({ a: 1, c: 3 }, { a: 1, b: 2, c: 3 })
    roundTrip({ a: { x: 1 } }, { a: [1] })
    roundTrip({ a: [1, 2], b: null }, { b: { x: 1 }, a: [1, 2] })
  })

  it('compares JSON values deeply', () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true)
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false)
    expect(jsonEqual([1], { 0: 1 })).toBe(false)
    expect(jsonEqual({ a: undefined }, { b: undefined })).toBe(false)
  })
})
