/**
 * A JSON Patch (RFC 6902) describing how `after` differs from `before`: how admission mutations
 * are shown in the trace, and how object history shows what each write changed.
 */
import type { JsonPatchOp } from './patch'

export function diff(before: unknown, after: unknown, path = ''): JsonPatchOp[] {
  const ops: JsonPatchOp[] = []
  diffInto(ops, before, after, path, [])
  return ops
}

/**
 * Appends to one list, and builds a path string only for an op it emits: equal subtrees (most of
 * an object an admission plugin did not touch) cost no allocation. `keys` is the path below
 * `base`, as a stack of segments (array indices as numbers), escaped only when a path is written.
 */
function diffInto(
  ops: JsonPatchOp[],
  before: unknown,
  after: unknown,
  base: string,
  keys: (string | number)[],
): void {
  if (before === after) return
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    ops.push(
      before === undefined
        ? { op: 'add', path: pathOf(base, keys), value: after }
        : { op: 'replace', path: pathOf(base, keys), value: after },
    )
    return
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length)
    for (let i = 0; i < common; i++) {
      const bv = before[i]
      const av = after[i]
      if (bv === av) continue
      keys.push(i)
      diffInto(ops, bv, av, base, keys)
      keys.pop()
    }
    for (let i = common; i < after.length; i++)
      ops.push({ op: 'add', path: `${pathOf(base, keys)}/${i}`, value: after[i] })
    for (let i = before.length - 1; i >= common; i--)
      ops.push({ op: 'remove', path: `${pathOf(base, keys)}/${i}` })
    return
  }
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  // Own keys only: `in` would also see Object.prototype members such as `constructor`. The keys
  // are walked with for-in, which gives what Object.keys gives for plain data (no enumerable
  // inherited property) without allocating an array of them per object.
  let shared = 0
  for (const k in b) {
    if (!Object.hasOwn(a, k)) {
      ops.push({ op: 'remove', path: `${pathOf(base, keys)}/${escapePointer(k)}` })
      continue
    }
    shared++
    const bv = b[k]
    const av = a[k]
    // Equal leaves are the common case: decide them without touching the key stack.
    if (bv === av) continue
    keys.push(k)
    diffInto(ops, bv, av, base, keys)
    keys.pop()
  }
  // `after` has a key `before` lacks only when it has more keys than the two share.
  let afterKeys = 0
  for (const _ in a) afterKeys++
  if (afterKeys === shared) return
  for (const k in a)
    if (!Object.hasOwn(b, k))
      ops.push({ op: 'add', path: `${pathOf(base, keys)}/${escapePointer(k)}`, value: a[k] })
}

/**
 * The pointer of the node `keys` below `base`. A function, not a closure per node: the diff visits
 * every node of the object, and a closure each (named by tsx's keepNames) cost more than the walk.
 */
function pathOf(base: string, keys: readonly (string | number)[]): string {
  let path = base
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string | number
    path += `/${typeof k === 'number' ? k : escapePointer(k)}`
  }
  return path
}

function isObject(v: unknown): v is object {
  return v !== null && typeof v === 'object'
}

/** A key as one segment of a JSON Pointer (RFC 6901). */
export function escapePointer(key: string): string {
  // Most keys have neither character: skip the two regex replaces.
  if (!key.includes('~') && !key.includes('/')) return key
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}
