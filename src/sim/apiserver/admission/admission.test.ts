import { describe, expect, it } from 'vitest'
import { Cluster } from '../../cluster/cluster'
import { runResult } from '../../scenario/result'

function apply(spec: Record<string, unknown>) {
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
  }
  const cluster = new Cluster({ actions: [{ type: 'apply', atMs: 0, objects: [pod] }] })
  cluster.run()
  return runResult(cluster)
}

describe('Priority admission', () => {
  it.each([
    [{}, 201, undefined],
    [{ priorityClassName: 'system-cluster-critical' }, 201, undefined],
    [{ priorityClassName: 'gold' }, 403, 'pods "p" is forbidden: no PriorityClass with name gold was found'],
    [
      { priority: 10 },
      403,
      'pods "p" is forbidden: the integer value of priority (10) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    ],
    // Without a class (and no global default) nothing is computed, so any policy is kept.
    [{ preemptionPolicy: 'Never' }, 201, undefined],
    [
      { priorityClassName: 'system-cluster-critical', preemptionPolicy: 'Never' },
      403,
      'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    ],
  ])('%j → %i', (spec, code, message) => {
    const r = apply(spec)
    expect(r.responses[0]?.code).toBe(code)
    expect(r.responses[0]?.status?.message).toBe(message)
  })

  it('resolves a system class to its value', () => {
    const r = apply({ priorityClassName: 'system-node-critical' })
    expect(r.pods[0]?.spec?.priority).toBe(2000001000)
    expect(r.pods[0]?.spec?.preemptionPolicy).toBe('PreemptLowerPriority')
  })
})

describe('the admission chain in the trace', () => {
  it('records one step per plugin that handled the request, in order, with the mutation as a JSON Patch', () => {
    const r = apply({})
    const steps = r.trace.filter((m) => m.kind === 'step' && m.stage === 'admit')
    // Mutating plugins in v1.33 order, then (after validation) the validating ones; webhook
    // plugins do nothing without webhook configurations, so they record no step.
    expect(steps.map((m) => m.summary)).toEqual([
      'NamespaceLifecycle: admitted',
      'LimitRanger: admitted',
      'ServiceAccount: mutated',
      'Priority: mutated',
      'DefaultTolerationSeconds: mutated',
      'LimitRanger: admitted',
      'ServiceAccount: admitted',
      'PodSecurity: admitted',
      'ResourceQuota: admitted',
    ])
    const patch = (steps[4]?.payload as { patch?: unknown[] } | undefined)?.patch
    expect(patch).toContainEqual({
      op: 'add',
      path: '/spec/tolerations',
      value: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
    })
  })
})
