/**
 * The three patch types the apiserver accepts: JSON merge patch (RFC 7386), strategic merge patch
 * (Kubernetes' own: lists with a merge key are merged by that key), and JSON patch (RFC 6902, what
 * mutating webhooks return).
 *
 * Simplification: strategic merge keys are looked up by field name, not by the Go type's struct
 * tags, and only the directives `$patch: delete|replace` and `$setElementOrder` are understood. That covers what the simulated components and kubectl send.
 */
import { MERGE_SETS, mergeKeyOf } from '../../api/merge-keys'
import { clone, setOwn } from '../../api/types'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type JsonObject = { [k: string]: Json }

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Members are read and written as own properties only: `constructor` must not be found on
 * Object.prototype, and writing `__proto__` must not set the prototype (see setOwn).
 */
const own = (o: JsonObject, k: string): Json | undefined => (Object.hasOwn(o, k) ? o[k] : undefined)
const put = (o: JsonObject, k: string, v: Json): void => setOwn(o, k, v)

export function mergePatch<T>(target: T, patch: unknown): T {
  if (!isObject(patch)) return clone(patch) as T
  const out: JsonObject = isObject(target) ? { ...(target as JsonObject) } : {}
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else put(out, k, mergePatch(own(out, k), v) as Json)
  }
  return out as T
}

export function strategicMergePatch<T>(target: T, patch: unknown): T {
  return smp(target as Json, patch as Json, '') as T
}

function smp(target: Json | undefined, patch: Json, field: string): Json {
  if (!isObject(patch)) {
    if (Array.isArray(patch)) return mergeList(target, patch, field)
    return patch
  }
  if (patch.$patch === 'replace') {
    const { $patch: _, ...rest } = patch
    return clone(rest)
  }
  const out: JsonObject = isObject(target) ? { ...target } : {}
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$setElementOrder/') || k === '$retainKeys') continue
    if (v === null) delete out[k]
    else put(out, k, smp(own(out, k), v, k))
  }
  for (const [k, order] of Object.entries(patch)) {
    if (!k.startsWith('$setElementOrder/') || !Array.isArray(order)) continue
    const field = k.slice('$setElementOrder/'.length)
    const list = own(out, field)
    if (Array.isArray(list)) put(out, field, reorder(list, order, mergeKeyOf(field)))
  }
  return out
}

/** `$setElementOrder`: listed elements first, in the given order; the others after, as they were. */
function reorder(list: Json[], order: Json[], key: string | undefined): Json[] {
  const id = (e: Json) => (key && isObject(e) ? e[key] : e)
  const wanted = order.map((o) => (key && isObject(o) ? o[key] : o))
  const placed = wanted.map((w) => list.find((e) => id(e) === w)).filter((e): e is Json => e !== undefined)
  return [...placed, ...list.filter((e) => !placed.includes(e))]
}

function mergeList(target: Json | undefined, patch: Json[], field: string): Json {
  const current = Array.isArray(target) ? target : []
  const key = mergeKeyOf(field)
  if (key) {
    const out = [...current]
    for (const item of patch) {
      if (!isObject(item)) continue
      const idx = out.findIndex((e) => isObject(e) && e[key] === item[key])
      if (item.$patch === 'delete') {
        if (idx >= 0) out.splice(idx, 1)
      } else if (idx >= 0) {
        out[idx] = smp(out[idx], item, '')
      } else {
        out.push(smp(undefined, item, ''))
      }
    }
    return out
  }
  if (MERGE_SETS.has(field)) {
    const out = [...current]
    for (const v of patch) if (!out.includes(v)) out.push(v)
    return out
  }
  return clone(patch)
}

export interface JsonPatchOp {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test'
  readonly path: string
  readonly value?: unknown
  readonly from?: string
}

export class PatchError extends Error {}

/** Apply an RFC 6902 JSON patch to a copy of `target`. */
export function jsonPatch<T>(target: T, ops: readonly JsonPatchOp[]): T {
  let doc = clone(target) as unknown as Json
  for (const op of ops) {
    switch (op.op) {
      case 'add':
        doc = setAt(doc, pointer(op.path), clone(op.value as Json), 'add')
        break
      case 'replace':
        doc = setAt(doc, pointer(op.path), clone(op.value as Json), 'replace')
        break
      case 'remove':
        doc = removeAt(doc, pointer(op.path))
        break
      case 'copy':
      case 'move': {
        const from = pointer(op.from ?? '')
        const value = getAt(doc, from)
        if (op.op === 'move') doc = removeAt(doc, from)
        doc = setAt(doc, pointer(op.path), clone(value), 'add')
        break
      }
      case 'test':
        if (!jsonEqual(getAt(doc, pointer(op.path)), op.value)) {
          throw new PatchError(`testing value ${op.path} failed`)
        }
        break
      default:
        throw new PatchError(`Unexpected kind: ${(op as { op: string }).op}`)
    }
  }
  return doc as unknown as T
}

function pointer(path: string): string[] {
  if (path === '') return []
  if (!path.startsWith('/')) throw new PatchError(`invalid JSON pointer ${JSON.stringify(path)}`)
  return path
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * An array index token (RFC 6901: `0` or digits without a leading zero) below `length`;
 * `-` (the end) and `length` itself only where `add` may append. undefined when out of range.
 */
function arrayIndex(token: string, length: number, appending: boolean): number | undefined {
  if (token === '-') return appending ? length : undefined
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined
  const i = Number(token)
  return i < length || (appending && i === length) ? i : undefined
}

function getAt(doc: Json, parts: readonly string[]): Json {
  let cur: Json | undefined = doc
  for (const p of parts) {
    if (Array.isArray(cur)) {
      const i = arrayIndex(p, cur.length, false)
      cur = i === undefined ? undefined : cur[i]
    } else if (isObject(cur)) cur = own(cur, p)
    else throw new PatchError(`doc is missing path: /${parts.join('/')}`)
    if (cur === undefined) throw new PatchError(`doc is missing path: /${parts.join('/')}`)
  }
  return cur
}

function setAt(doc: Json, parts: readonly string[], value: Json, mode: 'add' | 'replace'): Json {
  if (parts.length === 0) return value
  const parent = getAt(doc, parts.slice(0, -1))
  const last = parts[parts.length - 1] as string
  if (Array.isArray(parent)) {
    // RFC 6902: add inserts at 0..length (or `-`); replace needs an existing element.
    const i = arrayIndex(last, parent.length, mode === 'add')
    if (i === undefined) throw new PatchError(`index out of range: ${last}`)
    if (mode === 'add') parent.splice(i, 0, value)
    else parent[i] = value
  } else if (isObject(parent)) {
    if (mode === 'replace' && !Object.hasOwn(parent, last))
      throw new PatchError(`doc is missing key: /${parts.join('/')}`)
    put(parent, last, value)
  } else throw new PatchError(`doc is missing path: /${parts.join('/')}`)
  return doc
}

function removeAt(doc: Json, parts: readonly string[]): Json {
  const parent = getAt(doc, parts.slice(0, -1))
  const last = parts[parts.length - 1] as string
  if (Array.isArray(parent)) {
    // RFC 6902 §4.2: the target location MUST exist.
    const i = arrayIndex(last, parent.length, false)
    if (i === undefined) throw new PatchError(`index out of range: ${last}`)
    parent.splice(i, 1)
  } else if (isObject(parent)) {
    if (!Object.hasOwn(parent, last)) throw new PatchError(`doc is missing key: /${parts.join('/')}`)
    delete parent[last]
  } else throw new PatchError(`doc is missing path: /${parts.join('/')}`)
  return doc
}

/** RFC 6902 §4.6 equality: same type and value; objects with the same members, in any order. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((v, i) => jsonEqual(v, b[i]))
  }
  if (!isObject(a) || !isObject(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]))
}
