import { describe, expect, it } from 'vitest'
import { canonicalJson, computeHash, fnv1a32, SAFE_ALPHABET, safeEncodeString, utf8 } from './hash'

describe('fnv1a32', () => {
  // Published FNV-1a 32-bit test vectors.
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('%j', (text, want) => {
    expect(fnv1a32(utf8(text))).toBe(want)
  })
})

describe('utf8', () => {
  it.each([
    ['a', [0x61]],
    ['é', [0xc3, 0xa9]],
    ['€', [0xe2, 0x82, 0xac]],
    ['😀', [0xf0, 0x9f, 0x98, 0x80]],
  ])('%s', (text, want) => {
    expect(utf8(text)).toEqual(want)
  })
})

describe('safeEncodeString', () => {
  it('maps decimal digits as the facts table says', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf')
  })
  it('uses the 27-character alphabet', () => {
    expect(SAFE_ALPHABET).toHaveLength(27)
  })
})

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"z":1}]},"b":1}',
    )
  })
})

describe('computeHash', () => {
  const template = {
    metadata: { labels: { app: 'nginx' } },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
  }

  it('looks like a real pod-template-hash', () => {
    const h = computeHash(template)
    expect(h).toMatch(/^[456789bcdf]{1,10}$/)
  })

  it('does not depend on key order', () => {
    const reordered = {
      spec: { containers: [{ image: 'nginx:1.27', name: 'nginx' }] },
      metadata: { labels: { app: 'nginx' } },
    }
    expect(computeHash(reordered)).toBe(computeHash(template))
  })

  it('changes with the template and with collisionCount', () => {
    const other = { ...template, spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } }
    const hashes = new Set([
      computeHash(template),
      computeHash(other),
      computeHash(template, 0),
      computeHash(template, 1),
    ])
    expect(hashes.size).toBe(4)
  })
})
