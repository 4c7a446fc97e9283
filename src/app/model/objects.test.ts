import { describe, expect, it } from 'vitest'
import type { ObjectRevision } from '../../protocol/messages'
import { addRevisions, objectsAt, revisionAt, truncateRevisions } from './objects'

const rev = (name: string, revision: number, atMs: number, deleted = false): ObjectRevision => ({
  key: `/registry/pods/default/${name}`,
  resource: 'pods',
  namespace: 'default',
  name,
  revision,
  atMs,
  messageId: atMs < 0 ? null : revision,
  object: deleted
    ? null
    : { apiVersion: 'v1', kind: 'Pod', metadata: { name, resourceVersion: String(revision) } },
})

function index(...revisions: ObjectRevision[]) {
  const map = new Map<string, ObjectRevision[]>()
  addRevisions(map, revisions)
  return map
}

describe('revisionAt', () => {
  const list = [rev('a', 1, -1), rev('a', 5, 10), rev('a', 9, 10), rev('a', 12, 40)]
  it.each([
    [-5, undefined],
    [-1, 1],
    [0, 1],
    [10, 9],
    [39, 9],
    [40, 12],
    [1000, 12],
  ])('at %i ms → revision %s', (atMs, expected) => {
    expect(revisionAt(list, atMs)?.revision).toBe(expected)
  })
})

describe('objectsAt', () => {
  const idx = index(rev('b', 2, 5), rev('a', 3, 7), rev('b', 4, 20, true), rev('n', 1, -1))
  it('lists the live objects in key order at each time', () => {
    const names = (atMs: number) => objectsAt(idx, 'pods', atMs).map((p) => p.metadata?.name)
    expect(names(0)).toEqual(['n'])
    expect(names(6)).toEqual(['b', 'n'])
    expect(names(7)).toEqual(['a', 'b', 'n'])
    expect(names(20)).toEqual(['a', 'n'])
  })

  it('only looks at the resource asked for (nodes live under /registry/minions/)', () => {
    const mixed = index(rev('a', 1, 0), {
      ...rev('w', 2, 0),
      key: '/registry/minions/w',
      resource: 'nodes',
      namespace: undefined,
    } as ObjectRevision)
    expect(objectsAt(mixed, 'nodes', 0).map((o) => o.metadata?.name)).toEqual(['w'])
    expect(objectsAt(mixed, 'pods', 0).map((o) => o.metadata?.name)).toEqual(['a'])
  })
})

describe('truncateRevisions', () => {
  it('drops what a fork recomputes and forgets keys left empty', () => {
    const idx = index(rev('a', 1, -1), rev('a', 5, 10), rev('b', 6, 12))
    truncateRevisions(idx, 10)
    expect([...idx.keys()]).toEqual(['/registry/pods/default/a'])
    expect(idx.get('/registry/pods/default/a')?.map((r) => r.revision)).toEqual([1])
  })

  it('keeps the revisions before the time, at any length, and a key that loses none as it was', () => {
    const idx = index(
      rev('a', 1, 0),
      rev('a', 2, 3),
      rev('a', 3, 9),
      rev('a', 4, 9),
      rev('a', 5, 12),
      rev('b', 6, 2),
    )
    const b = idx.get('/registry/pods/default/b')
    truncateRevisions(idx, 9)
    expect(idx.get('/registry/pods/default/a')?.map((r) => r.revision)).toEqual([1, 2])
    expect(idx.get('/registry/pods/default/b')).toBe(b)
    truncateRevisions(idx, 3)
    expect(idx.get('/registry/pods/default/a')?.map((r) => r.revision)).toEqual([1])
  })
})
