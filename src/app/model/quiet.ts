/**
 * Skipping quiet time. A CrashLoopBackOff waits minutes between restarts and an eviction waits
 * 300 s; at a readable speed nothing happens for a long time. While playing, when nothing but
 * routine upkeep (heartbeats) is in flight and the next message worth seeing is far off, playback
 * speeds up so that the gap passes in well under a second of wall time, then slows back to the
 * chosen speed just before that message. The clock and every message keep their real times; only
 * how fast the cursor crosses the empty stretch changes.
 */
import { type MessageView, ROUTINE_STAGES } from '../../protocol/messages'
import { stepEndMs } from './activity'
import { sentBy } from './trace-index'

/** A gap longer than this much wall time at the chosen speed is worth skipping. */
export const QUIET_MIN_WALL_MS = 1_500
/** How long (wall) the cursor takes to cross most of a quiet gap. */
export const FAST_FORWARD_WALL_MS = 400
/** How much wall time at the chosen speed is left before the next message when slowing down. */
export const APPROACH_WALL_MS = 300

const isRoutine = (m: MessageView): boolean => ROUTINE_STAGES.has(m.stage)

/** Is a non-routine message (or step) on screen at `atMs`? */
export function storyOnScreen(messages: readonly MessageView[], atMs: number, maxFlightMs: number): boolean {
  const end = sentBy(messages, atMs)
  const start = sentBy(messages, atMs - Math.max(maxFlightMs, 300) - 1)
  // Newest first: in a busy stretch, one of the last messages is the answer.
  for (let i = end - 1; i >= start; i--) {
    const m = messages[i] as MessageView
    const shownUntil = m.kind === 'step' ? stepEndMs(m) : m.deliverAtMs
    if (!isRoutine(m) && shownUntil > atMs) return true
  }
  return false
}

/** The first non-routine message sent after `atMs`. */
export function nextStory(messages: readonly MessageView[], atMs: number): MessageView | undefined {
  for (let i = sentBy(messages, atMs); i < messages.length; i++) {
    const m = messages[i] as MessageView
    if (!isRoutine(m)) return m
  }
  return undefined
}

export interface Pace {
  /** Virtual ms per wall ms to move at now. */
  readonly speed: number
  /** True while crossing a quiet stretch faster than the chosen speed. */
  readonly fastForward: boolean
}

/**
 * How fast to move the cursor at `atMs`. Fast-forwards only toward a known next message:
 * otherwise (nothing computed yet, or nothing will happen) time passes at the chosen speed.
 */
export function pace(
  messages: readonly MessageView[],
  atMs: number,
  speed: number,
  maxFlightMs: number,
): Pace {
  const normal = { speed, fastForward: false }
  if (storyOnScreen(messages, atMs, maxFlightMs)) return normal
  const next = nextStory(messages, atMs)
  if (!next) return normal
  const gapMs = next.sentAtMs - atMs
  if (gapMs <= QUIET_MIN_WALL_MS * speed) return normal
  // Cross all but the approach in FAST_FORWARD_WALL_MS; recomputed every frame, so it eases out.
  const fast = (gapMs - APPROACH_WALL_MS * speed) / FAST_FORWARD_WALL_MS
  return fast > speed ? { speed: fast, fastForward: true } : normal
}
