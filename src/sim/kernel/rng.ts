/**
 * The simulation's one source of randomness: a seeded sfc32 generator.
 *
 * Everything random in the cluster (generateName suffixes, uids, scheduler tie-breaks, latency
 * jitter) draws from this one stream in event order, so a scenario and a seed give the same run.
 */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number | string) {
    // splitmix32 expands the seed into sfc32's 128-bit state.
    let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed)
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
      return (z ^ (z >>> 15)) >>> 0
    }
    this.a = next()
    this.b = next()
    this.c = next()
    this.d = next()
    for (let i = 0; i < 12; i++) this.nextUint32()
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296
  }

  /** An integer in [0, n). */
  intn(n: number): number {
    if (n <= 0) throw new RangeError(`intn: n must be positive, got ${n}`)
    return Math.floor(this.next() * n)
  }

  /** `n` characters drawn uniformly from `alphabet`. */
  string(alphabet: string, n: number): string {
    let out = ''
    for (let i = 0; i < n; i++) out += alphabet[this.intn(alphabet.length)]
    return out
  }
}

/** FNV-1a over UTF-16 code units; used to turn a string seed into a number. */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
