import { describe, expect, it } from 'vitest'
import { computePodsView, podCountOnNodes, podKey, podsOnNodeAt, podsViewAt } from './pods-view'
import { indexOf, makePod, podRevision, revisionOf } from './testing'

const pending = makePod({ name: 'a' })
const boundA = makePod({ name: 'a', nodeName: 'worker-1' })
const b = makePod({ name: 'b', nodeName: 'worker-2', phase: 'Running' })
const done = makePod({ name: 'c', phase: 'Succeeded' })
const index = indexOf([
  podRevision('a', 10, pending),
  podRevision('a', 20, boundA),
  podRevision('b', 5, b),
  podRevision('b', 40, null),
  podRevision('c', 0, done),
  revisionOf('nodes', 'worker-1', -1, { kind: 'Node', metadata: { name: 'worker-1' } }, 'minions'),
])

describe('computePodsView', () => {
  it.each([
    // atMs, unscheduled, on worker-1, on worker-2, all
    [-1, 0, [], [], []],
    [5, 0, [], ['b'], ['b', 'c']],
    [10, 1, [], ['b'], ['a', 'b', 'c']],
    [20, 0, ['a'], ['b'], ['a', 'b', 'c']],
    [40, 0, ['a'], [], ['a', 'c']],
  ])('at %d ms', (atMs, unscheduled, w1, w2, all) => {
    const view = computePodsView(index, atMs)
    expect(view.unscheduled).toBe(unscheduled)
    expect((view.byNode.get('worker-1') ?? []).map((p) => p.metadata?.name)).toEqual(w1)
    expect((view.byNode.get('worker-2') ?? []).map((p) => p.metadata?.name)).toEqual(w2)
    expect(view.all.map((p) => p.metadata?.name)).toEqual(all)
  })

  it('does not count finished Pods as unscheduled', () => {
    expect(computePodsView(index, 0).unscheduled).toBe(0)
  })
})

describe('podsViewAt', () => {
  it('returns the same view for the same index and time, and the stored objects themselves', () => {
    const v1 = podsViewAt(index, 25)
    expect(podsViewAt(index, 25)).toBe(v1)
    expect(podsOnNodeAt(index, 25, 'worker-1')[0]).toBe(boundA)
  })

  it('gives a stable empty list for a node without Pods', () => {
    expect(podsOnNodeAt(index, 25, 'nope')).toBe(podsOnNodeAt(index, 30, 'nope'))
  })

  it('counts Pods over several nodes', () => {
    expect(podCountOnNodes(index, 25, ['worker-1', 'worker-2', 'worker-3'])).toBe(2)
  })
})

describe('podKey', () => {
  it('is the etcd key', () => {
    expect(podKey(makePod({ name: 'nginx', namespace: 'web' }))).toBe('/registry/pods/web/nginx')
  })
})
