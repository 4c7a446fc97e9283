import { describe, expect, it } from 'vitest'
import { QueuedPodInfo } from '../../queue/queued-pod-info'
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
    const qa = new QueuedPodInfo(makePod('a').priority(a.p).obj(), a.t)
    const qb = new QueuedPodInfo(makePod('b').priority(b.p).obj(), b.t)
    expect(pl.less(qa, qb)).toBe(want)
  })

  it('compares the priority of the pod the queue holds now, after an update replaced it', () => {
    const qa = new QueuedPodInfo(makePod('a').priority(0).obj(), 1)
    const qb = new QueuedPodInfo(makePod('b').priority(5).obj(), 2)
    expect(pl.less(qa, qb)).toBe(false)
    qa.pod = makePod('a').priority(10).obj()
    expect(qa.priority).toBe(10)
    expect(pl.less(qa, qb)).toBe(true)
  })
})
