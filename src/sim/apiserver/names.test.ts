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
})
