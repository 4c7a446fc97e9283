/**
 * resource.Quantity as kubectl prints it: exact amounts (in nano-units, as a bigint) with the
 * format they were written in, added and compared exactly, and printed in canonical form by
 * Quantity.String(): `500m`, `1`, `1500m`, `2k`, `128Mi`, `1536Mi`, `3996Mi` for `4091904Ki`, `0`.
 *
 * apimachinery: pkg/api/resource/quantity.go (ParseQuantity, CanonicalizeBytes, Add, Value,
 * MilliValue), amount.go (AsCanonicalBytes, AsCanonicalBase1024Bytes), suffix.go.
 * Canonical form: decimal amounts drop trailing zeros and take the largest SI suffix (an exponent
 * that is a multiple of 3) that keeps the mantissa an integer; binary amounts of at least 1024
 * that are whole numbers take the largest power-of-1024 suffix that divides them, and otherwise
 * print as decimal. Amounts finer than a nano-unit round up, as Go rounds them.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent'

export interface Quantity {
  /** The amount × 10⁹. */
  readonly nanos: bigint
  readonly format: QuantityFormat
}

/** The zero Quantity{} (what a missing resource in a ResourceList reads as). */
export const ZERO_QUANTITY: Quantity = { nanos: 0n, format: 'DecimalSI' }

const BINARY_EXP: Readonly<Record<string, number>> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 }
const DECIMAL_EXP: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
}
const DECIMAL_SUFFIX: ReadonlyMap<number, string> = new Map(
  Object.entries(DECIMAL_EXP).map(([suffix, exp]) => [exp, suffix]),
)
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'] as const

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/

const pow10 = (n: number): bigint => 10n ** BigInt(n)

/** num / den, rounded away from zero (Go rounds sub-nano amounts up). */
function divRoundUp(num: bigint, den: bigint): bigint {
  const q = num / den
  if (num % den === 0n) return q
  return num < 0n ? q - 1n : q + 1n
}

/** resource.ParseQuantity; undefined when the text is not a quantity. */
export function parseQuantity(q: string | number | null | undefined): Quantity | undefined {
  if (q === null || q === undefined) return undefined
  const text = typeof q === 'number' ? String(q) : q.trim()
  const m = NUMBER.exec(text)
  if (!m) return undefined
  const [, sign, whole = '', frac = '', suffix = ''] = m
  if (whole === '' && frac === '') return undefined
  let digits = BigInt(`${whole}${frac}` || '0')
  if (sign === '-') digits = -digits
  // The value is digits × 10^-frac.length × multiplier.
  let format: QuantityFormat
  let exp10 = -frac.length
  let factor = 1n
  const binary = BINARY_EXP[suffix]
  const decimal = DECIMAL_EXP[suffix]
  if (binary !== undefined) {
    format = 'BinarySI'
    factor = 1024n ** BigInt(binary)
  } else if (decimal !== undefined) {
    format = 'DecimalSI'
    exp10 += decimal
  } else {
    const e = /^[eE]([+-]?\d+)$/.exec(suffix)
    if (!e) return undefined
    format = 'DecimalExponent'
    exp10 += Number(e[1])
  }
  // nanos = digits × factor × 10^(exp10 + 9)
  const shift = exp10 + 9
  const scaled = digits * factor
  const nanos = shift >= 0 ? scaled * pow10(shift) : divRoundUp(scaled, pow10(-shift))
  return { nanos, format }
}

/** A quantity, or zero when absent or invalid (as a ResourceList lookup reads). */
export function quantityOf(q: string | number | null | undefined): Quantity {
  return parseQuantity(q) ?? ZERO_QUANTITY
}

/** Quantity.Add: the sum keeps the first operand's format, unless it was zero. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n ? b.format : a.format }
}

export function cmpQuantity(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0
}

/** Quantity.Value(): whole units, rounded up. */
export function quantityValue(q: Quantity): number {
  return Number(divRoundUp(q.nanos, 1_000_000_000n))
}

/** Quantity.MilliValue(): thousandths, rounded up. */
export function quantityMilliValue(q: Quantity): number {
  return Number(divRoundUp(q.nanos, 1_000_000n))
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n)

/** Quantity.String(): the canonical form. */
export function formatQuantity(q: Quantity): string {
  if (q.nanos === 0n) return '0'
  let format = q.format
  if (format === 'BinarySI') {
    // Small or fractional binary amounts print as decimal, to avoid rounding.
    if (abs(q.nanos) < 1024n * 1_000_000_000n || q.nanos % 1_000_000_000n !== 0n) format = 'DecimalSI'
  }
  if (format === 'BinarySI') {
    let value = q.nanos / 1_000_000_000n
    let k = 0
    while (k < BINARY_SUFFIX.length - 1 && abs(value) >= 1024n && value % 1024n === 0n) {
      value /= 1024n
      k++
    }
    return `${value}${BINARY_SUFFIX[k]}`
  }
  // Decimal: strip trailing zeros, then lower the exponent to a multiple of 3.
  let mantissa = q.nanos
  let exp = -9
  while (abs(mantissa) >= 10n && mantissa % 10n === 0n) {
    mantissa /= 10n
    exp++
  }
  const down = ((exp % 3) + 3) % 3
  mantissa *= pow10(down)
  exp -= down
  if (format === 'DecimalExponent') return exp === 0 ? `${mantissa}` : `${mantissa}e${exp}`
  const suffix = DECIMAL_SUFFIX.get(exp)
  return suffix === undefined ? `${mantissa}e${exp}` : `${mantissa}${suffix}`
}

/** The canonical form of a quantity as written (`4091904Ki` → `3996Mi`); the text itself if invalid. */
export function canonicalQuantity(q: string | number | null | undefined): string {
  const parsed = parseQuantity(q)
  return parsed ? formatQuantity(parsed) : String(q ?? '')
}
