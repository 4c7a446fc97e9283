/**
 * SHA-256 in plain TypeScript (FIPS 180-4), so image digests and ids are real-looking 64-hex
 * values derived deterministically from names. The simulation runs in a Web Worker and in Node
 * without either's crypto API (WebCrypto is asynchronous; node:crypto is not in a browser).
 */
import { utf8 } from '../../api/utf8'

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

/** The SHA-256 of `text` (UTF-8), as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  const bytes = utf8(text)
  const bitLength = bytes.length * 8
  bytes.push(0x80)
  while (bytes.length % 64 !== 56) bytes.push(0)
  // Message length as a 64-bit big-endian integer (inputs here are far below 2^32 bits).
  bytes.push(
    0,
    0,
    0,
    0,
    (bitLength >>> 24) & 255,
    (bitLength >>> 16) & 255,
    (bitLength >>> 8) & 255,
    bitLength & 255,
  )

  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ])
  const w = new Uint32Array(64)
  const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n))
  for (let off = 0; off < bytes.length; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4
      w[i] =
        ((bytes[j] as number) << 24) |
        ((bytes[j + 1] as number) << 16) |
        ((bytes[j + 2] as number) << 8) |
        (bytes[j + 3] as number)
    }
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15] as number
      const w2 = w[i - 2] as number
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[]
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e as number, 6) ^ rotr(e as number, 11) ^ rotr(e as number, 25)
      const ch = ((e as number) & (f as number)) ^ (~(e as number) & (g as number))
      const t1 = ((hh as number) + S1 + ch + (K[i] as number) + (w[i] as number)) | 0
      const S0 = rotr(a as number, 2) ^ rotr(a as number, 13) ^ rotr(a as number, 22)
      const maj =
        ((a as number) & (b as number)) ^ ((a as number) & (c as number)) ^ ((b as number) & (c as number))
      const t2 = (S0 + maj) | 0
      hh = g
      g = f
      f = e
      e = ((d as number) + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    h[0] = (h[0] as number) + (a as number)
    h[1] = (h[1] as number) + (b as number)
    h[2] = (h[2] as number) + (c as number)
    h[3] = (h[3] as number) + (d as number)
    h[4] = (h[4] as number) + (e as number)
    h[5] = (h[5] as number) + (f as number)
    h[6] = (h[6] as number) + (g as number)
    h[7] = (h[7] as number) + (hh as number)
  }
  let hex = ''
  for (const x of h) hex += x.toString(16).padStart(8, '0')
  return hex
}
