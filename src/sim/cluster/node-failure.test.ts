/**
 * A worker fails under a Deployment of three, through the whole cluster: the kubelet's heartbeats
 * stop, the node lifecycle controller marks the node Unknown and taints it, the pods there become
 * not ready, the taint eviction controller deletes them 300 s later, and the ReplicaSet's
 * replacements run on the other workers.
 */
import { describe, expect, it } from 'vitest'
import type { Deployment, KubeObject, Node, Pod } from '../../api/types'
import type { NodeDownFault } from '../faults/node-down'
import { type RunResult, runResult } from '../scenario/result'
import { Cluster } from './cluster'
import { makeNode } from './default-cluster'

const DEPLOYMENT: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
    },
  },
}

const FAIL_AT = 60_000

/** Where the Deployment's pods land without a failure (the same seed places them the same way). */
function placement(): Map<string, string> {
  const cluster = new Cluster({ actions: [{ type: 'apply', atMs: 0, objects: [DEPLOYMENT as KubeObject] }] })
  cluster.run()
  return new Map(runResult(cluster).pods.map((p) => [p.metadata?.name ?? '', p.spec?.nodeName ?? '']))
}

function run(mode: NodeDownFault['mode'], node: string, untilMs = 500_000): RunResult {
  const cluster = new Cluster({
    actions: [
      { type: 'apply', atMs: 0, objects: [DEPLOYMENT as KubeObject] },
      { type: 'node-down', atMs: FAIL_AT, node, mode },
    ],
  })
  cluster.run({ untilMs })
  return runResult(cluster)
}

const nodeOf = (r: RunResult, name: string) => r.nodes.find((n) => n.metadata?.name === name) as Node
const ready = (n: Node) => n.status?.conditions?.find((c) => c.type === 'Ready')
const podReady = (p: Pod) => p.status?.conditions?.find((c) => c.type === 'Ready')?.status
const eventTime = (r: RunResult, reason: string) =>
  r.events.find((e) => e.reason === reason)?.lastTimestamp as string
const msOf = (t: string) => Date.parse(t) - Date.parse('2025-05-01T10:00:00Z')
const stepAt = (r: RunResult, match: RegExp) =>
  r.trace.find((m) => m.kind === 'step' && match.test(m.summary))?.sentAtMs

describe('a worker fails under a Deployment', () => {
  const before = placement()
  const failed = [...before.values()].find((n) => n.startsWith('worker')) as string
  const victims = [...before].filter(([, n]) => n === failed).map(([p]) => p)

  describe.each(['stop', 'unreachable'] as const)('node-down %s', (mode) => {
    const r = run(mode, failed)

    it('records the fault on the node’s kubelet', () => {
      const fault = r.trace.find((m) => m.stage === 'fault')
      expect(fault).toMatchObject({ from: `kubelet/${failed}`, sentAtMs: FAIL_AT, causeId: null })
      expect(fault?.payload).toEqual({ type: 'NodeDown', node: failed, mode })
    })

    it('marks the node Unknown 50–60 s after its last heartbeat, with the node controller’s texts', () => {
      const unknownAt = stepAt(r, /^"Node hasn't been updated"/) as number
      // The last Lease renewal was at 50 s; grace period 50 s, checked every 5 s.
      expect(unknownAt - FAIL_AT).toBeGreaterThan(40_000)
      expect(unknownAt - FAIL_AT).toBeLessThan(61_000)
      for (const c of nodeOf(r, failed).status?.conditions ?? []) {
        expect(c).toMatchObject({
          status: 'Unknown',
          reason: 'NodeStatusUnknown',
          message: 'Kubelet stopped posting node status.',
        })
      }
      expect(ready(nodeOf(r, failed))?.lastTransitionTime).toBe(eventTime(r, 'NodeNotReady'))
      expect(r.events.filter((e) => e.reason === 'NodeNotReady').map((e) => e.message)).toEqual([
        `Node ${failed} status is now: NodeNotReady`,
        ...victims.map(() => 'Node is not ready'),
      ])
      for (const other of r.nodes.filter((n) => n.metadata?.name !== failed))
        expect(ready(other)?.status).toBe('True')
    })

    it('taints the node unreachable, NoSchedule and NoExecute', () => {
      expect(nodeOf(r, failed).spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([
        'node.kubernetes.io/unreachable:NoSchedule',
        'node.kubernetes.io/unreachable:NoExecute',
      ])
    })

    it('evicts the pods there 300 s after the NoExecute taint, with TaintManagerEviction and DisruptionTarget', () => {
      const noExecute = nodeOf(r, failed).spec?.taints?.find((t) => t.effect === 'NoExecute')
      const taintedAt = msOf(noExecute?.timeAdded as string)
      for (const name of victims) {
        const pod = r.pods.find((p) => p.metadata?.name === name) as Pod
        expect(podReady(pod)).toBe('False')
        // No kubelet confirms the deletion: the pod stays Terminating.
        expect(pod.metadata?.deletionTimestamp).toBeDefined()
        expect(pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
          status: 'True',
          reason: 'DeletionByTaintManager',
          message: 'Taint manager: deleting due to NoExecute taint',
        })
        const eviction = r.events.find(
          (e) => e.reason === 'TaintManagerEviction' && e.involvedObject?.name === name,
        )
        expect(eviction?.message).toBe(`Marking for deletion Pod default/${name}`)
        expect(eviction?.source?.component).toBe('taint-eviction-controller')
        const evictedAt = msOf(eviction?.lastTimestamp as string)
        expect(evictedAt - taintedAt).toBeGreaterThanOrEqual(299_000)
        expect(evictedAt - taintedAt).toBeLessThanOrEqual(301_000)
      }
    })

    it('the controllers’ and kubelets’ requests are all allowed (node-controller RBAC, Node authorizer)', () => {
      const refused = r.trace.filter(
        (m) => m.kind === 'http-response' && [401, 403].includes((m.payload as { code: number }).code),
      )
      expect(refused).toEqual([])
    })

    it('runs the ReplicaSet’s replacements on the other workers', () => {
      const running = r.pods.filter((p) => !p.metadata?.deletionTimestamp)
      expect(running).toHaveLength(3)
      for (const p of running) {
        expect(p.spec?.nodeName).not.toBe(failed)
        expect(p.status?.phase).toBe('Running')
        expect(podReady(p)).toBe('True')
      }
      const replacements = running.filter((p) => !before.has(p.metadata?.name ?? ''))
      expect(replacements).toHaveLength(victims.length)
    })
  })

  it('in unreachable mode the kubelet keeps trying; its attempts time out and are lost', () => {
    const r = run('unreachable', failed, 120_000)
    const failures = r.trace.filter(
      (m) => m.from === `kubelet/${failed}` && m.stage === 'heartbeat' && m.kind === 'step',
    )
    // Lease renewals time out every 10 s; node status has nothing to send before its 5 min report.
    expect(failures.map((m) => Math.floor(m.sentAtMs / 1000))).toEqual([70, 80, 90, 100, 110])
    expect(failures[0]?.summary).toBe(
      'failed to update lease, error: context deadline exceeded (Client.Timeout 10s)',
    )
    // Nothing from the kubelet reaches the apiserver after the cut.
    expect(
      r.trace.filter(
        (m) => m.from === `kubelet/${failed}` && m.kind === 'http-request' && m.sentAtMs > FAIL_AT,
      ),
    ).toEqual([])
  })

  it('is deterministic: the same scenario gives the same trace', () => {
    const a = run('stop', failed, 450_000)
    const b = run('stop', failed, 450_000)
    expect(JSON.stringify(b.trace)).toBe(JSON.stringify(a.trace))
  })

  it('heartbeats do not keep the cluster from being idle', () => {
    const cluster = new Cluster({
      actions: [{ type: 'apply', atMs: 0, objects: [DEPLOYMENT as KubeObject] }],
    })
    cluster.run()
    expect(cluster.kernel.nowMs).toBeLessThan(10_000)
  })

  it('a lone node going down puts the controller in master disruption mode: no NoExecute taint, no eviction', () => {
    const cluster = new Cluster({
      nodes: [makeNode({ name: 'solo', cpu: '4', memory: '8Gi' }, 0)],
      actions: [
        { type: 'apply', atMs: 0, objects: [DEPLOYMENT as KubeObject] },
        { type: 'node-down', atMs: FAIL_AT, node: 'solo', mode: 'stop' },
      ],
    })
    cluster.run({ untilMs: 600_000 })
    const r = runResult(cluster)
    expect(ready(nodeOf(r, 'solo'))?.status).toBe('Unknown')
    expect(nodeOf(r, 'solo').spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/unreachable:NoSchedule',
    ])
    expect(r.pods.filter((p) => p.metadata?.deletionTimestamp)).toEqual([])
    expect(r.events.filter((e) => e.reason === 'TaintManagerEviction')).toEqual([])
  })

  it('refuses a fault on a node the cluster does not have', () => {
    expect(
      () => new Cluster({ actions: [{ type: 'node-down', atMs: 0, node: 'nope', mode: 'stop' }] }),
    ).toThrow('node-down at 0 ms: the cluster has no node "nope"')
  })
})
