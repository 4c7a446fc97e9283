/**
 * jsonBodyBytes with a limit answers "over or not" from a bound when it can: every answer must
 * agree with the exact UTF-8 size of the body's JSON, on both sides of the limit.
 */
import { describe, expect, it } from 'vitest'
import { jsonBodyBytes, MAX_REQUEST_BODY_BYTES } from './strict-fields'

const LIMIT = MAX_REQUEST_BODY_BYTES
const exact = (body: unknown) => new TextEncoder().encode(JSON.stringify(body) ?? '').length

describe('jsonBodyBytes with a limit', () => {
  const bodies: Record<string, unknown> = {
    'a small Pod': { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [] } },
    'ASCII just over the limit': { data: 'x'.repeat(LIMIT) },
    'ASCII just under the limit': { d: 'x'.repeat(LIMIT - 10) },
    // \u0001 is written as a 6-byte escape: 600,000 of them are over 3 MiB.
    'control characters (6 bytes each in JSON)': { s: '\u0001'.repeat(600_000) },
    'three-byte characters under the limit': { s: '中'.repeat(1_000_000) },
    'three-byte characters over the limit': { s: '中'.repeat(1_100_000) },
    'lone surrogates': { s: '\ud800'.repeat(600_000) },
    'many small numbers': { n: Array.from({ length: 400_000 }, (_, i) => i) },
    // toJSON can make the text longer than the object looks: measured, not bounded.
    'a value with toJSON': { t: { toJSON: () => 'y'.repeat(LIMIT) } },
    'a Date': { at: new Date(0) },
    'undefined and null': { a: undefined, b: null, c: [undefined, null] },
  }
  for (const [name, body] of Object.entries(bodies)) {
    it(`${name}: over the limit exactly when its JSON is`, () => {
      expect(jsonBodyBytes(body, LIMIT) > LIMIT).toBe(exact(body) > LIMIT)
    })
  }

  it('without a limit it is the exact size', () => {
    const body = { s: 'é中\u0001\ud83d\ude00', n: [1.5, -2e-7] }
    expect(jsonBodyBytes(body)).toBe(exact(body))
  })
})
