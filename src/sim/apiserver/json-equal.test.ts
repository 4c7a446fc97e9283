import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonEqual } from './json-equal'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** JSON-like values with what JSON treats specially: undefined, NaN, ±Infinity, -0, functions. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom(null, undefined, true, false, 0, -0, 1, NaN, Infinity, -Infinity, '', 'a', 'b'),
    fc.integer({ min: -3, max: 3 }),
    fc.constant(() => 1),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { maxKeys: 4 }),
  ),
})).node

/** A copy of `v` with, at random, a leaf changed, a key dropped or the key order reversed. */
function perturb(v: unknown, choice: number): unknown {
  if (Array.isArray(v)) return v.map((x, i) => (i === choice % (v.length || 1) ? perturb(x, choice >> 2) : x))
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v)
    if (choice % 5 === 0) entries.reverse()
    if (choice % 7 === 0) entries.pop()
    return Object.fromEntries(entries.map(([k, x], i) => [k, i === choice % 3 ? perturb(x, choice >> 2) : x]))
  }
  return choice % 4 === 0 ? v : choice % 4 === 1 ? undefined : choice % 4 === 2 ? null : 'x'
}

describe('jsonEqual', () => {
  it('answers as comparing the JSON texts does', () => {
    fc.assert(
      fc.property(value, value, fc.nat(), (a, b, choice) => {
        expect(jsonEqual(a, b)).toBe(same(a, b))
        const c = perturb(a, choice)
        expect(jsonEqual(a, c)).toBe(same(a, c))
        expect(jsonEqual(c, a)).toBe(same(c, a))
        const text = JSON.stringify(a)
        if (text !== undefined) expect(jsonEqual(a, JSON.parse(text))).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })

  it('handles the special cases by name', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false)
    expect(jsonEqual([undefined], [null])).toBe(true)
    expect(jsonEqual([NaN], [null])).toBe(true)
    expect(jsonEqual(-0, 0)).toBe(true)
    expect(jsonEqual({ d: new Date(0) }, { d: '1970-01-01T00:00:00.000Z' })).toBe(true)
    expect(jsonEqual({}, [])).toBe(false)
    expect(jsonEqual(undefined, undefined)).toBe(true)
    expect(jsonEqual(undefined, null)).toBe(false)
  })
})
