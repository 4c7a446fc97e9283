/**
 * When a run's activity last happened: the latest send or delivery of a message that is not
 * routine upkeep (heartbeats go on forever; playback does not wait for them). A run's `idleAtMs`
 * is this once its kernel is idle.
 */
import type { Kernel } from '../sim/kernel/kernel'
import { type Message, ROUTINE_STAGES } from '../sim/kernel/trace'

export interface Activity {
  /** Messages (by id: 1 … scanned) looked at so far. */
  scanned: number
  lastActivityMs: number
}

export const noActivity = (): Activity => ({ scanned: 0, lastActivityMs: 0 })

/**
 * Look at the messages `kernel` recorded since `activity` last did. A spare does this as it
 * replays (spares.ts), so that a fork taking it does not scan a whole trace while the user waits.
 */
export function scanActivity(kernel: Kernel, activity: Activity): void {
  const trace = kernel.trace
  let last = activity.lastActivityMs
  for (let i = Math.max(activity.scanned + 1 - kernel.firstRetainedId, 0); i < trace.length; i++) {
    const m = trace[i] as Message
    if (!ROUTINE_STAGES.has(m.stage)) last = Math.max(last, m.sentAtMs, m.deliverAtMs)
  }
  activity.lastActivityMs = last
  activity.scanned = kernel.messageCount
}
