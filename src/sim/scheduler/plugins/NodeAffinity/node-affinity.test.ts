import { describe, expect, it } from 'vitest'
import { makeNode, makePod, newState, nodeInfo } from '../../testing/builders'
import { ERR_REASON_CONFLICT, ERR_REASON_POD, NodeAffinity } from './node-affinity'

const zone = (op: string, ...values: string[]) => ({ key: 'zone', operator: op, values })

describe('NodeAffinity filter', () => {
  const pl = new NodeAffinity()
  const node = makeNode('n1').labels({ zone: 'a', disk: 'ssd', cores: '8' })
  const cases = [
    { name: 'nodeSelector matches', pod: makePod().nodeSelector({ disk: 'ssd' }), fits: true },
    { name: 'nodeSelector mismatch', pod: makePod().nodeSelector({ disk: 'hdd' }), fits: false },
    { name: 'nodeSelector missing label', pod: makePod().nodeSelector({ gpu: 'true' }), fits: false },
    { name: 'In', pod: makePod().requiredTerms({ matchExpressions: [zone('In', 'a', 'b')] }), fits: true },
    { name: 'NotIn', pod: makePod().requiredTerms({ matchExpressions: [zone('NotIn', 'a')] }), fits: false },
    {
      name: 'Exists / DoesNotExist',
      pod: makePod().requiredTerms({
        matchExpressions: [
          { key: 'disk', operator: 'Exists' },
          { key: 'gpu', operator: 'DoesNotExist' },
        ],
      }),
      fits: true,
    },
    {
      name: 'Gt / Lt',
      pod: makePod().requiredTerms({
        matchExpressions: [
          { key: 'cores', operator: 'Gt', values: ['4'] },
          { key: 'cores', operator: 'Lt', values: ['16'] },
        ],
      }),
      fits: true,
    },
    {
      name: 'terms are ORed',
      pod: makePod().requiredTerms(
        { matchExpressions: [zone('In', 'z')] },
        { matchExpressions: [zone('In', 'a')] },
      ),
      fits: true,
    },
    {
      name: 'expressions in a term are ANDed',
      pod: makePod().requiredTerms({
        matchExpressions: [zone('In', 'a'), { key: 'disk', operator: 'In', values: ['hdd'] }],
      }),
      fits: false,
    },
    { name: 'an empty term matches nothing', pod: makePod().requiredTerms({}), fits: false },
    {
      name: 'matchFields metadata.name',
      pod: makePod().requiredTerms({
        matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }],
      }),
      fits: true,
    },
    {
      name: 'nodeSelector and affinity must both hold',
      pod: makePod()
        .nodeSelector({ disk: 'hdd' })
        .requiredTerms({ matchExpressions: [zone('In', 'a')] }),
      fits: false,
    },
  ]
  it.each(cases)('$name', ({ pod, fits }) => {
    const s = pl.filter(newState(), pod.obj(), nodeInfo(node.obj()))
    if (fits) expect(s).toBeNull()
    else expect(s).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_POD] })
  })
})

describe('NodeAffinity PreFilter', () => {
  const pl = new NodeAffinity()
  it('skips pods without nodeSelector or required affinity', () => {
    expect(pl.preFilter(newState(), makePod().obj()).status).toMatchObject({ code: 'Skip' })
  })
  it('narrows to the nodes named by metadata.name In in every term', () => {
    const pod = makePod()
      .requiredTerms(
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] },
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['c'] }] },
      )
      .obj()
    expect([...(pl.preFilter(newState(), pod).result?.nodeNames ?? [])].sort()).toEqual(['a', 'b', 'c'])
  })
  it('does not narrow when a term has no name field', () => {
    const pod = makePod()
      .requiredTerms(
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] },
        { matchExpressions: [zone('In', 'a')] },
      )
      .obj()
    expect(pl.preFilter(newState(), pod).result).toBeNull()
  })
  it('reports conflicting name fields', () => {
    const pod = makePod()
      .requiredTerms({
        matchFields: [
          { key: 'metadata.name', operator: 'In', values: ['a'] },
          { key: 'metadata.name', operator: 'In', values: ['b'] },
        ],
      })
      .obj()
    expect(pl.preFilter(newState(), pod).status).toMatchObject({
      code: 'UnschedulableAndUnresolvable',
      reasons: [ERR_REASON_CONFLICT],
    })
  })
})

describe('NodeAffinity score', () => {
  const pl = new NodeAffinity()
  it('sums matching preferred weights and normalizes to the best node', () => {
    const pod = makePod()
      .preferred(20, zone('In', 'a'))
      .preferred(60, { key: 'disk', operator: 'In', values: ['ssd'] })
      .obj()
    const nodes = [
      makeNode('both').labels({ zone: 'a', disk: 'ssd' }),
      makeNode('zone').labels({ zone: 'a' }),
      makeNode('none'),
    ].map((b) => nodeInfo(b.obj()))
    const state = newState()
    expect(pl.preScore(state, pod)).toBeNull()
    const scores = nodes.map((ni) => pl.score(state, pod, ni))
    expect(scores).toEqual([80, 20, 0])
    pl.scoreExtensions.normalizeScore(state, pod, nodes, scores)
    expect(scores).toEqual([100, 25, 0])
  })
  it('PreScore skips pods without preferred terms', () => {
    expect(pl.preScore(newState(), makePod().obj())).toMatchObject({ code: 'Skip' })
  })
})
