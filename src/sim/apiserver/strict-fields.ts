/**
 * What the apiserver's JSON decoding finds wrong in a body beyond its shape (sigs.k8s.io/json
 * with the Go types, apimachinery runtime.NewStrictDecodingError): quantities that do not parse (an
 * error whatever the field validation) and, for fieldValidation=Strict, unknown fields, named by
 * their path (`spec.containers[0].imagePullPolcy`). The known fields come from a generated table
 * (known-fields.ts); kinds it does not list are not checked.
 */
import { KIND_TYPES, TYPE_FIELDS } from './known-fields'
import { parseQuantityStrict } from './registry/quantity-canonical'

/** A type's fields: child type name, '' for a leaf or open map, '~' for quantities. */
const parsed = new Map<string, ReadonlyMap<string, string>>()

/** A type's fields from the generated table: child type, '' for a leaf or open map, '~' for quantities. */
export function fieldsOf(type: string): ReadonlyMap<string, string> | undefined {
  const cached = parsed.get(type)
  if (cached) return cached
  const line = TYPE_FIELDS[type]
  if (line === undefined) return undefined
  const map = new Map<string, string>()
  for (const item of line.split(' ')) {
    if (item.endsWith('~')) map.set(item.slice(0, -1), '~')
    else {
      const [name = '', child = ''] = item.split('=')
      map.set(name, child)
    }
  }
  parsed.set(type, map)
  return map
}

/** The type of a kind's objects in the table, if it has one. */
export function typeOfKind(apiVersion: string, kind: string): string | undefined {
  return KIND_TYPES[`${apiVersion}/${kind}`] ?? KIND_TYPES[kind]
}

export interface DecodeProblems {
  /** The first quantity that does not parse: ParseQuantity's error (decoding fails on it). */
  readonly quantityError?: string
  /** Unknown fields, in document order. */
  readonly unknown: readonly string[]
}

/** Walk `obj` as a `type`. */
export function decodeProblems(obj: unknown, type: string): DecodeProblems {
  const walk = new ProblemWalk()
  walk.value(obj, type, undefined)
  const { quantityError, unknown } = walk
  return { ...(quantityError !== undefined ? { quantityError } : {}), unknown }
}

/**
 * Where the walk is: a field name or a list index, below its parent (undefined at the root). The
 * path's text is only written out when a field is reported, so known fields cost no string.
 */
interface PathSegment {
  readonly segment: string | number
  readonly parent: PathSegment | undefined
}

/** One walk of a body (every create and update decodes one), without a closure per call. */
class ProblemWalk {
  readonly unknown: string[] = []
  quantityError: string | undefined

  value(value: unknown, t: string, at: PathSegment | undefined): void {
    if (value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) this.value(value[i], t, { segment: i, parent: at })
      return
    }
    const fields = fieldsOf(t)
    if (!fields) return
    const obj = value as Record<string, unknown>
    for (const key of Object.keys(obj)) {
      const v = obj[key]
      const child = fields.get(key)
      if (child === undefined) this.unknown.push(pathText({ segment: key, parent: at }))
      else if (child === '~') {
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
          const q = v as Record<string, unknown>
          for (const k of Object.keys(q)) this.quantity(q[k])
        } else this.quantity(v)
      } else if (child) this.value(v, child, { segment: key, parent: at })
    }
  }

  private quantity(v: unknown): void {
    if (this.quantityError !== undefined || v === null || v === undefined) return
    const p = parseQuantityStrict(v)
    if ('error' in p) this.quantityError = p.error
  }
}

/** `spec.containers[0].imagePullPolcy`: fields joined by dots, indexes in brackets. */
function pathText(at: PathSegment): string {
  const segments: (string | number)[] = []
  for (let s: PathSegment | undefined = at; s !== undefined; s = s.parent) segments.push(s.segment)
  let path = ''
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i] as string | number
    if (typeof seg === 'number') path += `[${seg}]`
    else path = path ? `${path}.${seg}` : seg
  }
  return path
}

/** runtime.NewStrictDecodingError(...).Error(). */
export function strictDecodingError(unknown: readonly string[]): string {
  return `strict decoding error: ${unknown.map((f) => `unknown field ${JSON.stringify(f)}`).join(', ')}`
}

/** The apiserver's request body limit (handlers/rest.go, 3 MiB) and the size of a JSON body. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024

/**
 * The body's size as UTF-8 JSON. With `atMost`, any answer ≤ `atMost` means "not more than that":
 * a text of n UTF-16 units is at most 3n bytes, so a short text is not counted byte by byte.
 */
export function jsonBodyBytes(body: unknown, atMost?: number): number {
  // Every request passes here and nearly all are far below the limit: a bound found by walking
  // the body, without writing its JSON, answers for them.
  if (atMost !== undefined) {
    const bound = jsonBytesBound(body, 0)
    if (bound <= atMost) return bound
  }
  const text = JSON.stringify(body) ?? ''
  if (atMost !== undefined && text.length * 3 <= atMost) return text.length
  // UTF-8 length by UTF-16 code unit (every request body passes here): a surrogate pair is one
  // 4-byte character, 2 + 2 below; a lone surrogate is written as U+FFFD's 3 bytes.
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) bytes += 1
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      bytes += 2
      i++
    } else bytes += 2
  }
  return bytes
}

/**
 * An upper bound of the UTF-8 size of `JSON.stringify(v)`: a UTF-16 unit is at most 6 bytes
 * (`\u001f`, or a lone surrogate's escape), a number at most 24 characters, and an omitted value
 * is counted anyway. Anything JSON.stringify might turn into something longer (toJSON, a class
 * instance, a BigInt it refuses) or too deep to walk gives Infinity: the caller then measures.
 */
function jsonBytesBound(v: unknown, depth: number): number {
  switch (typeof v) {
    case 'string':
      return 6 * v.length + 2
    case 'number':
      return 24
    case 'boolean':
    case 'undefined':
    case 'function':
    case 'symbol':
      return 9
    case 'object': {
      if (v === null) return 4
      if (depth > 64) return Number.POSITIVE_INFINITY
      let n = 2
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) n += jsonBytesBound(v[i], depth + 1) + 1
        return n
      }
      const proto = Object.getPrototypeOf(v)
      if ((proto !== Object.prototype && proto !== null) || 'toJSON' in v) return Number.POSITIVE_INFINITY
      const o = v as Record<string, unknown>
      for (const k in o) n += 6 * k.length + 4 + jsonBytesBound(o[k], depth + 1)
      return n
    }
    default:
      return Number.POSITIVE_INFINITY
  }
}

/**
 * Go's fmt `%+v` of a decoded JSON map (what patch errors quote): `map[k:v …]` with sorted keys,
 * lists as `[a b]`, null as `<nil>`.
 */
export function goMapText(v: unknown): string {
  if (v === null || v === undefined) return '<nil>'
  if (Array.isArray(v)) return `[${v.map(goMapText).join(' ')}]`
  if (typeof v === 'object') {
    const entries = Object.keys(v as object)
      .sort()
      .map((k) => `${k}:${goMapText((v as Record<string, unknown>)[k])}`)
    return `map[${entries.join(' ')}]`
  }
  return String(v)
}
