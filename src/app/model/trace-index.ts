/**
 * Reading the trace at a cursor time. Messages are appended in id order, which is also the
 * order of sentAtMs (a message is recorded when sent and virtual time never goes back), so
 * "everything sent by t" is a prefix found by binary search.
 */
import type { MessageView } from '../../protocol/messages'

/** Index of the first message sent after `atMs` (so [0, index) were sent at or before it). */
export function sentBy(messages: readonly MessageView[], atMs: number): number {
  let lo = 0
  let hi = messages.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((messages[mid] as MessageView).sentAtMs <= atMs) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Messages on the wire at `atMs`: sent at or before it and delivered after it. `maxFlightMs` bounds
 * how far back to look (the longest flight so far), so the scan stays short.
 */
export function inFlight(messages: readonly MessageView[], atMs: number, maxFlightMs: number): MessageView[] {
  const end = sentBy(messages, atMs)
  const start = sentBy(messages, atMs - maxFlightMs - 1)
  const out: MessageView[] = []
  for (let i = start; i < end; i++) {
    const m = messages[i] as MessageView
    // A dropped message leaves the wire where it was lost.
    if (m.kind !== 'step' && m.deliverAtMs > atMs && (m.lostAtMs === undefined || m.lostAtMs > atMs))
      out.push(m)
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
