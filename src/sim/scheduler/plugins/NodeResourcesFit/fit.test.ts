import { describe, expect, it } from 'vitest'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { Fit } from './fit'

describe('NodeResourcesFit filter', () => {
  const node = makeNode('n').capacity({ cpu: '2', memory: '4Gi', pods: '3', 'ephemeral-storage': '10Gi' })
  const used = makePod('used').requests({ cpu: '1500m', memory: '3Gi' })
  const cases = [
    { name: 'fits', pod: makePod().requests({ cpu: '500m', memory: '1Gi' }), existing: [used], want: null },
    {
      name: 'cpu short',
      pod: makePod().requests({ cpu: '600m' }),
      existing: [used],
      want: ['Insufficient cpu'],
    },
    {
      name: 'several reasons on one node',
      pod: makePod().requests({ cpu: '1', memory: '2Gi' }),
      existing: [used],
      want: ['Insufficient cpu', 'Insufficient memory'],
    },
    {
      name: 'a larger init container counts',
      pod: makePod().requests({ cpu: '100m' }).initContainer({ cpu: '1' }),
      existing: [used],
      want: ['Insufficient cpu'],
    },
    {
      name: 'too many pods, even for a pod that requests nothing',
      pod: makePod().container(),
      existing: [makePod('a'), makePod('b'), makePod('c')],
      want: ['Too many pods'],
    },
    {
      name: 'too many pods comes first',
      pod: makePod().requests({ cpu: '3' }),
      existing: [makePod('a'), makePod('b'), makePod('c')],
      want: ['Too many pods', 'Insufficient cpu'],
    },
    {
      name: 'a best-effort pod fits a full node (no non-zero defaults in Filter)',
      pod: makePod().container(),
      existing: [makePod('full').requests({ cpu: '2', memory: '4Gi' })],
      want: null,
    },
    {
      name: 'ephemeral-storage',
      pod: makePod().requests({ 'ephemeral-storage': '11Gi' }),
      existing: [],
      want: ['Insufficient ephemeral-storage'],
    },
    {
      name: 'extended resource the node lacks',
      pod: makePod().requests({ 'example.com/foo': '1' }),
      existing: [],
      want: ['Insufficient example.com/foo'],
    },
  ]
  it.each(cases)('$name', ({ pod, existing, want }) => {
    const pl = new Fit()
    const state = newState()
    const p = pod.obj()
    pl.preFilter(state, p)
    const s = pl.filter(state, p, nodeInfo(node.obj(), ...existing.map((e) => e.obj())))
    if (want === null) expect(s).toBeNull()
    else expect(s).toEqual({ code: 'Unschedulable', reasons: want, plugin: 'NodeResourcesFit' })
  })

  it('ignoredResources skips an extended resource', () => {
    const pl = new Fit({ ignoredResources: ['example.com/foo'] })
    const state = newState()
    const p = makePod().requests({ 'example.com/foo': '1' }).obj()
    pl.preFilter(state, p)
    expect(pl.filter(state, p, nodeInfo(node.obj()))).toBeNull()
  })
})

describe('NodeResourcesFit score (LeastAllocated, cpu:1 memory:1)', () => {
  const cases = [
    {
      // Upstream's "differentially sized nodes": cpu 25 and memory 50 → 37; cpu 50, memory 50 → 50.
      name: 'different node sizes',
      nodes: [
        makeNode('n1').capacity({ cpu: '4', memory: '10000' }),
        makeNode('n2').capacity({ cpu: '6', memory: '10000' }),
      ],
      existing: [],
      pod: makePod().requests({ cpu: '3', memory: '5000' }),
      want: [37, 50],
    },
    {
      name: 'existing pods count',
      nodes: [makeNode('n1').capacity({ cpu: '4', memory: '8Gi' })],
      existing: [makePod('e').requests({ cpu: '1', memory: '2Gi' })],
      pod: makePod().requests({ cpu: '1', memory: '2Gi' }),
      want: [50],
    },
    {
      // A best-effort pod is scored as 100m / 200Mi: (4000 − 100) × 100 / 4000 = 97,
      // (8192 − 200) × 100 / 8192 = 97.
      name: 'non-zero defaults for a best-effort pod',
      nodes: [makeNode('n1').capacity({ cpu: '4', memory: '8Gi' })],
      existing: [],
      pod: makePod().container(),
      want: [97],
    },
    {
      name: 'a request above capacity scores 0 for that resource',
      nodes: [makeNode('n1').capacity({ cpu: '1', memory: '1Gi' })],
      existing: [],
      pod: makePod().requests({ cpu: '2', memory: '512Mi' }),
      want: [25], // (0 + 50) / 2
    },
  ]
  it.each(cases)('$name', ({ nodes, existing, pod, want }) => {
    const pl = new Fit()
    const state = newState()
    const p = pod.obj()
    pl.preScore(state, p)
    const got = nodes.map((n) => pl.score(state, p, nodeInfo(n.obj(), ...existing.map((e) => e.obj()))))
    expect(got).toEqual(want)
  })

  it('non-zero defaults for existing pods', () => {
    const pl = new Fit()
    const state = newState()
    const p = makePod().requests({ cpu: '300m', memory: '400Mi' }).obj()
    pl.preScore(state, p)
    const ni = nodeInfo(
      makeNode('n1').capacity({ cpu: '1', memory: '1000Mi' }).obj(),
      makePod('a').container().obj(),
      makePod('b').container().obj(),
    )
    // cpu: 200 + 300 = 500 of 1000 → 50; memory: 400Mi + 400Mi of 1000Mi → 20; (50 + 20) / 2 = 35.
    expect(pl.score(state, p, ni)).toBe(35)
  })
})
