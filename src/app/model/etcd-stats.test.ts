import { describe, expect, it } from 'vitest'
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
