/**
 * The scheduler's answers to "why did my Pod land there?" and "why is it Pending?", through the
 * whole cluster (kubectl → apiserver → etcd → watch → scheduler → binding → kubelet): taints,
 * node affinity, topology spread, pod anti-affinity and affinity, each with the exact
 * FailedScheduling text kube-scheduler v1.33 writes.
 */
import { describe, expect, it } from 'vitest'
import type { Deployment, KubeObject, Node, Pod } from '../../api/types'
import { Cluster } from '../cluster/cluster'
import { makeNode, type NodeShape } from '../cluster/default-cluster'
import { runResult } from '../scenario/result'
import { makePod, makeWorkload } from '../testing/builders'

const nodes = (...shapes: (Partial<NodeShape> & { name: string; taints?: Node['spec'] })[]): Node[] =>
  shapes.map((s, i) => {
    const n = makeNode({ cpu: '4', memory: '8Gi', ...s }, i)
    return s.taints ? { ...n, spec: { ...n.spec, ...s.taints } } : n
  })

function run(clusterNodes: Node[], ...objects: KubeObject[]) {
  const cluster = new Cluster({ nodes: clusterNodes, actions: [{ type: 'apply', atMs: 0, objects }] })
  cluster.run({ untilMs: 120_000 })
  return runResult(cluster)
}

const failedScheduling = (r: ReturnType<typeof run>, pod: string) =>
  r.events
    .filter((e) => e.reason === 'FailedScheduling' && e.involvedObject?.name === pod)
    .map((e) => e.message)

const web = (replicas: number, edit: (spec: NonNullable<Pod['spec']>) => void = () => {}): Deployment =>
  makeWorkload('Deployment', 'web')
    .replicas(replicas)
    .templateSpec((spec) => {
      spec.containers = [{ name: 'nginx', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } } }]
      edit(spec)
    })
    .build() as Deployment

const placement = (r: ReturnType<typeof run>) =>
  r.pods
    .filter((p) => p.metadata?.name?.startsWith('web-'))
    .map((p) => p.spec?.nodeName ?? 'Pending')
    .sort()

describe('taints and tolerations', () => {
  const tainted = nodes(
    { name: 'control-plane', controlPlane: true, taints: { taints: [cpTaint()] } },
    { name: 'gpu-1', taints: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } },
  )

  it('a pod that tolerates neither taint is Pending: the first untolerated taint of each node', () => {
    const r = run(tainted, makePod('plain').build())
    expect(failedScheduling(r, 'plain')).toEqual([
      '0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    ])
  })

  it('a matching toleration lets the pod onto the tainted node', () => {
    const pod = makePod('trainer')
      .withSpec((s) => {
        s.tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }]
      })
      .build()
    const r = run(tainted, pod)
    expect(r.pods.find((p) => p.metadata?.name === 'trainer')?.spec?.nodeName).toBe('gpu-1')
  })
})

describe('node affinity', () => {
  const cluster = nodes(
    { name: 'ssd-1', labels: { disktype: 'ssd' } },
    { name: 'hdd-1', labels: { disktype: 'hdd' } },
    { name: 'hdd-2', labels: { disktype: 'hdd' } },
  )

  it('a nodeSelector no node matches: every node fails NodeAffinity, preemption cannot help', () => {
    const pod = makePod('fast')
      .withSpec((s) => {
        s.nodeSelector = { disktype: 'nvme' }
      })
      .build()
    expect(failedScheduling(run(cluster, pod), 'fast')).toEqual([
      "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
    ])
  })

  it('a preferred term wins over emptier nodes: NodeAffinity weighs 2', () => {
    const pod = makePod('prefers-ssd')
      .withSpec((s) => {
        s.affinity = {
          nodeAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              {
                weight: 50,
                preference: { matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }] },
              },
            ],
          },
        }
      })
      .build()
    const r = run(cluster, pod)
    expect(r.pods.find((p) => p.metadata?.name === 'prefers-ssd')?.spec?.nodeName).toBe('ssd-1')
  })
})

describe('topology spread', () => {
  const zoned = nodes(
    { name: 'a-1', labels: { 'topology.kubernetes.io/zone': 'zone-a' } },
    { name: 'a-2', labels: { 'topology.kubernetes.io/zone': 'zone-a' } },
    { name: 'b-1', labels: { 'topology.kubernetes.io/zone': 'zone-b' } },
  )
  const spread = (maxSkew: number) => (s: NonNullable<Pod['spec']>) => {
    s.topologySpreadConstraints = [
      {
        maxSkew,
        topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { app: 'web' } },
      },
    ]
  }

  it('maxSkew 1 over two zones: 4 replicas go 2 and 2, although zone-a has two nodes', () => {
    const r = run(zoned, web(4, spread(1)))
    const zoneOf = (node: string) => (node.startsWith('a-') ? 'zone-a' : 'zone-b')
    const perZone = placement(r).map(zoneOf)
    expect(perZone.filter((z) => z === 'zone-a')).toHaveLength(2)
    expect(perZone.filter((z) => z === 'zone-b')).toHaveLength(2)
  })

  it('a zone that cannot take more leaves the next replica Pending with the spread reason', () => {
    // b-1 is full (its one replica takes all of its CPU), so zone-b stays at 1 and zone-a may hold 2.
    const small = nodes(
      { name: 'a-1', labels: { 'topology.kubernetes.io/zone': 'zone-a' } },
      { name: 'b-1', cpu: '1', labels: { 'topology.kubernetes.io/zone': 'zone-b' } },
    )
    const big = web(4, spread(1))
    const container = big.spec?.template.spec?.containers[0]
    if (container) container.resources = { requests: { cpu: '900m' } }
    const r = run(small, big)
    expect(placement(r)).toEqual(['Pending', 'a-1', 'a-1', 'b-1'])
    const pending = r.pods.find((p) => p.metadata?.name?.startsWith('web-') && !p.spec?.nodeName) as Pod
    expect(failedScheduling(r, pending.metadata?.name ?? '')[0]).toBe(
      "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match pod topology spread constraints. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.",
    )
  })
})

describe('pod anti-affinity and affinity', () => {
  const two = nodes({ name: 'worker-1' }, { name: 'worker-2' })
  const oneReplicaPerNode = (s: NonNullable<Pod['spec']>) => {
    s.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } },
        ],
      },
    }
  }

  it('one replica per node: the third of three stays Pending, naming the rule on both nodes', () => {
    const r = run(two, web(3, oneReplicaPerNode))
    expect(placement(r)).toEqual(['Pending', 'worker-1', 'worker-2'])
    const pending = r.pods.find((p) => p.metadata?.name?.startsWith('web-') && !p.spec?.nodeName) as Pod
    expect(failedScheduling(r, pending.metadata?.name ?? '')[0]).toBe(
      "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.",
    )
  })

  it('a pod that needs a db next to it waits, and is retried when the db is bound', () => {
    const app = makePod('app')
      .withSpec((s) => {
        s.affinity = {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { role: 'db' } } },
            ],
          },
        }
      })
      .build()
    const cluster = new Cluster({
      nodes: two,
      actions: [
        { type: 'apply', atMs: 0, objects: [app] },
        { type: 'apply', atMs: 20_000, objects: [makePod('db').labels({ role: 'db' }).build()] },
      ],
    })
    cluster.run({ untilMs: 60_000 })
    const r = runResult(cluster)
    expect(failedScheduling(r, 'app')).toEqual([
      "0/2 nodes are available: 2 node(s) didn't match pod affinity rules. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
    ])
    const db = r.pods.find((p) => p.metadata?.name === 'db') as Pod
    const placed = r.pods.find((p) => p.metadata?.name === 'app') as Pod
    expect(placed.spec?.nodeName).toBe(db.spec?.nodeName)
    // It was not the 5-minute flush: the db's binding (AssignedPodAdd) moved it.
    const moved = r.trace.find(
      (m) =>
        m.kind === 'step' &&
        m.from === 'kube-scheduler' &&
        m.summary.startsWith('default/app →') &&
        m.summary.includes('AssignedPodAdd'),
    )
    expect(moved).toBeDefined()
    expect(moved?.sentAtMs).toBeLessThan(30_000)
  })
})

function cpTaint() {
  return { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }
}
