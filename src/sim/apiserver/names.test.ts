import { describe, expect, it } from 'vitest'
import { Rng } from '../kernel/rng'
import { ALPHANUMS, generateName, newUid } from './names'

describe('generateName', () => {
  it('uses the apimachinery alphabet: no vowels, no confusable characters', () => {
    expect(ALPHANUMS).toBe('bcdfghjklmnpqrstvwxz2456789')
  })

  it.each([
    ['web-7c5ddbdf54-', 'web-7c5ddbdf54-'],
    ['', ''],
    ['a'.repeat(58), 'a'.repeat(58)],
    ['a'.repeat(59), 'a'.repeat(58)],
    ['b'.repeat(100), 'b'.repeat(58)],
  ])('base %j is kept as %j, plus 5 random characters', (base, kept) => {
    const name = generateName(new Rng(1), base)
    expect(name.slice(0, kept.length)).toBe(kept)
    expect(name).toHaveLength(kept.length + 5)
    expect(name.slice(kept.length)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/)
    expect(name.length).toBeLessThanOrEqual(63)
  })

  it('is deterministic for a seed and varies between draws', () => {
    const a = new Rng('x')
    const b = new Rng('x')
    const first = generateName(a, 'web-')
    expect(generateName(b, 'web-')).toBe(first)
    expect(generateName(a, 'web-')).not.toBe(first)
  })
})

describe('newUid', () => {
  it('is a version 4 UUID with the RFC 4122 variant', () => {
    const rng = new Rng('uids')
    const uids = Array.from({ length: 200 }, () => newUid(rng))
    for (const uid of uids) {
      expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(new Set(uids).size).toBe(200)
    expect(new Set(uids.map((u) => u[19])).size).toBe(4)
  })

  it('is deterministic for a seed', () => {
    expect(newUid(new Rng(9))).toBe(newUid(new Rng(9)))
  })

  it('draws the variant digit first, then the others in reading order (every trace has these uids)', () => {
    const a = new Rng('order')
    const b = new Rng('order')
    for (let n = 0; n < 50; n++) {
      const variant = (8 + b.intn(4)).toString(16)
      const digits = Array.from({ length: 30 }, () => b.intn(16).toString(16)).join('')
      const d = (from: number, to: number) => digits.slice(from, to)
      expect(newUid(a)).toBe(`${d(0, 8)}-${d(8, 12)}-4${d(12, 15)}-${variant}${d(15, 18)}-${d(18, 30)}`)
    }
  })
})
