import { describe, expect, it } from 'vitest'
import { makePod } from '../../testing/builders'
import { SchedulingGates } from './scheduling-gates'

describe('SchedulingGates', () => {
  const pl = new SchedulingGates()
  it('lets ungated pods in', () => {
    expect(pl.preEnqueue(makePod().obj())).toBeNull()
  })
  it('holds gated pods, naming the gates as Go prints a slice', () => {
    expect(pl.preEnqueue(makePod().schedulingGates('a.io/x', 'b.io/y').obj())).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ['waiting for scheduling gates: [a.io/x b.io/y]'],
      plugin: 'SchedulingGates',
    })
  })
  it('queues the pod when its gates are removed', () => {
    const gated = makePod().schedulingGates('a').obj()
    const hint = pl.eventsToRegister()[0]?.hint
    expect(hint?.(gated, gated, makePod().obj())).toBe('Queue')
    expect(hint?.(gated, gated, makePod().schedulingGates('b').obj())).toBe('QueueSkip')
  })
})
