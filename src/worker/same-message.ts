/**
 * Whether a replay reproduced a message the UI keeps (as the UI shows it: the payload apart). A
 * fork's run, and every spare (spares.ts), is a replay of the same scenario from time 0; one that
 * differs from the trace the UI holds means the simulation is not a function of its scenario.
 */
import type { Message } from '../sim/kernel/trace'

export function sameMessage(a: Message, b: Message | undefined): boolean {
  return (
    b !== undefined &&
    a.id === b.id &&
    a.from === b.from &&
    a.to === b.to &&
    a.kind === b.kind &&
    a.sentAtMs === b.sentAtMs &&
    a.deliverAtMs === b.deliverAtMs &&
    a.causeId === b.causeId &&
    a.stage === b.stage &&
    a.lostAtMs === b.lostAtMs &&
    // Last: two summaries built apart are compared character by character.
    a.summary === b.summary
  )
}

/** The messages the UI holds, by id: `from` … `through` (the ones before were compacted). */
export interface KeptTrace {
  readonly from: number
  readonly through: number
  message(id: number): Message | undefined
}

/**
 * Check `kernel`'s messages `after + 1` … up to what both hold against `kept`: the id of the first
 * that differs, or the last id checked (`after` when there was nothing new to check).
 */
export function checkAgainst(
  kept: KeptTrace,
  kernel: {
    readonly messageCount: number
    readonly firstRetainedId: number
    message(id: number): Message | undefined
  },
  after: number,
): { readonly differsAt?: number; readonly checkedThrough: number } {
  const last = Math.min(kernel.messageCount, kept.through)
  for (let id = Math.max(after + 1, kept.from, kernel.firstRetainedId); id <= last; id++) {
    if (!sameMessage(kept.message(id) as Message, kernel.message(id)))
      return { differsAt: id, checkedThrough: after }
  }
  return { checkedThrough: Math.max(after, last) }
}
