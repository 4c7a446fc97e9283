/**
 * A JSON Patch (RFC 6902, add/remove/replace only) describing how `after` differs from `before`:
 * what each write of an object changed, for the object history view.
 *
 * Like the simulation's admission diff (src/sim/apiserver/diff.ts, which the app may not import):
 * objects recurse key by key, and anything else that changed is replaced. Arrays go index by index
 * (no moves: a removal in the middle shows as replacements and a trailing remove), except lists
 * with a strategic-merge key (conditions by type, containerStatuses by name…), whose items are
 * matched by key when every item has a distinct one and the kept items keep their order: then a
 * condition inserted before Ready is one `add`, not a cascade of replacements. Either way the ops
 * apply in order: removals first, last to first, then additions and changes by final index.
 */
import { mergeKeyOf } from '../../api/merge-keys'

export interface JsonPatchOp {
  readonly op: 'add' | 'remove' | 'replace'
  /** A JSON Pointer (RFC 6901): `/status/conditions/0/status`; `''` is the whole document. */
  readonly path: string
  readonly value?: unknown
}

export function jsonDiff(before: unknown, after: unknown, path = '', field?: string): JsonPatchOp[] {
  if (before === after) return []
  if (before === undefined) return [{ op: 'add', path, value: after }]
  if (after === undefined) return [{ op: 'remove', path }]
  const isObj = (v: unknown) => v !== null && typeof v === 'object'
  if (!isObj(before) || !isObj(after) || Array.isArray(before) !== Array.isArray(after)) {
    return [{ op: 'replace', path, value: after }]
  }
  const ops: JsonPatchOp[] = []
  if (Array.isArray(before) && Array.isArray(after)) {
    const mergeKey = field === undefined ? undefined : mergeKeyOf(field)
    const keyed = mergeKey === undefined ? undefined : keyedDiff(before, after, path, mergeKey)
    if (keyed) return keyed
    const common = Math.min(before.length, after.length)
    for (let i = 0; i < common; i++) ops.push(...jsonDiff(before[i], after[i], `${path}/${i}`))
    for (let i = common; i < after.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: after[i] })
    for (let i = before.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` })
    return ops
  }
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  // Own keys only (`in` would also see Object.prototype members such as `constructor`), and a key
  // holding undefined is absent, as in the JSON the object stands for.
  const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k) && o[k] !== undefined
  for (const k of Object.keys(b)) {
    if (b[k] === undefined) continue
    const p = `${path}/${escapePointer(k)}`
    if (!has(a, k)) ops.push({ op: 'remove', path: p })
    else ops.push(...jsonDiff(b[k], a[k], p, k))
  }
  for (const k of Object.keys(a))
    if (!has(b, k) && a[k] !== undefined)
      ops.push({ op: 'add', path: `${path}/${escapePointer(k)}`, value: a[k] })
  return ops
}

/** The items' merge keys, or undefined unless every item is an object with a distinct scalar key. */
function mergeKeys(items: readonly unknown[], mergeKey: string): unknown[] | undefined {
  const keys: unknown[] = []
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined
    const k = (item as Record<string, unknown>)[mergeKey]
    if (k === undefined || (k !== null && typeof k === 'object') || keys.includes(k)) return undefined
    keys.push(k)
  }
  return keys
}

/** A diff of two keyed lists, or undefined when keys are missing or kept items changed order. */
function keyedDiff(
  before: readonly unknown[],
  after: readonly unknown[],
  path: string,
  mergeKey: string,
): JsonPatchOp[] | undefined {
  const bk = mergeKeys(before, mergeKey)
  const ak = mergeKeys(after, mergeKey)
  if (!bk || !ak) return undefined
  const keptBefore = bk.filter((k) => ak.includes(k))
  const keptAfter = ak.filter((k) => bk.includes(k))
  if (keptBefore.some((k, i) => k !== keptAfter[i])) return undefined
  const ops: JsonPatchOp[] = []
  for (let i = bk.length - 1; i >= 0; i--)
    if (!ak.includes(bk[i])) ops.push({ op: 'remove', path: `${path}/${i}` })
  for (const [i, k] of ak.entries()) {
    const j = bk.indexOf(k)
    if (j < 0) ops.push({ op: 'add', path: `${path}/${i}`, value: after[i] })
    else ops.push(...jsonDiff(before[j], after[i], `${path}/${i}`))
  }
  return ops
}

/** A key as one JSON Pointer token: `~` → `~0`, `/` → `~1`. */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}
