/**
 * Reading the trace at a cursor time. Messages are appended in id order, which is also the
 * order of sentAtMs (a message is recorded when sent and virtual time never goes back), so
 * "everything sent by t" is a prefix found by binary search.
 */
import type { MessageView } from '../../protocol/messages'
import { firstSentAfter, longOnes } from './long-flights'
import { partitionPoint } from './sorted'

/** Index of the first message sent after `atMs` (so [0, index) were sent at or before it). */
export const sentBy: (messages: readonly MessageView[], atMs: number) => number = firstSentAfter

/** A flight this long or shorter is found by scanning the messages sent within it. */
export const SHORT_FLIGHT_MS = 100

const longFlight = (m: MessageView): boolean =>
  m.kind !== 'step' && m.deliverAtMs - m.sentAtMs > SHORT_FLIGHT_MS

/**
 * Messages on the wire at `atMs`: sent at or before it and delivered after it. `maxFlightMs` bounds
 * how far back to look (the longest flight so far); the few longer than SHORT_FLIGHT_MS are kept
 * apart (long-flights.ts), so the scan covers only the last SHORT_FLIGHT_MS of messages.
 */
export function inFlight(messages: readonly MessageView[], atMs: number, maxFlightMs: number): MessageView[] {
  const end = sentBy(messages, atMs)
  const out: MessageView[] = []
  const onWire = (m: MessageView) =>
    // A dropped message leaves the wire where it was lost.
    m.kind !== 'step' && m.deliverAtMs > atMs && (m.lostAtMs === undefined || m.lostAtMs > atMs)
  let start = sentBy(messages, atMs - maxFlightMs - 1)
  if (maxFlightMs > SHORT_FLIGHT_MS) {
    // The long flights sent before the short window, then the window itself (both in id order).
    const long = longOnes(messages, longFlight)
    const windowStartMs = atMs - SHORT_FLIGHT_MS - 1
    for (let i = firstSentAfter(long, atMs - maxFlightMs - 1); i < long.length; i++) {
      const m = long[i] as MessageView
      if (m.sentAtMs > windowStartMs) break
      if (onWire(m)) out.push(m)
    }
    start = sentBy(messages, windowStartMs)
  }
  for (let i = start; i < end; i++) {
    const m = messages[i] as MessageView
    if (onWire(m)) out.push(m)
  }
  return out
}

/** Progress of a message along its edge at `atMs`, in [0, 1]. */
export function progress(m: MessageView, atMs: number): number {
  const span = m.deliverAtMs - m.sentAtMs
  if (span <= 0) return 1
  return Math.min(1, Math.max(0, (atMs - m.sentAtMs) / span))
}

/** The last message sent at or before `atMs`, or undefined. */
export function lastSent(messages: readonly MessageView[], atMs: number): MessageView | undefined {
  const i = sentBy(messages, atMs)
  return i > 0 ? messages[i - 1] : undefined
}

/** The first message sent after `atMs`, or undefined. */
export function nextSent(messages: readonly MessageView[], atMs: number): MessageView | undefined {
  return messages[sentBy(messages, atMs)]
}

/** Index of the first message whose id is `id` or more (ids increase, not necessarily densely). */
export function firstIdAtLeast(messages: readonly MessageView[], id: number): number {
  return partitionPoint(messages.length, (i) => (messages[i] as MessageView).id < id)
}

/**
 * The message with id `id`. Ids are dense from 1 unless the trace was compacted or cut, so it is
 * usually at index id − 1; otherwise a binary search finds it.
 */
export function messageById(messages: readonly MessageView[], id: number): MessageView | undefined {
  const direct = messages[id - 1]
  if (direct?.id === id) return direct
  const m = messages[firstIdAtLeast(messages, id)]
  return m?.id === id ? m : undefined
}

/** The longest time any of `messages` from index `from` on was on the wire (0 for none). */
export function longestFlightMs(messages: readonly MessageView[], from = 0): number {
  let max = 0
  for (let i = from; i < messages.length; i++) {
    const m = messages[i] as MessageView
    if (m.deliverAtMs - m.sentAtMs > max) max = m.deliverAtMs - m.sentAtMs
  }
  return max
}
