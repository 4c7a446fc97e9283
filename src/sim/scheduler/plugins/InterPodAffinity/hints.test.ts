import { describe, expect, it } from 'vitest'
import { ActionType } from '../../framework/events'
import { makeNode, makePod } from '../../testing/builders'
import { isSchedulableAfterNodeChange, isSchedulableAfterPodChange } from './hints'
import { HOSTNAME, on, setup, term, withPodAffinity, ZONE } from './testing/pod-affinity'

/** The rejected pod: wants a db pod in its zone, and no web pod on its host. */
const rejected = withPodAffinity(makePod('web-new').labels({ app: 'web' }), {
  required: [term(ZONE, { app: 'db' })],
  antiRequired: [term(HOSTNAME, { app: 'web' })],
})
const db = on(makePod('db-1').labels({ app: 'db' }).obj(), 'n1')
const web = on(makePod('web-1').labels({ app: 'web' }).obj(), 'n1')
const other = on(makePod('other').labels({ app: 'other' }).obj(), 'n1')
const relabel = (pod: typeof db, labels: Record<string, string>) => ({
  ...pod,
  metadata: { ...pod.metadata, labels },
})

describe('InterPodAffinity queueing hint for pods', () => {
  const cases = [
    { name: 'a bound pod matching the affinity terms is added', old: undefined, new: db, want: 'Queue' },
    { name: 'a bound pod not matching them is added', old: undefined, new: other, want: 'QueueSkip' },
    {
      name: 'an unscheduled pod is added',
      old: undefined,
      new: makePod('db-2').labels({ app: 'db' }).obj(),
      want: 'QueueSkip',
    },
    {
      name: 'a bound pod starts matching the affinity terms',
      old: other,
      new: relabel(other, { app: 'db' }),
      want: 'Queue',
    },
    {
      name: 'a bound pod stops matching the anti-affinity terms',
      old: web,
      new: relabel(web, { app: 'x' }),
      want: 'Queue',
    },
    {
      name: 'a label change that matters to no term',
      old: other,
      new: relabel(other, { app: 'y' }),
      want: 'QueueSkip',
    },
    { name: 'a pod matching the anti-affinity terms is deleted', old: web, new: undefined, want: 'Queue' },
    { name: 'a pod matching only the affinity terms is deleted', old: db, new: undefined, want: 'QueueSkip' },
  ]
  it.each(cases)('$name → $want', ({ old, new: updated, want }) => {
    expect(isSchedulableAfterPodChange(rejected, old, updated)).toBe(want)
  })

  it('a pod refused by an existing pod’s anti-affinity is not queued by that pod’s deletion (as upstream)', () => {
    const guard = on(withPodAffinity(makePod('guard'), { antiRequired: [term(ZONE, { app: 'web' })] }), 'n1')
    expect(isSchedulableAfterPodChange(makePod('plain').labels({ app: 'web' }).obj(), guard, undefined)).toBe(
      'QueueSkip',
    )
  })
})

describe('InterPodAffinity queueing hint for nodes', () => {
  it('queues when the node has a topology key of a required term', () => {
    expect(isSchedulableAfterNodeChange(rejected, undefined, makeNode('n5').zone('c').obj())).toBe('Queue')
    // Every node has its hostname label: the anti-affinity term's key.
    const onlyZone = withPodAffinity(makePod('p'), { required: [term(ZONE, { app: 'db' })] })
    expect(isSchedulableAfterNodeChange(onlyZone, undefined, makeNode('n5').obj())).toBe('QueueSkip')
    expect(isSchedulableAfterNodeChange(onlyZone, makeNode('n5').obj(), makeNode('n5').zone('c').obj())).toBe(
      'Queue',
    )
  })
})

describe('InterPodAffinity eventsToRegister', () => {
  it('pods added, relabelled or deleted; nodes added or relabelled', () => {
    const { pl } = setup([])
    expect(pl.eventsToRegister().map((e) => e.event)).toEqual([
      { resource: 'Pod', actionType: ActionType.Add | ActionType.UpdatePodLabel | ActionType.Delete },
      { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeLabel },
    ])
  })
})
