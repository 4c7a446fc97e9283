/**
 * client-go's workqueue: a FIFO of keys that deduplicates (a key queued twice is processed once),
 * never hands the same key to two workers at once, and retries failures with per-item exponential
 * backoff (ItemExponentialFailureRateLimiter: 5ms doubling to 1000s).
 */
import { Fifo } from '../kernel/fifo'
import { type Kernel, type Proc, Signal, type Timer, wait } from '../kernel/kernel'

const BASE_DELAY_MS = 5
const MAX_DELAY_MS = 1000 * 1000

export class WorkQueue<K extends string = string> {
  private readonly queue = new Fifo<K>()
  private readonly dirty = new Set<K>()
  private readonly processing = new Set<K>()
  private readonly failures = new Map<K, number>()
  /** Keys waiting for an addAfter, with when they become ready (client-go's waitingForQueue). */
  private readonly waiting = new Map<K, { readonly atMs: number; readonly timer: Timer }>()
  private readonly ready = new Signal()

  constructor(private readonly kernel: Kernel) {}

  get length(): number {
    return this.queue.length
  }

  add(key: K): void {
    if (this.dirty.has(key)) return
    this.dirty.add(key)
    if (this.processing.has(key)) return
    this.queue.push(key)
    this.kernel.notify(this.ready)
  }

  /**
   * Add `key` after `delayMs`. A key already waiting keeps only its earliest time, as client-go's
   * delaying queue does (delaying_queue.go insert: "update the time only if it would cause the
   * item to be queued sooner").
   */
  addAfter(key: K, delayMs: number): void {
    if (delayMs <= 0) {
      this.add(key)
      return
    }
    const atMs = this.kernel.nowMs + delayMs
    const entry = this.waiting.get(key)
    if (entry) {
      if (entry.atMs <= atMs) return
      entry.timer.cancel()
    }
    const timer = this.kernel.at(atMs, () => {
      this.waiting.delete(key)
      this.add(key)
    })
    this.waiting.set(key, { atMs, timer })
  }

  addRateLimited(key: K): void {
    const n = this.failures.get(key) ?? 0
    this.failures.set(key, n + 1)
    this.addAfter(key, Math.min(BASE_DELAY_MS * 2 ** n, MAX_DELAY_MS))
  }

  forget(key: K): void {
    this.failures.delete(key)
  }

  /** Wait for the next key; the caller must call done(key) when finished with it. */
  *get(): Proc<K> {
    while (this.queue.length === 0) yield* wait(this.ready)
    const key = this.queue.shift() as K
    this.dirty.delete(key)
    this.processing.add(key)
    return key
  }

  done(key: K): void {
    this.processing.delete(key)
    if (this.dirty.has(key)) {
      this.queue.push(key)
      this.kernel.notify(this.ready)
    }
  }
}
