import { describe, expect, it } from 'vitest'
import type { ObjectRevision } from '../../protocol/messages'
import { countAt, etcdStatsAt } from './etcd-stats'
import { indexOf, makePod, podRevision, revisionOf } from './testing'

const initial = revisionOf('nodes', 'worker-1', -1, { kind: 'Node' }, 'minions')
const createA = podRevision('a', 10, makePod({ name: 'a' }))
const updateA = podRevision('a', 20, makePod({ name: 'a', nodeName: 'worker-1' }))
const deploy = revisionOf('deployments', 'default/web', 25, { kind: 'Deployment' })
const deleteA = podRevision('a', 30, null)
const index = indexOf([deleteA, initial, createA, updateA, deploy])

describe('etcdStatsAt', () => {
  it('knows nothing before the first revision', () => {
    expect(etcdStatsAt(index, -2)).toEqual({ revision: 0, keys: 0 })
  })

  it.each([
    [-1, initial.revision, 1, 'create', 'nodes'],
    [10, createA.revision, 2, 'create', 'pods'],
    [15, createA.revision, 2, 'create', 'pods'],
    [20, updateA.revision, 2, 'update', 'pods'],
    [25, deploy.revision, 3, 'create', 'deployments'],
    [30, deleteA.revision, 2, 'delete', 'pods'],
  ])('at %d ms: revision, keys and last write', (atMs, revision, keys, verb, resource) => {
    const s = etcdStatsAt(index, atMs)
    expect(s.revision).toBe(revision)
    expect(s.keys).toBe(keys)
    expect(s.lastWrite?.verb).toBe(verb)
    expect(s.lastWrite?.resource).toBe(resource)
  })
})

describe('countAt', () => {
  it('counts live objects of one resource', () => {
    expect(countAt(index, 'pods', 5)).toBe(0)
    expect(countAt(index, 'pods', 20)).toBe(1)
    expect(countAt(index, 'pods', 30)).toBe(0)
    expect(countAt(index, 'deployments', 30)).toBe(1)
  })
})

describe('etcdStatsAt over a growing trace', () => {
  /** etcd at `atMs` the plain way: every revision sorted, walked up to the time. */
  const reference = (revisions: readonly ObjectRevision[], atMs: number) => {
    const live = new Set<string>()
    let out: { revision: number; keys: number; verb?: string } = { revision: 0, keys: 0 }
    for (const r of [...revisions].sort((a, b) => a.revision - b.revision)) {
      if (r.atMs > atMs) break
      const verb = r.object === null ? 'delete' : live.has(r.key) ? 'update' : 'create'
      if (r.object === null) live.delete(r.key)
      else live.add(r.key)
      out = { revision: r.revision, keys: live.size, verb }
    }
    return out
  }
  const seen = (index: ReturnType<typeof indexOf>, atMs: number) => {
    const s = etcdStatsAt(index, atMs)
    return { revision: s.revision, keys: s.keys, ...(s.lastWrite ? { verb: s.lastWrite.verb } : {}) }
  }
  /** Pods a–e created, updated, some deleted: 5 ms apart, in revision order. */
  const trace = ['a', 'b', 'c', 'd', 'e'].flatMap((name, i) => [
    podRevision(name, 10 * i, makePod({ name })),
    podRevision(name, 10 * i + 5, i % 2 ? null : makePod({ name, nodeName: 'worker-1' })),
  ])
  const upTo = (n: number) => indexOf(trace.slice(0, n))
  const check = (n: number, index = upTo(n)) => {
    for (let atMs = -1; atMs <= 50; atMs += 5)
      expect(seen(index, atMs), `${n} at ${atMs}`).toEqual(reference(trace.slice(0, n), atMs))
    return index
  }

  it('follows the store appending writes, a fork cutting them, and an older index asked again', () => {
    const early = check(3)
    for (let n = 4; n <= trace.length; n++) check(n)
    // A fork keeps only the first four writes, and the run goes on from there.
    check(4)
    check(6)
    // The index of three writes, still in use somewhere, says what it said.
    check(3, early)
  })

  it('two indices both taken from one earlier index do not see each other', () => {
    const base = check(4)
    const one = check(6)
    // The same first four writes, then a write the other never had.
    const z = podRevision('z', 21, makePod({ name: 'z' }))
    const other = indexOf([...trace.slice(0, 4), z])
    expect(seen(other, 50)).toEqual(reference([...trace.slice(0, 4), z], 50))
    check(6, one)
    check(4, base)
  })

  it('a write older than the newest one flattened is sorted in, not appended', () => {
    const gap = indexOf([...trace.slice(0, 3), trace[4] as ObjectRevision])
    expect(seen(gap, 50)).toEqual(reference([...trace.slice(0, 3), trace[4] as ObjectRevision], 50))
    check(6)
  })

  it('another trace whose lists are as long is flattened anew', () => {
    check(4)
    const again = ['a', 'b'].flatMap((name) => [
      podRevision(name, 1, makePod({ name })),
      podRevision(name, 2, null),
    ])
    const index = indexOf(again)
    expect(seen(index, 50)).toEqual(reference(again, 50))
  })
})
