import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import type { NodeInfo } from '../../framework/node-info'
import { newPodInfo } from '../../framework/pod-info'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { type CriticalPaths, newCriticalPaths, type PreFilterState, updateCriticalPaths } from './filtering'
import { NAME } from './pod-topology-spread'
import { HOSTNAME, ownedBy, plugin, replicaSet, spread, withConstraints, ZONE } from './testing/spread'

const web = (name: string) => makePod(name).labels({ app: 'web' }).obj()
const webIn = (name: string, ns: string) => makePod(name).namespace(ns).labels({ app: 'web' }).obj()

/** Zones a (nodes a1, a2) and b (node b1); `extra` adds labels to a node. */
function cluster(
  pods: Partial<Record<'a1' | 'a2' | 'b1', Pod[]>>,
  extra: { b1?: (n: ReturnType<typeof makeNode>) => ReturnType<typeof makeNode>; more?: Node[] } = {},
): NodeInfo[] {
  const b1 = makeNode('b1').zone('b')
  return [
    nodeInfo(makeNode('a1').zone('a').labels({ disk: 'ssd' }).obj(), ...(pods.a1 ?? [])),
    nodeInfo(makeNode('a2').zone('a').labels({ disk: 'ssd' }).obj(), ...(pods.a2 ?? [])),
    nodeInfo((extra.b1 ? extra.b1(b1) : b1).obj(), ...(pods.b1 ?? [])),
    ...(extra.more ?? []).map((n) => nodeInfo(n)),
  ]
}

type Verdict = 'fits' | 'skew' | 'missing-label'

/** PreFilter, then Filter on every node: node name → verdict. */
function filterAll(nodes: NodeInfo[], pod: Pod): Record<string, Verdict> {
  const pl = plugin(nodes)
  const state = newState()
  expect(pl.preFilter(state, pod, nodes).status).toBeNull()
  const out: Record<string, Verdict> = {}
  for (const ni of nodes) {
    const s = pl.filter(state, pod, ni)
    out[ni.name] = s === null ? 'fits' : s.code === 'UnschedulableAndUnresolvable' ? 'missing-label' : 'skew'
  }
  return out
}

describe('PodTopologySpread filter', () => {
  const zone1 = spread(ZONE, 1, 'DoNotSchedule')
  const cases: { name: string; nodes: NodeInfo[]; pod: Pod; want: Record<string, Verdict> }[] = [
    {
      // a = 2, b = 1, min = 1. a: 2 + 1 − 1 = 2 > 1; b: 1 + 1 − 1 = 1 ≤ 1.
      name: 'zones a:2 b:1, maxSkew 1: only zone b',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'skew', a2: 'skew', b1: 'fits' },
    },
    {
      // a = 1, b = 1, min = 1. Everywhere 1 + 1 − 1 = 1.
      name: 'zones a:1 b:1: everywhere',
      nodes: cluster({ a1: [web('p1')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // The pod does not match its own selector: a: 2 + 0 − 1 = 1.
      name: 'no self match',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      pod: withConstraints(makePod('new').labels({ app: 'other' }).obj(), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // 2 domains < minDomains 3, so the global minimum is 0: a: 1 + 1 − 0 = 2 > 1, b the same.
      name: 'minDomains above the domain count makes the minimum 0',
      nodes: cluster({ a1: [web('p1')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule', { minDomains: 3 })),
      want: { a1: 'skew', a2: 'skew', b1: 'skew' },
    },
    {
      // Same with maxSkew 2: 1 + 1 − 0 = 2 ≤ 2.
      name: 'minDomains with maxSkew 2',
      nodes: cluster({ a1: [web('p1')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), spread(ZONE, 2, 'DoNotSchedule', { minDomains: 3 })),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // minDomains 2 with 2 domains: min = 1 as usual. a: 2 + 1 − 1 = 2 > 1.
      name: 'minDomains met',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule', { minDomains: 2 })),
      want: { a1: 'skew', a2: 'skew', b1: 'fits' },
    },
    {
      name: 'a node without the topology key: missing required label',
      nodes: cluster({}, { more: [makeNode('c1').obj()] }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'fits', c1: 'missing-label' },
    },
    {
      // Pods of another namespace do not count: a = 0, b = 1, min 0. b: 1 + 1 − 0 = 2 > 1.
      name: 'only pods of the same namespace count',
      nodes: cluster({ a1: [webIn('p1', 'other')], a2: [webIn('p2', 'other')], b1: [web('p3')] }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'skew' },
    },
    {
      // The terminating pod is not counted: a = 1, b = 1.
      name: 'terminating pods do not count',
      nodes: cluster({
        a1: [web('p1')],
        a2: [makePod('p2').labels({ app: 'web' }).deleting().obj()],
        b1: [web('p3')],
      }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // nodeAffinityPolicy Honor (default): b1 lacks disk=ssd, so zone b is not a domain.
      // Domains {a: 2}, min 2: a: 2 + 1 − 2 = 1 fits. b1 still has the key: 0 + 1 − 2 < 1 fits
      // here (NodeAffinity's Filter is what rejects it).
      name: 'nodeAffinityPolicy Honor leaves out nodes the pod cannot go to',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      pod: withConstraints(makePod('new').labels({ app: 'web' }).nodeSelector({ disk: 'ssd' }).obj(), zone1),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // nodeAffinityPolicy Ignore: b counts (1), min 1: a: 2 + 1 − 1 = 2 > 1.
      name: 'nodeAffinityPolicy Ignore counts every node',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      pod: withConstraints(
        makePod('new').labels({ app: 'web' }).nodeSelector({ disk: 'ssd' }).obj(),
        spread(ZONE, 1, 'DoNotSchedule', { nodeAffinityPolicy: 'Ignore' }),
      ),
      want: { a1: 'skew', a2: 'skew', b1: 'fits' },
    },
    {
      // nodeTaintsPolicy Ignore (default): the tainted b1 counts: a = 1, b = 0, min 0.
      // a: 1 + 1 − 0 = 2 > 1.
      name: 'nodeTaintsPolicy Ignore counts tainted nodes',
      nodes: cluster({ a1: [web('p1')] }, { b1: (n) => n.taint('dedicated', 'db', 'NoSchedule') }),
      pod: withConstraints(web('new'), zone1),
      want: { a1: 'skew', a2: 'skew', b1: 'fits' },
    },
    {
      // nodeTaintsPolicy Honor: b1's untolerated taint leaves zone b out: domains {a: 1}, min 1.
      name: 'nodeTaintsPolicy Honor leaves out untolerated tainted nodes',
      nodes: cluster({ a1: [web('p1')] }, { b1: (n) => n.taint('dedicated', 'db', 'NoSchedule') }),
      pod: withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule', { nodeTaintsPolicy: 'Honor' })),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // Selector app=web + matchLabelKeys [version] with the pod's version=v2: only v2 pods count.
      // a = 0 (v1 pods), b = 1, min 0. a: 0 + 1 − 0 = 1; b: 1 + 1 − 0 = 2 > 1.
      name: 'matchLabelKeys narrows the selector to the pod’s own label values',
      nodes: cluster({
        a1: [makePod('p1').labels({ app: 'web', version: 'v1' }).obj()],
        a2: [makePod('p2').labels({ app: 'web', version: 'v1' }).obj()],
        b1: [makePod('p3').labels({ app: 'web', version: 'v2' }).obj()],
      }),
      pod: withConstraints(
        makePod('new').labels({ app: 'web', version: 'v2' }).obj(),
        spread(ZONE, 1, 'DoNotSchedule', { matchLabelKeys: ['version'] }),
      ),
      want: { a1: 'fits', a2: 'fits', b1: 'skew' },
    },
    {
      // An empty selector counts no existing pod (but matches the pod itself): 0 + 1 − 0 = 1.
      name: 'an empty labelSelector counts nothing',
      nodes: cluster({ a1: [web('p1')], a2: [web('p2')] }),
      pod: withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule', { labelSelector: {} })),
      want: { a1: 'fits', a2: 'fits', b1: 'fits' },
    },
    {
      // Hostname domains: a1 = 1, a2 = 0, b1 = 2, min 0. a1: 2 > 1; a2: 1; b1: 3 > 1.
      name: 'hostname: one domain per node',
      nodes: cluster({ a1: [web('p1')], b1: [web('p2'), web('p3')] }),
      pod: withConstraints(web('new'), spread(HOSTNAME, 1, 'DoNotSchedule')),
      want: { a1: 'skew', a2: 'fits', b1: 'skew' },
    },
    {
      // Both constraints must hold: zone (a = 1, b = 1) passes everywhere; hostname a1 = 1,
      // a2 = 0, b1 = 1, min 0: a1 and b1 give 2 > 1.
      name: 'zone and hostname together',
      nodes: cluster({ a1: [web('p1')], b1: [web('p2')] }),
      pod: withConstraints(web('new'), zone1, spread(HOSTNAME, 1, 'DoNotSchedule')),
      want: { a1: 'skew', a2: 'fits', b1: 'skew' },
    },
  ]
  it.each(cases)('$name', ({ nodes, pod, want }) => {
    expect(filterAll(nodes, pod)).toEqual(want)
  })

  it('returns the upstream reasons and codes', () => {
    const nodes = cluster({ a1: [web('p1')], a2: [web('p2')] }, { more: [makeNode('c1').obj()] })
    const pl = plugin(nodes)
    const pod = withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule'))
    const state = newState()
    pl.preFilter(state, pod, nodes)
    expect(pl.filter(state, pod, nodes[0] as NodeInfo)).toEqual({
      code: 'Unschedulable',
      reasons: ["node(s) didn't match pod topology spread constraints"],
      plugin: NAME,
    })
    expect(pl.filter(state, pod, nodes[3] as NodeInfo)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match pod topology spread constraints (missing required label)"],
      plugin: NAME,
    })
  })
})

describe('PodTopologySpread preFilter', () => {
  const nodes = cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] })

  it.each([
    { name: 'no constraints', pod: web('new') },
    {
      name: 'only ScheduleAnyway constraints',
      pod: withConstraints(web('new'), spread(ZONE, 1, 'ScheduleAnyway')),
    },
    // The system defaults are ScheduleAnyway: Filter never runs for them.
    { name: 'a ReplicaSet pod with the system defaults', pod: ownedBy(web('new'), 'web-rs') },
  ])('skips $name', ({ pod }) => {
    const pl = plugin(nodes, { replicaSets: [replicaSet('web-rs', { app: 'web' })] })
    const state = newState()
    expect(pl.preFilter(state, pod, nodes).status?.code).toBe('Skip')
    expect(state.read(`PreFilter${NAME}`)).toBeUndefined()
  })

  it('counts every domain, empty ones included, and keeps the two smallest as critical paths', () => {
    const more = [makeNode('c1').zone('c').obj()]
    const all = [
      ...cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] }),
      ...more.map((n) => nodeInfo(n)),
    ]
    const state = newState()
    plugin(all).preFilter(state, withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule')), all)
    const s = state.read<PreFilterState>(`PreFilter${NAME}`) as PreFilterState
    expect([...(s.tpValueToMatchNum[0] as Map<string, number>)]).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 0],
    ])
    expect(s.criticalPaths[0]).toEqual([
      { value: 'c', num: 0 },
      { value: 'b', num: 1 },
    ])
    expect(s.minMatchNum(0, 1)).toBe(0)
  })
})

describe('PodTopologySpread addPod / removePod', () => {
  const pod = withConstraints(web('new'), spread(ZONE, 1, 'DoNotSchedule'))

  function setup() {
    const nodes = cluster({ a1: [web('p1')], a2: [web('p2')], b1: [web('p3')] })
    const pl = plugin(nodes)
    const state = newState()
    pl.preFilter(state, pod, nodes)
    const ext = pl.preFilterExtensions
    const read = (st = state) => {
      const s = st.read<PreFilterState>(`PreFilter${NAME}`) as PreFilterState
      return {
        counts: Object.fromEntries(s.tpValueToMatchNum[0] as Map<string, number>),
        min: s.minMatchNum(0, 1),
      }
    }
    return { nodes, pl, state, ext, read }
  }

  it('removing a matching pod from zone a lowers its count and lets zone a fit', () => {
    const { nodes, pl, state, ext, read } = setup()
    const [a1] = nodes as [NodeInfo]
    expect(read()).toEqual({ counts: { a: 2, b: 1 }, min: 1 })
    // Before: a: 2 + 1 − 1 = 2 > 1.
    expect(pl.filter(state, pod, a1)).not.toBeNull()
    expect(ext.removePod(state, pod, newPodInfo(web('p1')), a1)).toBeNull()
    // After: a = 1, b = 1, min 1: a: 1 + 1 − 1 = 1.
    expect(read()).toEqual({ counts: { a: 1, b: 1 }, min: 1 })
    expect(pl.filter(state, pod, a1)).toBeNull()
  })

  it('adding a matching pod to zone b raises its count and the minimum', () => {
    const { nodes, state, ext, read } = setup()
    expect(ext.addPod(state, pod, newPodInfo(web('x')), nodes[2] as NodeInfo)).toBeNull()
    // b: 1 → 2; the smallest domain is now a or b with 2.
    expect(read()).toEqual({ counts: { a: 2, b: 2 }, min: 2 })
  })

  it.each([
    { name: 'another namespace', other: webIn('x', 'other') },
    { name: 'not matching the selector', other: makePod('x').labels({ app: 'db' }).obj() },
  ])('ignores a pod of $name', ({ other }) => {
    const { nodes, state, ext, read } = setup()
    expect(ext.addPod(state, pod, newPodInfo(other), nodes[2] as NodeInfo)).toBeNull()
    expect(read()).toEqual({ counts: { a: 2, b: 1 }, min: 1 })
  })

  it('ignores a node missing a topology key', () => {
    const { state, ext, read } = setup()
    expect(ext.addPod(state, pod, newPodInfo(web('x')), nodeInfo(makeNode('c1').obj()))).toBeNull()
    expect(read()).toEqual({ counts: { a: 2, b: 1 }, min: 1 })
  })

  it('changes only the clone: preemption tries each node on its own copy', () => {
    const { nodes, state, ext, read } = setup()
    const copy = state.clone()
    ext.removePod(copy, pod, newPodInfo(web('p3')), nodes[2] as NodeInfo)
    expect(read(copy)).toEqual({ counts: { a: 2, b: 0 }, min: 0 })
    expect(read()).toEqual({ counts: { a: 2, b: 1 }, min: 1 })
  })

  it('is an Error without PreFilter state', () => {
    const { nodes, ext } = setup()
    expect(ext.addPod(newState(), pod, newPodInfo(web('x')), nodes[0] as NodeInfo)?.code).toBe('Error')
  })
})

describe('critical paths', () => {
  const run = (updates: [string, number][]): CriticalPaths => {
    const p = newCriticalPaths()
    for (const [v, n] of updates) updateCriticalPaths(p, v, n)
    return p
  }
  it.each([
    {
      updates: [['a', 3]],
      want: [
        ['a', 3],
        ['', 2147483647],
      ],
    },
    {
      updates: [
        ['a', 3],
        ['b', 1],
        ['c', 2],
      ],
      // c (2) is below path[1] (a, 3): it replaces it.
      want: [
        ['b', 1],
        ['c', 2],
      ],
    },
    {
      updates: [
        ['a', 1],
        ['b', 2],
        ['a', 3],
      ],
      // a grows past b: the two swap.
      want: [
        ['b', 2],
        ['a', 3],
      ],
    },
  ] as { updates: [string, number][]; want: [string, number][] }[])('$updates', ({ updates, want }) => {
    expect(run(updates).map((x) => [x.value, x.num])).toEqual(want)
  })
})
