/**
 * The per-zone queue of nodes waiting for their NoExecute taint, after
 * pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go: a UniqueQueue (a node is queued
 * once; after it was processed it stays in the set until `remove`, so it is not queued again)
 * drained by `tryEach` under a token bucket (flowcontrol.NewTokenBucketRateLimiter with
 * --node-eviction-rate, burst 1; QPS 0 never accepts).
 */
import type { Proc } from '../../kernel/kernel'

/** EvictionRateLimiterBurst */
export const EVICTION_RATE_LIMITER_BURST = 1

export interface TimedValue {
  readonly value: string
  /** Virtual ms at which it may be processed. */
  processAtMs: number
  readonly addedAtMs: number
}

/** golang.org/x/time/rate's token bucket, as flowcontrol wraps it: starts full. */
export class TokenBucket {
  private tokens: number
  private lastMs: number

  constructor(
    readonly qps: number,
    private readonly burst: number,
    nowMs: number,
  ) {
    this.tokens = burst
    this.lastMs = nowMs
  }

  /** TryAccept: take a token if one is there. */
  tryAccept(nowMs: number): boolean {
    if (this.qps <= 0) return false
    this.tokens = Math.min(this.burst, this.tokens + ((nowMs - this.lastMs) * this.qps) / 1000)
    this.lastMs = nowMs
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** When the next token will be there (virtual ms), or undefined for never. */
  nextTokenAtMs(nowMs: number): number | undefined {
    if (this.qps <= 0) return undefined
    const tokens = Math.min(this.burst, this.tokens + ((nowMs - this.lastMs) * this.qps) / 1000)
    return tokens >= 1 ? nowMs : nowMs + Math.ceil(((1 - tokens) * 1000) / this.qps)
  }
}

export class RateLimitedTimedQueue {
  private readonly queue: TimedValue[] = []
  private readonly set = new Set<string>()

  constructor(private limiter: TokenBucket) {}

  get qps(): number {
    return this.limiter.qps
  }

  get length(): number {
    return this.queue.length
  }

  head(): TimedValue | undefined {
    return this.queue[0]
  }

  /** Add: false when the value is already in the set (queued or processed and not removed). */
  add(value: string, nowMs: number): boolean {
    if (this.set.has(value)) return false
    this.set.add(value)
    this.push({ value, processAtMs: nowMs, addedAtMs: nowMs })
    return true
  }

  /** Remove from the queue and the set (so it may be added again). True when it was in the set. */
  remove(value: string): boolean {
    if (!this.set.delete(value)) return false
    const i = this.queue.findIndex((v) => v.value === value)
    if (i >= 0) this.queue.splice(i, 1)
    return true
  }

  /** SwapLimiter: a new bucket (full) when the rate changes. */
  swapLimiter(qps: number, nowMs: number): void {
    if (this.limiter.qps === qps) return
    this.limiter = new TokenBucket(qps, EVICTION_RATE_LIMITER_BURST, nowMs)
  }

  /** When the head may next be tried (virtual ms), or undefined when never / nothing queued. */
  nextTryAtMs(nowMs: number): number | undefined {
    const head = this.queue[0]
    if (!head) return undefined
    const token = this.limiter.nextTokenAtMs(nowMs)
    return token === undefined ? undefined : Math.max(token, head.processAtMs)
  }

  /**
   * Try: while a token is granted and the head is due, run `fn` on it; done → it leaves the queue
   * (and stays in the set); not done → it is retried after `retryMs`.
   */
  *tryEach(nowMs: () => number, fn: (v: TimedValue) => Proc<{ done: boolean; retryMs: number }>): Proc {
    for (let head = this.queue[0]; head; head = this.queue[0]) {
      const now = nowMs()
      if (!this.limiter.tryAccept(now)) break
      if (now < head.processAtMs) break
      const r = yield* fn(head)
      // The value may have been removed meanwhile.
      if (this.queue[0] !== head) continue
      this.queue.shift()
      if (!r.done) {
        head.processAtMs = nowMs() + r.retryMs + 1
        this.push(head)
      }
    }
  }

  private push(v: TimedValue): void {
    let i = this.queue.length
    while (i > 0 && (this.queue[i - 1] as TimedValue).processAtMs > v.processAtMs) i--
    this.queue.splice(i, 0, v)
  }
}
