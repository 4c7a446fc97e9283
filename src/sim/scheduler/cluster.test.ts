/**
 * The scheduler inside the real cluster assembly (apiserver, etcd, controllers): the acceptance
 * flows that depend on it. Starts the scheduler itself when the assembly does not (yet).
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../api/types'
import { Cluster } from '../cluster/cluster'
import { SCHEDULER } from '../kernel/trace'
import { runResult } from '../scenario/result'
import { Scheduler } from './scheduler'

function run(objects: readonly KubeObject[], untilMs?: number) {
  const cluster = new Cluster({ actions: [{ type: 'apply', atMs: 0, objects }] })
  if (!cluster.kernel.component(SCHEDULER)) {
    const scheduler = new Scheduler(cluster.kernel)
    cluster.kernel.register(scheduler)
    scheduler.start()
  }
  cluster.run(untilMs !== undefined ? { untilMs } : {})
  return runResult(cluster)
}

const pod = (name: string, cpu?: string): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: {
    containers: [{ name: 'app', image: 'nginx:1.27', ...(cpu ? { resources: { requests: { cpu } } } : {}) }],
  },
})

describe('kube-scheduler in the cluster', () => {
  it('binds a pod to a worker with the Scheduled event', () => {
    const r = run([pod('nginx')])
    const p = r.pods.find((x) => x.metadata?.name === 'nginx') as Pod
    expect(p.spec?.nodeName).toMatch(/^worker-\d$/)
    const scheduled = r.events.find((e) => e.reason === 'Scheduled')
    expect(scheduled?.message).toBe(`Successfully assigned default/nginx to ${p.spec?.nodeName}`)
    expect(p.status?.conditions?.find((c) => c.type === 'PodScheduled')?.status).toBe('True')
    const binding = r.trace.find((m) => m.summary === 'POST /api/v1/namespaces/default/pods/nginx/binding')
    expect(binding?.from).toBe(SCHEDULER)
  })

  it('leaves a too-large pod Pending with the real message', () => {
    const r = run([pod('huge', '64')])
    const p = r.pods.find((x) => x.metadata?.name === 'huge') as Pod
    const message =
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.'
    expect(
      r.events.filter((e) => e.involvedObject?.name === 'huge').map((e) => [e.reason, e.message]),
    ).toEqual([['FailedScheduling', message]])
    const cond = p.status?.conditions?.find((c) => c.type === 'PodScheduled')
    expect([cond?.status, cond?.reason, cond?.message]).toEqual(['False', 'Unschedulable', message])
    expect(p.spec?.nodeName).toBeUndefined()
  })

  it('places several pods without over-committing a node', () => {
    const r = run(Array.from({ length: 12 }, (_, i) => pod(`p${i}`, '1')))
    const perNode = new Map<string, number>()
    for (const p of r.pods) {
      const node = p.spec?.nodeName
      if (node) perNode.set(node, (perNode.get(node) ?? 0) + 1)
    }
    // worker-1: 2 cpu, worker-2: 4, worker-3: 8 → 14 slots for 12 pods; the control plane takes none.
    expect(perNode.get('control-plane')).toBeUndefined()
    expect(perNode.get('worker-1') ?? 0).toBeLessThanOrEqual(2)
    expect(perNode.get('worker-2') ?? 0).toBeLessThanOrEqual(4)
    expect(perNode.get('worker-3') ?? 0).toBeLessThanOrEqual(8)
    expect([...perNode.values()].reduce((a, b) => a + b, 0)).toBe(12)
  })
})
