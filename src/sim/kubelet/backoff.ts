/**
 * client-go's flowcontrol.Backoff as the kubelet configures it (no jitter): per-key exponential
 * delays that start at `initialMs`, double up to `maxMs`, and reset once a key has been quiet for
 * twice the maximum. The kubelet keeps one for image pulls (key `<podUID>_<image>`) and one for
 * container restarts (CrashLoopBackOff), both 10 s doubling to 300 s (pkg/kubelet/kubelet.go).
 *
 * Times are passed in explicitly (virtual milliseconds), so this stays a pure data structure.
 */

interface Entry {
  backoffMs: number
  lastUpdateMs: number
}

export const BACKOFF_INITIAL_MS = 10_000
export const MAX_IMAGE_BACKOFF_MS = 300_000
export const MAX_CONTAINER_BACKOFF_MS = 300_000

export class Backoff {
  private readonly entries = new Map<string, Entry>()

  constructor(
    readonly initialMs: number,
    readonly maxMs: number,
  ) {}

  /** The current delay for `id` (0 when there is none). */
  get(id: string): number {
    return this.entries.get(id)?.backoffMs ?? 0
  }

  private hasExpired(eventTimeMs: number, lastUpdateMs: number): boolean {
    return eventTimeMs - lastUpdateMs > this.maxMs * 2
  }

  /** Record a failure at `eventTimeMs`: start at the initial delay, or double it. */
  next(id: string, eventTimeMs: number, nowMs: number): void {
    const entry = this.entries.get(id)
    if (!entry || this.hasExpired(eventTimeMs, entry.lastUpdateMs)) {
      this.entries.set(id, { backoffMs: this.initialMs, lastUpdateMs: nowMs })
      return
    }
    entry.backoffMs = Math.min(entry.backoffMs * 2, this.maxMs)
    entry.lastUpdateMs = nowMs
  }

  /** True while less than the current delay has passed since `eventTimeMs` (a container's exit). */
  isInBackOffSince(id: string, eventTimeMs: number, nowMs: number): boolean {
    const entry = this.entries.get(id)
    if (!entry || this.hasExpired(eventTimeMs, entry.lastUpdateMs)) return false
    return nowMs - eventTimeMs < entry.backoffMs
  }

  /** True while less than the current delay has passed since the last failure was recorded. */
  isInBackOffSinceUpdate(id: string, nowMs: number): boolean {
    const entry = this.entries.get(id)
    if (!entry || this.hasExpired(nowMs, entry.lastUpdateMs)) return false
    return nowMs - entry.lastUpdateMs < entry.backoffMs
  }

  /** Forget keys that have been quiet for longer than twice the maximum delay. */
  gc(nowMs: number): void {
    for (const [id, entry] of this.entries)
      if (this.hasExpired(nowMs, entry.lastUpdateMs)) this.entries.delete(id)
  }
}
