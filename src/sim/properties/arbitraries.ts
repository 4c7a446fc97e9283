/**
 * Random clusters and workloads for the property tests (fast-check): a few worker nodes of random
 * sizes, and Deployments and bare Pods with random requests, some too big for any node and some
 * with an image that does not exist, applied at random times. Small enough that a run settles in
 * milliseconds of CPU; varied enough to schedule, pack, fail to pull, and stay Pending.
 */
import fc from 'fast-check'
import type { KubeObject } from '../../api/types'
import { makeNode } from '../cluster/default-cluster'
import type { Scenario, ScenarioAction } from '../scenario/scenario'

export interface Workload {
  readonly kind: 'Deployment' | 'Pod'
  readonly replicas: number
  /** Millicores and MiB each Pod requests. */
  readonly cpuMilli: number
  readonly memoryMi: number
  /** An image the registry does not have: the Pod stays Pending in ImagePullBackOff. */
  readonly missingImage: boolean
  readonly atMs: number
}

export interface ClusterCase {
  readonly seed: number
  readonly nodes: ReadonlyArray<{ readonly cpu: number; readonly memoryGi: number }>
  readonly workloads: readonly Workload[]
}

const workload: fc.Arbitrary<Workload> = fc.record({
  kind: fc.constantFrom('Deployment' as const, 'Pod' as const),
  replicas: fc.integer({ min: 1, max: 6 }),
  // Mostly small (50m–1 core, packing several per node), one workload in eight bigger than any
  // node (10 cores), so some Pods cannot fit anywhere.
  cpuMilli: fc.oneof(
    { weight: 7, arbitrary: fc.integer({ min: 1, max: 20 }).map((n) => n * 50) },
    { weight: 1, arbitrary: fc.constant(10_000) },
  ),
  memoryMi: fc.integer({ min: 1, max: 16 }).map((n) => n * 64),
  // One workload in six.
  missingImage: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  atMs: fc.integer({ min: 0, max: 20 }).map((n) => n * 500),
})

export const clusterCase: fc.Arbitrary<ClusterCase> = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  nodes: fc.array(
    fc.record({ cpu: fc.integer({ min: 1, max: 4 }), memoryGi: fc.integer({ min: 1, max: 8 }) }),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
  workloads: fc.array(workload, { minLength: 1, maxLength: 5 }),
})

/** The scenario a case describes: its nodes (plus the control plane), its workloads as applies. */
export function scenarioOf(c: ClusterCase): Scenario {
  const nodes = [
    makeNode({ name: 'control-plane', cpu: '2', memory: '4Gi', controlPlane: true }, 0),
    ...c.nodes.map((n, i) =>
      makeNode({ name: `worker-${i + 1}`, cpu: String(n.cpu), memory: `${n.memoryGi}Gi` }, i + 1),
    ),
  ]
  const actions: ScenarioAction[] = c.workloads.map((w, i) => ({
    type: 'apply',
    atMs: w.atMs,
    objects: [objectOf(w, `w${i}`)],
  }))
  return { seed: c.seed, nodes, actions }
}

function objectOf(w: Workload, name: string): KubeObject {
  const spec = {
    containers: [
      {
        name: 'app',
        image: w.missingImage ? 'registry.example/does-not-exist:1.0' : 'nginx:1.27',
        resources: { requests: { cpu: `${w.cpuMilli}m`, memory: `${w.memoryMi}Mi` } },
      },
    ],
  }
  if (w.kind === 'Pod') return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec } as KubeObject
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: w.replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec },
    },
  } as KubeObject
}
