/**
 * A scenario's KubeSchedulerConfiguration, through the whole cluster: what it changes in where
 * Pods land and in what the scheduler's trace steps say.
 */
import { describe, expect, it } from 'vitest'
import type { Deployment, KubeObject, Node, Pod } from '../../api/types'
import { runResult } from '../scenario/result'
import type { Scenario } from '../scenario/scenario'
import type { KubeSchedulerConfiguration } from '../scheduler/config/kind'
import type { FilterRecord, ScoreRecord } from '../scheduler/recording/record'
import { makePod, makeWorkload } from '../testing/builders'
import { Cluster } from './cluster'

const HEAD = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' }

const node = (name: string, cpu = '4', memory = '8Gi'): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name },
  status: { capacity: { cpu, memory } },
})

/** Three workers of the same size: only the scoring strategy decides where replicas go. */
const EQUAL_WORKERS = [node('worker-1'), node('worker-2'), node('worker-3')]

const web = (replicas: number): Deployment =>
  makeWorkload('Deployment', 'web')
    .replicas(replicas)
    .templateSpec((spec) => {
      spec.containers = [
        { name: 'nginx', image: 'nginx:1.27', resources: { requests: { cpu: '250m', memory: '128Mi' } } },
      ]
    })
    .build() as Deployment

function run(scenario: Omit<Scenario, 'actions'>, ...objects: KubeObject[]): Cluster {
  const cluster = new Cluster({ ...scenario, actions: [{ type: 'apply', atMs: 0, objects }] })
  cluster.run()
  return cluster
}

const podsOf = (cluster: Cluster): Pod[] =>
  runResult(cluster).pods.filter((p) => p.metadata?.namespace === 'default')
const nodesOf = (cluster: Cluster) => new Set(podsOf(cluster).map((p) => p.spec?.nodeName))

function steps<T>(cluster: Cluster, stage: 'filter' | 'score'): T[] {
  return cluster.kernel.trace
    .filter((m) => m.kind === 'step' && m.from === 'kube-scheduler' && m.stage === stage)
    .map((m) => m.payload as T)
}

const mostAllocated: KubeSchedulerConfiguration = {
  ...HEAD,
  profiles: [
    {
      pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }],
    },
  ],
}

/**
 * Bin packing as kube-scheduler's docs configure it: MostAllocated, and PodTopologySpread without
 * its system default constraints (which otherwise spread a ReplicaSet's pods over the nodes).
 */
const binPacking: KubeSchedulerConfiguration = {
  ...HEAD,
  profiles: [
    {
      pluginConfig: [
        { name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } },
        { name: 'PodTopologySpread', args: { defaultingType: 'List' } },
      ],
    },
  ],
}

describe('scheduler configuration in a scenario', () => {
  it('by default (LeastAllocated) a 3-replica Deployment spreads over the three workers', () => {
    const cluster = run({ nodes: EQUAL_WORKERS }, web(3))
    expect(podsOf(cluster)).toHaveLength(3)
    expect(nodesOf(cluster).size).toBe(3)
  })

  it("MostAllocated alone does not pack a Deployment: PodTopologySpread's system defaults spread it", () => {
    const cluster = run({ nodes: EQUAL_WORKERS, schedulerConfiguration: mostAllocated }, web(3))
    expect(nodesOf(cluster).size).toBe(3)
    // The second replica: MostAllocated prefers the node with the first one (cpu 500/4000 → 12,
    // memory 256/8192 → 3: 7 against 3), but the hostname default constraint (maxSkew 3,
    // weight ln(3 + 2)) scores it round(1.61 + 2) = 4 against 2, normalized 50 against 100, × 2.
    const second = steps<ScoreRecord>(cluster, 'score')[1] as ScoreRecord
    const busy = Object.entries(second.normalized ?? {}).find(([, p]) => p.PodTopologySpread === 50)
    expect(busy?.[1].NodeResourcesFit).toBe(7)
    expect(second.selectedNode).not.toBe(busy?.[0])
  })

  it('MostAllocated without the default spreading packs the 3 replicas onto one node', () => {
    const cluster = run({ nodes: EQUAL_WORKERS, schedulerConfiguration: binPacking }, web(3))
    const pods = podsOf(cluster)
    expect(pods).toHaveLength(3)
    expect(pods.every((p) => p.status?.phase === 'Running')).toBe(true)
    expect(nodesOf(cluster).size).toBe(1)
    // The second and third replicas chose the busier node by NodeResourcesFit's score.
    const last = steps<ScoreRecord>(cluster, 'score').at(-1) as ScoreRecord
    const chosen = last.selectedNode
    for (const [n, plugins] of Object.entries(last.normalized ?? {})) {
      if (n !== chosen)
        expect(plugins.NodeResourcesFit).toBeLessThan(last.normalized?.[chosen]?.NodeResourcesFit ?? 0)
    }
  })

  it('bin packing on the default cluster prefers the smallest worker (the fullest, relatively)', () => {
    const cluster = run({ schedulerConfiguration: binPacking }, web(3))
    expect([...nodesOf(cluster)]).toEqual(['worker-1'])
  })

  it('RequestedToCapacityRatio with a packing shape packs too', () => {
    const cluster = run(
      {
        nodes: EQUAL_WORKERS,
        schedulerConfiguration: {
          ...HEAD,
          profiles: [
            {
              pluginConfig: [
                {
                  name: 'NodeResourcesFit',
                  args: {
                    scoringStrategy: {
                      type: 'RequestedToCapacityRatio',
                      requestedToCapacityRatio: {
                        shape: [
                          { utilization: 0, score: 0 },
                          { utilization: 100, score: 10 },
                        ],
                      },
                    },
                  },
                },
                { name: 'PodTopologySpread', args: { defaultingType: 'List' } },
              ],
            },
          ],
        },
      },
      web(3),
    )
    expect(nodesOf(cluster).size).toBe(1)
  })

  it('a disabled score plugin contributes nothing to the scores', () => {
    const cluster = run(
      {
        schedulerConfiguration: {
          ...HEAD,
          profiles: [{ plugins: { score: { disabled: [{ name: 'NodeResourcesFit' }] } } }],
        },
      },
      makePod('nginx').build(),
    )
    const score = steps<ScoreRecord>(cluster, 'score')[0] as ScoreRecord
    expect(score.scored).toBe(true)
    // A best-effort pod: BalancedAllocation skips it; its image is on no node (ImageLocality 0).
    expect(Object.keys(score.weights ?? {})).toEqual(['TaintToleration', 'ImageLocality'])
    for (const plugins of Object.values(score.weighted ?? {}))
      expect(plugins).toEqual({ TaintToleration: 300, ImageLocality: 0 })
    // Every worker ties at TaintToleration's 100 × 3: the seeded tie-break picks one.
    expect(new Set(Object.values(score.total ?? {}))).toEqual(new Set([300]))
    expect(score.tieBreak?.candidates).toHaveLength(3)
  })

  it('percentageOfNodesToScore changes how many nodes Filter looks at', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => node(`node-${String(i + 1).padStart(3, '0')}`))
    const evaluated = (percentage?: number) => {
      const cluster = run(
        {
          nodes,
          ...(percentage !== undefined
            ? { schedulerConfiguration: { ...HEAD, percentageOfNodesToScore: percentage } }
            : {}),
        },
        makePod('nginx').build(),
      )
      const f = steps<FilterRecord>(cluster, 'filter')[0] as FilterRecord
      return [f.search?.numNodesToFind, f.search?.evaluatedNodes, Object.keys(f.filter ?? {}).length]
    }
    // Adaptive: 50 − 200/125 = 49% of 200 = 98, at least 100.
    expect(evaluated()).toEqual([100, 100, 100])
    expect(evaluated(100)).toEqual([200, 200, 200])
    expect(evaluated(60)).toEqual([120, 120, 120])
    // A profile's value wins over the global one.
    const cluster = run(
      {
        nodes,
        schedulerConfiguration: {
          ...HEAD,
          percentageOfNodesToScore: 100,
          profiles: [{ percentageOfNodesToScore: 75 }],
        },
      },
      makePod('nginx').build(),
    )
    expect(steps<FilterRecord>(cluster, 'filter')[0]?.search?.evaluatedNodes).toBe(150)
  })

  it('a second profile schedules the Pods that name it and reports events as itself', () => {
    const cluster = run(
      {
        schedulerConfiguration: {
          ...HEAD,
          profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'bin-packing' }],
        },
      },
      makePod('packed')
        .withSpec((s) => Object.assign(s, { schedulerName: 'bin-packing' }))
        .build(),
      makePod('orphan')
        .withSpec((s) => Object.assign(s, { schedulerName: 'nobody' }))
        .build(),
    )
    const pods = new Map(podsOf(cluster).map((p) => [p.metadata?.name, p]))
    expect(pods.get('packed')?.spec?.nodeName).toMatch(/^worker-\d$/)
    // No profile for "nobody": kube-scheduler leaves the Pod alone (Pending, no condition, no event).
    expect(pods.get('orphan')?.spec?.nodeName).toBeUndefined()
    expect(pods.get('orphan')?.status?.conditions).toBeUndefined()
    const scheduled = cluster.kernel.trace
      .filter((m) => m.kind === 'http-request' && m.summary.includes('/events'))
      .map((m) => (m.payload as { body?: { reportingController?: string; reason?: string } }).body)
      .filter((b) => b?.reason === 'Scheduled')
    expect(scheduled.map((b) => b?.reportingController)).toEqual(['bin-packing'])
  })

  it('an invalid configuration stops the cluster before it starts, saying why', () => {
    expect(
      () => new Cluster({ actions: [], schedulerConfiguration: { ...HEAD, percentageOfNodesToScore: 101 } }),
    ).toThrow(
      'invalid KubeSchedulerConfiguration:\npercentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]',
    )
  })

  it('is deterministic with a configuration too', () => {
    const hash = () =>
      JSON.stringify(
        run({ nodes: EQUAL_WORKERS, schedulerConfiguration: mostAllocated }, web(3)).kernel.trace,
      )
    expect(hash()).toBe(hash())
  })
})
