/**
 * Preemption end to end in the cluster assembly: a high-priority pod that does not fit evicts a
 * lower-priority one (DisruptionTarget, graceful deletion, `Preempted`), is nominated to the node,
 * and is bound there once the victim is gone.
 */
import { describe, expect, it } from 'vitest'
import type { KubeObject, Pod } from '../../api/types'
import { Cluster } from '../cluster/cluster'
import { makeNode } from '../cluster/default-cluster'
import { runResult } from '../scenario/result'

const pod = (name: string, cpu: string, priorityClassName?: string): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: {
    ...(priorityClassName ? { priorityClassName } : {}),
    containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu } } }],
  },
})

const HIGH = {
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name: 'high' },
  value: 1000,
} as KubeObject

const HIGH_NON_PREEMPTING = {
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name: 'high-nonpreempting' },
  value: 1000,
  preemptionPolicy: 'Never',
} as KubeObject

function run(urgent: Pod) {
  const cluster = new Cluster({
    nodes: [makeNode({ name: 'worker-1', cpu: '2', memory: '4Gi' }, 0)],
    actions: [
      { type: 'apply', atMs: 0, objects: [HIGH, HIGH_NON_PREEMPTING, pod('low', '1500m')] },
      { type: 'apply', atMs: 30_000, objects: [urgent] },
    ],
  })
  cluster.run({ untilMs: 180_000 })
  return runResult(cluster)
}

describe('preemption in the cluster', () => {
  it('evicts the lower-priority pod and binds the preemptor to its nominated node', () => {
    const r = run(pod('urgent', '1500m', 'high'))
    const urgent = r.pods.find((p) => p.metadata?.name === 'urgent') as Pod
    expect(urgent.spec?.priority).toBe(1000)
    expect(urgent.spec?.nodeName).toBe('worker-1')
    // The victim is gone from etcd.
    expect(r.pods.map((p) => p.metadata?.name)).toEqual(['urgent'])
    const about = (name: string) =>
      r.events.filter((e) => e.involvedObject?.name === name).map((e) => [e.reason, e.message])
    expect(about('urgent').slice(0, 2)).toEqual([
      // Preemption found a node: FailedScheduling lists only Filter's reasons.
      ['FailedScheduling', '0/1 nodes are available: 1 Insufficient cpu.'],
      ['Scheduled', 'Successfully assigned default/urgent to worker-1'],
    ])
    expect(about('low')).toContainEqual([
      'Preempted',
      `Preempted by pod ${urgent.metadata?.uid} on node worker-1`,
    ])
    // The scheduler marked the victim before deleting it, and nominated the preemptor.
    const patches = r.trace.filter((m) => m.stage === 'preempt').map((m) => m.summary)
    expect(patches).toContain('PATCH /api/v1/namespaces/default/pods/low/status')
    expect(patches).toContain('DELETE /api/v1/namespaces/default/pods/low')
    const nominated = r.trace.find(
      (m) =>
        m.summary === 'PATCH /api/v1/namespaces/default/pods/urgent/status' &&
        JSON.stringify(m.payload).includes('"nominatedNodeName":"worker-1"'),
    )
    expect(nominated).toBeDefined()
  })

  it('preemptionPolicy Never (from a non-preempting class) leaves the pod Pending with the reason', () => {
    const r = run(pod('urgent', '1500m', 'high-nonpreempting'))
    const p = r.pods.find((x) => x.metadata?.name === 'urgent') as Pod
    expect(p.spec?.nodeName).toBeUndefined()
    const cond = p.status?.conditions?.find((c) => c.type === 'PodScheduled')
    expect(cond?.message).toBe(
      '0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.',
    )
    expect(r.pods.map((x) => x.metadata?.name).sort()).toEqual(['low', 'urgent'])
  })
})
