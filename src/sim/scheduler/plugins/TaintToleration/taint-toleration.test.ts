import { describe, expect, it } from 'vitest'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { TaintToleration } from './taint-toleration'

describe('TaintToleration filter', () => {
  const pl = new TaintToleration()
  const cases = [
    { name: 'no taints', node: makeNode(), pod: makePod(), want: null },
    {
      name: 'control-plane taint with an empty value (v1.33 text)',
      node: makeNode().taint('node-role.kubernetes.io/control-plane', undefined, 'NoSchedule'),
      pod: makePod(),
      want: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
    },
    {
      name: 'NoExecute counts too',
      node: makeNode().taint('dedicated', 'gpu', 'NoExecute'),
      pod: makePod(),
      want: 'node(s) had untolerated taint {dedicated: gpu}',
    },
    {
      name: 'PreferNoSchedule never rejects',
      node: makeNode().taint('a', 'b', 'PreferNoSchedule'),
      pod: makePod(),
      want: null,
    },
    {
      name: 'Equal toleration with the same value',
      node: makeNode().taint('dedicated', 'gpu', 'NoSchedule'),
      pod: makePod().toleration({ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }),
      want: null,
    },
    {
      name: 'Equal toleration with another value',
      node: makeNode().taint('dedicated', 'gpu', 'NoSchedule'),
      pod: makePod().toleration({ key: 'dedicated', value: 'cpu' }),
      want: 'node(s) had untolerated taint {dedicated: gpu}',
    },
    {
      name: 'Exists without key tolerates everything',
      node: makeNode().taint('a', 'b', 'NoSchedule').taint('c', 'd', 'NoExecute'),
      pod: makePod().toleration({ operator: 'Exists' }),
      want: null,
    },
    {
      name: 'the first untolerated taint is named',
      node: makeNode().taint('a', '1', 'NoSchedule').taint('b', '2', 'NoSchedule'),
      pod: makePod().toleration({ key: 'a', operator: 'Exists' }),
      want: 'node(s) had untolerated taint {b: 2}',
    },
    {
      name: 'toleration effect must match',
      node: makeNode().taint('a', '1', 'NoExecute'),
      pod: makePod().toleration({ key: 'a', operator: 'Exists', effect: 'NoSchedule' }),
      want: 'node(s) had untolerated taint {a: 1}',
    },
  ]
  it.each(cases)('$name', ({ node, pod, want }) => {
    const s = pl.filter(newState(), pod.obj(), nodeInfo(node.obj()))
    if (want === null) expect(s).toBeNull()
    else
      expect(s).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: [want], plugin: 'TaintToleration' })
  })
})

describe('TaintToleration score', () => {
  const pl = new TaintToleration()
  it('counts untolerated PreferNoSchedule taints and normalizes in reverse', () => {
    const pod = makePod()
      .toleration({ key: 'tolerated', operator: 'Exists', effect: 'PreferNoSchedule' })
      .obj()
    const nodes = [
      makeNode('clean').obj(),
      makeNode('one').taint('x', '1', 'PreferNoSchedule').obj(),
      makeNode('two').taint('x', '1', 'PreferNoSchedule').taint('y', '2', 'PreferNoSchedule').obj(),
      makeNode('tolerated').taint('tolerated', 'v', 'PreferNoSchedule').obj(),
      makeNode('noschedule-ignored').taint('z', '1', 'NoSchedule').obj(),
    ].map((n) => nodeInfo(n))
    const state = newState()
    expect(pl.preScore(state, pod)).toBeNull()
    const scores = nodes.map((ni) => pl.score(state, pod, ni))
    expect(scores).toEqual([0, 1, 2, 0, 0])
    pl.scoreExtensions.normalizeScore(state, pod, nodes, scores)
    // 100 − raw × 100 / max
    expect(scores).toEqual([100, 50, 0, 100, 100])
  })

  it('a toleration with effect NoSchedule does not help against PreferNoSchedule', () => {
    const pod = makePod().toleration({ key: 'x', operator: 'Exists', effect: 'NoSchedule' }).obj()
    const state = newState()
    pl.preScore(state, pod)
    expect(pl.score(state, pod, nodeInfo(makeNode().taint('x', '1', 'PreferNoSchedule').obj()))).toBe(1)
  })

  it('all zero → every node gets 100', () => {
    const scores = [0, 0, 0]
    pl.scoreExtensions.normalizeScore(newState(), makePod().obj(), [], scores)
    expect(scores).toEqual([100, 100, 100])
  })
})
