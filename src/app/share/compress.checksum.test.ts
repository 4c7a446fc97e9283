/**
 * A zlib stream must fill the link's bytes exactly: bytes after its end, or a stream cut short,
 * make the link corrupt in Node as in Chromium (whose DecompressionStream refuses both, while
 * Node 20's accepts them). Found by the browser fuzz (e2e/share-fuzz.spec.ts).
 */
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { inflate } from './compress'

const json = new TextEncoder().encode(
  JSON.stringify({ l: 'happy-path', t: 5000, m: 3, c: 'x'.repeat(20_000) }),
)
const good = new Uint8Array(deflateSync(json))

describe('inflate: the whole zlib stream and nothing else', () => {
  it('inflates a whole stream', async () => {
    expect(await inflate(good, 1 << 20)).toEqual({ ok: true, bytes: json })
  })

  it.each([1, 5, 64])('refuses %i bytes after the stream’s end', async (n) => {
    const junk = new Uint8Array([...good, ...new Uint8Array(n).fill(0x41)])
    expect(await inflate(junk, 1 << 20)).toEqual({ ok: false, reason: 'corrupt' })
  })

  it.each([1, 4, 10])('refuses a stream missing its last %i bytes', async (n) => {
    expect(await inflate(good.slice(0, good.length - n), 1 << 20)).toEqual({ ok: false, reason: 'corrupt' })
  })

  it('refuses a stream whose checksum is wrong', async () => {
    const bad = good.slice()
    bad[bad.length - 1] = (bad[bad.length - 1] as number) ^ 1
    expect(await inflate(bad, 1 << 20)).toEqual({ ok: false, reason: 'corrupt' })
  })
})
