/**
 * Resource quantities as apimachinery's resource.Quantity keeps them for quota and limit
 * arithmetic: a value (here in millis, as MilliValue rounds it) and the format it was written in,
 * which decides how String() prints it (pkg/api/resource/quantity.go CanonicalizeBytes):
 * DecimalSI picks the largest SI suffix that keeps an integer mantissa (`1k`, `500m`, `2`),
 * BinarySI the largest power of 1024 (`128Mi`; under 1024, or fractional, it prints as DecimalSI).
 * Add keeps the receiver's format, unless the receiver is zero (it then takes the addend's).
 */
import { milliValue, parseQuantity } from '../../api/quantity'

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent'

export interface Quantity {
  /** The value × 1000, rounded up (MilliValue). */
  readonly milli: number
  readonly format: QuantityFormat
}

/** A resource name → quantity map (corev1.ResourceList). */
export type ResourceList = Record<string, Quantity>

/** Parse a manifest's quantity (`100m`, `1Gi`, `1e3`, `3`); undefined when it is not one. */
export function parse(q: string | number | undefined | null): Quantity | undefined {
  if (parseQuantity(q) === undefined) return undefined
  const text = String(q).trim()
  const format: QuantityFormat = /[KMGTPE]i$/.test(text)
    ? 'BinarySI'
    : /\d[eE][+-]?\d+$/.test(text)
      ? 'DecimalExponent'
      : 'DecimalSI'
  return { milli: milliValue(q), format }
}

export const zero = (format: QuantityFormat = 'DecimalSI'): Quantity => ({ milli: 0, format })
export const count = (n: number): Quantity => ({ milli: n * 1000, format: 'DecimalSI' })

/** Quantity.Add: the receiver's format, or the addend's when the receiver is zero. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { milli: a.milli + b.milli, format: a.milli === 0 ? b.format : a.format }
}

export function cmp(a: Quantity, b: Quantity): number {
  return Math.sign(a.milli - b.milli)
}

const SI_SUFFIX: Readonly<Record<number, string>> = {
  [-3]: 'm',
  0: '',
  3: 'k',
  6: 'M',
  9: 'G',
  12: 'T',
  15: 'P',
  18: 'E',
}
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']

/** Quantity.String(): the canonical form. */
export function format(q: Quantity): string {
  const m = q.milli
  if (m === 0) return '0'
  const sign = m < 0 ? '-' : ''
  const abs = Math.abs(m)
  if (q.format === 'BinarySI' && abs >= 1024 * 1000 && abs % 1000 === 0) {
    let n = abs / 1000
    let i = 0
    while (n % 1024 === 0 && i < BINARY_SUFFIX.length - 1) {
      n /= 1024
      i++
    }
    return `${sign}${n}${BINARY_SUFFIX[i]}`
  }
  let mantissa = abs
  let exponent = -3
  while (mantissa % 1000 === 0 && exponent < 18) {
    mantissa /= 1000
    exponent += 3
  }
  if (q.format === 'DecimalExponent') return `${sign}${mantissa}${exponent === 0 ? '' : `e${exponent}`}`
  return `${sign}${mantissa}${SI_SUFFIX[exponent]}`
}

/** A manifest's resource list (`{cpu: '100m'}`), skipping what is not a quantity. */
export function parseList(list: Readonly<Record<string, string | number>> | undefined): ResourceList {
  const out: ResourceList = {}
  for (const [k, v] of Object.entries(list ?? {})) {
    const q = parse(v)
    if (q) out[k] = q
  }
  return out
}

/** The list as a manifest writes it, each quantity in its canonical form. */
export function formatList(list: ResourceList): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k of Object.keys(list).sort()) out[k] = format(list[k] as Quantity)
  return out
}

// --- quota/v1 resources.go ---

export const resourceNames = (list: ResourceList): string[] => Object.keys(list)

/** Add: every key of a (plus b's value), then b's other keys. */
export function add(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {}
  for (const [k, v] of Object.entries(a)) {
    const other = b[k]
    out[k] = other ? addQuantity(v, other) : v
  }
  for (const [k, v] of Object.entries(b)) if (!(k in out)) out[k] = v
  return out
}

/** Mask: only the named resources. */
export function mask(list: ResourceList, names: readonly string[]): ResourceList {
  const out: ResourceList = {}
  for (const n of names) {
    const v = list[n]
    if (v) out[n] = v
  }
  return out
}

/** LessThanOrEqual: whether a ≤ b for every resource both have, and which ones are not. */
export function lessThanOrEqual(a: ResourceList, b: ResourceList): { allowed: boolean; exceeded: string[] } {
  const exceeded: string[] = []
  for (const [k, limit] of Object.entries(b)) {
    const v = a[k]
    if (v && cmp(v, limit) > 0) exceeded.push(k)
  }
  return { allowed: exceeded.length === 0, exceeded }
}

/** Equals: same keys, same values. */
export function equals(a: ResourceList, b: ResourceList): boolean {
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => b[k] !== undefined && cmp(a[k] as Quantity, b[k] as Quantity) === 0)
}

export function isZero(list: ResourceList): boolean {
  return Object.values(list).every((q) => q.milli === 0)
}

export function removeZeros(list: ResourceList): ResourceList {
  const out: ResourceList = {}
  for (const [k, v] of Object.entries(list)) if (v.milli !== 0) out[k] = v
  return out
}

/** prettyPrint in the quota admission: `name=value`, sorted by name, joined with `,`. */
export function prettyPrint(list: ResourceList): string {
  return Object.keys(list)
    .sort()
    .map((k) => `${k}=${format(list[k] as Quantity)}`)
    .join(',')
}
