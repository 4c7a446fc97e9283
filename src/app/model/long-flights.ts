/**
 * The few messages that stay on screen long (an image pull, a watch held for seconds), found once
 * per message as the trace grows. What is in flight at a cursor was a scan of every message sent
 * within the longest flight of the whole trace: in a rollout, thousands of messages a frame. With
 * the long ones kept apart, a scan of the last SHORT_MS of messages and a look at the long ones
 * give the same answer (trace-index.ts inFlight, activity.ts activeSteps).
 */
import type { MessageView } from '../../protocol/messages'
import { partitionPoint } from './sorted'

interface Index {
  /** The trace this index was last brought up to date with. */
  messages: readonly MessageView[]
  scanned: number
  readonly long: MessageView[]
}

/**
 * Messages of `messages` for which `isLong` holds, in trace order. Kept per `isLong` (a module
 * function, so one index each) and brought up to date by scanning only what was appended since
 * the last call; a trace that is not an extension of the last one (a reset, a compaction) is
 * scanned anew.
 */
export function longOnes(
  messages: readonly MessageView[],
  isLong: (m: MessageView) => boolean,
): readonly MessageView[] {
  let index = indexes.get(isLong)
  if (!index || !extends_(index.messages, index.scanned, messages)) {
    index = { messages, scanned: 0, long: [] }
    indexes.set(isLong, index)
  }
  for (; index.scanned < messages.length; index.scanned++) {
    const m = messages[index.scanned] as MessageView
    if (isLong(m)) index.long.push(m)
  }
  index.messages = messages
  return index.long
}

const indexes = new WeakMap<(m: MessageView) => boolean, Index>()

/** Whether `next` holds the first `scanned` messages of `before` (the store only appends). */
function extends_(before: readonly MessageView[], scanned: number, next: readonly MessageView[]): boolean {
  if (next === before) return true
  if (next.length < scanned) return false
  return scanned === 0 || (next[0] === before[0] && next[scanned - 1] === before[scanned - 1])
}

/** Index of the first message of `list` sent after `atMs` (lists are in sentAtMs order). */
export function firstSentAfter(list: readonly MessageView[], atMs: number): number {
  return partitionPoint(list.length, (i) => (list[i] as MessageView).sentAtMs <= atMs)
}
