/**
 * The kept counts (claim-counts.ts) must be what a sync counts over the informer's Pods
 * (planClaims, then countReplicas), whatever the Pods went through between two syncs: created,
 * made Ready, relabelled, adopted by another owner, released, finished or deleted; and after the
 * ReplicaSet's selector or template labels changed.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deepFreeze, objectKey, type Pod, type ReplicaSet } from '../../../api/types'
import { planClaims } from '../ref-manager'
import { ClaimCounts } from './claim-counts'
import { countReplicas } from './utils'

const NOW = Date.parse('2025-05-01T12:00:00Z')

interface PodSpec {
  readonly name: number
  readonly owner: 'rs-a' | 'rs-b' | undefined
  readonly app: string
  readonly tier: string | undefined
  readonly phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed'
  readonly ready: boolean
  readonly deleting: boolean
}

const podArb: fc.Arbitrary<PodSpec> = fc.record({
  name: fc.nat(7),
  owner: fc.constantFrom('rs-a' as const, 'rs-b' as const, undefined),
  app: fc.constantFrom('web', 'db'),
  tier: fc.constantFrom('front', undefined),
  phase: fc.constantFrom('Pending' as const, 'Running' as const, 'Succeeded' as const, 'Failed' as const),
  ready: fc.boolean(),
  deleting: fc.boolean(),
})

function podOf(p: PodSpec): Pod {
  return deepFreeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `p${p.name}`,
      namespace: 'default',
      uid: `uid-p${p.name}`,
      labels: { app: p.app, ...(p.tier ? { tier: p.tier } : {}) },
      ...(p.owner
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: p.owner, uid: p.owner, controller: true },
            ],
          }
        : {}),
      ...(p.deleting ? { deletionTimestamp: '2025-05-01T11:00:00Z' } : {}),
    },
    spec: { containers: [] },
    status: {
      phase: p.phase,
      conditions: [
        { type: 'Ready', status: p.ready ? 'True' : 'False', lastTransitionTime: '2025-05-01T11:00:00Z' },
      ],
    },
  } as Pod)
}

/** ReplicaSet rs-a, selecting app=web (and tier=front when asked), with these template labels. */
function replicaSet(narrow: boolean, templateTier: boolean): ReplicaSet {
  return deepFreeze({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'rs-a', namespace: 'default', uid: 'rs-a' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web', ...(narrow ? { tier: 'front' } : {}) } },
      template: { metadata: { labels: { app: 'web', ...(templateTier ? { tier: 'front' } : {}) } } },
    },
  } as ReplicaSet)
}

type Op =
  | { op: 'put'; pod: PodSpec }
  | { op: 'delete'; name: number }
  | { op: 'check'; narrow: boolean; templateTier: boolean }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('put' as const), pod: podArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), name: fc.nat(7) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('check' as const),
      narrow: fc.boolean(),
      templateTier: fc.boolean(),
    }),
  },
)

describe('ReplicaSet kept claim counts', () => {
  it('are what a sync counts over its Pods, across changes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        // The informer's store, in the order Pods entered it (as byIndex lists them).
        const store = new Map<string, Pod>()
        const controlledBy = (uid: string) =>
          [...store.values()].filter((p) => p.metadata?.ownerReferences?.[0]?.uid === uid)
        const counts = new ClaimCounts(controlledBy)
        for (const o of ops) {
          if (o.op === 'put') {
            const pod = podOf(o.pod)
            store.set(objectKey(pod), pod)
            counts.observe(objectKey(pod), pod)
          } else if (o.op === 'delete') {
            const key = `default/p${o.name}`
            if (!store.has(key)) continue
            store.delete(key)
            counts.observe(key, undefined)
          } else {
            const rs = replicaSet(o.narrow, o.templateTier)
            const tally = counts.tally(rs)
            const plan = planClaims(rs, rs.spec?.selector, controlledBy('rs-a'), true)
            const counted = countReplicas(rs, plan.owned, NOW, plan.ownedFacts)
            expect({
              replicas: tally.owned,
              labeled: tally.labeled,
              ready: tally.ready,
              release: tally.release,
            }).toEqual({
              replicas: counted.replicas,
              labeled: counted.labeled,
              ready: counted.ready,
              release: plan.release.length,
            })
            // minReadySeconds 0: every Ready Pod is available.
            expect(counted.available).toBe(counted.ready)
          }
        }
      }),
      { numRuns: 500 },
    )
  })
})
