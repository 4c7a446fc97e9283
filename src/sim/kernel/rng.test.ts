import { describe, expect, it } from 'vitest'
import { hashString, Rng } from './rng'

const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextUint32())

describe('Rng', () => {
  it.each([0, 1, 42, 0xffffffff, 'podflow', ''])('is deterministic for seed %j', (seed) => {
    expect(draw(new Rng(seed), 20)).toEqual(draw(new Rng(seed), 20))
  })

  it('gives different streams for different seeds', () => {
    expect(draw(new Rng(1), 8)).not.toEqual(draw(new Rng(2), 8))
    expect(draw(new Rng('a'), 8)).not.toEqual(draw(new Rng('b'), 8))
  })

  it('hashes a string seed with FNV-1a', () => {
    expect(draw(new Rng('share-link'), 8)).toEqual(draw(new Rng(hashString('share-link')), 8))
  })

  it('uses the seed as an unsigned 32-bit integer', () => {
    expect(draw(new Rng(-1), 4)).toEqual(draw(new Rng(0xffffffff), 4))
    expect(draw(new Rng(2 ** 32 + 5), 4)).toEqual(draw(new Rng(5), 4))
  })

  it('draws unsigned 32-bit integers and floats in [0, 1)', () => {
    const rng = new Rng(7)
    const ints = draw(rng, 1000)
    const floats = Array.from({ length: 1000 }, () => rng.next())
    expect(ints.every((u) => Number.isInteger(u) && u >= 0 && u < 2 ** 32)).toBe(true)
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true)
  })

  it.each([1, 2, 5, 27, 1000])('intn(%i) stays in [0, n) and reaches both ends', (n) => {
    const rng = new Rng(3)
    const values = Array.from({ length: 20 * n + 200 }, () => rng.intn(n))
    expect(values.every((v) => Number.isInteger(v) && v >= 0 && v < n)).toBe(true)
    const seen = new Set(values)
    expect(seen.has(0)).toBe(true)
    expect(seen.has(n - 1)).toBe(true)
  })

  it.each([0, -3])('intn(%i) is a RangeError', (n) => {
    expect(() => new Rng(1).intn(n)).toThrow(new RangeError(`intn: n must be positive, got ${n}`))
  })

  it('string(alphabet, n) draws n characters from the alphabet', () => {
    const rng = new Rng('names')
    const alphabet = 'bcdfghjklmnpqrstvwxz2456789'
    const s = rng.string(alphabet, 500)
    expect(s).toHaveLength(500)
    expect(s).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/)
    expect(new Set(s).size).toBe(alphabet.length)
    expect(rng.string(alphabet, 0)).toBe('')
  })
})

describe('hashString', () => {
  // Published FNV-1a 32-bit vectors (ASCII, so UTF-16 code units equal bytes).
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('%j', (text, want) => {
    expect(hashString(text)).toBe(want)
  })
})
