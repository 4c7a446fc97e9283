/**
 * selectHost: the node with the highest total score; among several with the same maximum, one
 * uniformly at random by reservoir sampling, as v1.30–v1.34 do (the k-th tied node replaces the
 * current pick with probability 1/k). The draw uses the kernel's seeded Rng, so a seed replays
 * the same choice. Ties are visited in Filter order (upstream pops them from a heap, whose order
 * among equal scores is unspecified; the distribution is the same).
 *
 * kube-scheduler: pkg/scheduler/schedule_one.go (selectHost).
 */
import type { Rng } from '../../kernel/rng'

export interface Selection {
  /** Index of the chosen node in the scored list. */
  readonly index: number
  readonly maxScore: number
  /** Indices of every node with the maximum total, in the order they were considered. */
  readonly ties: readonly number[]
}

/** `ties` is emptied and filled (the algorithm passes the same array every attempt). */
export function selectHost(totals: readonly number[], rng: Rng, ties: number[] = []): Selection {
  if (totals.length === 0) throw new Error('empty priorityList')
  let maxScore = Number.NEGATIVE_INFINITY
  for (const t of totals) if (t > maxScore) maxScore = t
  // Written by index and cut to length at the end (`length = 0` would drop the storage).
  let count = 0
  let index = -1
  for (let i = 0; i < totals.length; i++) {
    if (totals[i] !== maxScore) continue
    ties[count++] = i
    // The first tie is taken as is; the k-th (k ≥ 2) replaces it with probability 1/k.
    if (count === 1 || rng.intn(count) === 0) index = i
  }
  ties.length = count
  return { index, maxScore, ties }
}
