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
  readonly revisions: readonly ObjectRevision[]
  readonly verbs: readonly WriteVerb[]
  /** Live keys after each revision. */
  readonly keys: readonly number[]
}

const cache = new WeakMap<RevisionIndex, Flat>()

function flatten(index: RevisionIndex): Flat {
  let flat = cache.get(index)
  if (flat) return flat
  const revisions = [...index.values()].flat().sort((a, b) => a.revision - b.revision)
  const verbs: WriteVerb[] = []
  const keys: number[] = []
  const live = new Set<string>()
  for (const r of revisions) {
    if (r.object === null) {
      verbs.push('delete')
      live.delete(r.key)
    } else {
      verbs.push(live.has(r.key) ? 'update' : 'create')
      live.add(r.key)
    }
    keys.push(live.size)
  }
  flat = { revisions, verbs, keys }
  cache.set(index, flat)
  return flat
}

/** etcd's revision, key count and last write at `atMs`. */
export function etcdStatsAt(index: RevisionIndex, atMs: number): EtcdStats {
  const { revisions, verbs, keys } = flatten(index)
  const after = partitionPoint(revisions.length, (i) => (revisions[i] as ObjectRevision).atMs <= atMs)
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
