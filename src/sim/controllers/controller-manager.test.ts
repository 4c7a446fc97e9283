import { describe, expect, it } from 'vitest'
import { DEPLOYMENTS } from '../../api/resources'
import type { Pod, ReplicaSet } from '../../api/types'
import { CONTROLLER_MANAGER } from '../kernel/trace'
import { computeHash } from './hash'
import type { ReconcileStep } from './steps'
import { Harness, nginxDeployment } from './testing/harness'

const NAME_SUFFIX = /^[bcdfghjklmnpqrstvwxz2456789]{5}$/

function newDeploymentHarness(replicas = 3) {
  const h = new Harness()
  const d = h.createDeployment(nginxDeployment(replicas))
  const hash = computeHash(d.spec?.template)
  return { h, d, hash, rsName: `nginx-${hash}` }
}

function steps(h: Harness): ReconcileStep[] {
  return h.kernel.trace
    .filter((m) => m.kind === 'step' && m.from === CONTROLLER_MANAGER)
    .map((m) => m.payload as ReconcileStep)
}

describe('Deployment → ReplicaSet → Pods', () => {
  it('creates <deployment>-<pod-template-hash> with the real labels, owner and annotations', () => {
    const { h, d, hash, rsName } = newDeploymentHarness()
    const [rs] = h.replicaSets()
    expect(h.replicaSets()).toHaveLength(1)
    expect(rs?.metadata?.name).toBe(rsName)
    expect(hash).toMatch(/^[456789bcdf]{1,10}$/)
    expect(rs?.metadata?.labels).toEqual({ app: 'nginx', 'pod-template-hash': hash })
    expect(rs?.spec?.selector).toEqual({ matchLabels: { app: 'nginx', 'pod-template-hash': hash } })
    expect(rs?.spec?.template?.metadata?.labels).toEqual({ app: 'nginx', 'pod-template-hash': hash })
    expect(rs?.metadata?.ownerReferences).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: 'nginx',
        uid: d.metadata?.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ])
    expect(rs?.metadata?.annotations).toEqual({
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    })
    expect(rs?.spec?.replicas).toBe(3)
  })

  it('creates pods with generateName <rs>- and an owner reference to the ReplicaSet', () => {
    const { h, rsName } = newDeploymentHarness()
    const rs = h.replicaSets()[0] as ReplicaSet
    const pods = h.pods()
    expect(pods).toHaveLength(3)
    for (const pod of pods) {
      expect(pod.metadata?.generateName).toBe(`${rsName}-`)
      expect(pod.metadata?.name?.slice(rsName.length + 1)).toMatch(NAME_SUFFIX)
      expect(pod.metadata?.labels).toEqual(rs.spec?.template?.metadata?.labels)
      expect(pod.metadata?.ownerReferences).toEqual([
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: rsName,
          uid: rs.metadata?.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ])
    }
  })

  it('records ScalingReplicaSet and SuccessfulCreate with the names the apiserver returned', () => {
    const { h, rsName } = newDeploymentHarness()
    const names = h.pods().map((p) => p.metadata?.name)
    const lines = h.eventLines()
    expect(lines[0]).toBe(
      `deployment-controller ScalingReplicaSet Scaled up replica set ${rsName} from 0 to 3`,
    )
    expect(lines.filter((l) => l.startsWith('replicaset-controller')).sort()).toEqual(
      names.map((n) => `replicaset-controller SuccessfulCreate Created pod: ${n}`).sort(),
    )
    const scaling = h.events().find((e) => e.reason === 'ScalingReplicaSet')
    expect(scaling?.involvedObject).toMatchObject({
      kind: 'Deployment',
      name: 'nginx',
      apiVersion: 'apps/v1',
    })
    const created = h.events().find((e) => e.reason === 'SuccessfulCreate')
    expect(created?.involvedObject).toMatchObject({ kind: 'ReplicaSet', name: rsName, apiVersion: 'apps/v1' })
  })

  it('creates pods in slow-start batches: 1, then 2 at once', () => {
    const { h } = newDeploymentHarness()
    const posts = h.kernel.trace.filter(
      (m) =>
        m.kind === 'http-request' &&
        m.from === CONTROLLER_MANAGER &&
        m.summary === 'POST /api/v1/namespaces/default/pods',
    )
    expect(posts).toHaveLength(3)
    const [a, b, c] = posts.map((m) => m.sentAtMs)
    expect(b).toBe(c)
    expect(a).toBeLessThan(b as number)
    const step = steps(h).find((s) => s.type === 'ReplicaSetSync' && s.action === 'create')
    expect(step).toMatchObject({ desired: 3, current: 0, count: 3, batches: [1, 2] })
  })

  it('writes controller identities: informers as kube-controller-manager, writes as the service accounts', () => {
    const { h } = newDeploymentHarness()
    const cert = (summary: string) =>
      h.kernel.trace.find((m) => m.kind === 'http-request' && m.summary.startsWith(summary))?.payload as {
        headers: Record<string, string>
      }
    expect(cert('GET /apis/apps/v1/deployments')?.headers['x-client-certificate']).toBe(
      'CN=system:kube-controller-manager',
    )
    expect(
      cert('POST /apis/apps/v1/namespaces/default/replicasets')?.headers['x-client-certificate'],
    ).toMatch(/^CN=system:serviceaccount:kube-system:deployment-controller,/)
    expect(cert('POST /api/v1/namespaces/default/pods')?.headers['x-client-certificate']).toMatch(
      /^CN=system:serviceaccount:kube-system:replicaset-controller,/,
    )
  })

  it('reports progress, then availability, in the Deployment status', () => {
    const { h, rsName } = newDeploymentHarness()
    let d = h.deployment('nginx')
    expect(d.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('1')
    expect(d.status).toMatchObject({
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      unavailableReplicas: 3,
    })
    const cond = (type: string) => h.deployment('nginx').status?.conditions?.find((c) => c.type === type)
    expect(cond('Available')).toMatchObject({
      status: 'False',
      reason: 'MinimumReplicasUnavailable',
      message: 'Deployment does not have minimum availability.',
    })
    expect(cond('Progressing')).toMatchObject({
      status: 'True',
      reason: 'ReplicaSetUpdated',
      message: `ReplicaSet "${rsName}" is progressing.`,
    })

    h.readyAllPods()
    d = h.deployment('nginx')
    expect(d.status).toMatchObject({
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
    })
    expect(d.status?.unavailableReplicas).toBeUndefined()
    expect(cond('Available')).toMatchObject({
      status: 'True',
      reason: 'MinimumReplicasAvailable',
      message: 'Deployment has minimum availability.',
    })
    expect(cond('Progressing')).toMatchObject({
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "${rsName}" has successfully progressed.`,
    })
    const rs = h.replicaSets()[0] as ReplicaSet
    expect(rs.status).toEqual({
      replicas: 3,
      fullyLabeledReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    })
  })

  it('hits the real 409 on its second status write of the first sync, and retries', () => {
    const { h } = newDeploymentHarness()
    const conflicts = h.kernel.trace.filter(
      (m) => m.kind === 'http-response' && (m.payload as { code: number }).code === 409,
    )
    expect(conflicts.length).toBeGreaterThan(0)
    expect(h.deployment('nginx').status?.replicas).toBe(3)
  })

  it('is deterministic', () => {
    const a = newDeploymentHarness().h.kernel.trace
    const b = newDeploymentHarness().h.kernel.trace
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })
})

describe('a bare Pod', () => {
  it('is seen and left alone, and the trace says why', () => {
    const h = new Harness()
    const before = h.kernel.trace.length
    h.createPod({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
    })
    const after = h.kernel.trace.slice(before)
    const step = after.find((m) => m.kind === 'step' && m.from === CONTROLLER_MANAGER)
    expect(step?.payload).toEqual({
      type: 'PodWithoutController',
      controller: 'replicaset-controller',
      pod: { resource: 'pods', namespace: 'default', name: 'nginx', uid: expect.any(String) },
      ownerReferences: [],
      matchingReplicaSets: [],
      outcome: 'ignored',
    })
    expect(step?.object).toMatchObject({ resource: 'pods', name: 'nginx' })
    // No request from the controller-manager touches it.
    expect(after.filter((m) => m.kind === 'http-request' && m.from === CONTROLLER_MANAGER)).toEqual([])
    expect(h.events()).toEqual([])
  })
})

describe('scaling', () => {
  it('scales the ReplicaSet up and down, deleting surplus pods', () => {
    const { h, rsName } = newDeploymentHarness()
    h.readyAllPods()
    h.editDeployment('nginx', (d) => {
      ;(d.spec as { replicas: number }).replicas = 5
    })
    expect(h.pods()).toHaveLength(5)
    expect(h.eventLines()).toContain(
      `deployment-controller ScalingReplicaSet Scaled up replica set ${rsName} from 3 to 5`,
    )
    const rs = h.replicaSets()[0] as ReplicaSet
    expect(rs.metadata?.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('5')
    expect(rs.metadata?.annotations?.['deployment.kubernetes.io/max-replicas']).toBe('7')

    h.readyAllPods()
    const before = new Set(h.pods().map((p) => p.metadata?.name))
    h.editDeployment('nginx', (d) => {
      ;(d.spec as { replicas: number }).replicas = 1
    })
    expect(h.pods()).toHaveLength(1)
    const lines = h.eventLines()
    expect(lines).toContain(
      `deployment-controller ScalingReplicaSet Scaled down replica set ${rsName} from 5 to 1`,
    )
    const deleted = lines.filter((l) => l.includes('SuccessfulDelete'))
    expect(deleted).toHaveLength(4)
    for (const l of deleted)
      expect(before.has(l.replace('replicaset-controller SuccessfulDelete Deleted pod: ', ''))).toBe(true)
  })
})

describe('rolling update', () => {
  it('rolls a new template out within maxSurge and maxUnavailable', () => {
    const { h, rsName: oldName } = newDeploymentHarness()
    h.readyAllPods()
    h.editDeployment('nginx', (d) => {
      const c = d.spec?.template?.spec?.containers[0]
      if (c) c.image = 'nginx:1.28'
    })
    const newRS = h.replicaSets().find((rs) => rs.metadata?.name !== oldName) as ReplicaSet
    const newName = newRS.metadata?.name as string
    expect(newRS.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('2')
    // 3 replicas, maxSurge 25% → 1, maxUnavailable 25% → 0: one new pod first.
    expect(newRS.spec?.replicas).toBe(1)
    expect(h.eventLines()).toContain(
      `deployment-controller ScalingReplicaSet Scaled up replica set ${newName} from 0 to 1`,
    )

    for (let i = 0; i < 6; i++) h.readyAllPods()
    const rss = new Map(h.replicaSets().map((rs) => [rs.metadata?.name, rs]))
    expect(rss.get(newName)?.spec?.replicas).toBe(3)
    expect(rss.get(oldName)?.spec?.replicas).toBe(0)
    expect(h.pods().every((p: Pod) => p.metadata?.name?.startsWith(`${newName}-`))).toBe(true)
    const d = h.deployment('nginx')
    expect(d.metadata?.annotations?.['deployment.kubernetes.io/revision']).toBe('2')
    expect(d.status?.conditions?.find((c) => c.type === 'Progressing')?.reason).toBe('NewReplicaSetAvailable')
    const scaling = h.eventLines().filter((l) => l.includes('ScalingReplicaSet'))
    expect(scaling).toEqual([
      `deployment-controller ScalingReplicaSet Scaled up replica set ${oldName} from 0 to 3`,
      `deployment-controller ScalingReplicaSet Scaled up replica set ${newName} from 0 to 1`,
      `deployment-controller ScalingReplicaSet Scaled down replica set ${oldName} from 3 to 2`,
      `deployment-controller ScalingReplicaSet Scaled up replica set ${newName} from 1 to 2`,
      `deployment-controller ScalingReplicaSet Scaled down replica set ${oldName} from 2 to 1`,
      `deployment-controller ScalingReplicaSet Scaled up replica set ${newName} from 2 to 3`,
      `deployment-controller ScalingReplicaSet Scaled down replica set ${oldName} from 1 to 0`,
    ])
  })
})

describe('failures', () => {
  it('records FailedCreate with the apiserver message and retries', () => {
    const h = new Harness()
    let n = 0
    h.api.failNext((r) => r.method === 'POST' && r.path === '/api/v1/namespaces/default/pods' && ++n === 2, {
      code: 403,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        reason: 'Forbidden',
        code: 403,
        message:
          'pods "nginx-x-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
      },
    })
    h.createDeployment(nginxDeployment(3))
    const failed = h.events().find((e) => e.reason === 'FailedCreate')
    expect(failed?.type).toBe('Warning')
    expect(failed?.message).toBe(
      'Error creating: pods "nginx-x-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
    )
    expect(h.pods()).toHaveLength(3)
  })
})

describe('progress deadline', () => {
  it('marks a rollout that makes no progress for 600s as ProgressDeadlineExceeded', () => {
    const { h, rsName } = newDeploymentHarness()
    // Nothing becomes ready. The re-check is background work: run past the deadline explicitly.
    h.kernel.run({ untilMs: 605_000 })
    const progressing = h.deployment('nginx').status?.conditions?.find((c) => c.type === 'Progressing')
    expect(progressing).toMatchObject({
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: `ReplicaSet "${rsName}" has timed out progressing.`,
    })
  })

  it('does not keep a run-until-idle simulation busy', () => {
    const { h } = newDeploymentHarness()
    expect(h.kernel.idle).toBe(true)
    expect(h.kernel.nowMs).toBeLessThan(1000)
  })
})

describe('Recreate', () => {
  it('scales the old ReplicaSet to zero before creating the new one', () => {
    const h = new Harness()
    const d = nginxDeployment(2)
    ;(d.spec as { strategy?: unknown }).strategy = { type: 'Recreate' }
    h.createDeployment(d)
    h.readyAllPods()
    const oldName = h.replicaSets()[0]?.metadata?.name as string
    h.editDeployment('nginx', (x) => {
      const c = x.spec?.template?.spec?.containers[0]
      if (c) c.image = 'nginx:1.28'
    })
    h.readyAllPods()
    const newName = h.replicaSets().find((rs) => rs.metadata?.name !== oldName)?.metadata?.name as string
    expect(h.eventLines().filter((l) => l.includes('ScalingReplicaSet'))).toEqual([
      `deployment-controller ScalingReplicaSet Scaled up replica set ${oldName} from 0 to 2`,
      `deployment-controller ScalingReplicaSet Scaled down replica set ${oldName} from 2 to 0`,
      `deployment-controller ScalingReplicaSet Scaled up replica set ${newName} from 0 to 2`,
    ])
    expect(h.pods().map((p) => p.metadata?.generateName)).toEqual([`${newName}-`, `${newName}-`])
  })
})

describe('scale to zero', () => {
  it('deletes every pod and keeps the ReplicaSet', () => {
    const { h, rsName } = newDeploymentHarness()
    h.readyAllPods()
    h.editDeployment('nginx', (d) => {
      ;(d.spec as { replicas: number }).replicas = 0
    })
    expect(h.pods()).toEqual([])
    expect(h.replicaSets().map((rs) => [rs.metadata?.name, rs.spec?.replicas, rs.status?.replicas])).toEqual([
      [rsName, 0, 0],
    ])
    expect(h.deployment('nginx').status?.conditions?.find((c) => c.type === 'Available')?.status).toBe('True')
  })
})

describe('garbage collection', () => {
  it('deletes the ReplicaSet and its pods after the Deployment, checking each owner live', () => {
    const { h, rsName } = newDeploymentHarness()
    const before = h.kernel.trace.length
    const r = h.call(h.kubectl.delete(DEPLOYMENTS, 'default', 'nginx', 'delete'))
    expect(r.ok).toBe(true)
    expect(h.replicaSets()).toEqual([])
    expect(h.pods()).toEqual([])
    const gc = h.kernel.trace
      .slice(before)
      .filter((m) => m.kind === 'http-request' && m.from === CONTROLLER_MANAGER)
      .map((m) => m.summary)
    expect(gc.slice(0, 2)).toEqual([
      'GET /apis/apps/v1/namespaces/default/deployments/nginx',
      `DELETE /apis/apps/v1/namespaces/default/replicasets/${rsName}`,
    ])
    expect(gc.filter((s) => s.startsWith('DELETE /api/v1/namespaces/default/pods/'))).toHaveLength(3)
    const step = steps(h).find((s) => s.type === 'GarbageCollect')
    expect(step).toMatchObject({
      object: { resource: 'replicasets', name: rsName },
      owners: [{ kind: 'Deployment', name: 'nginx' }],
    })
  })

  it('leaves a bare Pod alone', () => {
    const h = new Harness()
    h.createPod({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'solo', namespace: 'default' },
      spec: { containers: [] },
    })
    expect(h.pods().map((p) => p.metadata?.name)).toEqual(['solo'])
  })
})
