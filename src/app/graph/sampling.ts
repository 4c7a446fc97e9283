/**
 * Message sampling: a large cluster can have thousands of messages in flight at one instant
 * (watch events fanned out, status patches from a thousand kubelets). Drawn all at once they are
 * an unreadable heap and a slow frame, so beyond MAX_DRAWN_MESSAGES the graph draws a
 * deterministic sample — the messages whose id is a multiple of a step k — and says so on screen
 * ("showing 1 in 8 messages"). Only the drawing samples: the trace, playback and stepping see
 * every message.
 *
 * k is a power of two, so the samples are nested (every message drawn at 1 in 8 is also drawn at
 * 1 in 4) and a message keeps its pill for its whole flight while k stays; k halves only when the
 * count falls well below the limit again (hysteresis), so it does not flicker at the edge.
 */

/** Pills drawn at most (about); more messages in flight are sampled. */
export const MAX_DRAWN_MESSAGES = 200
/** k goes back down only when the halved step would draw at most this share of the limit. */
const HYSTERESIS = 0.75

/** The sampling step for `count` messages in flight, given the step used last (1: none). */
export function samplingStep(count: number, previous = 1, max = MAX_DRAWN_MESSAGES): number {
  let k = Number.isInteger(Math.log2(previous)) && previous >= 1 ? previous : 1
  while (count / k > max) k *= 2
  while (k > 1 && count / (k / 2) <= max * HYSTERESIS) k /= 2
  return k
}

export interface Sample<T> {
  /** The messages to draw, in their original order. */
  readonly shown: readonly T[]
  /** 1 in `step` is drawn (1: all of them). */
  readonly step: number
  /** How many were in flight. */
  readonly total: number
}

/**
 * Every message whose id is a multiple of the step, and the one `keepId` names (the selected
 * message is always drawn).
 */
export function sampleMessages<T extends { readonly id: number }>(
  messages: readonly T[],
  keepId?: number,
  previousStep = 1,
  max = MAX_DRAWN_MESSAGES,
): Sample<T> {
  const step = samplingStep(messages.length, previousStep, max)
  if (step === 1) return { shown: messages, step, total: messages.length }
  const shown = messages.filter((m) => m.id % step === 0 || m.id === keepId)
  return { shown, step, total: messages.length }
}
