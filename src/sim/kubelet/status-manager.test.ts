import { describe, expect, it } from 'vitest'
import { mergePodStatus, withTransitionTimes } from './status-manager'

describe('status manager helpers', () => {
  it('keeps lastTransitionTime of unchanged conditions and stamps the others', () => {
    const old = {
      conditions: [
        { type: 'Ready', status: 'False', lastTransitionTime: 't0' },
        { type: 'PodScheduled', status: 'True', lastTransitionTime: 't-bind' },
      ],
      startTime: 't0',
    }
    const next = withTransitionTimes(
      {
        conditions: [
          { type: 'Ready', status: 'True' },
          { type: 'PodScheduled', status: 'True' },
        ],
      },
      old,
      't1',
    )
    expect(next.conditions?.map((c) => [c.type, c.lastTransitionTime])).toEqual([
      ['Ready', 't1'],
      ['PodScheduled', 't-bind'],
    ])
    expect(next.startTime).toBe('t0')
  })

  it('sets startTime on the first status', () => {
    expect(withTransitionTimes({ phase: 'Pending' }, {}, 't1').startTime).toBe('t1')
  })

  it('merges: conditions the kubelet does not own stay first', () => {
    const merged = mergePodStatus(
      {
        conditions: [
          { type: 'example.com/gate', status: 'True' },
          { type: 'Ready', status: 'False' },
        ],
      },
      { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    )
    expect(merged.conditions?.map((c) => [c.type, c.status])).toEqual([
      ['example.com/gate', 'True'],
      ['Ready', 'True'],
    ])
  })
})
