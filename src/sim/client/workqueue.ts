/**
 * client-go's workqueue: a FIFO of keys that deduplicates (a key queued twice is processed once),
 * never hands the same key to two workers at once, and retries failures with per-item exponential
 * backoff (ItemExponentialFailureRateLimiter: 5ms doubling to 1000s).
 */
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'

const BASE_DELAY_MS = 5
const MAX_DELAY_MS = 1000 * 1000

export class WorkQueue<K extends string = string> {
  private readonly queue: K[] = []
  private readonly dirty = new Set<K>()
  private readonly processing = new Set<K>()
  private readonly failures = new Map<K, number>()
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

  addAfter(key: K, delayMs: number): void {
    if (delayMs <= 0) this.add(key)
    else this.kernel.after(delayMs, () => this.add(key))
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
