import { describe, expect, it } from 'vitest'
import type { Deployment, ReplicaSet } from '../../../api/types'
import {
  calculateStatus,
  deploymentTimedOut,
  equalIgnoreHash,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  getProportion,
  maxSurge,
  maxUnavailable,
  newRSNewReplicas,
  resolveFenceposts,
  setDeploymentCondition,
  setNewReplicaSetAnnotations,
} from './util'

const template = (image = 'nginx:1.27', hash?: string) => ({
  metadata: { labels: { app: 'nginx', ...(hash ? { 'pod-template-hash': hash } : {}) } },
  spec: { containers: [{ name: 'nginx', image }] },
})

function deployment(replicas: number, extra: Partial<NonNullable<Deployment['spec']>> = {}): Deployment {
  return {
    metadata: { name: 'nginx', namespace: 'default', uid: 'd1', generation: 1 },
    spec: { replicas, selector: { matchLabels: { app: 'nginx' } }, template: template(), ...extra },
  }
}

function rs(
  name: string,
  replicas: number,
  opts: { image?: string; created?: string; available?: number; max?: number } = {},
): ReplicaSet {
  return {
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      creationTimestamp: opts.created ?? '2025-05-01T10:00:00Z',
      annotations:
        opts.max !== undefined ? { 'deployment.kubernetes.io/max-replicas': String(opts.max) } : {},
    },
    spec: { replicas, selector: {}, template: template(opts.image, 'h') },
    status: { replicas, availableReplicas: opts.available ?? 0 },
  }
}

describe('resolveFenceposts', () => {
  it.each<[number | string, number | string, number, number, number]>([
    ['25%', '25%', 3, 1, 0],
    ['25%', '25%', 4, 1, 1],
    ['25%', '25%', 10, 3, 2],
    ['50%', '50%', 5, 3, 2],
    [0, 0, 3, 0, 1],
    [1, 0, 3, 1, 0],
    [2, '10%', 10, 2, 1],
  ])('maxSurge %s, maxUnavailable %s of %d → %d, %d', (s, u, desired, surge, unavailable) => {
    expect(resolveFenceposts(s, u, desired)).toEqual({ surge, unavailable })
  })
})

describe('maxSurge / maxUnavailable', () => {
  it('use the 25% defaults when the strategy is absent', () => {
    expect([maxSurge(deployment(4)), maxUnavailable(deployment(4))]).toEqual([1, 1])
  })
  it('are zero for Recreate', () => {
    const d = deployment(4, { strategy: { type: 'Recreate' } })
    expect([maxSurge(d), maxUnavailable(d)]).toEqual([0, 0])
  })
  it('cap maxUnavailable at replicas', () => {
    const d = deployment(2, {
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 5 } },
    })
    expect(maxUnavailable(d)).toBe(2)
  })
})

describe('newRSNewReplicas', () => {
  it.each<[string, Deployment, ReplicaSet[], number, number]>([
    ['new Deployment: all at once within surge', deployment(3), [], 0, 3],
    ['rollout start: one surge pod', deployment(3), [rs('old', 3)], 0, 1],
    ['surge used up', deployment(3), [rs('old', 3)], 1, 1],
    ['old scaled down: grow', deployment(3), [rs('old', 2)], 1, 2],
    ['recreate: everything', deployment(3, { strategy: { type: 'Recreate' } }), [rs('old', 3)], 0, 3],
  ])('%s', (_, d, olds, current, want) => {
    const newRS = rs('new', current)
    expect(newRSNewReplicas(d, [...olds, newRS], newRS)).toBe(want)
  })
})

describe('new and old ReplicaSets', () => {
  it('match templates ignoring the pod-template-hash label', () => {
    expect(equalIgnoreHash(template('nginx:1.27', 'abc'), template('nginx:1.27'))).toBe(true)
    expect(equalIgnoreHash(template('nginx:1.28', 'abc'), template('nginx:1.27'))).toBe(false)
  })
  it('pick the oldest matching ReplicaSet as new, the rest as old', () => {
    const d = deployment(3)
    const a = rs('a', 0, { created: '2025-05-01T10:00:02Z' })
    const b = rs('b', 3, { created: '2025-05-01T10:00:01Z' })
    const old = rs('old', 1, { image: 'nginx:1.26' })
    const empty = rs('empty', 0, { image: 'nginx:1.25' })
    expect(findNewReplicaSet(d, [a, b, old])?.metadata?.name).toBe('b')
    const [withPods, all] = findOldReplicaSets(d, [a, b, old, empty])
    expect(withPods.map((x) => x.metadata?.name)).toEqual(['old'])
    expect(all.map((x) => x.metadata?.name)).toEqual(['a', 'old', 'empty'])
  })
  it('findActiveOrLatest: the one active, the newest when none, nothing when several', () => {
    const n = rs('new', 0, { created: '2025-05-01T10:00:02Z' })
    const o = rs('old', 0, { created: '2025-05-01T10:00:01Z' })
    expect(findActiveOrLatest(n, [o])?.metadata?.name).toBe('new')
    expect(findActiveOrLatest(undefined, [o])?.metadata?.name).toBe('old')
    expect(findActiveOrLatest(rs('new', 1), [o])?.metadata?.name).toBe('new')
    expect(findActiveOrLatest(rs('new', 1), [rs('old', 1)])).toBeUndefined()
  })
})

describe('setNewReplicaSetAnnotations', () => {
  it('copies annotations except the skipped ones and sets revision and replica counts', () => {
    const d = deployment(3)
    d.metadata = {
      ...d.metadata,
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': '{}',
        'deployment.kubernetes.io/revision': '7',
        team: 'web',
      },
    }
    const r: ReplicaSet = { metadata: { name: 'x' } }
    expect(setNewReplicaSetAnnotations(d, r, '1', false)).toBe(true)
    expect(r.metadata?.annotations).toEqual({
      team: 'web',
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    })
  })
  it('keeps the old revision in revision-history when a rollback raises it', () => {
    const r: ReplicaSet = {
      metadata: { name: 'x', annotations: { 'deployment.kubernetes.io/revision': '1' } },
    }
    setNewReplicaSetAnnotations(deployment(3), r, '3', true)
    expect(r.metadata?.annotations).toEqual({
      'deployment.kubernetes.io/revision': '3',
      'deployment.kubernetes.io/revision-history': '1',
    })
  })
})

describe('setDeploymentCondition', () => {
  const cond = (status: 'True' | 'False', reason: string, t: string) => ({
    type: 'Available',
    status,
    reason,
    message: reason,
    lastUpdateTime: t,
    lastTransitionTime: t,
  })
  it('does nothing for the same status and reason', () => {
    const s = { conditions: [cond('False', 'A', 't1')] }
    setDeploymentCondition(s, cond('False', 'A', 't2'))
    expect(s.conditions).toEqual([cond('False', 'A', 't1')])
  })
  it('keeps lastTransitionTime when only the reason changes, and moves the condition last', () => {
    const s = { conditions: [cond('False', 'A', 't1'), { ...cond('True', 'P', 't0'), type: 'Progressing' }] }
    setDeploymentCondition(s, cond('False', 'B', 't2'))
    expect(s.conditions.map((c) => [c.type, c.reason, c.lastTransitionTime, c.lastUpdateTime])).toEqual([
      ['Progressing', 'P', 't0', 't0'],
      ['Available', 'B', 't1', 't2'],
    ])
  })
})

describe('calculateStatus', () => {
  it('counts replicas from the ReplicaSets and sets Available', () => {
    const d = deployment(3)
    const newRS = {
      ...rs('new', 3, { available: 2 }),
      status: { replicas: 3, readyReplicas: 2, availableReplicas: 2 },
    }
    const old = { ...rs('old', 1), status: { replicas: 1, readyReplicas: 1, availableReplicas: 1 } }
    expect(calculateStatus([old, newRS], newRS, d, 'now')).toEqual({
      observedGeneration: 1,
      replicas: 4,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      unavailableReplicas: 1,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          lastUpdateTime: 'now',
          lastTransitionTime: 'now',
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
        },
      ],
    })
  })
})

describe('getProportion', () => {
  it('shares a scale-up by max-replicas, bounded by what is left', () => {
    const d = deployment(15) // + maxSurge 4 = 19
    expect(getProportion(rs('a', 6, { max: 13 }), d, 6, 0)).toBe(3) // 6*19/13 = 8.8 → 9
    expect(getProportion(rs('a', 6, { max: 13 }), d, 6, 5)).toBe(1)
    expect(getProportion(rs('a', 0, { max: 13 }), d, 6, 0)).toBe(0)
  })
})

describe('deploymentTimedOut', () => {
  const d = deployment(3, { progressDeadlineSeconds: 600 })
  const status = (reason: string, t: string) => ({
    conditions: [{ type: 'Progressing', status: 'True', reason, lastUpdateTime: t, lastTransitionTime: t }],
  })
  const now = Date.parse('2025-05-01T10:10:01Z')
  it.each<[string, string, boolean]>([
    ['ReplicaSetUpdated', '2025-05-01T10:00:00Z', true],
    ['ReplicaSetUpdated', '2025-05-01T10:00:02Z', false],
    ['NewReplicaSetAvailable', '2025-05-01T09:00:00Z', false],
    ['ProgressDeadlineExceeded', '2025-05-01T10:10:00Z', true],
  ])('%s at %s → %s', (reason, t, want) => {
    expect(deploymentTimedOut(d, status(reason, t), now)).toBe(want)
  })
})
