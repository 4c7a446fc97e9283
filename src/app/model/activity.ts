/**
 * What is happening inside components at a cursor time. A step (work inside one component, from
 * === to) often takes 0 ms of virtual time, so to be seen at all it stays visible for a minimum
 * span after it starts.
 */
import type { MessageView } from '../../protocol/messages'
import { firstSentAfter, longOnes } from './long-flights'
import { sentBy } from './trace-index'

/** How long a step stays visible at least, in virtual ms. */
export const STEP_MIN_VISIBLE_MS = 300

/** When a step stops being shown. */
export function stepEndMs(m: MessageView, minVisibleMs = STEP_MIN_VISIBLE_MS): number {
  return Math.max(m.deliverAtMs, m.sentAtMs + minVisibleMs)
}

const longStep = (m: MessageView): boolean =>
  m.kind === 'step' && m.deliverAtMs - m.sentAtMs > STEP_MIN_VISIBLE_MS

/**
 * Steps shown at `atMs`: started at or before it and not yet past stepEndMs, in id order.
 * `maxFlightMs` (the longest span in the trace) bounds how far back to look; the few steps longer
 * than STEP_MIN_VISIBLE_MS are kept apart (long-flights.ts), so the scan covers only the last
 * STEP_MIN_VISIBLE_MS of messages.
 */
export function activeSteps(
  messages: readonly MessageView[],
  atMs: number,
  maxFlightMs: number,
  minVisibleMs = STEP_MIN_VISIBLE_MS,
): MessageView[] {
  const end = sentBy(messages, atMs)
  const out: MessageView[] = []
  const shown = (m: MessageView) => m.kind === 'step' && stepEndMs(m, minVisibleMs) > atMs
  let start = sentBy(messages, atMs - Math.max(maxFlightMs, minVisibleMs) - 1)
  if (minVisibleMs === STEP_MIN_VISIBLE_MS && maxFlightMs > minVisibleMs) {
    const long = longOnes(messages, longStep)
    const windowStartMs = atMs - minVisibleMs - 1
    for (let i = firstSentAfter(long, atMs - maxFlightMs - 1); i < long.length; i++) {
      const m = long[i] as MessageView
      if (m.sentAtMs > windowStartMs) break
      if (shown(m)) out.push(m)
    }
    start = sentBy(messages, windowStartMs)
  }
  for (let i = start; i < end; i++) {
    const m = messages[i] as MessageView
    if (shown(m)) out.push(m)
  }
  return out
}

/** The newest active step of each component (the one whose caption is shown). */
export function latestStepByComponent(steps: readonly MessageView[]): Map<string, MessageView> {
  const out = new Map<string, MessageView>()
  for (const s of steps) out.set(s.from, s)
  return out
}
