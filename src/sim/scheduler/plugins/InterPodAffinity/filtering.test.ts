import { describe, expect, it } from 'vitest'
import type { Namespace, Pod } from '../../../../api/types'
import type { NodeInfo } from '../../framework/node-info'
import { newPodInfo } from '../../framework/pod-info'
import { makeNode, makePod, newState } from '../../testing/builders'
import type { PreFilterState } from './filtering'
import {
  ERR_REASON_AFFINITY_RULES_NOT_MATCH,
  ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH,
  ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  PRE_FILTER_STATE_KEY,
} from './inter-pod-affinity'
import { HOSTNAME, namespace, on, setup, term, withPodAffinity, ZONE } from './testing/pod-affinity'

/** n1, n2 in zone a; n3 in zone b; n4 without a zone label (every node has its hostname label). */
const NODES = [
  makeNode('n1').zone('a').obj(),
  makeNode('n2').zone('a').obj(),
  makeNode('n3').zone('b').obj(),
  makeNode('n4').obj(),
]

const web = (name: string) => makePod(name).labels({ app: 'web' })
const db = (name: string) => makePod(name).labels({ app: 'db' })

type Want = 'ok' | 'affinity' | 'anti' | 'existing'
const STATUS = {
  affinity: { code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_AFFINITY_RULES_NOT_MATCH] },
  anti: { code: 'Unschedulable', reasons: [ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH] },
  existing: { code: 'Unschedulable', reasons: [ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH] },
} as const

function filterAll(pods: Pod[], pod: Pod, namespaces?: Namespace[]): Record<string, Want> {
  const { cache, pl } = setup(NODES, pods, { namespaces })
  const state = newState()
  expect(pl.preFilter(state, pod, cache.list()).status).toBeNull()
  const out: Record<string, Want> = {}
  for (const ni of cache.list()) {
    const s = pl.filter(state, pod, ni)
    const want = (Object.keys(STATUS) as (keyof typeof STATUS)[]).find(
      (k) => s !== null && s.code === STATUS[k].code && s.reasons[0] === STATUS[k].reasons[0],
    )
    if (s !== null) expect(s).toEqual({ ...STATUS[want as keyof typeof STATUS], plugin: 'InterPodAffinity' })
    out[ni.name] = s === null ? 'ok' : (want as Want)
  }
  return out
}

describe('InterPodAffinity Filter', () => {
  const cases: {
    name: string
    existing: Pod[]
    pod: Pod
    namespaces?: Namespace[]
    want: Record<string, Want>
  }[] = [
    {
      // web-1 on n1 is selected by the incoming pod's hostname term: only n1 is refused.
      name: 'required anti-affinity spreads replicas across hostnames',
      existing: [on(web('web-1').obj(), 'n1')],
      pod: withPodAffinity(web('web-2'), { antiRequired: [term(HOSTNAME, { app: 'web' })] }),
      want: { n1: 'anti', n2: 'ok', n3: 'ok', n4: 'ok' },
    },
    {
      // Zone a holds web-1: n1 and n2 are refused; n4 has no zone label, so no conflict there.
      name: 'required anti-affinity over zones refuses the whole zone',
      existing: [on(web('web-1').obj(), 'n1')],
      pod: withPodAffinity(web('web-2'), { antiRequired: [term(ZONE, { app: 'web' })] }),
      want: { n1: 'anti', n2: 'anti', n3: 'ok', n4: 'ok' },
    },
    {
      // db-1 is in zone b: only n3 is in a zone with a db pod; n4 lacks the topology key.
      name: 'required affinity to an existing pod’s zone',
      existing: [on(db('db-1').obj(), 'n3')],
      pod: withPodAffinity(makePod('api').labels({ app: 'api' }), { required: [term(ZONE, { app: 'db' })] }),
      want: { n1: 'affinity', n2: 'affinity', n3: 'ok', n4: 'affinity' },
    },
    {
      // cache-1 (zone a) refuses web pods in its zone; the incoming pod has no terms of its own.
      name: 'an existing pod’s required anti-affinity refuses the incoming pod',
      existing: [
        on(
          withPodAffinity(makePod('cache-1').labels({ app: 'cache' }), {
            antiRequired: [term(ZONE, { app: 'web' })],
          }),
          'n1',
        ),
      ],
      pod: web('web-1').obj(),
      want: { n1: 'existing', n2: 'existing', n3: 'ok', n4: 'ok' },
    },
    {
      // No web pod anywhere, and the pod matches its own term: every node with a zone label passes.
      name: 'the first pod of a group with affinity to itself',
      existing: [],
      pod: withPodAffinity(web('web-1'), { required: [term(ZONE, { app: 'web' })] }),
      want: { n1: 'ok', n2: 'ok', n3: 'ok', n4: 'affinity' },
    },
    {
      // Once one web pod exists (zone b), the others must join it.
      name: 'the second pod of that group must follow the first',
      existing: [on(web('web-1').obj(), 'n3')],
      pod: withPodAffinity(web('web-2'), { required: [term(ZONE, { app: 'web' })] }),
      want: { n1: 'affinity', n2: 'affinity', n3: 'ok', n4: 'affinity' },
    },
    {
      // The exception needs the pod to match its own terms: api does not match app=web.
      name: 'no self-match exception for a pod that does not match its own terms',
      existing: [],
      pod: withPodAffinity(makePod('api').labels({ app: 'api' }), { required: [term(ZONE, { app: 'web' })] }),
      want: { n1: 'affinity', n2: 'affinity', n3: 'affinity', n4: 'affinity' },
    },
    {
      // One pod must match every term: db-1 has app=db, other-1 has tier=backend, none has both.
      name: 'required affinity terms are matched by one pod together',
      existing: [on(db('db-1').obj(), 'n3'), on(makePod('other-1').labels({ tier: 'backend' }).obj(), 'n3')],
      pod: withPodAffinity(makePod('api'), {
        required: [term(ZONE, { app: 'db' }), term(ZONE, { tier: 'backend' })],
      }),
      want: { n1: 'affinity', n2: 'affinity', n3: 'affinity', n4: 'affinity' },
    },
    {
      // Only the web pod in namespace team-a (labelled team=a) counts; the one in default does not.
      name: 'namespaceSelector of the incoming pod’s term',
      existing: [
        on(web('web-a').namespace('team-a').obj(), 'n1'),
        on(web('web-b').namespace('team-b').obj(), 'n2'),
        on(web('web-d').obj(), 'n3'),
      ],
      namespaces: [
        namespace('default'),
        namespace('team-a', { team: 'a' }),
        namespace('team-b', { team: 'b' }),
      ],
      pod: withPodAffinity(web('web-new'), {
        antiRequired: [term(HOSTNAME, { app: 'web' }, { namespaceSelector: { matchLabels: { team: 'a' } } })],
      }),
      want: { n1: 'anti', n2: 'ok', n3: 'ok', n4: 'ok' },
    },
    {
      // `namespaceSelector: {}` selects every namespace.
      name: 'an empty namespaceSelector selects all namespaces',
      existing: [on(web('web-a').namespace('team-a').obj(), 'n1')],
      pod: withPodAffinity(web('web-new'), {
        antiRequired: [term(HOSTNAME, { app: 'web' }, { namespaceSelector: {} })],
      }),
      want: { n1: 'anti', n2: 'ok', n3: 'ok', n4: 'ok' },
    },
    {
      // The existing pod lives in team-b; its term selects namespaces labelled env=prod, as
      // default is: the incoming pod's namespace labels decide.
      name: 'namespaceSelector of an existing pod’s anti-affinity term',
      existing: [
        on(
          withPodAffinity(makePod('guard').namespace('team-b'), {
            antiRequired: [
              term(HOSTNAME, { app: 'web' }, { namespaceSelector: { matchLabels: { env: 'prod' } } }),
            ],
          }),
          'n2',
        ),
      ],
      namespaces: [namespace('default', { env: 'prod' }), namespace('team-b')],
      pod: web('web-1').obj(),
      want: { n1: 'ok', n2: 'existing', n3: 'ok', n4: 'ok' },
    },
    {
      // By default a term selects pods of the incoming pod's own namespace only.
      name: 'pods of other namespaces do not count by default',
      existing: [on(web('web-o').namespace('other').obj(), 'n1')],
      pod: withPodAffinity(web('web-new'), { antiRequired: [term(HOSTNAME, { app: 'web' })] }),
      want: { n1: 'ok', n2: 'ok', n3: 'ok', n4: 'ok' },
    },
    {
      // n1 breaks both the incoming pod's term and web-1's own: the incoming pod's reason is
      // reported (anti-affinity is checked before existing pods' anti-affinity).
      name: 'reasons follow upstream order: affinity, anti-affinity, existing anti-affinity',
      existing: [on(withPodAffinity(web('web-1'), { antiRequired: [term(HOSTNAME, { app: 'web' })] }), 'n1')],
      pod: withPodAffinity(web('web-2'), {
        required: [term(ZONE, { app: 'web' })],
        antiRequired: [term(HOSTNAME, { app: 'web' })],
      }),
      want: { n1: 'anti', n2: 'ok', n3: 'affinity', n4: 'affinity' },
    },
  ]
  it.each(cases)('$name', ({ existing, pod, namespaces, want }) => {
    expect(filterAll(existing, pod, namespaces)).toEqual(want)
  })
})

describe('InterPodAffinity PreFilter', () => {
  it('skips a pod without required terms when no existing anti-affinity selects it', () => {
    const guard = withPodAffinity(makePod('guard'), { antiRequired: [term(HOSTNAME, { app: 'db' })] })
    const { cache, pl } = setup(NODES, [on(guard, 'n1')])
    const state = newState()
    expect(pl.preFilter(state, web('web-1').obj(), cache.list()).status).toMatchObject({ code: 'Skip' })
    expect(state.read(PRE_FILTER_STATE_KEY)).toBeUndefined()
  })

  it('does not skip when an existing pod’s anti-affinity selects the pod', () => {
    const guard = (name: string) =>
      withPodAffinity(makePod(name), { antiRequired: [term(ZONE, { app: 'web' })] })
    const { cache, pl } = setup(NODES, [on(guard('guard-1'), 'n1'), on(guard('guard-2'), 'n3')])
    const state = newState()
    expect(pl.preFilter(state, web('web-1').obj(), cache.list()).status).toBeNull()
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY) as PreFilterState
    expect(s.existingAntiAffinityCounts.toRecord()).toEqual({ [`${ZONE}=a`]: 1, [`${ZONE}=b`]: 1 })
  })

  it('counts affinity (one pod matching all terms) and anti-affinity (per term) by topology pair', () => {
    const existing = [
      on(db('db-1').labels({ tier: 'backend' }).obj(), 'n1'),
      on(db('db-2').labels({ tier: 'backend' }).obj(), 'n3'),
      on(db('db-3').obj(), 'n2'),
      on(web('web-1').obj(), 'n2'),
    ]
    const pod = withPodAffinity(web('web-2'), {
      required: [term(ZONE, { app: 'db' }), term(HOSTNAME, { tier: 'backend' })],
      antiRequired: [term(HOSTNAME, { app: 'web' }), term(ZONE, { app: 'web' })],
    })
    const { cache, pl } = setup(NODES, existing)
    const state = newState()
    pl.preFilter(state, pod, cache.list())
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY) as PreFilterState
    // db-1 and db-2 match both terms (db-3 lacks tier): each adds its zone and its hostname.
    expect(s.affinityCounts.toRecord()).toEqual({
      [`${HOSTNAME}=n1`]: 1,
      [`${HOSTNAME}=n3`]: 1,
      [`${ZONE}=a`]: 1,
      [`${ZONE}=b`]: 1,
    })
    // web-1 matches both anti-affinity terms on its own.
    expect(s.antiAffinityCounts.toRecord()).toEqual({ [`${HOSTNAME}=n2`]: 1, [`${ZONE}=a`]: 1 })
    expect(s.existingAntiAffinityCounts.size).toBe(0)
  })

  it('walks the pods of every node only for a pod with required terms', () => {
    // Upstream walks allNodes; the snapshot's nodes with pods are the ones that can count.
    const untouchable = new Proxy([] as NodeInfo[], {
      get: () => {
        throw new Error('walked all nodes')
      },
    })
    const guard = withPodAffinity(makePod('guard'), { antiRequired: [term(ZONE, { app: 'web' })] })
    const { pl, cache } = setup(NODES, [on(guard, 'n1')])
    let walks = 0
    const havePods = cache.havePodsList.bind(cache)
    cache.havePodsList = () => {
      walks++
      return havePods()
    }
    expect(pl.preFilter(newState(), web('web-1').obj(), untouchable).status).toBeNull()
    expect(walks).toBe(0)
    const withTerms = withPodAffinity(web('web-2'), { antiRequired: [term(ZONE, { app: 'web' })] })
    expect(pl.preFilter(newState(), withTerms, untouchable).status).toBeNull()
    expect(walks).toBe(1)
  })
})

describe('InterPodAffinity PreFilterExtensions', () => {
  const read = (state: ReturnType<typeof newState>) =>
    state.read<PreFilterState>(PRE_FILTER_STATE_KEY) as PreFilterState

  it('AddPod and RemovePod update all three counts with one pod', () => {
    const pod = withPodAffinity(web('web-2'), {
      required: [term(ZONE, { app: 'db' })],
      antiRequired: [term(HOSTNAME, { app: 'web' })],
    })
    const { cache, pl } = setup(NODES, [on(db('db-1').obj(), 'n3')])
    const state = newState()
    pl.preFilter(state, pod, cache.list())
    const n1 = cache.get('n1') as NodeInfo
    const n3 = cache.get('n3') as NodeInfo
    // Before: only zone b has a db pod; n3 passes.
    expect(pl.filter(state, pod, n3)).toBeNull()
    expect(pl.filter(state, pod, n1)?.reasons).toEqual([ERR_REASON_AFFINITY_RULES_NOT_MATCH])

    // A db pod nominated to n1 (zone a): zone a now satisfies the affinity term.
    const db2 = newPodInfo(on(db('db-2').obj(), 'n1'))
    expect(pl.preFilterExtensions.addPod(state, pod, db2, n1)).toBeNull()
    expect(read(state).affinityCounts.toRecord()).toEqual({ [`${ZONE}=a`]: 1, [`${ZONE}=b`]: 1 })
    expect(pl.filter(state, pod, n1)).toBeNull()

    // A web pod on n3 is selected by the hostname anti-affinity term.
    const web3 = newPodInfo(on(web('web-3').obj(), 'n3'))
    pl.preFilterExtensions.addPod(state, pod, web3, n3)
    expect(read(state).antiAffinityCounts.toRecord()).toEqual({ [`${HOSTNAME}=n3`]: 1 })
    expect(pl.filter(state, pod, n3)?.reasons).toEqual([ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH])

    // A pod whose anti-affinity selects web pods in zone a.
    const guard = newPodInfo(
      on(withPodAffinity(makePod('guard'), { antiRequired: [term(ZONE, { app: 'web' })] }), 'n1'),
    )
    pl.preFilterExtensions.addPod(state, pod, guard, n1)
    expect(read(state).existingAntiAffinityCounts.toRecord()).toEqual({ [`${ZONE}=a`]: 1 })
    expect(pl.filter(state, pod, n1)?.reasons).toEqual([ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH])

    // Removing them all returns to the PreFilter counts (pairs at 0 disappear).
    pl.preFilterExtensions.removePod(state, pod, guard, n1)
    pl.preFilterExtensions.removePod(state, pod, web3, n3)
    pl.preFilterExtensions.removePod(state, pod, db2, n1)
    expect(read(state).existingAntiAffinityCounts.size).toBe(0)
    expect(read(state).antiAffinityCounts.size).toBe(0)
    expect(read(state).affinityCounts.toRecord()).toEqual({ [`${ZONE}=b`]: 1 })
  })

  it('a cloned state changes alone (preemption removes victims on a copy)', () => {
    const pod = withPodAffinity(web('web-2'), { antiRequired: [term(HOSTNAME, { app: 'web' })] })
    const web1 = on(web('web-1').obj(), 'n1')
    const { cache, pl } = setup(NODES, [web1])
    const state = newState()
    pl.preFilter(state, pod, cache.list())
    const n1 = cache.get('n1') as NodeInfo
    const copy = state.clone()
    expect(pl.preFilterExtensions.removePod(copy, pod, newPodInfo(web1), n1)).toBeNull()
    expect(pl.filter(copy, pod, n1)).toBeNull()
    expect(pl.filter(state, pod, n1)?.reasons).toEqual([ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH])
  })

  it('without PreFilter state: an Error status', () => {
    const { cache, pl } = setup(NODES)
    const n1 = cache.get('n1') as NodeInfo
    const pi = newPodInfo(on(web('web-1').obj(), 'n1'))
    expect(pl.preFilterExtensions.addPod(newState(), web('x').obj(), pi, n1)).toMatchObject({
      code: 'Error',
      reasons: ['error reading "PreFilterInterPodAffinity" from cycleState: not found'],
    })
  })
})
