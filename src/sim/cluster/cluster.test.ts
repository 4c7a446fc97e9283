/**
 * The apiserver path of a `kubectl apply`, through the assembled cluster. Only the user's request
 * pipeline is asserted (stages submit → persist), so these hold as the scheduler, controllers and
 * kubelets join the cluster.
 */
import { describe, expect, it } from 'vitest'
import { etcdKey, PODS, type ResourceInfo, resourceForKind } from '../../api/resources'
import type { KubeObject, Pod, Status } from '../../api/types'
import { decode, encode } from '../apiserver/codec'
import type { HttpResponse } from '../apiserver/http'
import type { Message, Stage } from '../kernel/trace'
import { LAST_APPLIED } from '../kubectl/kubectl'
import { userToken } from '../scenario/cluster-objects'
import type { UserAction } from '../scenario/scenario'
import { makePod } from '../testing/builders'
import { Cluster } from './cluster'

const PIPELINE: ReadonlySet<Stage> = new Set([
  'submit',
  'authenticate',
  'authorize',
  'admit',
  'validate',
  'persist',
])

const apply = (atMs: number, ...objects: KubeObject[]): UserAction => ({ type: 'apply', atMs, objects })

function run(...actions: UserAction[]): Cluster {
  const cluster = new Cluster({ actions })
  cluster.run()
  return cluster
}

/** The message whose causal chain `m` starts from (a user action has no cause). */
function rootOf(cluster: Cluster, m: Message): Message {
  const byId = new Map(cluster.kernel.trace.map((x) => [x.id, x]))
  let cur = m
  while (cur.causeId !== null) cur = byId.get(cur.causeId) as Message
  return cur
}

/** The user's request pipeline after `fromMs`: `from -> to: summary`, revisions elided. */
function pipeline(cluster: Cluster, fromMs = 0): string[] {
  return cluster.kernel.trace
    .filter((m) => PIPELINE.has(m.stage) && m.kind !== 'watch-event' && m.sentAtMs >= fromMs)
    .map((m) => `${m.from === m.to ? m.from : `${m.from} -> ${m.to}`}: ${m.summary}`)
    .map((line) => line.replace(/\(revision \d+\)/, '(revision N)'))
}

/** The pipeline with the admission steps collapsed into one `<admission>` line. */
function withAdmissionCollapsed(lines: string[]): string[] {
  const out: string[] = []
  for (const line of lines) {
    const admission = /^kube-apiserver: \w+: (admitted|mutated|denied \(\d+\))$/.test(line)
    if (admission && out.at(-1) === '<admission>') continue
    out.push(admission ? '<admission>' : line)
  }
  return out
}

const admissionSteps = (lines: string[]) =>
  lines.filter((l) => /^kube-apiserver: \w+: /.test(l)).map((l) => l.slice('kube-apiserver: '.length))

const firstResult = (cluster: Cluster, action = 0) => {
  const r = cluster.actionResults[action]?.results[0]
  if (!r) throw new Error(`no result for action ${action}`)
  return r
}

const storedPod = (cluster: Cluster, namespace: string, name: string) =>
  cluster.etcd.store.get(etcdKey(PODS, namespace, name))

/** The Pod as its create wrote it to etcd (the scheduler and kubelet may have written since). */
const createdPod = (cluster: Cluster, namespace: string, name: string) =>
  cluster.etcd.store.keyHistory(etcdKey(PODS, namespace, name))[0]?.kv

describe('Cluster: kubectl apply of a Pod through the apiserver', () => {
  const nginx = makePod('nginx').containers({ name: 'nginx', image: 'nginx:1.27' }).build()

  it('goes GET → 404 → POST → authn → authz → admission → validation → etcd Txn → 201', () => {
    const cluster = run(apply(0, nginx))
    const lines = pipeline(cluster)
    expect(withAdmissionCollapsed(lines)).toEqual([
      'kubectl -> kube-apiserver: GET /api/v1/namespaces/default/pods/nginx',
      'kube-apiserver: authenticated kubernetes-admin (x509)',
      'kube-apiserver: authorized: get pods',
      'kube-apiserver -> etcd: Range /registry/pods/default/nginx',
      'etcd -> kube-apiserver: Range OK (revision N)',
      'kube-apiserver -> kubectl: 404 Not Found',
      'kubectl -> kube-apiserver: POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
      'kube-apiserver: authenticated kubernetes-admin (x509)',
      'kube-apiserver: authorized: create pods',
      '<admission>',
      'kube-apiserver: Pod "nginx" is valid',
      // Validating admission (PodSecurity, ResourceQuota…) runs after validation.
      '<admission>',
      'kube-apiserver -> etcd: Txn put /registry/pods/default/nginx',
      'etcd -> kube-apiserver: Txn OK (revision N)',
      'kube-apiserver -> kubectl: 201 Created',
    ])
    // The v1.33 order of the modelled plugins (more may be added between them).
    const steps = admissionSteps(lines)
    const order = ['NamespaceLifecycle: admitted', 'Priority: mutated', 'DefaultTolerationSeconds: mutated']
    expect(steps.filter((s) => order.includes(s))).toEqual(order)
    expect(firstResult(cluster)).toMatchObject({
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      code: 201,
      action: 'created',
    })
  })

  it('chains every message of the apply by cause, back to the user’s first GET', () => {
    const cluster = run(apply(0, nginx))
    const trace = cluster.kernel.trace
    const chain = trace.filter((m) => PIPELINE.has(m.stage) && m.kind !== 'watch-event')
    const get = chain[0] as Message
    expect(get.causeId).toBeNull()
    // Each message is caused by the one before it: "why?" reads back through the whole apply.
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.causeId).toBe(chain[i - 1]?.id)
    expect(rootOf(cluster, chain.at(-1) as Message)).toBe(get)
    // The 404 tells kubectl the real reason.
    const notFound = chain.find((m) => m.summary === '404 Not Found') as Message<HttpResponse>
    expect((notFound.payload.body as Status).message).toBe('pods "nginx" not found')
  })

  it('names the object on every message of the create', () => {
    const cluster = run(apply(0, nginx))
    const trace = cluster.kernel.trace
    const post = trace.findIndex((m) => m.summary.startsWith('POST '))
    const created = trace.findIndex((m) => m.summary === '201 Created')
    for (const m of trace.slice(post, created + 1).filter((x) => PIPELINE.has(x.stage))) {
      expect(m.object).toMatchObject({ resource: 'pods', namespace: 'default', name: 'nginx' })
    }
  })

  it('stores the Pod with the server-set fields', () => {
    const cluster = run(apply(0, nginx))
    const kv = createdPod(cluster, 'default', 'nginx')
    if (!kv) throw new Error('pod not stored')
    const body = firstResult(cluster).object as Pod
    // resourceVersion is the etcd mod revision; etcd holds the object without it.
    expect(body.metadata?.resourceVersion).toBe(String(kv.modRevision))
    expect((kv.value as Pod).metadata?.resourceVersion).toBeUndefined()
    expect(kv.createRevision).toBe(kv.modRevision)
    expect(kv.version).toBe(1)
    const meta = body.metadata ?? {}
    expect(meta.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(meta.creationTimestamp).toBe('2025-05-01T10:00:00Z')
    expect(meta.generation).toBe(1)
    expect(body.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' })
    expect(body.spec).toMatchObject({
      priority: 0,
      preemptionPolicy: 'PreemptLowerPriority',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      tolerations: [
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
    expect(body.spec?.containers[0]?.imagePullPolicy).toBe('IfNotPresent')
    // kubectl's annotation: the applied object, keys sorted, with an empty annotations map.
    expect(meta.annotations?.[LAST_APPLIED]).toBe(
      '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"nginx","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.27","name":"nginx"}]}}\n',
    )
    // What the 201 returned is what etcd holds.
    expect(encode(body)).toEqual(kv.value)
  })

  it('stamps creationTimestamp from the start time plus virtual time, and the QoS class', () => {
    const guaranteed = makePod('g').limits({ cpu: '500m', memory: '128Mi' }).build()
    const cluster = run(apply(2_500, guaranteed))
    const pod = createdPod(cluster, 'default', 'g')?.value as Pod
    expect(pod.metadata?.creationTimestamp).toBe('2025-05-01T10:00:02Z')
    expect(pod.status?.qosClass).toBe('Guaranteed')
    expect(pod.spec?.containers[0]?.resources?.requests).toEqual({ cpu: '500m', memory: '128Mi' })
  })

  it('answers an invalid Pod with 422 and the apiserver’s text, writing nothing', () => {
    const bad = makePod('bad').image(undefined).build()
    const cluster = run(apply(0, bad))
    expect(firstResult(cluster)).toMatchObject({
      code: 422,
      status: {
        reason: 'Invalid',
        message: 'Pod "bad" is invalid: spec.containers[0].image: Required value',
        details: {
          kind: 'Pod',
          name: 'bad',
          causes: [{ field: 'spec.containers[0].image', reason: 'FieldValueRequired' }],
        },
      },
    })
    const lines = pipeline(cluster)
    expect(lines).toContain('kube-apiserver: validation failed: 1 field error(s)')
    expect(lines.at(-1)).toBe('kube-apiserver -> kubectl: 422 Unprocessable Entity')
    expect(lines.some((l) => l.includes('Txn'))).toBe(false)
    expect(storedPod(cluster, 'default', 'bad')).toBeUndefined()
  })

  it('answers a Pod in a missing namespace with 404 namespaces "dev" not found', () => {
    const cluster = run(apply(0, makePod('x').namespace('dev').build()))
    expect(firstResult(cluster)).toMatchObject({
      namespace: 'dev',
      code: 404,
      status: { reason: 'NotFound', message: 'namespaces "dev" not found' },
    })
    const lines = pipeline(cluster)
    expect(lines).toContain('kube-apiserver: NamespaceLifecycle: denied (404)')
    expect(lines.at(-1)).toBe('kube-apiserver -> kubectl: 404 Not Found')
    expect(lines.some((l) => l.includes('Txn') || l.includes('is valid'))).toBe(false)
  })

  it('applying the same Pod twice is unchanged: kubectl GETs it and sends no PATCH (its patch is empty)', () => {
    const cluster = run(apply(0, nginx), apply(60_000, nginx))
    expect(firstResult(cluster, 1)).toMatchObject({ code: 200, action: 'unchanged' })
    expect(pipeline(cluster, 60_000).map((l) => l.replace(/ \(revision N\)/, ''))).toEqual([
      'kubectl -> kube-apiserver: GET /api/v1/namespaces/default/pods/nginx',
      'kube-apiserver: authenticated kubernetes-admin (x509)',
      'kube-apiserver: authorized: get pods',
      'kube-apiserver -> etcd: Range /registry/pods/default/nginx',
      'etcd -> kube-apiserver: Range OK',
      'kube-apiserver -> kubectl: 200 OK',
    ])
    // Nothing the second apply caused wrote to etcd.
    const secondGet = cluster.kernel.trace.find(
      (m) => m.sentAtMs >= 60_000 && m.from === 'kubectl',
    ) as Message
    const writes = cluster.kernel.trace.filter(
      (m) => m.kind === 'etcd-request' && m.summary.startsWith('Txn') && rootOf(cluster, m) === secondGet,
    )
    expect(writes).toEqual([])
  })

  it('is deterministic: the same scenario gives the same trace, byte for byte', () => {
    const actions = [apply(0, nginx), apply(10, makePod('web').limits({ cpu: '1', memory: '1Gi' }).build())]
    const a = new Cluster({ actions, seed: 'golden' })
    const b = new Cluster({ actions, seed: 'golden' })
    a.run()
    b.run()
    expect(JSON.stringify(a.kernel.trace)).toBe(JSON.stringify(b.kernel.trace))
    const c = new Cluster({ actions, seed: 'other' })
    c.run()
    const uid = (cl: Cluster) => (createdPod(cl, 'default', 'nginx')?.value as Pod | undefined)?.metadata?.uid
    expect(uid(a)).toBe(uid(b))
    expect(uid(c)).not.toBe(uid(a))
  })
})

describe('Cluster: users and RBAC from the scenario', () => {
  const rbac = 'rbac.authorization.k8s.io/v1'
  const role: KubeObject = {
    apiVersion: rbac,
    kind: 'Role',
    metadata: { name: 'pod-maker' },
    rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'create'] }],
  } as KubeObject
  const binding: KubeObject = {
    apiVersion: rbac,
    kind: 'RoleBinding',
    metadata: { name: 'alice-makes-pods', namespace: 'default' },
    subjects: [{ kind: 'User', name: 'alice', apiGroup: 'rbac.authorization.k8s.io' }],
    roleRef: { kind: 'Role', name: 'pod-maker', apiGroup: 'rbac.authorization.k8s.io' },
  } as KubeObject
  const reader: KubeObject = {
    apiVersion: rbac,
    kind: 'ClusterRole',
    metadata: { name: 'reader', namespace: 'ignored' },
    rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
  } as KubeObject
  const sa: KubeObject = {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: 'ci', namespace: 'kube-system' },
  }
  const users = [
    { name: 'alice', token: userToken('alice') },
    { name: 'bob', token: userToken('bob') },
  ]

  const stored = (c: Cluster, obj: KubeObject, namespace?: string) => {
    const info = resourceForKind(obj.apiVersion, obj.kind) as ResourceInfo
    const kv = c.etcd.store.get(etcdKey(info, namespace, obj.metadata?.name ?? ''))
    return kv ? decode(kv) : undefined
  }

  it('writes the RBAC objects and ServiceAccounts at bootstrap, before time 0', () => {
    const c = new Cluster({ actions: [], clusterObjects: [role, binding, reader, sa] })
    expect(stored(c, role, 'default')?.metadata).toMatchObject({ name: 'pod-maker', namespace: 'default' })
    expect(stored(c, binding, 'default')?.metadata?.uid).toBeTruthy()
    expect(stored(c, reader)?.metadata?.namespace).toBeUndefined()
    expect(stored(c, sa, 'kube-system')?.metadata?.creationTimestamp).toBeTruthy()
    expect(
      () =>
        new Cluster({
          actions: [],
          clusterObjects: [{ ...sa, metadata: { name: 'ci', namespace: 'team-a' } }],
        }),
    ).toThrow('namespace "team-a" of ServiceAccount "ci" does not exist')
  })

  it('kubectl acts as a user: alice may create the Pod, bob is forbidden', () => {
    const nginx = makePod('nginx').build() as KubeObject
    const c = new Cluster({
      users,
      clusterObjects: [role, binding],
      actions: [
        { type: 'apply', atMs: 0, objects: [nginx], as: 'bob' },
        { type: 'apply', atMs: 10, objects: [nginx], as: 'alice' },
        { type: 'apply', atMs: 20, objects: [nginx], as: 'carol' },
      ],
    })
    c.run()
    const [bob, alice, carol] = c.actionResults.map((a) => a.results[0])
    expect(bob?.code).toBe(403)
    expect(bob?.status?.message).toBe(
      'pods "nginx" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "default"',
    )
    expect(alice).toMatchObject({ code: 201, action: 'created' })
    expect(carol).toMatchObject({ code: 0, error: 'auth info "carol" does not exist' })
    // The user's requests carry the bearer token; the trace's summaries do not name the user.
    const requests = c.kernel.trace.filter((m) => m.from === 'kubectl' && m.kind === 'http-request')
    expect(requests.map((m) => m.summary)).toEqual([
      'GET /api/v1/namespaces/default/pods/nginx',
      'GET /api/v1/namespaces/default/pods/nginx',
      'POST /api/v1/namespaces/default/pods?fieldManager=kubectl-client-side-apply&fieldValidation=Strict',
    ])
  })
})
