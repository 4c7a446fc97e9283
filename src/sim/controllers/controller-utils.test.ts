import { describe, expect, it } from 'vitest'
import { deepFreeze, type Pod } from '../../api/types'
import {
  filterActivePods,
  getControllerOf,
  isPodAvailable,
  isPodReady,
  podsToDelete,
} from './controller-utils'
import { factsOf } from './object-facts'
import { planClaims } from './ref-manager'

const NOW = Date.parse('2025-05-01T12:00:00Z')

function pod(
  name: string,
  opts: {
    node?: string
    phase?: string
    readySince?: string
    created?: string
    restarts?: number
    cost?: number
  } = {},
): Pod {
  return {
    metadata: {
      name,
      namespace: 'default',
      uid: name,
      creationTimestamp: opts.created ?? '2025-05-01T10:00:00Z',
      ...(opts.cost !== undefined
        ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': String(opts.cost) } }
        : {}),
    },
    spec: { containers: [], ...(opts.node ? { nodeName: opts.node } : {}) },
    status: {
      phase: opts.phase ?? 'Running',
      conditions: opts.readySince
        ? [{ type: 'Ready', status: 'True', lastTransitionTime: opts.readySince }]
        : [],
      containerStatuses: [
        { name: 'c', image: '', imageID: '', ready: false, restartCount: opts.restarts ?? 0 },
      ],
    },
  }
}

const ready = '2025-05-01T10:00:00Z'

describe('podsToDelete (ActivePodsWithRanks)', () => {
  it.each<[string, Pod[], string]>([
    ['unassigned before assigned', [pod('assigned', { node: 'n1' }), pod('unassigned')], 'unassigned'],
    [
      'pending before running',
      [pod('running', { node: 'n1' }), pod('pending', { node: 'n1', phase: 'Pending' })],
      'pending',
    ],
    [
      'not ready before ready',
      [pod('ready', { node: 'n1', readySince: ready }), pod('notready', { node: 'n1' })],
      'notready',
    ],
    [
      'lower deletion cost first',
      [pod('expensive', { node: 'n1', cost: 10 }), pod('cheap', { node: 'n2', cost: -1 })],
      'cheap',
    ],
    [
      'doubled-up node first',
      [pod('alone', { node: 'n1' }), pod('crowded', { node: 'n2' }), pod('crowded2', { node: 'n2' })],
      'crowded',
    ],
    [
      'ready for less time first (log scale)',
      [
        pod('old', { node: 'n1', readySince: '2025-05-01T08:00:00Z' }),
        pod('fresh', { node: 'n2', readySince: '2025-05-01T11:59:00Z' }),
      ],
      'fresh',
    ],
    [
      'more restarts first',
      [pod('calm', { node: 'n1' }), pod('flappy', { node: 'n2', restarts: 5 })],
      'flappy',
    ],
    [
      'newer first',
      [
        pod('older', { node: 'n1', created: '2025-05-01T08:00:00Z' }),
        pod('newer', { node: 'n2', created: '2025-05-01T11:59:00Z' }),
      ],
      'newer',
    ],
  ])('%s', (_, pods, first) => {
    expect(podsToDelete(pods, pods, 1, NOW).map((p) => p.metadata?.name)).toEqual([first])
  })
})

describe('isPodAvailable', () => {
  const p = pod('p', { readySince: '2025-05-01T11:59:50Z' })
  it.each<[number, boolean]>([
    [0, true],
    [5, true],
    [10, false],
    [30, false],
  ])('minReadySeconds %d → %s', (minReady, want) => {
    expect(isPodAvailable(p, minReady, NOW)).toBe(want)
  })

  it('is never true for a Pod not ready, and only without minReadySeconds when the time is unknown', () => {
    const notReady = {
      status: {
        conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: '2025-05-01T10:00:00Z' }],
      },
    } as Pod
    expect(isPodAvailable(notReady, 0, NOW)).toBe(false)
    expect(isPodAvailable(notReady, 5, NOW)).toBe(false)
    for (const lastTransitionTime of [undefined, 'not a time']) {
      const unknown = {
        status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime }] },
      } as Pod
      expect(isPodAvailable(unknown, 0, NOW)).toBe(true)
      expect(isPodAvailable(unknown, 5, NOW)).toBe(false)
    }
  })
})

describe('planClaims (ControllerRefManager)', () => {
  const owner = { metadata: { name: 'rs', namespace: 'default', uid: 'rs-uid' } }
  const selector = { matchLabels: { app: 'nginx' } }
  const obj = (name: string, labels: Record<string, string>, controller?: string, extra = {}) => ({
    metadata: {
      name,
      namespace: 'default',
      labels,
      ...(controller
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: controller, controller: true },
            ],
          }
        : {}),
      ...extra,
    },
  })
  it('keeps, adopts, releases and ignores as upstream does', () => {
    const plan = planClaims(owner, selector, [
      obj('mine', { app: 'nginx' }, 'rs-uid'),
      obj('mine-relabeled', { app: 'other' }, 'rs-uid'),
      obj('orphan', { app: 'nginx' }),
      obj('orphan-other', { app: 'other' }),
      obj('theirs', { app: 'nginx' }, 'other-uid'),
      obj('orphan-deleting', { app: 'nginx' }, undefined, { deletionTimestamp: 'x' }),
    ])
    const names = (l: { metadata: { name: string } }[]) => l.map((o) => o.metadata.name)
    expect(names(plan.owned)).toEqual(['mine'])
    expect(names(plan.adopt)).toEqual(['orphan'])
    expect(names(plan.release)).toEqual(['mine-relabeled'])
  })

  it('claims only the active Pods when asked, as filterActivePods before it, with what it read of each', () => {
    const done = (name: string, phase: string, controller?: string) => ({
      ...obj(name, { app: 'nginx' }, controller),
      status: { phase },
    })
    // Frozen, as an informer's objects are: their facts are kept, so the same ones come back.
    const candidates = deepFreeze([
      obj('mine', { app: 'nginx' }, 'rs-uid'),
      done('mine-succeeded', 'Succeeded', 'rs-uid'),
      obj('mine-deleting', { app: 'nginx' }, 'rs-uid', { deletionTimestamp: 'x' }),
      obj('mine-2', { app: 'nginx' }, 'rs-uid'),
      done('orphan-failed', 'Failed'),
      obj('orphan', { app: 'nginx' }),
      done('mine-relabeled-failed', 'Failed', 'rs-uid'),
    ])
    const names = (l: { metadata: { name: string } }[]) => l.map((o) => o.metadata.name)
    const active = planClaims(owner, selector, candidates, true)
    const filtered = planClaims(owner, selector, filterActivePods(candidates as Pod[]))
    expect(names(active.owned)).toEqual(['mine', 'mine-2'])
    expect(names(active.owned)).toEqual(names(filtered.owned as never))
    expect(names(active.adopt)).toEqual(names(filtered.adopt as never))
    expect(names(active.release)).toEqual(names(filtered.release as never))
    expect(active.ownedFacts).toHaveLength(2)
    active.owned.forEach((o, i) => {
      expect(active.ownedFacts[i]).toBe(factsOf(o))
    })
    // Without it, every Pod is claimed, as before.
    expect(names(planClaims(owner, selector, candidates).owned)).toEqual([
      'mine',
      'mine-succeeded',
      'mine-deleting',
      'mine-2',
      'mine-relabeled-failed',
    ])
  })
})

describe('getControllerOf and isPodReady', () => {
  it('find the controller reference and the Ready condition, and take an absent or null list as none', () => {
    const ref = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'u1', controller: true }
    const owned = {
      metadata: { name: 'p', ownerReferences: [{ ...ref, controller: false, uid: 'u0' }, ref] },
    }
    expect(getControllerOf(owned)).toBe(ref)
    expect(
      getControllerOf({ metadata: { name: 'p', ownerReferences: [{ ...ref, controller: false }] } }),
    ).toBeUndefined()
    expect(getControllerOf({ metadata: { name: 'p' } })).toBeUndefined()
    // A manifest's `ownerReferences:` with nothing after it is null.
    expect(getControllerOf({ metadata: { name: 'p', ownerReferences: null } } as never)).toBeUndefined()
    const ready = {
      status: {
        conditions: [
          { type: 'Initialized', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      },
    }
    expect(isPodReady(ready as Pod)).toBe(true)
    expect(isPodReady({ status: { conditions: [{ type: 'Ready', status: 'False' }] } } as Pod)).toBe(false)
    expect(isPodReady({ status: { conditions: null } } as never)).toBe(false)
    expect(isPodReady({} as Pod)).toBe(false)
  })
})
