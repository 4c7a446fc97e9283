/**
 * etcd as a whole at a cursor time: its current revision, how many keys it holds, and the last
 * write. etcd's revision counts every write across the store, so every ObjectRevision is one step
 * of it; flattened in revision order (which is also time order), the state at any instant is a
 * binary search away.
 */
import type { ObjectRevision } from '../../protocol/messages'
import type { RevisionIndex } from './objects'
import { keysOf, revisionAt } from './objects'
import { partitionPoint } from './sorted'

export type WriteVerb = 'create' | 'update' | 'delete'

export interface EtcdWrite {
  readonly key: string
  readonly resource: string
  readonly namespace?: string
  readonly name: string
  readonly revision: number
  readonly atMs: number
  readonly verb: WriteVerb
}

export interface EtcdStats {
  /** etcd's revision at the cursor (0 before any write the UI knows of). */
  readonly revision: number
  /** Keys holding a value at the cursor. */
  readonly keys: number
  /** The newest write at or before the cursor (initial objects count, at atMs -1). */
  readonly lastWrite?: EtcdWrite
}

interface Flat {
  /** Every revision in revision order; only the first `length` are this index's. */
  readonly revisions: ObjectRevision[]
  readonly verbs: WriteVerb[]
  /** Live keys after each revision. */
  readonly keys: number[]
  readonly length: number
  /** Keys live after the `length`th revision; a flat extended from this one takes it over. */
  readonly live: Set<string>
}

const cache = new WeakMap<RevisionIndex, Flat>()
/** The last index flattened: the next one is usually it with a display update's writes appended. */
let last: { index: RevisionIndex; flat: Flat } | undefined

function flatten(index: RevisionIndex): Flat {
  let flat = cache.get(index)
  if (flat) return flat
  flat = (last && extended(last.index, last.flat, index)) ?? build(index)
  cache.set(index, flat)
  last = { index, flat }
  return flat
}

function build(index: RevisionIndex): Flat {
  const revisions = [...index.values()].flat().sort((a, b) => a.revision - b.revision)
  return append({ revisions: [], verbs: [], keys: [], length: 0, live: new Set() }, revisions)
}

/**
 * `prev` (of `prevIndex`) with what `index` added, when `index` holds all of prevIndex's revisions
 * (each key's list starts with the same ones; a fork's cut or another scenario's trace does not)
 * and only newer ones besides: the store appends each display update's writes, and sorting every
 * revision again at every update took milliseconds. The arrays are shared and appended to: only
 * the last flat is extended, and an older one reads no further than its `length`.
 */
function extended(prevIndex: RevisionIndex, prev: Flat, index: RevisionIndex): Flat | undefined {
  for (const [key, old] of prevIndex) {
    const list = index.get(key)
    if (!list || list.length < old.length || list[old.length - 1] !== old[old.length - 1]) return undefined
  }
  const added: ObjectRevision[] = []
  for (const [key, list] of index)
    for (let i = prevIndex.get(key)?.length ?? 0; i < list.length; i++) added.push(list[i] as ObjectRevision)
  added.sort((a, b) => a.revision - b.revision)
  const newest = prev.revisions[prev.length - 1]?.revision ?? 0
  if (added.length > 0 && (added[0] as ObjectRevision).revision <= newest) return undefined
  return append(prev, added)
}

/** `prev` with `added` (in revision order) after it. */
function append(prev: Flat, added: readonly ObjectRevision[]): Flat {
  const { revisions, verbs, keys, live } = prev
  for (const r of added) {
    if (r.object === null) {
      verbs.push('delete')
      live.delete(r.key)
    } else {
      verbs.push(live.has(r.key) ? 'update' : 'create')
      live.add(r.key)
    }
    revisions.push(r)
    keys.push(live.size)
  }
  return { revisions, verbs, keys, length: revisions.length, live }
}

/** etcd's revision, key count and last write at `atMs`. */
export function etcdStatsAt(index: RevisionIndex, atMs: number): EtcdStats {
  const { revisions, verbs, keys, length } = flatten(index)
  const after = partitionPoint(length, (i) => (revisions[i] as ObjectRevision).atMs <= atMs)
  if (after === 0) return { revision: 0, keys: 0 }
  const r = revisions[after - 1] as ObjectRevision
  return {
    revision: r.revision,
    keys: keys[after - 1] as number,
    lastWrite: {
      key: r.key,
      resource: r.resource,
      ...(r.namespace !== undefined ? { namespace: r.namespace } : {}),
      name: r.name,
      revision: r.revision,
      atMs: r.atMs,
      verb: verbs[after - 1] as WriteVerb,
    },
  }
}

/** How many objects of `resource` exist at `atMs` (over objects.ts' keys, cached per index). */
export function countAt(index: RevisionIndex, resource: string, atMs: number): number {
  let count = 0
  for (const key of keysOf(index, resource)) if (revisionAt(index.get(key) ?? [], atMs)?.object) count++
  return count
}
