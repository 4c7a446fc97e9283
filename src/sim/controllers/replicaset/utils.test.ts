import { describe, expect, it } from 'vitest'
import type { Pod, ReplicaSet } from '../../../api/types'
import {
  calculateReplicaSetStatus,
  podFromTemplate,
  replicaSetStatusUnchanged,
  slowStartBatches,
} from './utils'

describe('slowStartBatches', () => {
  it.each<[number, number[]]>([
    [0, []],
    [1, [1]],
    [3, [1, 2]],
    [10, [1, 2, 4, 3]],
    [500, [1, 2, 4, 8, 16, 32, 64, 128, 245]],
  ])('%d → %j', (n, want) => {
    expect(slowStartBatches(n)).toEqual(want)
  })
})

const rs: ReplicaSet = {
  metadata: { name: 'nginx-7c5ddbdf54', namespace: 'default', uid: 'rs1', generation: 2 },
  spec: {
    replicas: 3,
    minReadySeconds: 10,
    selector: { matchLabels: { app: 'nginx', 'pod-template-hash': '7c5ddbdf54' } },
    template: {
      metadata: {
        labels: { app: 'nginx', 'pod-template-hash': '7c5ddbdf54' },
        annotations: { 'kubectl.kubernetes.io/restartedAt': 'x' },
      },
      spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
    },
  },
  status: { replicas: 0 },
}

describe('podFromTemplate', () => {
  it('builds the pod the ReplicaSet controller POSTs', () => {
    const ref = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: 'nginx-7c5ddbdf54',
      uid: 'rs1',
      controller: true,
    }
    expect(podFromTemplate(rs, ref)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: 'nginx-7c5ddbdf54-',
        namespace: 'default',
        labels: { app: 'nginx', 'pod-template-hash': '7c5ddbdf54' },
        annotations: { 'kubectl.kubernetes.io/restartedAt': 'x' },
        ownerReferences: [ref],
      },
      spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
    })
  })
})

const NOW = Date.parse('2025-05-01T10:01:00Z')
function pod(readySince?: string, labels = { app: 'nginx', 'pod-template-hash': '7c5ddbdf54' }): Pod {
  return {
    metadata: { labels },
    status: readySince
      ? { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: readySince }] }
      : {},
  }
}

describe('calculateReplicaSetStatus', () => {
  it('counts fully labeled, ready and available (minReadySeconds) pods', () => {
    const pods = [
      pod('2025-05-01T10:00:00Z'),
      pod('2025-05-01T10:00:55Z'),
      pod(undefined, { app: 'nginx' } as never),
    ]
    expect(calculateReplicaSetStatus(rs, pods, undefined, NOW, 'now')).toEqual({
      replicas: 3,
      fullyLabeledReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 1,
    })
  })
  it('adds ReplicaFailure when creating failed, and removes it once it works', () => {
    const failed = calculateReplicaSetStatus(rs, [], 'pods "x" is forbidden: exceeded quota', NOW, 'now')
    expect(failed.conditions).toEqual([
      {
        type: 'ReplicaFailure',
        status: 'True',
        lastTransitionTime: 'now',
        reason: 'FailedCreate',
        message: 'pods "x" is forbidden: exceeded quota',
      },
    ])
    const ok = calculateReplicaSetStatus({ ...rs, status: failed }, [], undefined, NOW, 'now')
    expect(ok.conditions).toBeUndefined()
  })
  it('sees an unchanged status only when the generation was observed', () => {
    expect(replicaSetStatusUnchanged(rs, { replicas: 0 })).toBe(false)
    expect(
      replicaSetStatusUnchanged({ ...rs, status: { replicas: 0, observedGeneration: 2 } }, { replicas: 0 }),
    ).toBe(true)
  })
})
