/**
 * Object state at a cursor time, from etcd's revisions: for each key, the last revision written
 * at or before the cursor (a deletion hides the object).
 */
import type { KubeObject } from '../../api/types'
import type { ObjectRevision } from '../../protocol/messages'

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

/** Drop revisions written at or after `fromMs` (a fork recomputes them). */
export function truncateRevisions(index: Map<string, ObjectRevision[]>, fromMs: number): void {
  for (const [key, list] of index) {
    const keep = list.filter((r) => r.atMs < fromMs)
    if (keep.length === 0) index.delete(key)
    else if (keep.length !== list.length) index.set(key, keep)
  }
}

/** The revision of `key` in effect at `atMs`. */
export function revisionAt(list: readonly ObjectRevision[], atMs: number): ObjectRevision | undefined {
  let found: ObjectRevision | undefined
  for (const r of list) {
    if (r.atMs > atMs) break
    found = r
  }
  return found
}

/** Every live object of `resource` at `atMs`, in key order. */
export function objectsAt<T extends KubeObject>(index: RevisionIndex, resource: string, atMs: number): T[] {
  const out: T[] = []
  const keys = [...index.keys()].filter((k) => k.startsWith(`/registry/${etcdPrefix(resource)}/`)).sort()
  for (const key of keys) {
    const obj = revisionAt(index.get(key) ?? [], atMs)?.object
    if (obj) out.push(obj as T)
  }
  return out
}

function etcdPrefix(resource: string): string {
  return resource === 'nodes' ? 'minions' : resource === 'services' ? 'services/specs' : resource
}
