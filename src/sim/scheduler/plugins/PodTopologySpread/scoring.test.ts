import type { ReplicaSet } from 'kubernetes-types/apps/v1'
import type { Service } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../../../api/types'
import type { NodeInfo } from '../../framework/node-info'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import type { PodTopologySpreadArgs } from './args'
import { NAME } from './pod-topology-spread'
import { scoreForCount, topologyNormalizingWeight } from './scoring'
import {
  HOSTNAME,
  ownedBy,
  plugin,
  replicaSet,
  service,
  spread,
  withConstraints,
  ZONE,
} from './testing/spread'

const web = (name: string) => makePod(name).labels({ app: 'web' }).obj()

/** PreScore, Score and NormalizeScore over `nodes` (all feasible): raw and normalized per node. */
function scoreAll(
  nodes: NodeInfo[],
  pod: Pod,
  objects: { services?: Service[]; replicaSets?: ReplicaSet[] } = {},
  args?: PodTopologySpreadArgs,
) {
  const pl = plugin(nodes, objects, args)
  const state = newState()
  const pre = pl.preScore(state, pod, nodes)
  if (pre !== null) return { preScore: pre.code }
  const raw = nodes.map((n) => pl.score(state, pod, n))
  const normalized = [...raw]
  expect(pl.scoreExtensions.normalizeScore(state, pod, nodes, normalized)).toBeNull()
  const byNode = (v: number[]) => Object.fromEntries(nodes.map((n, i) => [n.name, v[i]]))
  return { raw: byNode(raw), normalized: byNode(normalized) }
}

describe('PodTopologySpread score', () => {
  it('formula pieces', () => {
    expect(topologyNormalizingWeight(3)).toBeCloseTo(Math.log(5), 12)
    // 2 pods × ln 4 + (maxSkew 3 − 1)
    expect(scoreForCount(2, 3, Math.log(4))).toBeCloseTo(2 * 1.3862944 + 2, 6)
  })

  // Zone a: a1 (2 web pods), a2 (0); zone b: b1 (1).
  const nodes = () => [
    nodeInfo(makeNode('a1').zone('a').obj(), web('p1'), web('p2')),
    nodeInfo(makeNode('a2').zone('a').obj()),
    nodeInfo(makeNode('b1').zone('b').obj(), web('p3')),
  ]

  const cases: {
    name: string
    nodes: NodeInfo[]
    pod: Pod
    want: { raw: Record<string, number>; normalized: Record<string, number> }
  }[] = [
    {
      // hostname: 3 scored nodes → w = ln 5 = 1.6094; zone: domains {a, b} → w = ln 4 = 1.3863.
      // zone counts a = 2, b = 1; maxSkew 1 adds 0.
      // a1: 2×1.6094 + 2×1.3863 = 5.9915 → 6;  a2: 0 + 2.7726 → 3;  b1: 1.6094 + 1.3863 = 2.9957 → 3.
      // min 3, max 6: a1 100×(6+3−6)/6 = 50; a2, b1 100×(9−3)/6 = 100.
      name: 'hostname + zone, maxSkew 1',
      nodes: nodes(),
      pod: withConstraints(
        web('new'),
        spread(HOSTNAME, 1, 'ScheduleAnyway'),
        spread(ZONE, 1, 'ScheduleAnyway'),
      ),
      want: { raw: { a1: 6, a2: 3, b1: 3 }, normalized: { a1: 50, a2: 100, b1: 100 } },
    },
    {
      // Zone maxSkew 2 adds 1 to every zone term: a1 6.9915 → 7; a2 3.7726 → 4; b1 3.9957 → 4.
      // min 4, max 7: a1 100×(11−7)/7 = 57.1 → 57; a2, b1 100×(11−4)/7 = 100.
      name: 'maxSkew − 1 softens the differences',
      nodes: nodes(),
      pod: withConstraints(
        web('new'),
        spread(HOSTNAME, 1, 'ScheduleAnyway'),
        spread(ZONE, 2, 'ScheduleAnyway'),
      ),
      want: { raw: { a1: 7, a2: 4, b1: 4 }, normalized: { a1: 57, a2: 100, b1: 100 } },
    },
    {
      // c1 has no zone label: ignored (0). Hostname w = ln(4 − 1 + 2) = ln 5 as before, the rest as
      // in the first case.
      name: 'a node missing a topology key is ignored and scores 0',
      nodes: [...nodes(), nodeInfo(makeNode('c1').obj(), web('p4'))],
      pod: withConstraints(
        web('new'),
        spread(HOSTNAME, 1, 'ScheduleAnyway'),
        spread(ZONE, 1, 'ScheduleAnyway'),
      ),
      want: { raw: { a1: 6, a2: 3, b1: 3, c1: 0 }, normalized: { a1: 50, a2: 100, b1: 100, c1: 0 } },
    },
    {
      // Pods of another namespace and terminating pods do not count: a = 1 (p2), b = 0.
      // Zone only, w = ln 4: a1, a2 1.3863 → 1; b1 0. max 1, min 0: a 100×(1+0−1)/1 = 0; b 100.
      name: 'other namespaces and terminating pods do not count',
      nodes: [
        nodeInfo(
          makeNode('a1').zone('a').obj(),
          makePod('p1').namespace('other').labels({ app: 'web' }).obj(),
          web('p2'),
        ),
        nodeInfo(makeNode('a2').zone('a').obj()),
        nodeInfo(makeNode('b1').zone('b').obj(), makePod('p3').labels({ app: 'web' }).deleting().obj()),
      ],
      pod: withConstraints(web('new'), spread(ZONE, 1, 'ScheduleAnyway')),
      want: { raw: { a1: 1, a2: 1, b1: 0 }, normalized: { a1: 0, a2: 0, b1: 100 } },
    },
    {
      // No matching pod anywhere: every raw score is 0 (maxSkew 1), max 0 → 100 for all.
      name: 'all zero: every node gets 100',
      nodes: nodes(),
      pod: withConstraints(makePod('new').obj(), spread(ZONE, 1, 'ScheduleAnyway', {}, 'nothing')),
      want: { raw: { a1: 0, a2: 0, b1: 0 }, normalized: { a1: 100, a2: 100, b1: 100 } },
    },
  ]
  it.each(cases)('$name', ({ nodes, pod, want }) => {
    expect(scoreAll(nodes, pod)).toEqual(want)
  })

  it('counts zone pods over all nodes, not only the feasible ones', () => {
    const all = nodes()
    const pl = plugin(all)
    const pod = withConstraints(web('new'), spread(ZONE, 1, 'ScheduleAnyway'))
    const state = newState()
    // Only a2 and b1 are feasible; a1's 2 pods still count for zone a.
    const feasible = [all[1], all[2]] as NodeInfo[]
    expect(pl.preScore(state, pod, feasible)).toBeNull()
    // Domains {a, b} → w = ln 4: a2 2×1.3863 = 2.77 → 3; b1 1.39 → 1.
    expect(feasible.map((n) => pl.score(state, pod, n))).toEqual([3, 1])
  })

  it('PreScore skips pods without ScheduleAnyway constraints', () => {
    expect(scoreAll(nodes(), withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule')))).toEqual({
      preScore: 'Skip',
    })
    expect(scoreAll(nodes(), web('new'))).toEqual({ preScore: 'Skip' })
  })
})

describe('PodTopologySpread system default constraints', () => {
  // Zone a: a1 (2 web), a2 (0); zone b: b1 (1); nz has no zone label (1 web).
  const nodes = () => [
    nodeInfo(makeNode('a1').zone('a').obj(), web('p1'), web('p2')),
    nodeInfo(makeNode('a2').zone('a').obj()),
    nodeInfo(makeNode('b1').zone('b').obj(), web('p3')),
    nodeInfo(makeNode('nz').obj(), web('p4')),
  ]
  const rs = replicaSet('web-rs', { app: 'web' })

  it('applies hostname maxSkew 3 and zone maxSkew 5 to a ReplicaSet pod', () => {
    // Selector app=web from the ReplicaSet. System defaults do not require every key, so nz is
    // scored (by hostname only) and adds the zone domain '' (its label is absent).
    // hostname w = ln(4 + 2) = 1.7918, adds maxSkew−1 = 2; zone domains {a, b, ''} → w = ln 5 =
    // 1.6094, adds 4. Zone counts a = 2, b = 1, '' = 1.
    // a1: 2×1.7918 + 2 + 2×1.6094 + 4 = 12.8024 → 13
    // a2: 0 + 2 + 7.2189 = 9.2189 → 9
    // b1: 1.7918 + 2 + 1.6094 + 4 = 9.4012 → 9
    // nz: 1.7918 + 2 = 3.7918 → 4 (no zone term)
    // min 4, max 13: a1 100×(17−13)/13 = 30.8 → 30; a2, b1 100×(17−9)/13 = 61.5 → 61; nz 100.
    expect(scoreAll(nodes(), ownedBy(web('new'), 'web-rs'), { replicaSets: [rs] })).toEqual({
      raw: { a1: 13, a2: 9, b1: 9, nz: 4 },
      normalized: { a1: 30, a2: 61, b1: 61, nz: 100 },
    })
  })

  it('uses the selector of a Service selecting the pod', () => {
    // Same numbers as above: the Service's selector is app=web too.
    expect(scoreAll(nodes(), web('new'), { services: [service('web', { app: 'web' })] })).toMatchObject({
      raw: { a1: 13, a2: 9, b1: 9, nz: 4 },
    })
  })

  it('List defaults require every topology key, like the pod’s own constraints', () => {
    // Zone only, maxSkew 1: nz is ignored. Domains {a, b} → ln 4: a 2×1.3863 = 2.77 → 3; b 1.39 → 1.
    // min 1, max 3: a 100×(4−3)/3 = 33; b 100×(4−1)/3 = 100.
    const args: PodTopologySpreadArgs = {
      defaultingType: 'List',
      defaultConstraints: [{ topologyKey: ZONE, maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' }],
    }
    expect(scoreAll(nodes(), ownedBy(web('new'), 'web-rs'), { replicaSets: [rs] }, args)).toEqual({
      raw: { a1: 3, a2: 3, b1: 1, nz: 0 },
      normalized: { a1: 33, a2: 33, b1: 100, nz: 0 },
    })
  })

  it.each([
    { name: 'nothing selects it', pod: web('new'), objects: {} },
    {
      name: 'its ReplicaSet is not in the cache',
      pod: ownedBy(web('new'), 'gone'),
      objects: { replicaSets: [rs] },
    },
    {
      name: 'the Service selects other pods',
      pod: web('new'),
      objects: { services: [service('db', { app: 'db' })] },
    },
    {
      name: 'the Service has no selector',
      pod: web('new'),
      objects: { services: [service('ext', undefined)] },
    },
    {
      name: 'the pod has its own constraints',
      pod: withConstraints(ownedBy(web('new'), 'web-rs'), spread(ZONE, 1, 'DoNotSchedule')),
      objects: { replicaSets: [rs] },
    },
    {
      name: 'defaultingType List with no constraints',
      pod: ownedBy(web('new'), 'web-rs'),
      objects: { replicaSets: [rs] },
      args: { defaultingType: 'List' } as PodTopologySpreadArgs,
    },
  ])('skips when $name', ({ pod, objects, args }) => {
    expect(scoreAll(nodes(), pod, objects, args)).toEqual({ preScore: 'Skip' })
  })

  it('PreScore state key', () => {
    const state = newState()
    const all = nodes()
    plugin(all, { replicaSets: [rs] }).preScore(state, ownedBy(web('new'), 'web-rs'), all)
    expect(state.read(`PreScore${NAME}`)).toBeDefined()
  })
})
