/**
 * Bootstrap Pods: a cluster that already runs Pods at time 0. The realistic dump in
 * examples/cluster-dump.yaml (`kubectl get nodes,pods -A -o yaml` of a kubeadm cluster with
 * flannel: a control plane with its static Pods, two workers, an app) starts as it was: its Pods
 * run, nothing is pulled or started for them, and the scheduler counts them when it places a new
 * Pod.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { getPods } from '../../api/kubectl'
import type { KubeObject, Node, Pod } from '../../api/types'
import type { Message } from '../kernel/trace'
import { runResult } from '../scenario/result'
import type { Scenario, ScenarioAction } from '../scenario/scenario'
import { schedulingAttempts } from '../scheduler/recording/attempts'
import { makePod } from '../testing/builders'
import { Cluster } from './cluster'

const DUMP_PATH = join(import.meta.dirname, '../../../examples/cluster-dump.yaml')
/** When the dump was taken (its newest timestamp): virtual time 0. */
const DUMP_TIME = '2025-06-12T14:03:27Z'

function dump(): { nodes: Node[]; pods: Pod[] } {
  const list = parse(readFileSync(DUMP_PATH, 'utf8')) as { kind: string; items: KubeObject[] }
  expect(list.kind).toBe('List')
  return {
    nodes: list.items.filter((i) => i.kind === 'Node') as Node[],
    pods: list.items.filter((i) => i.kind === 'Pod') as Pod[],
  }
}

const namespace = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } })

/** The dump's cluster (its Namespaces written beside it), with the actions given. */
function dumpScenario(...actions: ScenarioAction[]): Scenario {
  const { nodes, pods } = dump()
  return {
    startTime: DUMP_TIME,
    nodes,
    pods,
    clusterObjects: [namespace('kube-flannel'), namespace('shop')],
    actions,
  }
}

const applyAt = (atMs: number, ...objects: KubeObject[]): ScenarioAction => ({ type: 'apply', atMs, objects })

const podRequesting = (name: string, requests: Record<string, string>): Pod =>
  makePod(name).namespace('shop').requests(requests).build()

/** Trace messages about a Pod (its object ref), by name. */
const about = (trace: readonly Message[], names: ReadonlySet<string>) =>
  trace.filter((m) => m.object?.resource === 'pods' && names.has(m.object.name))

describe('a cluster imported from kubectl get nodes,pods -A -o yaml', () => {
  it('runs its Pods at time 0: Running, with their names, IPs, restarts and ages, nothing started', () => {
    const cluster = new Cluster(dumpScenario())
    cluster.run({ untilMs: 60_000 })
    const result = runResult(cluster)
    const running = dump().pods.filter((p) => p.status?.phase === 'Running')
    expect(running).toHaveLength(16)
    const names = new Set(running.map((p) => p.metadata?.name as string))
    // No sandbox, pull, container start or status write for them: the kubelets found nothing to do.
    const work = about(result.trace, names).filter(
      (m) =>
        (m.kind === 'cri-request' &&
          /RunPodSandbox|PullImage|CreateContainer|StartContainer|StopContainer/.test(m.summary)) ||
        (m.kind === 'http-request' && /^(PATCH|PUT|POST|DELETE) /.test(m.summary)),
    )
    expect(work.map((m) => `${m.from}: ${m.summary}`)).toEqual([])
    // Each kubelet synced each of its Pods once, and went on probing them.
    const syncs = about(result.trace, names).filter((m) => m.summary.startsWith('SyncPod '))
    expect(syncs).toHaveLength(16)
    expect(syncs.every((m) => m.sentAtMs < 100)).toBe(true)
    expect(about(result.trace, names).some((m) => m.summary === 'readiness probe coredns: success')).toBe(
      true,
    )
    const table = getPods(
      result.pods.filter((p) => names.has(p.metadata?.name as string)),
      { nowMs: Date.parse(DUMP_TIME), allNamespaces: true, wide: true },
    )
    expect(table.split('\n').slice(0, 5).join('\n')).toBe(
      [
        'NAMESPACE      NAME                           READY   STATUS    RESTARTS       AGE    IP              NODE       NOMINATED NODE   READINESS GATES',
        'kube-flannel   kube-flannel-ds-bk9wc          1/1     Running   0              60d    192.168.10.21   worker-a   <none>           <none>',
        'kube-flannel   kube-flannel-ds-h5tqz          1/1     Running   0              60d    192.168.10.11   cp-1       <none>           <none>',
        'kube-flannel   kube-flannel-ds-r2dfx          1/1     Running   0              60d    192.168.10.22   worker-b   <none>           <none>',
        'kube-system    coredns-674b8bbfcf-7xk2p       1/1     Running   0              102d   10.244.0.2      cp-1       <none>           <none>',
      ].join('\n'),
    )
    expect(table).toContain(
      'kube-system    kube-controller-manager-cp-1   1/1     Running   2 (4d7h ago)   102d   192.168.10.11   cp-1',
    )
    expect(table).toContain(
      'shop           web-6c9f8d7b5-8wqzt            1/1     Running   1 (33h ago)    6d4h   10.244.1.15     worker-a',
    )
    // The Pods' ReplicaSets are not in the dump: the garbage collector leaves their Pods alone.
    expect(result.pods.filter((p) => p.metadata?.name?.startsWith('web-'))).toHaveLength(3)
    // The objects are as the dump has them, fields the simulation does not model included.
    const web = result.pods.find((p) => p.metadata?.name === 'web-6c9f8d7b5-8wqzt') as Pod
    expect(web.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'ReplicaSet', name: 'web-6c9f8d7b5' })
    expect(web.metadata?.managedFields?.length).toBe(2)
    expect(web.status?.containerStatuses?.[0]).toMatchObject({
      allocatedResources: { cpu: '500m', memory: '256Mi' },
      lastState: { terminated: { reason: 'OOMKilled', exitCode: 137 } },
    })
  })

  it('holds their containers in the runtime: the sandbox IPs, the containers running, the images present', () => {
    const cluster = new Cluster(dumpScenario())
    const runtime = cluster.nodeSide.runtimes.get('worker-a')
    const sandboxes = runtime?.listSandboxes() ?? []
    expect(sandboxes.map((s) => `${s.metadata.name} ${s.network.ip} ${s.state}`).sort()).toEqual([
      'kube-flannel-ds-bk9wc 192.168.10.21 SANDBOX_READY',
      'kube-proxy-5jzrt 192.168.10.21 SANDBOX_READY',
      'redis-0 10.244.1.9 SANDBOX_READY',
      'web-6c9f8d7b5-2hx9k 10.244.1.14 SANDBOX_READY',
      'web-6c9f8d7b5-8wqzt 10.244.1.15 SANDBOX_READY',
    ])
    const containers = runtime?.listContainers() ?? []
    // flannel's two finished init containers, the OOM-killed nginx of web-8wqzt and the running ones.
    expect(
      containers
        .filter((c) => c.state === 'CONTAINER_EXITED')
        .map((c) => c.metadata.name)
        .sort(),
    ).toEqual(['install-cni', 'install-cni-plugin', 'nginx'])
    expect(containers.filter((c) => c.state === 'CONTAINER_RUNNING')).toHaveLength(5)
    expect(runtime?.images.find('docker.io/library/nginx:1.27.5')).toBeDefined()
    expect(runtime?.images.find('docker.io/library/redis:7.4.3')).toBeDefined()
  })

  it('places a new Pod where the dump’s free resources say, and explains why not elsewhere', () => {
    // Free cpu: worker-a 4 − (0.1 flannel + 2×0.5 web + 1.5 redis) = 1.4; worker-b 4 − (0.1 + 0.5)
    // = 3.4 (the finished Job Pod holds nothing); cp-1 is tainted.
    const cluster = new Cluster(
      dumpScenario(
        applyAt(5_000, podRequesting('needs-2cpu', { cpu: '2' })),
        applyAt(6_000, podRequesting('needs-3500m', { cpu: '3500m' })),
      ),
    )
    cluster.run({ untilMs: 20_000 })
    const attempts = schedulingAttempts(cluster.kernel.trace)
    const two = attempts.find((a) => a.pod === 'shop/needs-2cpu')
    expect(two).toMatchObject({ result: 'Scheduled', selectedNode: 'worker-b', feasibleNodes: 1 })
    expect(two?.filter['worker-a']?.NodeResourcesFit).toBe('Insufficient cpu')
    expect(two?.filter['cp-1']?.TaintToleration).toBe(
      'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
    )
    const big = attempts.find((a) => a.pod === 'shop/needs-3500m')
    expect(big?.result).toBe('Unschedulable')
    expect(big?.message).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    )
    const events = runResult(cluster).events
    expect(
      events.some(
        (e) =>
          e.reason === 'FailedScheduling' &&
          e.involvedObject?.name === 'needs-3500m' &&
          e.message === big?.message,
      ),
    ).toBe(true)
    // The dump's Pending Pod: the scheduler tries it at once, and it still fits nowhere.
    expect(attempts.find((a) => a.pod === 'shop/batch-import')?.result).toBe('Unschedulable')
  })

  it('scores with the dump’s requests: NodeResourcesFit (LeastAllocated) by hand', () => {
    const cluster = new Cluster(
      dumpScenario(applyAt(5_000, podRequesting('small', { cpu: '100m', memory: '128Mi' }))),
    )
    cluster.run({ untilMs: 10_000 })
    const small = schedulingAttempts(cluster.kernel.trace).find((a) => a.pod === 'shop/small')
    // Requested (non-zero: kube-proxy requests nothing, so counts 100m and 200Mi), new Pod included:
    // worker-a cpu 0.1 + 0.1 + 1 + 1.5 + 0.1 = 2.8 of 4 → 30; memory 50Mi + 200Mi + 512Mi + 2Gi +
    // 128Mi = 2938Mi of 16212652Ki → 81; (30 + 81) / 2 = 55.
    // worker-b cpu 0.1 + 0.1 + 0.5 + 0.1 = 0.8 → 80; memory 634Mi → 95; (80 + 95) / 2 = 87.
    expect(small?.score?.['worker-a']?.NodeResourcesFit).toBe(55)
    expect(small?.score?.['worker-b']?.NodeResourcesFit).toBe(87)
    expect(small?.selectedNode).toBe('worker-b')
  })
})

describe('bootstrap Pods written by hand in the cluster', () => {
  const nodes: Node[] = [
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-a' }, status: { capacity: { cpu: '2' } } },
    { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-b' }, status: { capacity: { cpu: '2' } } },
  ]
  const bound = (name: string, node: string, extra: Partial<Pod> = {}): Pod => {
    const pod = makePod(name).requests({ cpu: '1500m' }).build()
    return { ...pod, ...extra, spec: { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName: node } }
  }

  it('get the status their kubelet would have written, and run with nothing to do', () => {
    const cluster = new Cluster({ nodes, pods: [bound('already', 'node-a')], actions: [] })
    const written = cluster.bootstrapPods[0] as Pod
    expect(written.status).toMatchObject({
      phase: 'Running',
      podIP: '10.244.0.2',
      hostIP: expect.any(String),
      qosClass: 'Burstable',
      startTime: '2025-05-01T09:00:00Z',
    })
    expect(written.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'True',
      lastTransitionTime: '2025-05-01T09:00:00Z',
    })
    expect(written.status?.containerStatuses?.[0]).toMatchObject({
      name: 'app',
      ready: true,
      started: true,
      restartCount: 0,
      image: 'docker.io/library/nginx:1.27',
      state: { running: { startedAt: '2025-05-01T09:00:00Z' } },
    })
    cluster.run({ untilMs: 30_000 })
    const work = about(cluster.kernel.trace, new Set(['already'])).filter(
      (m) => m.kind === 'cri-request' || (m.kind === 'http-request' && !m.summary.startsWith('GET ')),
    )
    expect(work).toEqual([])
  })

  it('hold their resources: a Pending one is scheduled around them, a bound Pending one is started', () => {
    const pending = makePod('waiting').requests({ cpu: '1500m' }).build()
    const starting = bound('starting', 'node-b', { status: { phase: 'Pending' } })
    const cluster = new Cluster({ nodes, pods: [bound('already', 'node-a'), pending, starting], actions: [] })
    cluster.run({ untilMs: 30_000 })
    const attempts = schedulingAttempts(cluster.kernel.trace)
    // Both nodes hold 1.5 of their 2 cpus: the Pending Pod fits nowhere.
    expect(attempts.find((a) => a.pod === 'default/waiting')).toMatchObject({
      result: 'Unschedulable',
      message:
        '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    })
    const started = about(cluster.kernel.trace, new Set(['starting'])).map((m) => m.summary)
    expect(started).toContain('RunPodSandbox')
    expect(started).toContain('StartContainer')
    const pods = runResult(cluster).pods
    expect(pods.find((p) => p.metadata?.name === 'starting')?.status?.phase).toBe('Running')
  })

  it('end like any other Pod when deleted: the kubelet stops what the runtime ran', () => {
    const cluster = new Cluster({
      nodes,
      pods: [bound('already', 'node-a')],
      actions: [
        { type: 'delete', atMs: 1_000, apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'already' },
      ],
    })
    cluster.run({ untilMs: 40_000 })
    const summaries = about(cluster.kernel.trace, new Set(['already'])).map((m) => m.summary)
    expect(summaries).toContain('StopContainer')
    expect(summaries).toContain('StopPodSandbox')
    expect(runResult(cluster).pods.find((p) => p.metadata?.name === 'already')).toBeUndefined()
    // Its sandbox and containers are gone from the runtime, as for a Pod started in the scenario.
    expect(cluster.nodeSide.runtimes.get('node-a')?.listSandboxes()).toEqual([])
    expect(cluster.nodeSide.runtimes.get('node-a')?.listContainers()).toEqual([])
  })

  it('must name a node of the cluster', () => {
    expect(() => new Cluster({ nodes, pods: [bound('lost', 'node-z')], actions: [] })).toThrow(
      'bootstrap: Pod "default/lost" is bound to node "node-z", which the cluster does not have',
    )
  })
})
