/**
 * Trace retention for large runs. A run that keeps every message grows without bound (a Pod is
 * ~40 messages with their payloads, ~20 KiB); with retention the kernel keeps the newest
 * `keepMessages` in full and folds older ones into a summary: how many there were, up to which id
 * and time, and how many of each stage. The simulation itself never reads old messages back, so a
 * run with retention computes exactly what a run without it does; only the record of it is shorter.
 */
import type { Message, Stage } from './trace'

export interface TraceRetention {
  /**
   * Messages kept in full. The kernel compacts when it holds twice as many, down to this many, so
   * the cost of compacting is spread over `keepMessages` sends.
   */
  readonly keepMessages: number
}

/** What the compacted part of the trace was. */
export interface CompactedTrace {
  /** Messages folded into this summary (ids 1 … throughId). */
  readonly messages: number
  readonly throughId: number
  /** When the last of them was sent: the detail before this time is gone. */
  readonly untilMs: number
  readonly byStage: Readonly<Partial<Record<Stage, number>>>
}

/** The summary of `previous` plus `messages` (the next ones by id). */
export function compactInto(
  previous: CompactedTrace | undefined,
  messages: readonly Message[],
): CompactedTrace {
  const byStage: Partial<Record<Stage, number>> = { ...previous?.byStage }
  // Indexed, not for-of: this runs once over 100,000 messages, too rarely to be optimized, and an
  // unoptimized for-of allocates a result object per element.
  for (let i = 0; i < messages.length; i++) {
    const stage = (messages[i] as Message).stage
    byStage[stage] = (byStage[stage] ?? 0) + 1
  }
  const last = messages[messages.length - 1]
  return {
    messages: (previous?.messages ?? 0) + messages.length,
    throughId: last?.id ?? previous?.throughId ?? 0,
    untilMs: last?.sentAtMs ?? previous?.untilMs ?? 0,
    byStage,
  }
}

/** Stage → a small integer, so a run with retention can keep every message's stage in a byte. */
export class StageLog {
  private codes = new Uint8Array(1 << 12)
  private readonly stages: Stage[] = []
  private readonly index = new Map<Stage, number>()

  set(id: number, stage: Stage): void {
    let code = this.index.get(stage)
    if (code === undefined) {
      code = this.stages.push(stage)
      this.index.set(stage, code)
    }
    if (id >= this.codes.length) {
      const grown = new Uint8Array(Math.max(this.codes.length * 2, id + 1))
      grown.set(this.codes)
      this.codes = grown
    }
    this.codes[id] = code
  }

  get(id: number): Stage | undefined {
    const code = this.codes[id] ?? 0
    return code === 0 ? undefined : this.stages[code - 1]
  }
}
