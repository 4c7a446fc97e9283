/**
 * The kept walks (walk-cache.ts) must count exactly what the walks count (filtering.ts), whatever
 * happened to the cluster between two cycles: pods added, assumed, removed, nodes relabelled,
 * removed and added back.
 */

import fc from 'fast-check'
import type { PodAffinityTerm } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Labels } from '../../../../api/labels'
import type { Node, Pod } from '../../../../api/types'
import { SchedulerCache } from '../../cache/cache'
import { newPodInfo } from '../../framework/pod-info'
import { makeNode, makePod } from '../../testing/builders'
import {
  existingAntiAffinityCounts,
  incomingAffinityAntiAffinityCounts,
  type TopologyCounts,
} from './filtering'
import { scoresIncoming } from './scoring'
import { HOSTNAME, term, withPodAffinity, ZONE } from './testing/pod-affinity'
import { ExistingAntiAffinityShares, IncomingShares, ScoringPods } from './walk-cache'

const KEYS = [HOSTNAME, ZONE, 'rack'] as const

/** A term from a small alphabet, so that pods share terms and select each other. */
const termArb: fc.Arbitrary<PodAffinityTerm> = fc
  .record({
    key: fc.constantFrom(...KEYS),
    app: fc.constantFrom('a', 'b'),
    ns: fc.constantFrom(undefined, ['ns1'], ['ns1', 'ns2']),
    nsSelector: fc.boolean(),
  })
  .map(({ key, app, ns, nsSelector }) =>
    term(
      key,
      { app },
      {
        ...(ns ? { namespaces: [...ns] } : {}),
        ...(nsSelector ? { namespaceSelector: { matchLabels: { team: 'x' } } } : {}),
      },
    ),
  )

interface PodSpec {
  readonly name: number
  readonly namespace: string
  readonly app: string
  readonly required: readonly PodAffinityTerm[]
  readonly antiRequired: readonly PodAffinityTerm[]
}

const podArb: fc.Arbitrary<PodSpec> = fc.record({
  name: fc.nat(11),
  namespace: fc.constantFrom('ns1', 'ns2'),
  app: fc.constantFrom('a', 'b', 'c'),
  required: fc.array(termArb, { maxLength: 2 }),
  antiRequired: fc.array(termArb, { maxLength: 2 }),
})

function podOf(p: PodSpec, node?: string): Pod {
  let b = makePod(`p${p.name}`).namespace(p.namespace).uid(`${p.namespace}/p${p.name}`).labels({ app: p.app })
  if (node) b = b.nodeName(node)
  return withPodAffinity(b, {
    ...(p.required.length ? { required: p.required } : {}),
    ...(p.antiRequired.length ? { antiRequired: p.antiRequired } : {}),
  })
}

/** Node n with a hostname, and maybe a zone and a rack (label changes move it between pairs). */
function nodeOf(n: number, zone: number, rack: boolean): Node {
  const labels: Record<string, string> = { [HOSTNAME]: `n${n}` }
  if (zone > 0) labels[ZONE] = `z${zone}`
  if (rack) labels.rack = `r${n % 2}`
  return makeNode(`n${n}`).labels(labels).obj()
}

type Op =
  | { op: 'pod'; pod: PodSpec; node: number; assume: boolean }
  | { op: 'remove'; name: number }
  | { op: 'node'; node: number; zone: number; rack: boolean }
  | { op: 'removeNode'; node: number }
  | { op: 'check'; incoming: PodSpec; nsTeam: boolean }

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
  { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), name: fc.nat(11) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('node' as const),
      node: fc.nat(4),
      zone: fc.nat(2),
      rack: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeNode' as const), node: fc.nat(4) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('check' as const), incoming: podArb, nsTeam: fc.boolean() }),
  },
)

const same = (kept: TopologyCounts, walked: TopologyCounts) => {
  expect(kept.toRecord()).toEqual(walked.toRecord())
  expect(kept.size).toBe(walked.size)
}

describe('InterPodAffinity kept walks', () => {
  it('forget a node whose last such pod left, and a node that went away', () => {
    const cache = new SchedulerCache()
    const n0 = nodeOf(0, 1, false)
    cache.addNode(n0)
    cache.addNode(nodeOf(1, 1, false))
    const spec = {
      name: 0,
      namespace: 'ns1',
      app: 'a',
      required: [],
      antiRequired: [term(ZONE, { app: 'a' })],
    }
    const shares = new ExistingAntiAffinityShares()
    const incoming = podOf({ ...spec, name: 1, antiRequired: [] })
    const counts = () => shares.counts(incoming, undefined, cache).toRecord()
    const pod = podOf(spec, 'n0')
    cache.addPod(pod)
    expect(counts()).toEqual({ [`${ZONE}=z1`]: 1 })
    cache.removePod(pod)
    expect(counts()).toEqual({})
    cache.addPod(pod)
    expect(counts()).toEqual({ [`${ZONE}=z1`]: 1 })
    cache.removeNode(n0)
    expect(counts()).toEqual({})
  })

  it('keep the sum of two terms that select the pod under one key up to date', () => {
    // A group's pods in two namespaces: the same term in each is two parsed terms (a term is
    // parsed per namespace), both selecting the incoming pod, both per hostname.
    const cache = new SchedulerCache()
    for (let n = 0; n < 3; n++) cache.addNode(nodeOf(n, 1, false))
    const t = (ns: string[]) => term(HOSTNAME, { app: 'a' }, { namespaces: ns })
    const spec = (name: number, namespace: string, ns: string[]) => ({
      name,
      namespace,
      app: 'a',
      required: [],
      antiRequired: [t(ns)],
    })
    const shares = new ExistingAntiAffinityShares()
    const incoming = podOf({ ...spec(9, 'ns1', []), antiRequired: [] })
    const check = () => {
      const walked = existingAntiAffinityCounts(
        incoming,
        undefined,
        cache.havePodsWithRequiredAntiAffinityList(),
      )
      same(shares.counts(incoming, undefined, cache), walked)
      return walked.toRecord()
    }
    cache.addPod(podOf(spec(0, 'ns1', ['ns1', 'ns2']), 'n0'))
    cache.addPod(podOf(spec(1, 'ns2', ['ns2', 'ns1']), 'n1'))
    expect(check()).toEqual({ [`${HOSTNAME}=n0`]: 1, [`${HOSTNAME}=n1`]: 1 })
    const third = podOf(spec(2, 'ns2', ['ns2', 'ns1']), 'n2')
    cache.addPod(third)
    expect(check()).toEqual({ [`${HOSTNAME}=n0`]: 1, [`${HOSTNAME}=n1`]: 1, [`${HOSTNAME}=n2`]: 1 })
    cache.removePod(third)
    expect(check()).toEqual({ [`${HOSTNAME}=n0`]: 1, [`${HOSTNAME}=n1`]: 1 })
  })

  it('count what the walks count, across cycles', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 50 }), (ops) => {
        const cache = new SchedulerCache()
        const nodes = new Map<number, Node>()
        for (let n = 0; n < 4; n++) {
          nodes.set(n, nodeOf(n, n % 3, n % 2 === 0))
          cache.addNode(nodes.get(n) as Node)
        }
        const placed = new Map<number, Pod>()
        const existingShares = new ExistingAntiAffinityShares()
        const incomingShares = new IncomingShares()
        const scoringPods = new ScoringPods(1)
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
            const next = nodeOf(o.node, o.zone, o.rack)
            const before = nodes.get(o.node)
            if (before) cache.updateNode(before, next)
            else cache.addNode(next)
            nodes.set(o.node, next)
          } else if (o.op === 'removeNode') {
            const before = nodes.get(o.node)
            if (before) cache.removeNode(before)
            nodes.delete(o.node)
          } else {
            const pod = podOf(o.incoming)
            const nsLabels: Labels = o.nsTeam ? { team: 'x' } : undefined
            const anti = cache.havePodsWithRequiredAntiAffinityList()
            same(existingShares.counts(pod, nsLabels, cache), existingAntiAffinityCounts(pod, nsLabels, anti))
            // The incoming pod's terms as PreFilter has them (namespaceSelector terms are not kept).
            const pi = newPodInfo(pod)
            const kept = incomingShares.counts(pi.requiredAffinityTerms, pi.requiredAntiAffinityTerms, cache)
            const walked = incomingAffinityAntiAffinityCounts(
              pi.requiredAffinityTerms,
              pi.requiredAntiAffinityTerms,
              cache.list(),
            )
            expect(kept).toBeDefined()
            // The pods PreScore's walk would call processExistingPod for (no preferred terms here).
            let scoring = 0
            for (const ni of cache.havePodsWithAffinityList())
              if (ni.node !== null) for (const pi of ni.podsWithAffinity) if (scoresIncoming(pi, 1)) scoring++
            expect(scoringPods.count(cache)).toBe(scoring)
            if (kept) {
              same(kept.affinity, walked.affinity)
              same(kept.antiAffinity, walked.antiAffinity)
            }
          }
        }
      }),
      { numRuns: 500 },
    )
  })
})
