import { describe, expect, it } from 'vitest'
import { Rng } from '../../kernel/rng'
import { selectHost } from './select-host'

describe('selectHost', () => {
  it('picks the single maximum without drawing', () => {
    const rng = new Rng(7)
    const before = new Rng(7).nextUint32()
    const s = selectHost([10, 30, 20], rng)
    expect(s).toEqual({ index: 1, maxScore: 30, ties: [1] })
    expect(rng.nextUint32()).toBe(before) // the RNG was not used
  })

  it('breaks ties with the seeded RNG, reproducibly', () => {
    const totals = [50, 80, 80, 10, 80]
    const a = selectHost(totals, new Rng(42))
    const b = selectHost(totals, new Rng(42))
    expect(a).toEqual(b)
    expect(a.ties).toEqual([1, 2, 4])
    expect([1, 2, 4]).toContain(a.index)
  })

  it('is uniform among ties (reservoir sampling)', () => {
    const rng = new Rng(3)
    const counts = [0, 0, 0, 0]
    for (let i = 0; i < 40_000; i++) {
      const k = selectHost([5, 5, 5, 5], rng).index
      counts[k] = (counts[k] as number) + 1
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500)
  })

  it('uses one draw per tie after the first', () => {
    const rng = new Rng(9)
    selectHost([1, 1, 1], rng)
    const reference = new Rng(9)
    reference.intn(2)
    reference.intn(3)
    expect(rng.nextUint32()).toBe(reference.nextUint32())
  })
})
