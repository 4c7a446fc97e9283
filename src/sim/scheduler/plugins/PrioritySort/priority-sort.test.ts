import { describe, expect, it } from 'vitest'
import { makePod } from '../../testing/builders'
import { PrioritySort } from './priority-sort'

describe('PrioritySort', () => {
  const pl = new PrioritySort()
  it.each([
    { name: 'higher priority first', a: { p: 10, t: 5 }, b: { p: 0, t: 1 }, want: true },
    { name: 'lower priority later', a: { p: 0, t: 1 }, b: { p: 10, t: 5 }, want: false },
    { name: 'equal priority: earlier first', a: { p: 0, t: 1 }, b: { p: 0, t: 2 }, want: true },
    { name: 'equal priority and time: not less', a: { p: 0, t: 1 }, b: { p: 0, t: 1 }, want: false },
  ])('$name', ({ a, b, want }) => {
    const qa = { pod: makePod('a').priority(a.p).obj(), timestamp: a.t }
    const qb = { pod: makePod('b').priority(b.p).obj(), timestamp: b.t }
    expect(pl.less(qa, qb)).toBe(want)
  })
})
