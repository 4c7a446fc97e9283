import { describe, expect, it } from 'vitest'
import type { Namespace, Pod } from '../../../../api/types'
import { makeNode, makePod, newState } from '../../testing/builders'
import type { InterPodAffinityArgs } from './args'
import { PRE_SCORE_STATE_KEY } from './inter-pod-affinity'
import { normalizeScores, type PreScoreState, type TopologyScore, topologyScoreRecord } from './scoring'
import { HOSTNAME, namespace, on, setup, term, weighted, withPodAffinity, ZONE } from './testing/pod-affinity'

/** n1, n2 in zone a; n3 in zone b; n4 in zone c. */
const NODES = [
  makeNode('n1').zone('a').obj(),
  makeNode('n2').zone('a').obj(),
  makeNode('n3').zone('b').obj(),
  makeNode('n4').zone('c').obj(),
]

const web = (name: string) => makePod(name).labels({ app: 'web' })
const db = (name: string) => makePod(name).labels({ app: 'db' })

function scoreAll(
  existing: Pod[],
  pod: Pod,
  options: { args?: InterPodAffinityArgs; namespaces?: Namespace[] } = {},
): { pairs: Record<string, number>; raw: Record<string, number>; normalized: Record<string, number> } {
  const { cache, pl } = setup(NODES, existing, options)
  const state = newState()
  const nodes = cache.list()
  expect(pl.preScore(state, pod)).toBeNull()
  const pairs = topologyScoreRecord((state.read(PRE_SCORE_STATE_KEY) as PreScoreState).topologyScore)
  const scores = nodes.map((ni) => pl.score(state, pod, ni))
  const raw = Object.fromEntries(nodes.map((ni, i) => [ni.name, scores[i] as number]))
  expect(pl.scoreExtensions.normalizeScore(state, pod, nodes, scores)).toBeNull()
  const normalized = Object.fromEntries(nodes.map((ni, i) => [ni.name, scores[i] as number]))
  return { pairs, raw, normalized }
}

/** api-1 (zone a, n1) requires app=web in its zone and prefers app=web on its host (10). */
const api1 = on(
  withPodAffinity(makePod('api-1').labels({ app: 'api' }), {
    required: [term(ZONE, { app: 'web' })],
    preferred: [weighted(10, term(HOSTNAME, { app: 'web' }))],
  }),
  'n1',
)
/** batch-1 (zone b, n3) prefers app=web away from its zone (30). */
const batch1 = on(
  withPodAffinity(makePod('batch-1'), { antiPreferred: [weighted(30, term(ZONE, { app: 'web' }))] }),
  'n3',
)
/** A pod without affinity terms: only scored against the incoming pod's own terms. */
const plain = on(web('plain').obj(), 'n4')

describe('InterPodAffinity Score', () => {
  const cases: {
    name: string
    existing: Pod[]
    pod: Pod
    args?: InterPodAffinityArgs
    namespaces?: Namespace[]
    pairs: Record<string, number>
    raw: Record<string, number>
    normalized: Record<string, number>
  }[] = [
    {
      // db-1 (zone a) matches the affinity term: zone a +80. web-1 (n2) and web-2 (n3) match the
      // anti-affinity term: hostname n2 −20, n3 −20. Raw n1 80, n2 80−20=60, n3 −20, n4 0.
      // Normalized over [−20, 80]: 100·(s+20)/100 → 100, 80, 0, 20.
      name: 'the incoming pod’s preferred affinity and anti-affinity',
      existing: [on(db('db-1').obj(), 'n1'), on(web('web-1').obj(), 'n2'), on(web('web-2').obj(), 'n3')],
      pod: withPodAffinity(web('web-new'), {
        preferred: [weighted(80, term(ZONE, { app: 'db' }))],
        antiPreferred: [weighted(20, term(HOSTNAME, { app: 'web' }))],
      }),
      pairs: { [`${HOSTNAME}=n2`]: -20, [`${HOSTNAME}=n3`]: -20, [`${ZONE}=a`]: 80 },
      raw: { n1: 80, n2: 60, n3: -20, n4: 0 },
      normalized: { n1: 100, n2: 80, n3: 0, n4: 20 },
    },
    {
      // Existing pods' terms selecting the incoming web pod: api-1's required term adds
      // hardPodAffinityWeight 1 to zone a, its preferred term 10 to hostname n1; batch-1's preferred
      // anti-affinity −30 to zone b; `plain` has no terms and is not looked at.
      // Raw n1 1+10=11, n2 1, n3 −30, n4 0. Over [−30, 11] (41): 100, ⌊3100/41⌋=75, 0, ⌊3000/41⌋=73.
      name: 'existing pods’ required (hardPodAffinityWeight 1) and preferred terms',
      existing: [api1, batch1, plain],
      pod: web('web-new').obj(),
      pairs: { [`${HOSTNAME}=n1`]: 10, [`${ZONE}=a`]: 1, [`${ZONE}=b`]: -30 },
      raw: { n1: 11, n2: 1, n3: -30, n4: 0 },
      normalized: { n1: 100, n2: 75, n3: 0, n4: 73 },
    },
    {
      // As above with weight 5 for api-1's required term: raw 15, 5, −30, 0; over [−30, 15] (45):
      // 100, ⌊3500/45⌋=77, 0, ⌊3000/45⌋=66.
      name: 'hardPodAffinityWeight 5',
      existing: [api1, batch1, plain],
      pod: web('web-new').obj(),
      args: { hardPodAffinityWeight: 5 },
      pairs: { [`${HOSTNAME}=n1`]: 10, [`${ZONE}=a`]: 5, [`${ZONE}=b`]: -30 },
      raw: { n1: 15, n2: 5, n3: -30, n4: 0 },
      normalized: { n1: 100, n2: 77, n3: 0, n4: 66 },
    },
    {
      // Weight 0 leaves existing pods' required terms out: raw 10, 0, −30, 0; over [−30, 10]:
      // 100, 75, 0, 75.
      name: 'hardPodAffinityWeight 0',
      existing: [api1, batch1, plain],
      pod: web('web-new').obj(),
      args: { hardPodAffinityWeight: 0 },
      pairs: { [`${HOSTNAME}=n1`]: 10, [`${ZONE}=b`]: -30 },
      raw: { n1: 10, n2: 0, n3: -30, n4: 0 },
      normalized: { n1: 100, n2: 75, n3: 0, n4: 75 },
    },
    {
      // With a preferred term of its own, the incoming pod is scored against every pod (plain
      // too: zone c +40), and existing pods' terms still count. Raw n1 11, n2 1, n3 −30, n4 40;
      // over [−30, 40] (70): ⌊4100/70⌋=58, ⌊3100/70⌋=44, 0, 100.
      name: 'every pod is looked at when the incoming pod has preferred terms',
      existing: [api1, batch1, plain],
      pod: withPodAffinity(web('web-new'), { preferred: [weighted(40, term(ZONE, { app: 'web' }))] }),
      pairs: { [`${HOSTNAME}=n1`]: 10, [`${ZONE}=a`]: 1, [`${ZONE}=b`]: -30, [`${ZONE}=c`]: 40 },
      raw: { n1: 11, n2: 1, n3: -30, n4: 40 },
      normalized: { n1: 58, n2: 44, n3: 0, n4: 100 },
    },
    {
      // Only db-d (namespace data, labelled team=data) is selected: hostname n1 +50.
      name: 'namespaceSelector of a preferred term',
      existing: [on(db('db-d').namespace('data').obj(), 'n1'), on(db('db-x').obj(), 'n2')],
      namespaces: [namespace('default'), namespace('data', { team: 'data' })],
      pod: withPodAffinity(web('web-new'), {
        preferred: [
          weighted(
            50,
            term(HOSTNAME, { app: 'db' }, { namespaceSelector: { matchLabels: { team: 'data' } } }),
          ),
        ],
      }),
      pairs: { [`${HOSTNAME}=n1`]: 50 },
      raw: { n1: 50, n2: 0, n3: 0, n4: 0 },
      normalized: { n1: 100, n2: 0, n3: 0, n4: 0 },
    },
  ]
  it.each(cases)('$name', ({ existing, pod, args, namespaces, pairs, raw, normalized }) => {
    expect(scoreAll(existing, pod, { args, namespaces })).toEqual({ pairs, raw, normalized })
  })
})

describe('InterPodAffinity PreScore Skip', () => {
  it('skips when no pod has affinity terms and the incoming pod has no preferred terms', () => {
    const { pl } = setup(NODES, [on(web('web-1').obj(), 'n1')])
    expect(pl.preScore(newState(), web('web-new').obj())).toMatchObject({ code: 'Skip' })
  })

  it('skips when the incoming pod’s preferred terms select nothing', () => {
    const { pl } = setup(NODES, [on(web('web-1').obj(), 'n1')])
    const pod = withPodAffinity(web('web-new'), { preferred: [weighted(10, term(ZONE, { app: 'db' }))] })
    expect(pl.preScore(newState(), pod)).toMatchObject({ code: 'Skip' })
  })

  it('ignorePreferredTermsOfExistingPods: existing pods’ terms do not make it score', () => {
    const { pl } = setup(NODES, [api1, batch1], { args: { ignorePreferredTermsOfExistingPods: true } })
    expect(pl.preScore(newState(), web('web-new').obj())).toMatchObject({ code: 'Skip' })
  })

  it('a required-only incoming pod does not score by its own terms', () => {
    const { pl } = setup(NODES, [on(db('db-1').obj(), 'n1')])
    const pod = withPodAffinity(web('web-new'), { required: [term(ZONE, { app: 'db' })] })
    expect(pl.preScore(newState(), pod)).toMatchObject({ code: 'Skip' })
  })
})

describe('InterPodAffinity NormalizeScore', () => {
  const some: TopologyScore = new Map([[ZONE, new Map([['a', 5]])]])
  it('all equal → all 0', () => {
    const scores = [5, 5, 5]
    normalizeScores(some, scores)
    expect(scores).toEqual([0, 0, 0])
  })
  it('negative only: the least negative gets 100', () => {
    // [−30, −10]: 100·(−10+30)/20 = 100, 100·(−20+30)/20 = 50, 0.
    const scores = [-10, -20, -30]
    normalizeScores(some, scores)
    expect(scores).toEqual([100, 50, 0])
  })
  it('nothing scored: unchanged', () => {
    const scores = [3, 4]
    normalizeScores(new Map(), scores)
    expect(scores).toEqual([3, 4])
  })
})
