/**
 * A copy of only the part of an object an admission plugin may change (its MutationScope), and
 * the JSON Patch of what it changed there: the patch a diff of the whole object gives, in the same
 * order, without copying and walking the rest (most of a Pod, for a plugin that adds tolerations).
 */
import { clone } from '../../../api/types'
import { diff, escapePointer } from '../diff'
import type { JsonPatchOp } from '../patch'
import type { MutationScope } from './types'

export interface ScopedSnapshot {
  /** What changed under the scope since the snapshot was taken. */
  patch(object: unknown): JsonPatchOp[]
}

/** undefined when the object at `scope.under` does not exist (yet): compare the whole object. */
export function scopedSnapshot(object: unknown, scope: MutationScope): ScopedSnapshot | undefined {
  const parent = objectAt(object, scope.under)
  if (parent === undefined) return undefined
  // A diff of the whole object visits the keys `before` has in their order, then adds the new
  // ones in the order `after` has them: kept here, for the scope's keys.
  const keys: string[] = []
  const values: unknown[] = []
  for (const k in parent) {
    if (!scope.keys.has(k)) continue
    keys.push(k)
    values.push(clone(parent[k]))
  }
  let base = ''
  for (const segment of scope.under) base += `/${escapePointer(segment)}`
  return {
    patch(after) {
      if (objectAt(after, scope.under) !== parent) {
        throw new Error(`admission: a plugin replaced ${base} although its scope keeps it`)
      }
      const ops: JsonPatchOp[] = []
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as string
        const path = `${base}/${escapePointer(k)}`
        if (Object.hasOwn(parent, k)) {
          for (const op of diff(values[i], parent[k], path)) ops.push(op)
        } else ops.push({ op: 'remove', path })
      }
      for (const k in parent) {
        if (scope.keys.has(k) && !keys.includes(k)) {
          ops.push({ op: 'add', path: `${base}/${escapePointer(k)}`, value: parent[k] })
        }
      }
      return ops
    },
  }
}

/** The plain object (not an array) at `path` inside `value`, if there is one. */
function objectAt(value: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let v = value
  for (const segment of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, segment))
      return undefined
    v = (v as Record<string, unknown>)[segment]
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
