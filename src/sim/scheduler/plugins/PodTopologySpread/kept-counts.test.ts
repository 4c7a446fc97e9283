/**
 * PreScore's and Score's kept counts (kept-counts.ts) must give exactly what the walk over every
 * node and the count on each node give (scoring.ts without them), whatever happened to the cluster between two cycles: pods
 * added, assumed, removed or terminating, nodes relabelled, tainted, removed and added back; and
 * for every kind of constraint, kept or walked.
 */

import fc from 'fast-check'
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import type { LabelSelector } from 'kubernetes-types/meta/v1'
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { SchedulerCache } from '../../cache/cache'
import { makeNode, makePod } from '../../testing/builders'
import { toConstraints } from './common'
import { KeptSpreadCounts } from './kept-counts'
import { calPreScoreState, scoreNode } from './scoring'
import { HOSTNAME, ZONE } from './testing/spread'

const RACK = 'rack'

/** One of `choices`, each [weight, value]: the kept kinds of constraints come more often. */
const weighted = <T>(...choices: [number, T][]): fc.Arbitrary<T> =>
  fc.oneof(...choices.map(([weight, value]) => ({ weight, arbitrary: fc.constant(value) })))

const selectorArb: fc.Arbitrary<LabelSelector | undefined> = weighted<LabelSelector | undefined>(
  [3, { matchLabels: { app: 'a' } }],
  [2, { matchLabels: { app: 'b' } }],
  [2, { matchExpressions: [{ key: 'app', operator: 'Exists' }] }],
  [1, {}],
  [1, undefined],
)

const constraintArb: fc.Arbitrary<TopologySpreadConstraint> = fc
  .record({
    key: weighted([3, ZONE], [2, RACK], [1, HOSTNAME]),
    selector: selectorArb,
    affinityPolicy: weighted<string | undefined>([2, undefined], [1, 'Honor'], [1, 'Ignore']),
    taintsPolicy: weighted<string | undefined>([3, undefined], [1, 'Honor'], [1, 'Ignore']),
  })
  .map(({ key, selector, affinityPolicy, taintsPolicy }) => ({
    maxSkew: 1,
    topologyKey: key,
    whenUnsatisfiable: 'ScheduleAnyway',
    ...(selector ? { labelSelector: selector } : {}),
    ...(affinityPolicy ? { nodeAffinityPolicy: affinityPolicy } : {}),
    ...(taintsPolicy ? { nodeTaintsPolicy: taintsPolicy } : {}),
  }))

interface PodSpec {
  readonly name: number
  readonly namespace: string
  readonly app: string
  readonly terminating: boolean
}

const podArb: fc.Arbitrary<PodSpec> = fc.record({
  name: fc.nat(11),
  namespace: fc.constantFrom('ns1', 'ns2'),
  app: fc.constantFrom('a', 'b', 'c'),
  terminating: fc.boolean(),
})

function podOf(p: PodSpec, node: string): Pod {
  let b = makePod(`p${p.name}`).namespace(p.namespace).uid(`${p.namespace}/p${p.name}`).labels({ app: p.app })
  if (p.terminating) b = b.deleting()
  return b.nodeName(node).obj()
}

/** Node n with a hostname, and maybe a zone, a rack and a NoSchedule taint. */
function nodeOf(n: number, zone: number, rack: boolean, tainted: boolean): Node {
  const labels: Record<string, string> = { [HOSTNAME]: `n${n}` }
  if (zone > 0) labels[ZONE] = `z${zone}`
  if (rack) labels[RACK] = `r${n % 2}`
  let b = makeNode(`n${n}`).labels(labels)
  if (tainted) b = b.taint('dedicated', 'x', 'NoSchedule')
  return b.obj()
}

interface Incoming {
  readonly namespace: string
  readonly nodeSelector: boolean
  readonly tolerates: boolean
  readonly constraints: readonly TopologySpreadConstraint[]
  readonly requireAll: boolean
}

const incomingArb: fc.Arbitrary<Incoming> = fc.record({
  namespace: fc.constantFrom('ns1', 'ns2'),
  nodeSelector: fc.boolean(),
  tolerates: fc.boolean(),
  constraints: fc.array(constraintArb, { minLength: 1, maxLength: 3 }),
  requireAll: fc.boolean(),
})

function incomingPod(i: Incoming): Pod {
  let b = makePod('incoming').namespace(i.namespace).labels({ app: 'a' })
  if (i.nodeSelector) b = b.nodeSelector({ [RACK]: 'r0' })
  if (i.tolerates) b = b.toleration({ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' })
  return b.obj()
}

type Op =
  | { op: 'pod'; pod: PodSpec; node: number; assume: boolean }
  | { op: 'remove'; name: number }
  | { op: 'node'; node: number; zone: number; rack: boolean; tainted: boolean }
  | { op: 'removeNode'; node: number }
  /** Ask question `q` again; bit i of `feasible`: the i-th node of the list is feasible. */
  | { op: 'check'; q: number; feasible: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('pod' as const),
      pod: podArb,
      node: fc.nat(4),
      assume: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), name: fc.nat(11) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('node' as const),
      node: fc.nat(4),
      zone: fc.nat(2),
      rack: fc.boolean(),
      tainted: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeNode' as const), node: fc.nat(4) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('check' as const),
      q: fc.nat(1),
      feasible: weighted([1, 31], [1, 0]).chain((all) => (all ? fc.constant(all) : fc.nat(31))),
    }),
  },
)

describe('PodTopologySpread kept domain counts', () => {
  it('count what the walk over every node counts, across cycles', () => {
    let keptAnswers = 0
    let walkedAnswers = 0
    let hostAnswers = 0
    fc.assert(
      // A run asks one or two questions again and again, as a Deployment's Pods do.
      fc.property(
        fc.array(incomingArb, { minLength: 2, maxLength: 2 }),
        fc.array(opArb, { maxLength: 50 }),
        (questions, ops) => {
          const cache = new SchedulerCache()
          const nodes = new Map<number, Node>()
          for (let n = 0; n < 4; n++) {
            nodes.set(n, nodeOf(n, n % 3, n % 2 === 0, false))
            cache.addNode(nodes.get(n) as Node)
          }
          const placed = new Map<number, Pod>()
          const keeper = new KeptSpreadCounts()
          for (const o of ops) {
            if (o.op === 'pod') {
              const before = placed.get(o.pod.name)
              if (before) cache.removePod(before)
              const pod = podOf(o.pod, `n${o.node}`)
              if (o.assume) cache.assumePod(pod)
              else cache.addPod(pod)
              placed.set(o.pod.name, pod)
            } else if (o.op === 'remove') {
              const pod = placed.get(o.name)
              if (pod) cache.removePod(pod)
              placed.delete(o.name)
            } else if (o.op === 'node') {
              const next = nodeOf(o.node, o.zone, o.rack, o.tainted)
              const before = nodes.get(o.node)
              if (before) cache.updateNode(before, next)
              else cache.addNode(next)
              nodes.set(o.node, next)
            } else if (o.op === 'removeNode') {
              const before = nodes.get(o.node)
              if (before) cache.removeNode(before)
              nodes.delete(o.node)
            } else {
              const question = questions[o.q] as Incoming
              const pod = incomingPod(question)
              const constraints = toConstraints(question.constraints, pod.metadata?.labels, 'ScheduleAnyway')
              const all = cache.list()
              const feasible = all.filter((ni, i) => ni.node !== null && (o.feasible >> i) & 1)
              const requireAll = question.requireAll
              const walked = calPreScoreState(pod, constraints, feasible, all, requireAll)
              const keptCounts = keeper.for(pod, constraints, requireAll, cache)
              const kept = calPreScoreState(pod, constraints, feasible, all, requireAll, {
                domains: (c) => {
                  const totals = keptCounts.domains(c)
                  if (totals === undefined) walkedAnswers++
                  else keptAnswers++
                  return totals
                },
                hosts: (c) => {
                  hostAnswers++
                  return keptCounts.hosts(c)
                },
              })
              expect(kept.topologyValueToPodCounts).toEqual(walked.topologyValueToPodCounts)
              expect(kept.ignoredNodes).toEqual(walked.ignoredNodes)
              expect(kept.topologyNormalizingWeight).toEqual(walked.topologyNormalizingWeight)
              // Score, on every node the cluster has (feasible or not: a hostname count is per node).
              for (const ni of all) {
                if (ni.node === null) continue
                expect(scoreNode(kept, pod, ni)).toBe(scoreNode(walked, pod, ni))
              }
            }
          }
        },
      ),
      { numRuns: 500 },
    )
    // Both ways were taken, many times (about 300 each in 500 runs): the property compared something.
    expect(keptAnswers).toBeGreaterThan(100)
    expect(walkedAnswers).toBeGreaterThan(50)
    expect(hostAnswers).toBeGreaterThan(100)
  })

  it('follow pods that come and go, and nodes that move to another zone or go away', () => {
    const cache = new SchedulerCache()
    const n0 = nodeOf(0, 1, false, false)
    cache.addNode(n0)
    cache.addNode(nodeOf(1, 1, false, false))
    cache.addNode(nodeOf(2, 2, false, false))
    const kept = new KeptSpreadCounts()
    const incoming = makePod('incoming').namespace('ns1').labels({ app: 'a' }).obj()
    const constraints = toConstraints(
      [
        {
          maxSkew: 1,
          topologyKey: ZONE,
          whenUnsatisfiable: 'ScheduleAnyway',
          labelSelector: { matchLabels: { app: 'a' } },
        },
      ],
      incoming.metadata?.labels,
      'ScheduleAnyway',
    )
    const counts = () =>
      Object.fromEntries(
        kept.domains(constraints[0] as (typeof constraints)[0], incoming, constraints, false, cache) ?? [],
      )
    const pod = (name: number, node: number, app = 'a', namespace = 'ns1') =>
      podOf({ name, namespace, app, terminating: false }, `n${node}`)
    cache.addPod(pod(0, 0))
    cache.addPod(pod(1, 1))
    cache.addPod(pod(2, 2, 'b'))
    cache.addPod(pod(3, 2, 'a', 'ns2'))
    expect(counts()).toEqual({ z1: 2 })
    cache.assumePod(pod(4, 2))
    expect(counts()).toEqual({ z1: 2, z2: 1 })
    cache.removePod(pod(1, 1))
    expect(counts()).toEqual({ z1: 1, z2: 1 })
    const moved = nodeOf(0, 2, false, false)
    cache.updateNode(n0, moved)
    expect(counts()).toEqual({ z2: 2 })
    cache.removeNode(moved)
    expect(counts()).toEqual({ z2: 1 })
  })

  it('count per namespace, and only nodes with every key when every key is required', () => {
    const cache = new SchedulerCache()
    cache.addNode(nodeOf(0, 1, false, false))
    cache.addNode(nodeOf(1, 1, true, false))
    cache.addPod(podOf({ name: 0, namespace: 'ns1', app: 'a', terminating: false }, 'n0'))
    cache.addPod(podOf({ name: 1, namespace: 'ns1', app: 'a', terminating: false }, 'n1'))
    cache.addPod(podOf({ name: 2, namespace: 'ns2', app: 'a', terminating: false }, 'n1'))
    const kept = new KeptSpreadCounts()
    const spreads: TopologySpreadConstraint[] = [ZONE, RACK].map((topologyKey) => ({
      maxSkew: 1,
      topologyKey,
      whenUnsatisfiable: 'ScheduleAnyway',
      labelSelector: { matchLabels: { app: 'a' } },
    }))
    const counts = (namespace: string, requireAll: boolean) => {
      const incoming = makePod('incoming').namespace(namespace).labels({ app: 'a' }).obj()
      const constraints = toConstraints(spreads, incoming.metadata?.labels, 'ScheduleAnyway')
      const zone = constraints[0] as (typeof constraints)[0]
      return Object.fromEntries(kept.domains(zone, incoming, constraints, requireAll, cache) ?? [])
    }
    expect(counts('ns1', false)).toEqual({ z1: 2 })
    expect(counts('ns2', false)).toEqual({ z1: 1 })
    // n0 has no rack label: with every key required it does not count.
    expect(counts('ns1', true)).toEqual({ z1: 1 })
    expect(counts('ns1', false)).toEqual({ z1: 2 })
  })

  it('count each node’s pods per namespace for Score, as they come and go', () => {
    const cache = new SchedulerCache()
    for (let n = 0; n < 3; n++) cache.addNode(nodeOf(n, 1, false, false))
    const kept = new KeptSpreadCounts()
    const hostname: TopologySpreadConstraint = {
      maxSkew: 1,
      topologyKey: HOSTNAME,
      whenUnsatisfiable: 'ScheduleAnyway',
      labelSelector: { matchLabels: { app: 'a' } },
    }
    const counts = (namespace: string) => {
      const incoming = makePod('incoming').namespace(namespace).labels({ app: 'a' }).obj()
      const [c] = toConstraints([hostname], incoming.metadata?.labels, 'ScheduleAnyway')
      const hosts = kept.hosts(c as NonNullable<typeof c>, incoming, cache)
      return cache.list().map((ni) => hosts.on(ni))
    }
    const pod = (name: number, node: number, namespace = 'ns1', app = 'a') =>
      podOf({ name, namespace, app, terminating: false }, `n${node}`)
    cache.addPod(pod(0, 0))
    cache.addPod(pod(1, 0))
    cache.addPod(pod(2, 1, 'ns2'))
    cache.addPod(pod(3, 2, 'ns1', 'b'))
    expect(counts('ns1')).toEqual([2, 0, 0])
    expect(counts('ns2')).toEqual([0, 1, 0])
    cache.removePod(pod(1, 0))
    cache.assumePod(pod(4, 2))
    expect(counts('ns1')).toEqual([1, 0, 1])
  })

  it('are not kept when the nodes that count depend on the pod', () => {
    const cache = new SchedulerCache()
    cache.addNode(nodeOf(0, 1, true, false))
    const kept = new KeptSpreadCounts()
    const of = (spread: Partial<TopologySpreadConstraint>, pod: Pod) => {
      const constraints = toConstraints(
        [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', ...spread }],
        pod.metadata?.labels,
        'ScheduleAnyway',
      )
      return kept.domains(constraints[0] as (typeof constraints)[0], pod, constraints, false, cache)
    }
    const selector = { labelSelector: { matchLabels: { app: 'a' } } }
    const plain = makePod('x').labels({ app: 'a' }).obj()
    const selecting = makePod('x')
      .labels({ app: 'a' })
      .nodeSelector({ [RACK]: 'r0' })
      .obj()
    expect(of(selector, plain)).toBeDefined()
    expect(of({ ...selector, nodeAffinityPolicy: 'Ignore' }, selecting)).toBeDefined()
    expect(of(selector, selecting)).toBeUndefined()
    expect(of({ ...selector, nodeTaintsPolicy: 'Honor' }, plain)).toBeUndefined()
  })
})
