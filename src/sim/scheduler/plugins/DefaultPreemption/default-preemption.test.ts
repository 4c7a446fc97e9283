import { describe, expect, it } from 'vitest'
import { NodeToStatus } from '../../framework/node-to-status'
import { newStatus } from '../../framework/status'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { DefaultPreemption } from './default-preemption'

describe('DefaultPreemption (no victims yet)', () => {
  const nodes = ['a', 'b', 'c'].map((n) => nodeInfo(makeNode(n).obj()))
  const handle = { snapshot: { list: () => nodes, get: (n: string) => nodes.find((x) => x.name === n) } }
  const statuses = new NodeToStatus()
  statuses.set('a', newStatus('UnschedulableAndUnresolvable', ['node(s) had untolerated taint {x: }']))
  statuses.set('b', newStatus('Unschedulable', ['Insufficient cpu']))
  statuses.set('c', newStatus('Unschedulable', ['Insufficient cpu']))

  it('says which nodes preemption cannot help and which have no victims', () => {
    const out = new DefaultPreemption(handle).postFilter(newState(), makePod().obj(), statuses)
    expect(out.status).toEqual({
      code: 'Unschedulable',
      reasons: [
        'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
      ],
      plugin: 'DefaultPreemption',
    })
  })

  it('preemptionPolicy Never is not eligible', () => {
    const out = new DefaultPreemption(handle).postFilter(
      newState(),
      makePod().preemptionPolicy('Never').obj(),
      statuses,
    )
    expect(out.status?.reasons).toEqual(['preemption: not eligible due to preemptionPolicy=Never.'])
  })
})
