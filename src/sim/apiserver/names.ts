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

/** A version 4 UUID, as metadata.uid. */
export function newUid(rng: Rng): string {
  const hex = (n: number) => {
    let s = ''
    for (let i = 0; i < n; i++) s += rng.intn(16).toString(16)
    return s
  }
  const variant = (8 + rng.intn(4)).toString(16)
  // Drawn in the same order as the text reads; joined into one flat string (see generateName).
  return [hex(8), hex(4), `4${hex(3)}`, `${variant}${hex(3)}`, hex(12)].join('-')
}
