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

function fieldsOf(type: string): ReadonlyMap<string, string> | undefined {
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
  const unknown: string[] = []
  let quantityError: string | undefined
  const checkQuantity = (v: unknown) => {
    if (quantityError !== undefined || v === null || v === undefined) return
    const p = parseQuantityStrict(v)
    if ('error' in p) quantityError = p.error
  }
  const walk = (value: unknown, t: string, path: string) => {
    if (value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, t, `${path}[${i}]`)
      return
    }
    const fields = fieldsOf(t)
    if (!fields) return
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const p = path ? `${path}.${key}` : key
      const child = fields.get(key)
      if (child === undefined) unknown.push(p)
      else if (child === '~') {
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
          for (const q of Object.values(v as Record<string, unknown>)) checkQuantity(q)
        } else checkQuantity(v)
      } else if (child) walk(v, child, p)
    }
  }
  walk(obj, type, '')
  return { ...(quantityError !== undefined ? { quantityError } : {}), unknown }
}

/** runtime.NewStrictDecodingError(...).Error(). */
export function strictDecodingError(unknown: readonly string[]): string {
  return `strict decoding error: ${unknown.map((f) => `unknown field ${JSON.stringify(f)}`).join(', ')}`
}

/** The apiserver's request body limit (handlers/rest.go, 3 MiB) and the size of a JSON body. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024

export function jsonBodyBytes(body: unknown): number {
  const text = JSON.stringify(body) ?? ''
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
