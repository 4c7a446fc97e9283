/** Test helper: a worker's event loop with a fake wall clock, for driving WorkerHost in Node. */
import type { WirePost, WorkerProgress } from '../../protocol/messages'
import type { HostEnvironment } from '../host'

/**
 * Every clock read costs `costMs` (so computing "takes" wall time and slices end); deferred tasks
 * run in order, timers when due. Posts are kept (cloned, as postMessage would) with their time.
 */
export class FakeLoop implements HostEnvironment {
  nowMs = 0
  readonly posts: Array<{ atMs: number; event: WirePost }> = []
  private readonly tasks: Array<() => void> = []
  private readonly timers: Array<{ atMs: number; fn: () => void }> = []

  constructor(private readonly costMs = 0.5) {}

  post(event: WirePost): void {
    this.posts.push({ atMs: this.nowMs, event: structuredClone(event) })
  }
  now(): number {
    this.nowMs += this.costMs
    return this.nowMs
  }
  defer(fn: () => void): void {
    this.tasks.push(fn)
  }
  later(fn: () => void, ms: number): void {
    this.timers.push({ atMs: this.nowMs + ms, fn })
  }

  /** Run one task (or the next timer, moving the clock to it); false when nothing is left. */
  turn(): boolean {
    const task = this.tasks.shift()
    if (task) {
      task()
      return true
    }
    this.timers.sort((a, b) => a.atMs - b.atMs)
    const timer = this.timers.shift()
    if (!timer) return false
    this.nowMs = Math.max(this.nowMs, timer.atMs)
    timer.fn()
    return true
  }

  /** Run the deferred tasks only (no timer fires, the clock does not jump); how many ran. */
  runTasks(): number {
    let n = 0
    for (let task = this.tasks.shift(); task && n < 100_000; task = this.tasks.shift(), n++) task()
    return n
  }

  drain(): void {
    for (let i = 0; i < 100_000 && this.turn(); i++);
  }

  events(): WirePost[] {
    return this.posts.map((p) => p.event)
  }

  progress(): Array<{ atMs: number; event: WorkerProgress }> {
    return this.posts.filter((p): p is { atMs: number; event: WorkerProgress } => p.event.type === 'progress')
  }
}
