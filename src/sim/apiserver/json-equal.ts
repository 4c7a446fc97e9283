/**
 * Whether two values have the same JSON text, without writing it: GuaranteedUpdate compares the
 * object it would write with the stored one on every update (a no-op is not written), and
 * serializing both took more time than the update itself. Walks both in key order and stops at
 * the first difference; a subtree both share (a frozen part of the stored revision the update
 * kept) is equal at once.
 *
 * Same answer as `JSON.stringify(a) === JSON.stringify(b)`: keys in order, keys whose value JSON
 * leaves out (undefined, functions, symbols) skipped, those values as `null` in arrays, non-finite
 * numbers as `null`, -0 as 0. Where a value has `toJSON` (a Date), the texts are compared.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  sawToJSON = false
  const equal = valuesEqual(a, b, false)
  return sawToJSON ? JSON.stringify(a) === JSON.stringify(b) : equal
}

/** Set when the walk met a `toJSON`: it then stops, and the caller compares texts instead. */
let sawToJSON = false

/** What JSON leaves out of an object (and writes as null in an array). */
const OMITTED = Symbol('omitted')
/** An object or array: compared by structure. */
const STRUCTURED = Symbol('structured')

/** A value as JSON writes it at this level: the primitive, null, OMITTED or STRUCTURED. */
function leaf(v: unknown): unknown {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? v + 0 : null
    case 'undefined':
    case 'function':
    case 'symbol':
      return OMITTED
    case 'object':
      if (v === null) return null
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') sawToJSON = true
      return STRUCTURED
    default:
      // Strings, booleans; a BigInt (which JSON.stringify refuses) compares by value.
      return v
  }
}

function valuesEqual(a: unknown, b: unknown, inArray: boolean): boolean {
  if (a === b) return true
  let la = leaf(a)
  let lb = leaf(b)
  if (sawToJSON) return false
  if (inArray) {
    if (la === OMITTED) la = null
    if (lb === OMITTED) lb = null
  }
  if (la === STRUCTURED && lb === STRUCTURED) return structuresEqual(a as object, b as object)
  return la === lb && la !== STRUCTURED
}

function structuresEqual(a: object, b: object): boolean {
  const arrayA = Array.isArray(a)
  if (arrayA !== Array.isArray(b)) return false
  if (arrayA) {
    const x = a as unknown[]
    const y = b as unknown[]
    if (x.length !== y.length) return false
    for (let i = 0; i < x.length; i++) if (!valuesEqual(x[i], y[i], true)) return false
    return true
  }
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const kx = Object.keys(x)
  const ky = Object.keys(y)
  // The keys JSON writes, in order: walk both lists, skipping the left-out ones.
  let i = 0
  let j = 0
  for (;;) {
    while (i < kx.length && leaf(x[kx[i] as string]) === OMITTED) i++
    while (j < ky.length && leaf(y[ky[j] as string]) === OMITTED) j++
    if (sawToJSON) return false
    if (i === kx.length || j === ky.length) return i === kx.length && j === ky.length
    const k = kx[i] as string
    if (k !== ky[j] || !valuesEqual(x[k], y[k], false)) return false
    i++
    j++
  }
}
