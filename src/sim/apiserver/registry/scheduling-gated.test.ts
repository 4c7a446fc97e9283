/**
 * A Pod created with scheduling gates, through the whole cluster: the apiserver stores it with
 * PodScheduled=False/SchedulingGated (pod strategy PrepareForCreate, applySchedulingGatedCondition),
 * `kubectl get pods` shows SchedulingGated, the scheduler leaves it alone (PreEnqueue), and once a
 * later apply removes the gates it is scheduled and runs.
 */
import { describe, expect, it } from 'vitest'
import { podSummary } from '../../../api/kubectl/pods'
import type { KubeObject, Pod } from '../../../api/types'
import { Cluster } from '../../cluster/cluster'
import { runResult } from '../../scenario/result'

const gated = (gates: boolean): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'gated' },
    spec: {
      ...(gates ? { schedulingGates: [{ name: 'example.com/quota' }] } : {}),
      containers: [{ name: 'app', image: 'nginx:1.27' }],
    },
  }) as KubeObject

function at(cluster: Cluster, untilMs: number): Pod {
  cluster.run({ untilMs })
  return runResult(cluster).pods.find((p) => p.metadata?.name === 'gated') as Pod
}

describe('SchedulingGated', () => {
  it('is stored at creation, shown by kubectl get pods, and lifted by an apply without the gates', () => {
    const cluster = new Cluster({
      actions: [
        { type: 'apply', atMs: 0, objects: [gated(true)] },
        { type: 'apply', atMs: 20_000, objects: [gated(false)] },
      ],
    })
    const before = at(cluster, 15_000)
    expect(before.spec?.nodeName).toBeUndefined()
    expect(before.status?.conditions).toEqual([
      {
        type: 'PodScheduled',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: '2025-05-01T10:00:00Z',
        reason: 'SchedulingGated',
        message: 'Scheduling is blocked due to non-empty scheduling gates',
      },
    ])
    expect(podSummary(before, Date.parse('2025-05-01T10:00:15Z')).status).toBe('SchedulingGated')
    // No scheduling attempt, so no FailedScheduling event and no binding.
    const trace = cluster.kernel.trace
    expect(trace.some((m) => m.summary.includes('/pods/gated/binding'))).toBe(false)

    const after = at(cluster, 40_000)
    expect(after.spec?.schedulingGates ?? []).toEqual([])
    expect(after.spec?.nodeName).toBeDefined()
    expect(after.status?.phase).toBe('Running')
    const scheduled = after.status?.conditions?.find((c) => c.type === 'PodScheduled')
    expect(scheduled).toMatchObject({ status: 'True', lastProbeTime: null })
    expect(podSummary(after, Date.parse('2025-05-01T10:00:40Z')).status).toBe('Running')
  })
})
