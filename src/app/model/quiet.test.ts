import { describe, expect, it } from 'vitest'
import { FAST_FORWARD_WALL_MS, nextStory, pace } from './quiet'
import { makeMessage } from './testing'

const msg = (id: number, sentAtMs: number, stage: 'heartbeat' | 'containers', deliverAtMs = sentAtMs + 3) =>
  makeMessage({ id, from: 'kubelet/worker-1', to: 'kube-apiserver', sentAtMs, deliverAtMs, stage })

describe('skipping quiet time', () => {
  // A container restart at 0 s, then only heartbeats until the next restart at 300 s.
  const trace = [
    msg(1, 0, 'containers'),
    msg(2, 10_000, 'heartbeat'),
    msg(3, 20_000, 'heartbeat'),
    msg(4, 300_000, 'containers'),
  ]

  it('the next message worth seeing skips routine ones', () => {
    expect(nextStory(trace, 1_000)?.id).toBe(4)
  })

  it('while a story message is on screen, the chosen speed holds', () => {
    expect(pace(trace, 1, 1, 5)).toEqual({ speed: 1, fastForward: false })
  })

  it('a long quiet gap is crossed fast, heartbeats notwithstanding', () => {
    const p = pace(trace, 10_001, 1, 5)
    expect(p.fastForward).toBe(true)
    // (300 000 − 10 001 − 300 × 1) / 400 ≈ 724 virtual ms per wall ms.
    expect(p.speed).toBeCloseTo((300_000 - 10_001 - 300) / FAST_FORWARD_WALL_MS, 6)
  })

  it('close to the next message it slows back to the chosen speed', () => {
    expect(pace(trace, 299_000, 1, 5)).toEqual({ speed: 1, fastForward: false })
  })

  it('a short gap at a slow speed is not skipped, a long one is', () => {
    const short = [msg(1, 0, 'containers'), msg(2, 1_000, 'containers')]
    // 990 ms to go: 990 wall ms at 1× (not worth it), 99 s at 0.01× (worth it).
    expect(pace(short, 10, 1, 5).fastForward).toBe(false)
    expect(pace(short, 10, 0.01, 5).fastForward).toBe(true)
  })

  it('with nothing known ahead, time passes at the chosen speed', () => {
    expect(pace(trace, 300_010, 2, 5)).toEqual({ speed: 2, fastForward: false })
  })
})
