/**
 * resource.Quantity as the apiserver decodes and prints it (apimachinery/pkg/api/resource):
 * ParseQuantity's errors (a bad quantity fails decoding, a 400) and String(), the canonical form
 * validation messages quote (`0.5` → `500m`, `2000m` → `2`, `1024Mi` → `1Gi`, `1536Mi` stays).
 */

/** ErrFormatWrong: what ParseQuantity says about text that is not a quantity. */
export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"

const SHAPE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/
const NUMBER = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 }
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 }

type Format = 'BinarySI' | 'DecimalSI' | 'DecimalExponent'

interface Parsed {
  /** The value in nano units (10^-9), rounded up as the apiserver rounds below 1n. */
  readonly nano: bigint
  readonly format: Format
}

type ParseResult = Parsed | { readonly error: string }

/**
 * Results by text: every Pod's requests and limits are decoded, validated and compared, and a
 * cluster uses a handful of distinct quantities. Results are frozen; the table is emptied when it
 * grows large (texts are user input).
 */
const parsedQuantities = new Map<string, ParseResult>()
const MAX_PARSED_QUANTITIES = 4096

/** The quantity's value and format, or the decoding error's text. */
export function parseQuantityStrict(q: unknown): ParseResult {
  if (typeof q === 'number') {
    if (!Number.isFinite(q)) return { error: QUANTITY_FORMAT_ERROR }
    return parseQuantityStrict(numberText(q))
  }
  if (typeof q !== 'string') return { error: QUANTITY_FORMAT_ERROR }
  let result = parsedQuantities.get(q)
  if (result === undefined) {
    result = Object.freeze(parseText(q))
    if (parsedQuantities.size >= MAX_PARSED_QUANTITIES) parsedQuantities.clear()
    parsedQuantities.set(q, result)
  }
  return result
}

function parseText(q: string): ParseResult {
  const text = q.trim()
  if (text.length === 0) return { error: QUANTITY_FORMAT_ERROR }
  const m = SHAPE.exec(text)
  if (!m) return { error: QUANTITY_FORMAT_ERROR }
  const [, num = '', suffix = ''] = m
  if (!NUMBER.test(num)) return { error: 'unable to parse numeric part of quantity' }
  let format: Format
  let pow2 = 0
  let pow10 = 0
  if (suffix in BINARY) {
    format = 'BinarySI'
    pow2 = BINARY[suffix] as number
  } else if (suffix in DECIMAL) {
    format = 'DecimalSI'
    pow10 = DECIMAL[suffix] as number
  } else if (/^[eE][-+]?[0-9]+$/.test(suffix)) {
    format = 'DecimalExponent'
    pow10 = Number(suffix.slice(1))
  } else {
    return { error: "unable to parse quantity's suffix" }
  }
  const negative = num.startsWith('-')
  const unsigned = num.replace(/^[+-]/, '')
  const [whole = '', frac = ''] = unsigned.split('.')
  let digits = BigInt(`${whole}${frac}` || '0') * 2n ** BigInt(pow2)
  const scale = 9 + pow10 - frac.length
  if (scale >= 0) digits *= 10n ** BigInt(scale)
  else {
    const div = 10n ** BigInt(-scale)
    digits = (digits + div - 1n) / div
  }
  return { nano: negative ? -digits : digits, format }
}

/** Quantity.String(): the canonical text of a valid quantity (the input when it is not one). */
export function canonicalQuantity(q: unknown): string {
  const p = parseQuantityStrict(q)
  if ('error' in p) return String(q)
  return formatQuantity(p.nano, p.format)
}

const MILLI_IN_NANO = 1_000_000n

/**
 * A ResourceList's quantity as the apiserver stores it: SetDefaults_ResourceList
 * (pkg/apis/core/v1/defaults.go) rounds every value up to milli scale (`0.0001` → `1m`), then
 * String() (`0.5` → `500m`, `1024Mi` → `1Gi`). The input when it is not a quantity.
 */
export function canonicalResourceQuantity(q: unknown): string {
  // Every stored Pod passes here for each of its requests and limits: texts repeat.
  if (typeof q === 'string') {
    const known = storedTexts.get(q)
    if (known !== undefined) return known
    const text = resourceQuantityText(q)
    if (storedTexts.size >= MAX_PARSED_QUANTITIES) storedTexts.clear()
    storedTexts.set(q, text)
    return text
  }
  return resourceQuantityText(q)
}

const storedTexts = new Map<string, string>()

function resourceQuantityText(q: unknown): string {
  const p = parseQuantityStrict(q)
  if ('error' in p) return String(q)
  const abs = p.nano < 0n ? -p.nano : p.nano
  const rem = abs % MILLI_IN_NANO
  if (rem === 0n) return formatQuantity(p.nano, p.format)
  const up = abs - rem + MILLI_IN_NANO
  return formatQuantity(p.nano < 0n ? -up : up, p.format)
}

function formatQuantity(nano: bigint, parsedFormat: Format): string {
  let format = parsedFormat
  const abs = nano < 0n ? -nano : nano
  const sign = nano < 0n ? '-' : ''
  const ONE = 1_000_000_000n
  if (format === 'BinarySI') {
    if (abs < 1024n * ONE || abs % ONE !== 0n) format = 'DecimalSI'
    else {
      let units = abs / ONE
      let i = 0
      const suffixes = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']
      while (i < 6 && units % 1024n === 0n && units > 0n) {
        units /= 1024n
        i++
      }
      return `${sign}${units}${suffixes[i]}`
    }
  }
  if (abs === 0n) return '0'
  // The largest power of 1000 (from 10^-9 up) that leaves an integer mantissa.
  let mantissa = abs
  let exp = -9
  while (exp < 18 && mantissa % 1000n === 0n) {
    mantissa /= 1000n
    exp += 3
  }
  if (format === 'DecimalExponent') return `${sign}${mantissa}${exp === 0 ? '' : `e${exp}`}`
  const suffix = {
    '-9': 'n',
    '-6': 'u',
    '-3': 'm',
    '0': '',
    '3': 'k',
    '6': 'M',
    '9': 'G',
    '12': 'T',
    '15': 'P',
    '18': 'E',
  }[String(exp)]
  return `${sign}${mantissa}${suffix ?? ''}`
}

/** Compare two valid quantities: negative, 0 or positive. */
export function compareQuantities(a: unknown, b: unknown): number {
  const x = parseQuantityStrict(a)
  const y = parseQuantityStrict(b)
  if ('error' in x || 'error' in y) return 0
  return x.nano < y.nano ? -1 : x.nano > y.nano ? 1 : 0
}

/** The quantity's value in nano units; undefined when invalid. */
export function quantityNano(q: unknown): bigint | undefined {
  const p = parseQuantityStrict(q)
  return 'error' in p ? undefined : p.nano
}

/** A JSON number as the YAML/JSON text it came from (no exponent for ordinary values). */
function numberText(n: number): string {
  const s = String(n)
  if (!/e/i.test(s)) return s
  return n.toFixed(20).replace(/\.?0+$/, '')
}
