/**
 * Tells whether the simulation worker still answers. The worker computes in short slices and
 * answers a `ping` between two of them, so a worker that leaves a ping unanswered for
 * `hangAfterMs` is stuck in one slice: hung (an endless loop in the simulation, say). The bridge
 * then replaces it (bridge.ts recoverWorker).
 *
 * A hidden tab does not count: its main thread runs timers late and acknowledges posts slowly, so
 * a late answer there says nothing about the worker. The wait starts over once the tab is seen.
 */
export interface WatchdogOptions {
  /** How often to ping (and check). */
  readonly intervalMs: number
  /** A ping unanswered this long means the worker is hung. */
  readonly hangAfterMs: number
  readonly ping: () => void
  /** Called once; the watchdog stops itself first. */
  readonly onHang: (silentMs: number) => void
  readonly clock?: WatchdogClock
}

export interface WatchdogClock {
  now(): number
  every(fn: () => void, ms: number): () => void
  hidden(): boolean
}

const browserClock: WatchdogClock = {
  now: () => performance.now(),
  every: (fn, ms) => {
    const id = setInterval(fn, ms)
    return () => clearInterval(id)
  },
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
}

export class Watchdog {
  private readonly clock: WatchdogClock
  private stopTicking: (() => void) | undefined
  /** When the unanswered ping went out (undefined: none is waiting). */
  private pingedAtMs: number | undefined
  private stopped = false

  constructor(private readonly options: WatchdogOptions) {
    this.clock = options.clock ?? browserClock
  }

  /**
   * The worker posted something: it is alive (any post answers the ping out). The first post
   * starts the pings: before it, the worker's script may still be loading, which on a busy machine
   * takes longer than any slice (a script that fails to load is an `error` event, not a hang).
   */
  alive(): void {
    this.pingedAtMs = undefined
    if (this.stopTicking || this.stopped) return
    this.stopTicking = this.clock.every(() => this.tick(), this.options.intervalMs)
  }

  /** For good: a stopped watchdog stays stopped (the bridge makes a new one for a new worker). */
  stop(): void {
    this.stopped = true
    this.stopTicking?.()
    this.stopTicking = undefined
    this.pingedAtMs = undefined
  }

  private tick(): void {
    const now = this.clock.now()
    if (this.pingedAtMs === undefined) {
      this.pingedAtMs = now
      this.options.ping()
      return
    }
    if (this.clock.hidden()) {
      this.pingedAtMs = now
      return
    }
    const silentMs = now - this.pingedAtMs
    if (silentMs < this.options.hangAfterMs) return
    this.stop()
    this.options.onHang(silentMs)
  }
}
