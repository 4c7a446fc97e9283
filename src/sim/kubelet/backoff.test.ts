import { describe, expect, it } from 'vitest'
import { Backoff } from './backoff'

describe('Backoff (flowcontrol.Backoff without jitter)', () => {
  it('starts at the initial delay and doubles up to the maximum', () => {
    const b = new Backoff(10_000, 300_000)
    const seen: number[] = []
    for (let i = 0; i < 8; i++) {
      b.next('k', i * 1000, i * 1000)
      seen.push(b.get('k'))
    }
    expect(seen).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000])
  })

  it('tells whether a key is in back-off since an event or since its last update', () => {
    const b = new Backoff(10_000, 300_000)
    expect(b.isInBackOffSince('k', 0, 0)).toBe(false)
    b.next('k', 1_000, 2_000)
    expect(b.isInBackOffSince('k', 1_000, 10_999)).toBe(true)
    expect(b.isInBackOffSince('k', 1_000, 11_000)).toBe(false)
    expect(b.isInBackOffSinceUpdate('k', 11_999)).toBe(true)
    expect(b.isInBackOffSinceUpdate('k', 12_000)).toBe(false)
  })

  it('resets after twice the maximum without failures', () => {
    const b = new Backoff(10_000, 300_000)
    b.next('k', 0, 0)
    b.next('k', 1, 1)
    expect(b.get('k')).toBe(20_000)
    b.next('k', 600_002, 600_002)
    expect(b.get('k')).toBe(10_000)
    b.gc(1_300_000)
    expect(b.get('k')).toBe(0)
  })
})
