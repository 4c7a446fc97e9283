/**
 * RBAC through the whole cluster: a token user of the scenario has no rights until the admin
 * applies a Role and a RoleBinding; then the same request is allowed, and the trace says by what.
 */
import { describe, expect, it } from 'vitest'
import { PODS } from '../../../api/resources'
import type { KubeObject, Pod, Status } from '../../../api/types'
import type { ApiResult } from '../../client/client'
import { Cluster } from '../../cluster/cluster'
import type { Proc } from '../../kernel/kernel'
import { TestClient } from '../../testing/apiserver'
import { makePod } from '../../testing/builders'

const role: KubeObject = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'Role',
  metadata: { name: 'pod-creator', namespace: 'default' },
  rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['create', 'get', 'list'] }],
} as KubeObject
const binding = (name: string, roleName: string, user: string): KubeObject =>
  ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name, namespace: 'default' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: roleName },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
  }) as KubeObject

function scenario() {
  const cluster = new Cluster({
    users: [
      { token: 'alice-token', name: 'alice' },
      { token: 'bob-token', name: 'bob' },
    ],
    actions: [
      {
        type: 'apply',
        atMs: 1000,
        objects: [
          role,
          binding('alice-creates-pods', 'pod-creator', 'alice'),
          binding('bob', 'missing', 'bob'),
        ],
      },
    ],
  })
  const alice = new TestClient(cluster.kernel, 'alice', { token: 'alice-token' })
  const bob = new TestClient(cluster.kernel, 'bob', { token: 'bob-token' })
  const results: Record<string, ApiResult<KubeObject>> = {}
  const at = (atMs: number, label: string, proc: () => Proc<ApiResult<KubeObject>>) =>
    cluster.kernel.at(atMs, () => {
      cluster.kernel.spawn(
        (function* () {
          results[label] = yield* proc()
        })(),
        label,
      )
    })
  const pod = (name: string) => makePod(name).containers({ name: 'nginx', image: 'nginx:1.27' }).build()
  at(0, 'alice before', () => alice.client.create(PODS, 'default', pod('a'), 'submit'))
  at(5000, 'alice after', () => alice.client.create(PODS, 'default', pod('a'), 'submit'))
  at(5000, 'alice elsewhere', () => alice.client.create(PODS, 'kube-system', pod('a'), 'submit'))
  at(5000, 'bob', () => bob.client.create(PODS, 'default', pod('b'), 'submit'))
  cluster.run({ untilMs: 30_000 })
  return { cluster, results }
}

describe('RBAC in the cluster: a RoleBinding created by the admin', () => {
  const { cluster, results } = scenario()
  const status = (label: string) => {
    const r = results[label]
    return r && !r.ok ? (r.status as Status) : undefined
  }

  it('denies the user before it exists, with the exact 403', () => {
    expect(results['alice before']?.code).toBe(403)
    expect(status('alice before')).toMatchObject({
      reason: 'Forbidden',
      code: 403,
      message:
        'pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "default"',
    })
  })

  it('allows the same request after', () => {
    expect(results['alice after']).toMatchObject({ ok: true, code: 201 })
  })

  it('allows it in the binding’s namespace only', () => {
    expect(status('alice elsewhere')?.message).toBe(
      'pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "kube-system"',
    )
  })

  it('appends RBAC’s reason when a binding references a missing role', () => {
    expect(status('bob')?.message).toBe(
      'pods is forbidden: User "bob" cannot create resource "pods" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "missing" not found',
    )
  })

  it('records in the trace which binding, role, subject and rule allowed the request', () => {
    const steps = cluster.kernel.trace
      .filter((m) => m.kind === 'step' && m.stage === 'authorize')
      .map((m) => m.payload as Record<string, unknown>)
      .filter((p) => p.user === 'alice')
    expect(steps[0]).toEqual({
      phase: 'authorize',
      allowed: false,
      user: 'alice',
      verb: 'create',
      resource: 'pods',
      namespace: 'default',
      reason: '',
    })
    expect(steps[1]).toEqual({
      phase: 'authorize',
      allowed: true,
      user: 'alice',
      verb: 'create',
      resource: 'pods',
      namespace: 'default',
      reason:
        'RBAC: allowed by RoleBinding "alice-creates-pods/default" of Role "pod-creator" to User "alice"',
      authorizer: 'RBAC',
      binding: { kind: 'RoleBinding', name: 'alice-creates-pods', namespace: 'default' },
      role: { kind: 'Role', name: 'pod-creator' },
      subject: { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' },
      rule: { apiGroups: [''], resources: ['pods'], verbs: ['create', 'get', 'list'] },
    })
  })

  it('lets the pod the user created run, through the bootstrap policy of every component', () => {
    const forbidden = cluster.kernel.trace.filter(
      (m) => m.kind === 'step' && m.stage === 'authorize' && !(m.payload as { allowed: boolean }).allowed,
    )
    expect(forbidden.map((m) => (m.payload as { user: string }).user)).toEqual(['alice', 'alice', 'bob'])
    const pod = cluster.apiserver.lister.get('', 'pods', 'default', 'a') as Pod | undefined
    expect(pod?.status).toMatchObject({ phase: 'Running' })
  })
})
