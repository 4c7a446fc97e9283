/**
 * How many kernel events the worker asks the session for at a time. An event's cost varies by two
 * orders of magnitude: a heartbeat is a few microseconds, a Pod scheduled on a 100-node cluster in
 * the middle of a rollout a few hundred (250 events took 20–80 ms there). The worker checks the
 * clock between calls, so a call must fit in a slice, or commands (an apply, a click that needs a
 * message's payload) wait behind it: the budget follows what the last call cost.
 */
export const MIN_BUDGET = 16
/**
 * Never more than this: after cheap events (heartbeats) the budget must not have grown so far that
 * one call of expensive ones (a rollout right after an apply) takes hundreds of milliseconds.
 */
export const MAX_BUDGET = 250

/**
 * The next budget after a call of `budget` events took `tookMs`, for calls of about `sliceMs`.
 * `usedAll`: the call ran its whole budget (a call that ran out of work says nothing of its cost).
 */
export function nextBudget(budget: number, tookMs: number, sliceMs: number, usedAll: boolean): number {
  if (tookMs > sliceMs) return Math.max(MIN_BUDGET, Math.floor((budget * sliceMs) / tookMs))
  if (usedAll && tookMs < sliceMs / 2) return Math.min(MAX_BUDGET, budget * 2)
  return budget
}
