/**
 * A JSON Patch (RFC 6902) describing how `after` differs from `before`: how admission mutations
 * are shown in the trace, and how object history shows what each write changed.
 */
import type { JsonPatchOp } from './patch'

export function diff(before: unknown, after: unknown, path = ''): JsonPatchOp[] {
  if (before === after) return []
  const isObj = (v: unknown) => v !== null && typeof v === 'object'
  if (!isObj(before) || !isObj(after) || Array.isArray(before) !== Array.isArray(after)) {
    return before === undefined
      ? [{ op: 'add', path, value: after }]
      : [{ op: 'replace', path, value: after }]
  }
  const ops: JsonPatchOp[] = []
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length)
    for (let i = 0; i < common; i++) ops.push(...diff(before[i], after[i], `${path}/${i}`))
    for (let i = common; i < after.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: after[i] })
    for (let i = before.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` })
    return ops
  }
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  // Own keys only: `in` would also see Object.prototype members such as `constructor`.
  for (const k of Object.keys(b)) {
    const p = `${path}/${escapePointer(k)}`
    if (!Object.hasOwn(a, k)) ops.push({ op: 'remove', path: p })
    else ops.push(...diff(b[k], a[k], p))
  }
  for (const k of Object.keys(a))
    if (!Object.hasOwn(b, k)) ops.push({ op: 'add', path: `${path}/${escapePointer(k)}`, value: a[k] })
  return ops
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}
