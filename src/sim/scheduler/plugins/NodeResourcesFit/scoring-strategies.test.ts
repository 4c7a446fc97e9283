/**
 * NodeResourcesFit's MostAllocated and RequestedToCapacityRatio strategies, table-driven, with the
 * cases of upstream's most_allocated_test.go and requested_to_capacity_ratio_test.go (quantities
 * as upstream writes them: "4000" cpu is 4000 cores; only the ratios matter).
 */
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { Fit, type NodeResourcesFitArgs, type ResourceSpec, type UtilizationShapePoint } from './fit'
import { buildBrokenLinearFunction } from './requested-to-capacity-ratio'

const DEFAULT_RESOURCES: ResourceSpec[] = [
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
]

/** Two containers (cpu 1000 + 2000, memory 2000 + 3000), as upstream's requested pod. */
const twoContainers = () =>
  makePod('p').container({ cpu: '1000', memory: '2000' }).container({ cpu: '2000', memory: '3000' })

function scores(args: NodeResourcesFitArgs, pod: Pod, nodes: Node[], existing: Pod[] = []): number[] {
  const pl = new Fit(args)
  const state = newState()
  pl.preScore(state, pod)
  return nodes.map((n) =>
    pl.score(state, pod, nodeInfo(n, ...existing.filter((p) => p.spec?.nodeName === n.metadata?.name))),
  )
}

const on = (node: string, pod: ReturnType<typeof makePod>) => pod.nodeName(node).obj()

describe('MostAllocated', () => {
  const cases: {
    name: string
    pod: Pod
    nodes: Node[]
    existing?: Pod[]
    resources?: ResourceSpec[]
    want: number[]
  }[] = [
    {
      name: 'nothing scheduled, nothing requested',
      pod: makePod().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '4000', memory: '10000' }).obj(),
      ],
      want: [0, 0],
    },
    {
      // node1: cpu 3000×100/4000 = 75, memory 5000×100/10000 = 50 → 62; node2: 50, 50 → 50.
      name: 'nothing scheduled, resources requested, differently sized nodes',
      pod: twoContainers().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000' }).obj(),
      ],
      want: [62, 50],
    },
    {
      // node1: cpu 6000/10000 = 60, memory 0 → 30; node2: 60, 5000/20000 = 25 → 42.
      name: 'no resources requested, pods scheduled with resources',
      pod: makePod().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '10000', memory: '20000' }).obj(),
        makeNode('node2').capacity({ cpu: '10000', memory: '20000' }).obj(),
      ],
      existing: [
        on('node1', makePod('a').requests({ cpu: '3000', memory: '0' })),
        on('node1', makePod('b').requests({ cpu: '3000', memory: '0' })),
        on('node2', makePod('c').requests({ cpu: '3000', memory: '0' })),
        on('node2', makePod('d').requests({ cpu: '3000', memory: '5000' })),
      ],
      want: [30, 42],
    },
    {
      name: 'resources requested, pods scheduled with resources',
      pod: twoContainers().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '10000', memory: '20000' }).obj(),
        makeNode('node2').capacity({ cpu: '10000', memory: '20000' }).obj(),
      ],
      existing: [
        on('node1', makePod('a').requests({ cpu: '3000', memory: '0' })),
        on('node2', makePod('b').requests({ cpu: '3000', memory: '5000' })),
      ],
      want: [42, 55],
    },
    {
      // node1: cpu 5000/5000 = 100, memory 9000/10000 = 90 → 95; node2: 50, 100 → 75.
      name: 'resources requested equal node capacity',
      pod: makePod()
        .container({ cpu: '2000', memory: '4000' })
        .container({ cpu: '3000', memory: '5000' })
        .obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '5000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '10000', memory: '9000' }).obj(),
      ],
      want: [95, 75],
    },
    {
      // node1: (75 × 1 + 50 × 2) / 3 = 58; node2: (50 + 100) / 3 = 50.
      name: 'weights',
      pod: twoContainers().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000' }).obj(),
      ],
      resources: [
        { name: 'memory', weight: 2 },
        { name: 'cpu', weight: 1 },
      ],
      want: [58, 50],
    },
    {
      // Non-zero defaults: node1 holds 2 × 100m + 100m = 300m of 250m → capped at 100;
      // memory 600Mi of 1000Mi → 60; (100 + 60) / 2 = 80. node2: 100m → 40, 200Mi → 20 → 30.
      name: 'no resources requested, pods scheduled, non-zero request for the resource',
      pod: makePod().container().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '250m', memory: '1000Mi' }).obj(),
        makeNode('node2').capacity({ cpu: '250m', memory: '1000Mi' }).obj(),
      ],
      existing: [on('node1', makePod('a').container()), on('node1', makePod('b').container())],
      want: [80, 30],
    },
    {
      name: 'an extended resource the pod does not request is left out',
      pod: makePod().requests({ cpu: '3000', memory: '5000' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '6000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000', 'example.com/foo': '4' }).obj(),
      ],
      resources: [...DEFAULT_RESOURCES, { name: 'example.com/foo', weight: 1 }],
      want: [50, 50],
    },
    {
      // example.com/foo: node1 2/4 = 50, node2 2/10 = 20 → (50 + 50 + 50) / 3, (50 + 50 + 20) / 3.
      name: 'an extended resource the pod requests counts',
      pod: makePod().requests({ cpu: '3000', memory: '5000', 'example.com/foo': '2' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '6000', memory: '10000', 'example.com/foo': '4' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000', 'example.com/foo': '10' }).obj(),
      ],
      resources: [...DEFAULT_RESOURCES, { name: 'example.com/foo', weight: 1 }],
      want: [50, 40],
    },
    {
      // cpu 50, memory 40; the node without example.com/foo leaves it out (and its weight).
      name: 'a resource the node does not have is left out',
      pod: makePod().requests({ cpu: '3000', memory: '4000' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '6000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000', 'example.com/foo': '4' }).obj(),
      ],
      resources: [{ name: 'example.com/foo', weight: 2 }, ...DEFAULT_RESOURCES],
      want: [45, 45],
    },
  ]
  it.each(cases)('$name', ({ pod, nodes, existing, resources, want }) => {
    const args = {
      scoringStrategy: { type: 'MostAllocated' as const, resources: resources ?? DEFAULT_RESOURCES },
    }
    expect(scores(args, pod, nodes, existing)).toEqual(want)
  })
})

describe('RequestedToCapacityRatio', () => {
  const spread: UtilizationShapePoint[] = [
    { utilization: 0, score: 10 },
    { utilization: 100, score: 0 },
  ]
  const pack: UtilizationShapePoint[] = [
    { utilization: 0, score: 0 },
    { utilization: 100, score: 10 },
  ]
  const cases: {
    name: string
    pod: Pod
    nodes: Node[]
    existing?: Pod[]
    resources?: ResourceSpec[]
    shape: UtilizationShapePoint[]
    want: number[]
  }[] = [
    {
      name: 'nothing requested, least requested shape: every resource at 0% scores 100',
      pod: makePod().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '4000', memory: '10000' }).obj(),
      ],
      existing: [on('node1', makePod('a')), on('node1', makePod('b'))],
      shape: spread,
      want: [100, 100],
    },
    {
      // node1: cpu 75% → 25, memory 50% → 50; round(75 / 2) = 38. node2: 50, 50 → 50.
      name: 'resources requested, differently sized nodes, least requested shape',
      pod: twoContainers().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000' }).obj(),
      ],
      shape: spread,
      want: [38, 50],
    },
    {
      name: 'pods scheduled with resources, nothing requested, least requested shape',
      pod: makePod().obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4000', memory: '10000' }).obj(),
        makeNode('node2').capacity({ cpu: '6000', memory: '10000' }).obj(),
      ],
      existing: [
        on('node1', makePod('a').requests({ cpu: '3000', memory: '5000' })),
        on('node2', makePod('b').requests({ cpu: '3000', memory: '5000' })),
      ],
      shape: spread,
      want: [38, 50],
    },
    {
      // Shape scores ×10: {0: 0, 100: 10}. foo: node1 2/8 = 25% → 10 × 25 / 100 = 2; node2 2/4 → 5.
      name: 'bin packing on an extended resource (upstream TestResourceBinPackingSingleExtended)',
      pod: makePod().requests({ 'intel.com/foo': '2' }).obj(),
      nodes: [
        makeNode('node1').capacity({ cpu: '4', memory: '10000Mi', 'intel.com/foo': '8' }).obj(),
        makeNode('node2').capacity({ cpu: '4', memory: '10000Mi', 'intel.com/foo': '4' }).obj(),
      ],
      resources: [{ name: 'intel.com/foo', weight: 1 }],
      shape: [
        { utilization: 0, score: 0 },
        { utilization: 100, score: 1 },
      ],
      want: [2, 5],
    },
    {
      // A request above what the node has scores as 100% utilization.
      name: 'over capacity counts as full',
      pod: makePod().requests({ cpu: '3', memory: '1Gi' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '2', memory: '4Gi' }).obj()],
      shape: pack,
      want: [63], // cpu 100, memory 25 → round(125 / 2) = 63 (half rounds up)
    },
    {
      // A resource scoring 0 leaves the mean, weight and all: cpu 0% → 0; memory 50% → 50.
      name: 'zero-scoring resources are left out of the mean',
      pod: makePod().requests({ cpu: '0', memory: '2Gi' }).obj(),
      nodes: [makeNode('node1').capacity({ cpu: '2', memory: '4Gi' }).obj()],
      shape: pack,
      want: [50],
    },
  ]
  it.each(cases)('$name', ({ pod, nodes, existing, resources, shape, want }) => {
    const args = {
      scoringStrategy: {
        type: 'RequestedToCapacityRatio' as const,
        resources: resources ?? DEFAULT_RESOURCES,
        requestedToCapacityRatio: { shape },
      },
    }
    expect(scores(args, pod, nodes, existing)).toEqual(want)
  })

  it('builds the broken linear function as upstream (TestBrokenLinearFunction)', () => {
    const tables: [UtilizationShapePoint[], [number, number][]][] = [
      [
        [
          { utilization: 10, score: 1 },
          { utilization: 90, score: 9 },
        ],
        [
          [-10, 1],
          [0, 1],
          [9, 1],
          [10, 1],
          [15, 1],
          [19, 1],
          [20, 2],
          [89, 8],
          [90, 9],
          [99, 9],
          [100, 9],
          [110, 9],
        ],
      ],
      [
        [
          { utilization: 0, score: 2 },
          { utilization: 40, score: 10 },
          { utilization: 100, score: 0 },
        ],
        [
          [-10, 2],
          [0, 2],
          [20, 6],
          [30, 8],
          [40, 10],
          [70, 5],
          [100, 0],
          [110, 0],
        ],
      ],
    ]
    for (const [shape, points] of tables) {
      const f = buildBrokenLinearFunction(shape)
      for (const [p, want] of points) expect(f(p), `p=${p}`).toBe(want)
    }
  })
})

describe('NodeResourcesFit args', () => {
  it('defaults resources to cpu and memory, and weight 0 to 1', () => {
    const pod = makePod().requests({ cpu: '1', memory: '1Gi' }).obj()
    const node = makeNode('n').capacity({ cpu: '4', memory: '4Gi' }).obj()
    expect(scores({ scoringStrategy: { type: 'MostAllocated' } }, pod, [node])).toEqual([25])
    expect(
      scores({ scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 0 }] } }, pod, [
        node,
      ]),
    ).toEqual([25])
  })

  it('refuses a strategy it does not know, and RequestedToCapacityRatio without a shape', () => {
    expect(() => new Fit({ scoringStrategy: { type: 'Balanced' as never } })).toThrow(
      'scoring strategy Balanced is not supported',
    )
    expect(() => new Fit({ scoringStrategy: { type: 'RequestedToCapacityRatio' } })).toThrow('shape')
  })
})
