/**
 * NodeResourcesBalancedAllocation, table-driven. Quantities are written as upstream's tests write
 * them ("4000" cpu is 4000 cores): only the ratios matter.
 */
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { ProblemList } from '../../config/read'
import type { Registry } from '../../framework/registry'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { IN_TREE_REGISTRY } from '../registry'
import { readBalancedAllocationArgs } from './args'
import {
  BalancedAllocation,
  NAME,
  type NodeResourcesBalancedAllocationArgs,
  type ResourceSpec,
} from './balanced-allocation'

const on = (node: string, pod: ReturnType<typeof makePod>) => pod.nodeName(node).obj()
const FOO: ResourceSpec[] = [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
  { name: 'example.com/foo', weight: 1 },
]

function scores(resources: ResourceSpec[] | undefined, pod: Pod, nodes: Node[], existing: Pod[] = []) {
  const pl = new BalancedAllocation(resources ? { resources } : {})
  const state = newState()
  expect(pl.preScore(state, pod)).toBeNull()
  return nodes.map((n) =>
    pl.score(state, pod, nodeInfo(n, ...existing.filter((p) => p.spec?.nodeName === n.metadata?.name))),
  )
}

describe('NodeResourcesBalancedAllocation PreScore', () => {
  const pl = new BalancedAllocation()
  const cases: { name: string; pod: Pod; skip: boolean }[] = [
    { name: 'best-effort: no requests at all', pod: makePod().container().obj(), skip: true },
    { name: 'no containers', pod: makePod().obj(), skip: true },
    {
      // Only the configured resources count (cpu and memory by default).
      name: 'requests only ephemeral-storage',
      pod: makePod().requests({ 'ephemeral-storage': '1Gi' }).obj(),
      skip: true,
    },
    { name: 'explicit zero requests', pod: makePod().requests({ cpu: '0', memory: '0' }).obj(), skip: true },
    { name: 'requests memory only', pod: makePod().requests({ memory: '1Gi' }).obj(), skip: false },
    {
      name: 'a sidecar requests cpu',
      pod: makePod().container().sidecar({ cpu: '100m' }).obj(),
      skip: false,
    },
  ]
  it.each(cases)('$name', ({ pod, skip }) => {
    const s = pl.preScore(newState(), pod)
    if (skip) expect(s).toMatchObject({ code: 'Skip' })
    else expect(s).toBeNull()
  })

  it('Score without PreScore gives a best-effort pod 0', () => {
    expect(pl.score(newState(), makePod().container().obj(), nodeInfo(makeNode().obj()))).toBe(0)
  })
})

describe('NodeResourcesBalancedAllocation Score', () => {
  const cases: {
    name: string
    pod: Pod
    nodes: Node[]
    existing?: Pod[]
    resources?: ResourceSpec[]
    want: number[]
  }[] = [
    {
      // node1: cpu 3000/4000 = 0.75, memory 5000/10000 = 0.5 → std |0.75 − 0.5| / 2 = 0.125 →
      // (1 − 0.125) × 100 = 87.5 → 87. node2: 3000/6000 = 0.5, 0.5 → std 0 → 100.
      name: 'nothing scheduled, two containers, differently sized nodes',
      pod: makePod()
        .container({ cpu: '1000', memory: '2000' })
        .container({ cpu: '2000', memory: '3000' })
        .obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000' }).obj(),
      ],
      want: [87, 100],
    },
    {
      // node1: cpu (3000 + 3000 + 3000)/10000 = 0.9, memory (0 + 5000 + 5000)/20000 = 0.5 → std 0.2
      // → 80. node2: cpu 3000/10000 = 0.3, memory 5000/20000 = 0.25 → std 0.025 → 97.5 → 97.
      name: 'pods scheduled with resources',
      pod: makePod().requests({ cpu: '3000', memory: '5000' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '10000', memory: '20000' }).obj(),
        makeNode('node2').capacity({ cpu: '10000', memory: '20000' }).obj(),
      ],
      existing: [
        on('node1', makePod('a').requests({ cpu: '3000', memory: '0' })),
        on('node1', makePod('b').requests({ cpu: '3000', memory: '5000' })),
      ],
      want: [80, 97],
    },
    {
      // Best-effort pods on the node count 0, not 100m / 200Mi: cpu 500m/1000m = 0.5,
      // memory 256Mi/1024Mi = 0.25 → std 0.125 → 87.5 → 87 on both nodes.
      name: 'existing best-effort pods add nothing (actual requests, not non-zero)',
      pod: makePod().requests({ cpu: '500m', memory: '256Mi' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '1', memory: '1Gi' }).obj(),
        makeNode('node2').capacity({ cpu: '1', memory: '1Gi' }).obj(),
      ],
      existing: [
        on('node1', makePod('a').container()),
        on('node1', makePod('b').container()),
        on('node1', makePod('c').container()),
      ],
      want: [87, 87],
    },
    {
      // cpu 5000/4000 = 1.25, capped at 1; memory 5000/10000 = 0.5 → std 0.25 → 75.
      name: 'a fraction above 1 is capped',
      pod: makePod().requests({ cpu: '5000', memory: '5000' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj()],
      want: [75],
    },
    {
      // cpu 0/4000 = 0, memory 5000/10000 = 0.5 → std 0.25 → 75.
      name: 'memory only: cpu still counts with fraction 0',
      pod: makePod().requests({ memory: '5000' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj()],
      want: [75],
    },
    {
      // cpu 2000/4000 = 0.5, memory 2000/10000 = 0.2, foo 1/4 = 0.25; mean 0.95/3 = 0.31667;
      // Σ(f − mean)² = 0.033611 + 0.013611 + 0.004444 = 0.051667; std = √(0.051667/3) = 0.13123
      // → 86.88 → 86.
      name: 'three resources: population standard deviation',
      pod: makePod().requests({ cpu: '2000', memory: '2000', 'example.com/foo': '1' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000', 'example.com/foo': '4' }).obj()],
      resources: FOO,
      want: [86],
    },
    {
      // foo is left out (the pod does not request it): cpu 0.5, memory 0.2 → std 0.15 → 85.
      name: 'an extended resource the pod does not request is left out',
      pod: makePod().requests({ cpu: '2000', memory: '2000' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000', 'example.com/foo': '4' }).obj()],
      resources: FOO,
      want: [85],
    },
    {
      // The node has no foo (allocatable 0): left out → cpu 0.5, memory 0.2 → 85.
      name: 'a resource the node does not have is left out',
      pod: makePod().requests({ cpu: '2000', memory: '2000', 'example.com/foo': '1' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj()],
      resources: FOO,
      want: [85],
    },
    {
      // One fraction (cpu 0.25): std 0 → 100.
      name: 'a single resource',
      pod: makePod().requests({ cpu: '1000', memory: '9000' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj()],
      resources: [{ name: 'cpu', weight: 1 }],
      want: [100],
    },
    {
      // Request = max(container 1000 / 2000, init 2000 / –) = cpu 2000, memory 2000:
      // 2000/4000 = 0.5, 2000/10000 = 0.2 → std 0.15 → 85.
      name: 'init containers count through the pod request',
      pod: makePod().container({ cpu: '1000', memory: '2000' }).initContainer({ cpu: '2000' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj()],
      want: [85],
    },
  ]
  it.each(cases)('$name', ({ pod, nodes, existing, resources, want }) => {
    expect(scores(resources, pod, nodes, existing)).toEqual(want)
  })
})

describe('NodeResourcesBalancedAllocation args', () => {
  const read = (value: unknown) => {
    const r = new ProblemList()
    const args = readBalancedAllocationArgs(r, value, 'args')
    return { args, problems: r.problems.map((p) => p.message) }
  }
  const cpuMem = [
    { name: 'cpu', weight: 1 },
    { name: 'memory', weight: 1 },
  ]
  const cases: { name: string; value: unknown; resources: ResourceSpec[]; problems: string[] }[] = [
    { name: 'absent: cpu and memory', value: undefined, resources: cpuMem, problems: [] },
    { name: 'empty list: cpu and memory', value: { resources: [] }, resources: cpuMem, problems: [] },
    {
      name: 'weight 0 or missing becomes 1',
      value: { resources: [{ name: 'cpu' }, { name: 'nvidia.com/gpu', weight: 0 }] },
      resources: [
        { name: 'cpu', weight: 1 },
        { name: 'nvidia.com/gpu', weight: 1 },
      ],
      problems: [],
    },
    {
      name: 'weights other than 1, and a duplicate',
      value: { resources: [{ name: 'cpu', weight: 2 }, { name: 'memory' }, { name: 'cpu', weight: -1 }] },
      resources: [
        { name: 'cpu', weight: 2 },
        { name: 'memory', weight: 1 },
        { name: 'cpu', weight: -1 },
      ],
      problems: [
        'args.resources[0].weight: Invalid value: 2: must be 1',
        'args.resources[2].name: Duplicate value: "cpu"',
        'args.resources[2].weight: Invalid value: -1: must be 1',
      ],
    },
  ]
  it.each(cases)('$name', ({ value, resources, problems }) => {
    expect(read(value)).toEqual({ args: { resources }, problems })
  })

  it('the plugin refuses invalid args as NewBalancedAllocation does', () => {
    expect(() => new BalancedAllocation({ resources: [{ name: 'cpu', weight: 3 }] })).toThrow(
      'resources[0].weight: Invalid value: 3: must be 1',
    )
    expect(new BalancedAllocation({ resources: [{ name: 'cpu', weight: 0 }] }).resources).toEqual([
      { name: 'cpu', weight: 1 },
    ])
  })
})

describe('NodeResourcesBalancedAllocation in the framework', () => {
  const registry: Registry = new Map([
    ...IN_TREE_REGISTRY,
    [NAME, (args) => new BalancedAllocation(args as NodeResourcesBalancedAllocationArgs | undefined)],
  ])
  const nodes = [
    makeNode('node-a').capacity({ cpu: '4', memory: '8Gi' }).obj(),
    makeNode('node-b').capacity({ cpu: '4', memory: '8Gi' }).obj(),
  ]
  const existing = [
    on('node-a', makePod('cpu-heavy').requests({ cpu: '2', memory: '0' })),
    on('node-b', makePod('memory-heavy').requests({ cpu: '0', memory: '2Gi' })),
  ]

  it('scores the pod where cpu and memory end up balanced', () => {
    const h = harness(nodes, existing, { registry })
    const out = h.schedule(makePod('p').requests({ cpu: '1', memory: '2Gi' }).obj())
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled' || !out.priorities) return
    const { plugins, scores, nodes: scored } = out.priorities
    const column = scores[plugins.indexOf(NAME)] as number[]
    const byNode = Object.fromEntries(scored.map((ni, i) => [ni.name, column[i]]))
    // node-a: cpu (2 + 1)/4 = 0.75, memory 2/8 = 0.25 → std 0.25 → 75.
    // node-b: cpu 1/4 = 0.25, memory (2 + 2)/8 = 0.5 → std 0.125 → 87.5 → 87.
    expect(byNode).toEqual({ 'node-a': 75, 'node-b': 87 })
    expect(out.suggestedHost).toBe('node-b')
  })

  it('does not score a best-effort pod', () => {
    const h = harness(nodes, existing, { registry })
    const out = h.schedule(makePod('p').container().obj())
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled' || !out.priorities) return
    expect(out.priorities.plugins).not.toContain(NAME)
    expect(h.fwk.preScorePlugins.map((p) => p.name)).toContain(NAME)
  })
})
