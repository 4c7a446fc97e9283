/**
 * POST pods/{name}/eviction through the real apiserver (no scheduler, kubelets or controllers):
 * the DisruptionTarget condition, then the graceful DELETE, a 201 Status; its errors; RBAC on the
 * `pods/eviction` subresource.
 */
import { describe, expect, it } from 'vitest'
import { etcdKey, PODS, type ResourceInfo, resourceByName } from '../../../api/resources'
import type { KubeObject, Pod } from '../../../api/types'
import { userToken } from '../../scenario/cluster-objects'
import { startApiServer, TestClient } from '../../testing/apiserver'
import { makePod } from '../../testing/builders'
import type { HttpResponse } from '../http'

const SUCCESS = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }

const eviction = (name: string, deleteOptions: object = {}): KubeObject =>
  ({
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name, namespace: 'default' },
    deleteOptions,
  }) as KubeObject

function setup() {
  const t = startApiServer({ apiserver: { tokens: [{ name: 'jane', token: userToken('jane') }] } })
  const admin = new TestClient(t.kernel).client
  const stored = (name: string) => t.stored('pods').find((p) => p.metadata?.name === name) as Pod | undefined
  /** A pod bound to worker-1, in `phase`. */
  const running = (name: string, phase = 'Running') => {
    t.call(admin.create(PODS, 'default', makePod(name).nodeName('worker-1').build(), 'submit'))
    t.call(
      admin.patch(
        PODS,
        'default',
        name,
        { status: { phase } },
        'application/merge-patch+json',
        'submit',
        'status',
      ),
    )
  }
  const evict = (name: string, body: KubeObject = eviction(name), client = admin): HttpResponse =>
    t.call(
      client.request('POST', `/api/v1/namespaces/default/pods/${name}/eviction`, 'delete', {
        body,
      }),
    )
  return { t, admin, stored, running, evict }
}

describe('the Eviction API (pods/eviction)', () => {
  it('a running pod: DisruptionTarget=True, then a graceful deletion; 201 with a Status Success', () => {
    const { t, stored, running, evict } = setup()
    running('web')
    const r = evict('web')
    expect(r).toEqual({ code: 201, body: SUCCESS })
    const pod = stored('web')
    expect(pod?.status?.conditions).toContainEqual({
      type: 'DisruptionTarget',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: t.kernel.wallTime(),
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    })
    // The pod's own grace period (30 s by default): its kubelet finishes the deletion.
    expect(pod?.metadata?.deletionGracePeriodSeconds).toBe(30)
    expect(pod?.metadata?.deletionTimestamp).toBeTruthy()
    // The condition was written first, by its own revision.
    const history = t.etcd.store.keyHistory(etcdKey(PODS, 'default', 'web')).map((h) => h.kv?.value as Pod)
    const withCondition = history.findIndex((p) =>
      p?.status?.conditions?.some((c) => c.type === 'DisruptionTarget'),
    )
    expect(history[withCondition]?.metadata?.deletionTimestamp).toBeUndefined()
    expect(history.at(-1)?.metadata?.deletionTimestamp).toBeTruthy()
  })

  it('the eviction’s DeleteOptions apply: a grace period of 0 removes the pod at once', () => {
    const { stored, running, evict } = setup()
    running('web')
    expect(evict('web', eviction('web', { gracePeriodSeconds: 0 }))).toEqual({ code: 201, body: SUCCESS })
    expect(stored('web')).toBeUndefined()
  })

  it('an unscheduled pod has nothing to stop: it goes at once', () => {
    const { t, admin, stored, evict } = setup()
    t.call(admin.create(PODS, 'default', makePod('idle').build(), 'submit'))
    expect(evict('idle')).toEqual({ code: 201, body: SUCCESS })
    expect(stored('idle')).toBeUndefined()
  })

  it('a pod already terminating: the eviction succeeds and keeps its deletion timestamp', () => {
    const { t, admin, stored, running, evict } = setup()
    running('web')
    t.call(admin.delete(PODS, 'default', 'web', 'delete'))
    const before = stored('web')?.metadata?.deletionTimestamp
    expect(before).toBeTruthy()
    t.kernel.run({ untilMs: t.kernel.nowMs + 5_000 })
    expect(evict('web')).toEqual({ code: 201, body: SUCCESS })
    const pod = stored('web')
    expect(pod?.metadata?.deletionTimestamp).toBe(before)
    expect(pod?.status?.conditions?.map((c) => c.type)).toContain('DisruptionTarget')
  })

  it.each<[string, KubeObject, number, string]>([
    ['a pod that does not exist', eviction('ghost'), 404, 'pods "ghost" not found'],
    [
      'a name that is not the URL’s',
      eviction('other'),
      400,
      'name in URL does not match name in Eviction object',
    ],
    [
      'a body that is not an Eviction',
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' } },
      400,
      'the API version in the data (v1) does not match the expected API version (policy/v1)',
    ],
  ])('refuses %s', (_, body, code, message) => {
    const { running, evict } = setup()
    running('web')
    const r = evict(body.metadata?.name === 'ghost' ? 'ghost' : 'web', body)
    expect(r.code).toBe(code)
    expect(r.body).toMatchObject({ status: 'Failure', message })
  })

  it('serves only POST', () => {
    const { t, admin, running } = setup()
    running('web')
    const r = t.call(admin.request('GET', '/api/v1/namespaces/default/pods/web/eviction', 'submit'))
    expect(r.code).toBe(405)
  })

  it('is authorized as `create` on pods/eviction: without it a 403, with it the pod is evicted', () => {
    const { t, admin, stored, running, evict } = setup()
    running('web')
    const rbac = (resource: string) => resourceByName('rbac.authorization.k8s.io', resource) as ResourceInfo
    const role = (resources: string[]) =>
      ({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: 'pods', namespace: 'default' },
        rules: [{ apiGroups: [''], resources, verbs: ['create'] }],
      }) as KubeObject
    t.call(admin.create(rbac('roles'), 'default', role(['pods']), 'submit'))
    t.call(
      admin.create(
        rbac('rolebindings'),
        'default',
        {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'RoleBinding',
          metadata: { name: 'jane', namespace: 'default' },
          subjects: [{ kind: 'User', name: 'jane', apiGroup: 'rbac.authorization.k8s.io' }],
          roleRef: { kind: 'Role', name: 'pods', apiGroup: 'rbac.authorization.k8s.io' },
        } as KubeObject,
        'submit',
      ),
    )
    const jane = new TestClient(t.kernel, 'jane', { token: userToken('jane') }).client
    const refused = evict('web', eviction('web'), jane)
    expect(refused.code).toBe(403)
    expect(refused.body).toMatchObject({
      reason: 'Forbidden',
      message:
        'pods "web" is forbidden: User "jane" cannot create resource "pods/eviction" in API group "" in the namespace "default"',
    })
    expect(stored('web')?.metadata?.deletionTimestamp).toBeUndefined()

    t.call(admin.update(rbac('roles'), role(['pods', 'pods/eviction']), 'submit'))
    expect(evict('web', eviction('web'), jane)).toEqual({ code: 201, body: SUCCESS })
    expect(stored('web')?.metadata?.deletionTimestamp).toBeTruthy()
  })
})
