/** Names and uids the apiserver assigns, drawn from the simulation's seeded RNG. */
import type { Rng } from '../kernel/rng'

/** apimachinery/pkg/util/rand: no vowels (no accidental words) and no confusable characters. */
export const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789'

const MAX_NAME_LENGTH = 63
const RANDOM_LENGTH = 5
const MAX_GENERATED_NAME_LENGTH = MAX_NAME_LENGTH - RANDOM_LENGTH

/** apiserver/pkg/storage/names: base (cut to 58 characters) + 5 random characters. */
export function generateName(rng: Rng, base: string): string {
  const b = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base
  // join, not +: one flat string, not a rope of its parts (a name is kept by every object and
  // cache that refers to it, 150,000 times over in a large cluster).
  return [b, rng.string(ALPHANUMS, RANDOM_LENGTH)].join('')
}

/** Character codes of the hex digits, by value. */
const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const DASH = '-'.charCodeAt(0)

/**
 * A version 4 UUID, as metadata.uid. The variant digit is drawn first, then the other digits in
 * reading order (the order every trace so far has). Built as one flat string from its character
 * codes: every object gets one, and a string per digit was 0.7 % of a scheduler_perf run.
 */
export function newUid(rng: Rng): string {
  const variant = HEX[8 + rng.intn(4)] as number
  const codes: number[] = new Array(36)
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) codes[i] = DASH
    else if (i === 14) codes[i] = HEX[4] as number
    else if (i === 19) codes[i] = variant
    else codes[i] = HEX[rng.intn(16)] as number
  }
  return String.fromCharCode(...codes)
}
