/**
 * The kubelet's heartbeats: the node Lease renewed every 10 s, node status computed every 10 s
 * and patched only when it changed or 5 minutes passed, both as routine (`heartbeat`) traffic the
 * Node authorizer allows; failures when the network is cut; the NodeReady transition.
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import { describe, expect, it } from 'vitest'
import type { Event, Node } from '../../api/types'
import { decode } from '../apiserver/codec'
import type { HttpRequest, HttpResponse } from '../apiserver/http'
import { ApiClient } from '../client/client'
import { EventRecorder } from '../client/events'
import { Cluster } from '../cluster/cluster'
import { makeNode, nodeConditions } from '../cluster/default-cluster'
import { FakeApiServer } from '../controllers/testing/fake-apiserver'
import { Kernel } from '../kernel/kernel'
import { APISERVER, kubeletId, type Message } from '../kernel/trace'
import { HEARTBEAT_TIMEOUT_MS, NODE_LEASE_RENEW_INTERVAL_MS, NodeHeartbeat } from './node-status'

const KUBELET = kubeletId('worker-1')

function idleCluster(untilMs: number) {
  const cluster = new Cluster({ actions: [] })
  cluster.run({ untilMs })
  return cluster
}

const requestsFrom = (trace: readonly Message[], from: string) =>
  trace.filter((m) => m.from === from && m.kind === 'http-request')

const lease = (cluster: Cluster, node: string) =>
  decode(cluster.etcd.store.get(`/registry/leases/kube-node-lease/${node}`) as never) as Lease

describe('kubelet heartbeats', () => {
  it('renews the node Lease every 10 s (25 % of the 40 s lease duration), GET only the first time', () => {
    expect(NODE_LEASE_RENEW_INTERVAL_MS).toBe(10_000)
    expect(HEARTBEAT_TIMEOUT_MS).toBe(10_000)
    const cluster = idleCluster(35_000)
    const leaseRequests = requestsFrom(cluster.kernel.trace, KUBELET)
      .filter((m) => m.summary.includes('/leases/'))
      .map((m) => `${Math.floor(m.sentAtMs / 1000)}s ${m.summary}`)
    expect(leaseRequests).toEqual([
      '10s GET /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1',
      '10s PUT /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1',
      '20s PUT /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1',
      '30s PUT /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1',
    ])
    const l = lease(cluster, 'worker-1')
    expect(l.spec).toMatchObject({ holderIdentity: 'worker-1', leaseDurationSeconds: 40 })
    expect(l.spec?.renewTime).toMatch(/^2025-05-01T10:00:30\.\d{6}Z$/)
    expect(l.metadata?.ownerReferences).toEqual([
      expect.objectContaining({ apiVersion: 'v1', kind: 'Node', name: 'worker-1' }),
    ])
  })

  it('computes node status every 10 s from its node informer, patches it only when due (5 min) or changed', () => {
    const cluster = idleCluster(320_000)
    const nodes = requestsFrom(cluster.kernel.trace, KUBELET).filter((m) => m.summary.includes('/nodes'))
    // Its own Node, listed and watched at boot; no GET per sync (v1.31+: the kubelet's lister).
    expect(nodes.filter((m) => m.summary.startsWith('GET')).map((m) => m.summary)).toEqual([
      'GET /api/v1/nodes?fieldSelector=metadata.name=worker-1',
      expect.stringMatching(
        /^GET \/api\/v1\/nodes\?fieldSelector=metadata.name=worker-1&resourceVersion=\d+&watch=true$/,
      ),
    ])
    const patches = nodes.filter((m) => m.summary === 'PATCH /api/v1/nodes/worker-1/status')
    // The bootstrap heartbeat is an hour old: the first sync reports; the next one 5 min later.
    expect(patches.map((m) => Math.floor(m.sentAtMs / 1000))).toEqual([10, 310])
    const body = (patches[1]?.payload as HttpRequest | undefined)?.body as { status: Record<string, unknown> }
    expect(body.status['$setElementOrder/conditions']).toEqual([
      { type: 'MemoryPressure' },
      { type: 'DiskPressure' },
      { type: 'PIDPressure' },
      { type: 'Ready' },
    ])
    expect(body.status.conditions).toEqual(
      ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((type) => ({
        type,
        lastHeartbeatTime: '2025-05-01T10:05:10Z',
      })),
    )
  })

  it('is routine traffic the Node authorizer allows, and keeps no cluster busy', () => {
    const cluster = idleCluster(60_000)
    const heartbeat = cluster.kernel.trace.filter((m) => m.sentAtMs >= 10_000)
    expect(heartbeat.length).toBeGreaterThan(100)
    expect(heartbeat.filter((m) => m.stage !== 'heartbeat')).toEqual([])
    const refused = heartbeat.filter(
      (m) => m.kind === 'http-response' && (m.payload as HttpResponse).code >= 400,
    )
    expect(refused).toEqual([])
    const authorizedBy = heartbeat
      .filter((m) => m.kind === 'step' && m.summary.startsWith('authorized:'))
      .map((m) => (m.payload as { authorizer?: string }).authorizer)
    expect(new Set(authorizedBy)).toEqual(new Set(['Node']))
    // Run until idle: the heartbeats' timers are background work.
    const idle = new Cluster({ actions: [] })
    idle.run()
    expect(idle.kernel.nowMs).toBeLessThan(1_000)
  })

  it('fails after the 10 s client timeout when the network to the apiserver is cut, and says so', () => {
    const cluster = new Cluster({ actions: [] })
    cluster.kernel.at(15_000, () => cluster.kernel.network.cut(KUBELET, APISERVER))
    cluster.run({ untilMs: 45_000 })
    const after = cluster.kernel.trace.filter((m) => m.sentAtMs > 15_000)
    expect(after.filter((m) => m.from === KUBELET && m.kind !== 'step')).toEqual([])
    const steps = after
      .filter((m) => m.from === KUBELET && m.kind === 'step')
      .map((m) => `${Math.floor(m.sentAtMs / 1000)}s ${m.summary}`)
    // The renewal at 20 s times out at 30 s and is retried at once. Node status is computed from
    // the kubelet's informer and has nothing to send until its 5 minute report.
    expect(steps).toEqual([
      '30s failed to update lease, error: context deadline exceeded (Client.Timeout 10s)',
      '40s failed to update lease, error: context deadline exceeded (Client.Timeout 10s)',
    ])
    expect(lease(cluster, 'worker-1').spec?.renewTime).toMatch(/^2025-05-01T10:00:10\./)
    expect(cluster.kernel.lostMessages).toBeGreaterThan(0)
  })

  it('keeps reporting the conditions a scenario Node declares (no eviction manager to find pressure)', () => {
    const node = makeNode({ name: 'tight', cpu: '2', memory: '4Gi' }, 0)
    const conditions = (node.status?.conditions ?? []).map((c) =>
      c.type === 'MemoryPressure'
        ? {
            ...c,
            status: 'True',
            reason: 'KubeletHasInsufficientMemory',
            message: 'kubelet has insufficient memory available',
          }
        : c,
    )
    Object.assign(node, { status: { ...node.status, conditions } })
    const cluster = new Cluster({ nodes: [node], actions: [] })
    cluster.run({ untilMs: 15_000 })
    const stored = decode(cluster.etcd.store.get('/registry/minions/tight') as never) as Node
    expect(stored.status?.conditions?.find((c) => c.type === 'MemoryPressure')).toMatchObject({
      status: 'True',
      reason: 'KubeletHasInsufficientMemory',
      lastHeartbeatTime: '2025-05-01T10:00:10Z',
    })
    // The node lifecycle controller mirrors it as a NoSchedule taint.
    expect(stored.spec?.taints).toEqual([
      expect.objectContaining({ key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' }),
    ])
  })

  it('reports a node the controller set Unknown as Ready again, with the NodeReady event', () => {
    const kernel = new Kernel({ seed: 1 })
    const api = new FakeApiServer(kernel)
    const conditions = nodeConditions().map((c) =>
      c.type === 'Ready' ? { ...c, status: 'Unknown', reason: 'NodeStatusUnknown' } : c,
    )
    const node: Node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'worker-1', uid: 'u1' },
      status: { conditions },
    }
    api.write('nodes', '/worker-1', node, 'ADDED')
    const client = new ApiClient(
      kernel,
      KUBELET,
      { clientCert: { commonName: 'system:node:worker-1' } },
      'kubelet',
    )
    kernel.register({ id: KUBELET, receive: (m) => client.receive(m) })
    const recorder = new EventRecorder(client, { component: 'kubelet', host: 'worker-1' })
    const heartbeat = new NodeHeartbeat({ kernel, id: KUBELET, nodeName: 'worker-1', node, client, recorder })
    heartbeat.start()
    kernel.run({ untilMs: 11_000 })
    const stored = api.get('nodes', '', 'worker-1') as Node
    const ready = stored.status?.conditions?.find((c) => c.type === 'Ready')
    expect(ready).toMatchObject({
      status: 'True',
      reason: 'KubeletReady',
      message: 'kubelet is posting ready status',
      lastTransitionTime: '2025-05-01T10:00:10Z',
    })
    const [event] = api.list('events') as Event[]
    expect(event).toMatchObject({
      reason: 'NodeReady',
      message: 'Node worker-1 status is now: NodeReady',
      involvedObject: { kind: 'Node', name: 'worker-1', uid: 'worker-1' },
      source: { component: 'kubelet', host: 'worker-1' },
    })
    // A condition changed: the report is news, not routine.
    const patch = kernel.trace.find((m) => m.summary === 'PATCH /api/v1/nodes/worker-1/status')
    expect(patch?.stage).toBe('status')
    // The Lease did not exist: the kubelet created it, owned by its Node.
    expect(api.get('leases', 'kube-node-lease', 'worker-1')?.metadata?.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Node', name: 'worker-1', uid: 'u1' },
    ])
    heartbeat.stop()
  })
})
