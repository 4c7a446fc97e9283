import { describe, expect, it } from 'vitest'
import type { Proc } from '../../kernel/kernel'
import { RateLimitedTimedQueue, TokenBucket } from './rate-limited-queue'

/** Drain synchronously: the callbacks here never yield. */
function drain(q: RateLimitedTimedQueue, nowMs: number, fn: (v: string) => boolean): string[] {
  const seen: string[] = []
  const gen = q.tryEach(
    () => nowMs,
    function* (v): Proc<{ done: boolean; retryMs: number }> {
      seen.push(v.value)
      return { done: fn(v.value), retryMs: 50 }
    },
  )
  for (let r = gen.next(); !r.done; r = gen.next()) {
    // no effects
  }
  return seen
}

describe('TokenBucket', () => {
  it('starts full (burst 1) and refills at qps', () => {
    const b = new TokenBucket(0.1, 1, 0)
    expect(b.tryAccept(0)).toBe(true)
    expect(b.tryAccept(5_000)).toBe(false)
    expect(b.nextTokenAtMs(5_000)).toBe(10_000)
    expect(b.tryAccept(10_000)).toBe(true)
  })

  it('never accepts at 0 qps', () => {
    const b = new TokenBucket(0, 1, 0)
    expect(b.tryAccept(0)).toBe(false)
    expect(b.nextTokenAtMs(0)).toBeUndefined()
  })
})

describe('RateLimitedTimedQueue', () => {
  it('queues a value once until it is removed', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(100, 1, 0))
    expect(q.add('a', 0)).toBe(true)
    expect(q.add('a', 0)).toBe(false)
    expect(drain(q, 0, () => true)).toEqual(['a'])
    // Processed: still in the set, not queued again.
    expect(q.add('a', 10)).toBe(false)
    expect(q.remove('a')).toBe(true)
    expect(q.add('a', 10)).toBe(true)
  })

  it('processes one value per token', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(0.1, 1, 0))
    q.add('a', 0)
    q.add('b', 0)
    expect(drain(q, 0, () => true)).toEqual(['a'])
    expect(q.nextTryAtMs(100)).toBe(10_000)
    expect(drain(q, 10_000, () => true)).toEqual(['b'])
  })

  it('retries a value that was not done after its retry delay', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(1000, 1, 0))
    q.add('a', 0)
    expect(drain(q, 0, () => false)).toEqual(['a'])
    expect(q.head()?.processAtMs).toBe(51)
    expect(drain(q, 20, () => true)).toEqual([])
    expect(drain(q, 60, () => true)).toEqual(['a'])
  })

  it('swapping to a new rate gives a fresh bucket', () => {
    const q = new RateLimitedTimedQueue(new TokenBucket(0, 1, 0))
    q.add('a', 0)
    expect(q.nextTryAtMs(0)).toBeUndefined()
    q.swapLimiter(0.1, 5)
    expect(q.nextTryAtMs(5)).toBe(5)
  })
})
