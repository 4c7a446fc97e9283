import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { ActionType, matchClusterEvents } from '../../framework/events'
import type { QueueingHintFn } from '../../framework/interfaces'
import { makeNode, makePod } from '../../testing/builders'
import { plugin, spread, withConstraints, ZONE } from './testing/spread'

const pl = plugin([])
const events = pl.eventsToRegister()
const podHint = events[0]?.hint as QueueingHintFn
const nodeHint = events[1]?.hint as QueueingHintFn

// The rejected pod: spread over zones for app=web.
const rejected = withConstraints(
  makePod('new').labels({ app: 'web' }).obj(),
  spread(ZONE, 1, 'DoNotSchedule'),
)
const rejectedHonoringTaints = withConstraints(
  makePod('new').labels({ app: 'web' }).obj(),
  spread(ZONE, 1, 'DoNotSchedule', { nodeTaintsPolicy: 'Honor' }),
)
const bound = (name: string, labels: Record<string, string>, ns = 'default') =>
  makePod(name).namespace(ns).labels(labels).nodeName('n1').obj()

describe('PodTopologySpread events', () => {
  it('registers Pod add/label/toleration/delete and Node add/delete/label/taint', () => {
    expect(events.map((e) => e.event)).toEqual([
      {
        resource: 'Pod',
        actionType:
          ActionType.Add | ActionType.UpdatePodLabel | ActionType.UpdatePodToleration | ActionType.Delete,
      },
      {
        resource: 'Node',
        actionType:
          ActionType.Add | ActionType.Delete | ActionType.UpdateNodeLabel | ActionType.UpdateNodeTaint,
      },
    ])
    const assignedPodDelete = { resource: 'AssignedPod' as const, actionType: ActionType.Delete }
    expect(matchClusterEvents(events[0]?.event as never, assignedPodDelete)).toBe(true)
  })
})

describe('PodTopologySpread pod hint', () => {
  const cases: { name: string; pod?: Pod; before?: Pod; after?: Pod; want: string }[] = [
    { name: 'a matching pod is bound', after: bound('x', { app: 'web' }), want: 'Queue' },
    {
      name: 'a pod the selector does not match is bound',
      after: bound('x', { app: 'db' }),
      want: 'QueueSkip',
    },
    { name: 'an unbound pod is added', after: makePod('x').labels({ app: 'web' }).obj(), want: 'QueueSkip' },
    { name: 'a pod of another namespace', after: bound('x', { app: 'web' }, 'other'), want: 'QueueSkip' },
    { name: 'a matching bound pod is deleted', before: bound('x', { app: 'web' }), want: 'Queue' },
    { name: 'an unrelated bound pod is deleted', before: bound('x', { app: 'db' }), want: 'QueueSkip' },
    {
      name: 'a bound pod starts matching',
      before: bound('x', { app: 'db' }),
      after: bound('x', { app: 'web' }),
      want: 'Queue',
    },
    {
      name: 'a bound pod changes an unrelated label',
      before: bound('x', { app: 'web', v: '1' }),
      after: bound('x', { app: 'web', v: '2' }),
      want: 'QueueSkip',
    },
    {
      name: 'the pod gets a toleration, no constraint honors taints',
      before: rejected,
      after: makePod('new').labels({ app: 'web' }).toleration({ operator: 'Exists' }).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'the pod gets a toleration and a constraint honors taints',
      pod: rejectedHonoringTaints,
      before: rejectedHonoringTaints,
      after: {
        ...rejectedHonoringTaints,
        spec: { ...rejectedHonoringTaints.spec, containers: [], tolerations: [{ operator: 'Exists' }] },
      },
      want: 'Queue',
    },
  ]
  it.each(cases)('$name: $want', ({ pod, before, after, want }) => {
    expect(podHint(pod ?? rejected, before, after)).toBe(want)
  })
})

describe('PodTopologySpread node hint', () => {
  const zoned = (zone: string) => makeNode('n1').zone(zone)
  const cases: { name: string; before?: Node; after?: Node; want: string }[] = [
    { name: 'a node with the zone label is added', after: zoned('a').obj(), want: 'Queue' },
    { name: 'a node without it is added', after: makeNode('n1').obj(), want: 'QueueSkip' },
    { name: 'a zoned node is deleted', before: zoned('a').obj(), want: 'Queue' },
    {
      name: 'a node gains the zone label',
      before: makeNode('n1').obj(),
      after: zoned('a').obj(),
      want: 'Queue',
    },
    { name: 'the zone value changes', before: zoned('a').obj(), after: zoned('b').obj(), want: 'Queue' },
    {
      name: 'an unrelated label changes',
      before: zoned('a').obj(),
      after: zoned('a').labels({ disk: 'ssd' }).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'a zoned node’s taints change',
      before: zoned('a').obj(),
      after: zoned('a').taint('k', 'v', 'NoSchedule').obj(),
      want: 'Queue',
    },
    {
      name: 'taints change on a node without the key',
      before: makeNode('n1').obj(),
      after: makeNode('n1').taint('k', 'v', 'NoSchedule').obj(),
      want: 'QueueSkip',
    },
  ]
  it.each(cases)('$name: $want', ({ before, after, want }) => {
    expect(nodeHint(rejected, before, after)).toBe(want)
  })
})
