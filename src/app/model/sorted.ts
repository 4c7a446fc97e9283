/**
 * Binary search over a list kept in order (messages by id and by send time, revisions by time):
 * the one loop the model's lookups share.
 */

/**
 * The first index in [0, length) at which `before(i)` is false, or `length`: `before` must be true
 * up to some index and false from there on.
 */
export function partitionPoint(length: number, before: (i: number) => boolean): number {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}
