/**
 * The pod-template-hash: the suffix of a Deployment's ReplicaSet name (`nginx-7c5ddbdf54`) and the
 * value of its `pod-template-hash` label.
 *
 * kube-controller-manager: pkg/controller/controller_utils.go (ComputeHash) computes FNV-1a 32 over
 * the template as printed by hashutil.DeepHashObject (a go-spew dump of the Go struct), then writes
 * the collisionCount as 8 bytes (a little-endian uint32 and four zero bytes) when it is set, prints
 * the uint32 in decimal and maps every digit through rand.SafeEncodeString.
 *
 * Approximation: we cannot reproduce go-spew's dump of a Go struct, so the bytes hashed here are a
 * canonical JSON of the template (keys sorted, absent fields omitted). The algorithm and the
 * alphabet are the real ones, so hashes look exactly like a real cluster's (only the characters
 * 4-9 and b, c, d, f, up to 10 long) and change whenever the template changes, but the digits
 * differ from what a real cluster computes for the same manifest.
 */

/** apimachinery/pkg/util/rand: the alphabet of generated names, without vowels (no bad words). */
export const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789'

const FNV32_OFFSET = 0x811c9dc5
const FNV32_PRIME = 0x01000193

/** FNV-1a, 32 bits (Go's hash/fnv New32a). */
export function fnv1a32(bytes: Iterable<number>, seed = FNV32_OFFSET): number {
  let h = seed >>> 0
  for (const b of bytes) {
    h ^= b & 0xff
    h = Math.imul(h, FNV32_PRIME) >>> 0
  }
  return h >>> 0
}

/** UTF-8 bytes of a string (TextEncoder is not part of the ES library the simulation may use). */
export function utf8(text: string): number[] {
  const out: number[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number
    if (cp < 0x80) out.push(cp)
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f))
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
    else
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
  }
  return out
}

/** rand.SafeEncodeString: each character's code point modulo 27, looked up in SAFE_ALPHABET. */
export function safeEncodeString(s: string): string {
  let out = ''
  for (const ch of s) out += SAFE_ALPHABET[(ch.codePointAt(0) as number) % SAFE_ALPHABET.length]
  return out
}

/** JSON with object keys sorted at every level and undefined fields left out: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value))
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

/**
 * controller.ComputeHash(template, collisionCount): the pod-template-hash of a pod template.
 * `collisionCount` is the Deployment's status.collisionCount (undefined until a collision happens).
 */
export function computeHash(template: unknown, collisionCount?: number): string {
  const bytes = utf8(canonicalJson(template))
  if (collisionCount !== undefined && collisionCount !== null) {
    const c = collisionCount >>> 0
    bytes.push(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff, 0, 0, 0, 0)
  }
  return safeEncodeString(String(fnv1a32(bytes)))
}
