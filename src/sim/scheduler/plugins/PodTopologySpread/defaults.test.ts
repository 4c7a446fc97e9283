import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import { staticListers } from '../../framework/listers'
import { makePod } from '../../testing/builders'
import { buildDefaultConstraints, defaultSelector, SYSTEM_DEFAULT_CONSTRAINTS } from './defaults'
import { ownedBy, replicaSet, service } from './testing/spread'

const pod = makePod('web-1').labels({ app: 'web', tier: 'front' }).obj()

describe('defaultSelector (helper.DefaultSelector)', () => {
  const cases: { name: string; pod: Pod; objects: Parameters<typeof staticListers>[0]; want: unknown }[] = [
    { name: 'nothing selects the pod', pod, objects: {}, want: [] },
    {
      name: 'Services selecting the pod are merged',
      pod,
      objects: {
        services: [
          service('a', { app: 'web' }),
          service('b', { tier: 'front' }),
          service('other', { app: 'db' }),
          service('headless', undefined),
          service('elsewhere', { app: 'web' }, 'other-ns'),
        ],
      },
      want: [
        { key: 'app', operator: 'In', values: ['web'] },
        { key: 'tier', operator: 'In', values: ['front'] },
      ],
    },
    {
      name: 'the controlling ReplicaSet adds its selector',
      pod: ownedBy(pod, 'web-rs'),
      objects: {
        services: [service('a', { tier: 'front' })],
        replicaSets: [replicaSet('web-rs', { app: 'web', 'pod-template-hash': 'abc' })],
      },
      want: [
        { key: 'tier', operator: 'In', values: ['front'] },
        { key: 'app', operator: 'In', values: ['web'] },
        { key: 'pod-template-hash', operator: 'In', values: ['abc'] },
      ],
    },
    {
      name: 'a ReplicaSet of another namespace is not found',
      pod: ownedBy(pod, 'web-rs'),
      objects: { replicaSets: [replicaSet('web-rs', { app: 'web' }, 'other-ns')] },
      want: [],
    },
    {
      name: 'owners of other kinds are not looked up',
      pod: ownedBy(pod, 'web-rs', 'Deployment'),
      objects: { replicaSets: [replicaSet('web-rs', { app: 'web' })] },
      want: [],
    },
  ]
  it.each(cases)('$name', ({ pod, objects, want }) => {
    expect(defaultSelector(pod, staticListers(objects))).toEqual(want)
  })

  it('ignores an owner reference that is not the controller', () => {
    const p = ownedBy(pod, 'web-rs')
    const ref = p.metadata?.ownerReferences?.[0]
    const notController = {
      ...p,
      metadata: { ...p.metadata, ownerReferences: [{ ...ref, controller: false }] },
    }
    const listers = staticListers({ replicaSets: [replicaSet('web-rs', { app: 'web' })] })
    expect(defaultSelector(notController as Pod, listers)).toEqual([])
  })
})

describe('buildDefaultConstraints', () => {
  const listers = staticListers({ replicaSets: [replicaSet('web-rs', { app: 'web' })] })
  it('gives the system defaults the pod’s selector for ScheduleAnyway', () => {
    const got = buildDefaultConstraints(
      ownedBy(pod, 'web-rs'),
      SYSTEM_DEFAULT_CONSTRAINTS,
      'ScheduleAnyway',
      listers,
    )
    const selector = [{ key: 'app', operator: 'In', values: ['web'] }]
    expect(got).toEqual([
      {
        maxSkew: 3,
        topologyKey: 'kubernetes.io/hostname',
        selector,
        minDomains: 1,
        nodeAffinityPolicy: 'Honor',
        nodeTaintsPolicy: 'Ignore',
      },
      {
        maxSkew: 5,
        topologyKey: 'topology.kubernetes.io/zone',
        selector,
        minDomains: 1,
        nodeAffinityPolicy: 'Honor',
        nodeTaintsPolicy: 'Ignore',
      },
    ])
  })

  it('has no DoNotSchedule system defaults (so Filter is skipped)', () => {
    expect(
      buildDefaultConstraints(ownedBy(pod, 'web-rs'), SYSTEM_DEFAULT_CONSTRAINTS, 'DoNotSchedule', listers),
    ).toEqual([])
  })
})
