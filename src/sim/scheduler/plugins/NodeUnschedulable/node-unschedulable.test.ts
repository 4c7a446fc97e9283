import { describe, expect, it } from 'vitest'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { ERR_REASON_UNSCHEDULABLE, NodeUnschedulable } from './node-unschedulable'

describe('NodeUnschedulable', () => {
  const pl = new NodeUnschedulable()
  const cases = [
    { name: 'schedulable node', node: makeNode(), pod: makePod(), want: null },
    {
      name: 'cordoned node',
      node: makeNode().unschedulable(),
      pod: makePod(),
      want: ERR_REASON_UNSCHEDULABLE,
    },
    {
      name: 'cordoned node, pod tolerates the unschedulable taint',
      node: makeNode().unschedulable(),
      pod: makePod().toleration({
        key: 'node.kubernetes.io/unschedulable',
        operator: 'Exists',
        effect: 'NoSchedule',
      }),
      want: null,
    },
  ]
  it.each(cases)('$name', ({ node, pod, want }) => {
    const s = pl.filter(newState(), pod.obj(), nodeInfo(node.obj()))
    if (want === null) expect(s).toBeNull()
    else
      expect(s).toMatchObject({
        code: 'UnschedulableAndUnresolvable',
        reasons: [want],
        plugin: 'NodeUnschedulable',
      })
  })

  it('queues a rejected pod when a node is uncordoned, not on other taint changes', () => {
    const hint = pl.eventsToRegister()[0]?.hint
    const pod = makePod().obj()
    expect(hint?.(pod, makeNode().unschedulable().obj(), makeNode().obj())).toBe('Queue')
    expect(hint?.(pod, undefined, makeNode().obj())).toBe('Queue')
    expect(hint?.(pod, makeNode().obj(), makeNode().taint('a', 'b', 'NoSchedule').obj())).toBe('QueueSkip')
  })
})
