/**
 * Object deltas for the wire: most etcd writes change a few fields of an object the UI already
 * holds (a Pod's status, a Node's heartbeat), so the worker sends what changed against the
 * previous revision of the same key instead of the whole object, and the UI rebuilds the object.
 *
 * `applyDelta(a, diffObject(a, b))` is deep-equal to `b`, with its keys in `b`'s order (so the
 * rebuilt object serialises byte for byte like `b`); subtrees that did not change keep their
 * identity in the result, so memoized views of them stay valid. Arrays are compared deeply and
 * sent whole when they differ (conditions and container statuses are short).
 */

/** What changed in one JSON object. */
export interface ObjectDelta {
  /** Keys set to a new value (added, or replaced as a whole). */
  readonly s?: Readonly<Record<string, unknown>>
  /** Keys removed. */
  readonly d?: readonly string[]
  /** Keys whose value is an object that changed in part. */
  readonly p?: Readonly<Record<string, ObjectDelta>>
  /** The result's key order, when it is not the old order with new keys last. */
  readonly o?: readonly string[]
}

type Json = Record<string, unknown>

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !jsonEqual((a as Json)[k], (b as Json)[k])) return false
  }
  return true
}

/** What turns `a` into `b`; undefined when they are equal (key order included). */
export function diffObject(a: Json, b: Json): ObjectDelta | undefined {
  let s: Record<string, unknown> | undefined
  let d: string[] | undefined
  let p: Record<string, ObjectDelta> | undefined
  for (const k of Object.keys(b)) {
    const bv = b[k]
    if (!Object.hasOwn(a, k)) {
      s ??= {}
      s[k] = bv
      continue
    }
    const av = a[k]
    if (av === bv) continue
    if (isPlainObject(av) && isPlainObject(bv)) {
      const sub = diffObject(av, bv)
      if (sub) (p ??= {})[k] = sub
    } else if (!jsonEqual(av, bv)) {
      s ??= {}
      s[k] = bv
    }
  }
  for (const k of Object.keys(a)) if (!Object.hasOwn(b, k)) (d ??= []).push(k)
  // The order applyDelta produces: a's keys (less the removed ones), then the added ones.
  const order = Object.keys(b)
  const produced = Object.keys(a).filter((k) => Object.hasOwn(b, k))
  for (const k of order) if (!Object.hasOwn(a, k)) produced.push(k)
  const reordered = produced.some((k, i) => order[i] !== k)
  if (!s && !d && !p && !reordered) return undefined
  return {
    ...(s ? { s } : {}),
    ...(d ? { d } : {}),
    ...(p ? { p } : {}),
    ...(reordered ? { o: order } : {}),
  }
}

/** `a` with `delta` applied, as a new object (unchanged subtrees shared with `a`). */
export function applyDelta<T extends object>(a: T, delta: ObjectDelta): T {
  const src = a as unknown as Json
  const out: Json = {}
  const removed = delta.d ? new Set(delta.d) : undefined
  for (const k of Object.keys(src)) {
    if (removed?.has(k)) continue
    const sub = delta.p?.[k]
    out[k] =
      delta.s && Object.hasOwn(delta.s, k) ? delta.s[k] : sub ? applyDelta(src[k] as Json, sub) : src[k]
  }
  if (delta.s) for (const k of Object.keys(delta.s)) if (!Object.hasOwn(src, k)) out[k] = delta.s[k]
  if (!delta.o) return out as T
  const ordered: Json = {}
  for (const k of delta.o) ordered[k] = out[k]
  return ordered as T
}
