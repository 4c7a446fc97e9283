/**
 * Object state at a cursor time, from etcd's revisions: for each key, the last revision written
 * at or before the cursor (a deletion hides the object).
 */
import type { KubeObject } from '../../api/types'
import type { ObjectRevision } from '../../protocol/messages'
import { partitionPoint } from './sorted'

/** Revisions grouped by etcd key, each list in revision order. */
export type RevisionIndex = ReadonlyMap<string, readonly ObjectRevision[]>

export function addRevisions(
  index: Map<string, ObjectRevision[]>,
  revisions: readonly ObjectRevision[],
): void {
  for (const r of revisions) {
    const list = index.get(r.key)
    if (list) list.push(r)
    else index.set(r.key, [r])
  }
}

/**
 * Drop revisions written at or after `fromMs` (a fork recomputes them). A key's revisions are in
 * time order: what is kept is a prefix, and a key that loses none keeps its list.
 */
export function truncateRevisions(index: Map<string, ObjectRevision[]>, fromMs: number): void {
  for (const [key, list] of index) {
    const keep = firstAtOrAfter(list, fromMs)
    if (keep === 0) index.delete(key)
    else if (keep !== list.length) index.set(key, list.slice(0, keep))
  }
}

/** Index of the first of `list` (in time order) written at or after `atMs`. */
const firstAtOrAfter = (list: readonly ObjectRevision[], atMs: number): number =>
  partitionPoint(list.length, (i) => (list[i] as ObjectRevision).atMs < atMs)

/** The revision of `key` in effect at `atMs` (revisions are in time order: binary search). */
export function revisionAt(list: readonly ObjectRevision[], atMs: number): ObjectRevision | undefined {
  const after = partitionPoint(list.length, (i) => (list[i] as ObjectRevision).atMs <= atMs)
  return after > 0 ? list[after - 1] : undefined
}

/** Sorted keys of one resource, per index (an index is replaced, never mutated, by the store). */
const keysCache = new WeakMap<RevisionIndex, Map<string, string[]>>()

export function keysOf(index: RevisionIndex, resource: string): readonly string[] {
  let byResource = keysCache.get(index)
  if (!byResource) {
    byResource = new Map()
    keysCache.set(index, byResource)
  }
  let keys = byResource.get(resource)
  if (!keys) {
    const prefix = `/registry/${etcdPrefix(resource)}/`
    keys = [...index.keys()].filter((k) => k.startsWith(prefix)).sort()
    byResource.set(resource, keys)
  }
  return keys
}

/** Every live object of `resource` at `atMs`, in key order. */
export function objectsAt<T extends KubeObject>(index: RevisionIndex, resource: string, atMs: number): T[] {
  const out: T[] = []
  for (const key of keysOf(index, resource)) {
    const obj = revisionAt(index.get(key) ?? [], atMs)?.object
    if (obj) out.push(obj as T)
  }
  return out
}

function etcdPrefix(resource: string): string {
  return resource === 'nodes' ? 'minions' : resource === 'services' ? 'services/specs' : resource
}
