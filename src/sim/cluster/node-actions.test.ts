/**
 * `kubectl cordon`, `uncordon` and `drain` through the whole cluster: the requests kubectl sends,
 * what it prints, the node lifecycle controller's unschedulable taint, the scheduler keeping new
 * Pods off a cordoned node, the Eviction API, and the ReplicaSet's replacements landing elsewhere.
 */
import { describe, expect, it } from 'vitest'
import type { OutputLine } from '../../api/kubectl/drain-output'
import { getNodes } from '../../api/kubectl/nodes'
import { etcdKey, PODS } from '../../api/resources'
import type { Deployment, Event, KubeObject, Node, Pod } from '../../api/types'
import type { HttpRequest } from '../apiserver/http'
import { userToken } from '../scenario/cluster-objects'
import { runResult } from '../scenario/result'
import type { Scenario, UserAction } from '../scenario/scenario'
import { makePod } from '../testing/builders'
import { Cluster } from './cluster'
import { makeNode } from './default-cluster'

const web = (replicas: number): KubeObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      },
    },
  }) satisfies Deployment as KubeObject

/** A bare Pod bound to `node` by its manifest (no scheduler, no controller). */
const bare = (name: string, node: string): KubeObject => makePod(name).nodeName(node).build() as KubeObject
/** A bare Pod for the scheduler to place. */
const unscheduled = (name: string): KubeObject => makePod(name).build() as KubeObject

const apply = (atMs: number, ...objects: KubeObject[]): UserAction => ({ type: 'apply', atMs, objects })

function run(scenario: Omit<Scenario, 'actions'>, ...actions: UserAction[]): Cluster {
  const cluster = new Cluster({ ...scenario, actions })
  cluster.run()
  return cluster
}

/** What kubectl printed for action `i`, one `stream text` string per line. */
const printed = (c: Cluster, i: number) =>
  (c.actionResults[i]?.output ?? []).map((l: OutputLine) => `${l.stream} ${l.text}`)

/** kubectl's requests from `fromMs` on, as `METHOD path?query`. */
const requests = (c: Cluster, fromMs = 0) =>
  c.kernel.trace
    .filter((m) => m.from === 'kubectl' && m.kind === 'http-request' && m.sentAtMs >= fromMs)
    .map((m) => m.summary)

const requestBodies = (c: Cluster, method: string) =>
  c.kernel.trace
    .filter((m) => m.from === 'kubectl' && m.kind === 'http-request')
    .map((m) => m.payload as HttpRequest)
    .filter((p) => p.method === method)

const nodeNamed = (c: Cluster, name: string) =>
  runResult(c).nodes.find((n) => n.metadata?.name === name) as Node
const webPods = (c: Cluster) => runResult(c).pods.filter((p) => p.metadata?.labels?.app === 'web')

const SOLO = { nodes: [makeNode({ name: 'solo', cpu: '2', memory: '4Gi' }, 0)] }

describe('kubectl cordon and uncordon', () => {
  it('cordon PATCHes spec.unschedulable, the node gets the unschedulable taint, and new Pods go elsewhere', () => {
    const c = run({}, { type: 'cordon', atMs: 0, node: 'worker-1' }, apply(5_000, web(6)))
    expect(printed(c, 0)).toEqual(['stdout node/worker-1 cordoned'])
    expect(requests(c).slice(0, 2)).toEqual(['GET /api/v1/nodes/worker-1', 'PATCH /api/v1/nodes/worker-1'])
    const patch = requestBodies(c, 'PATCH')[0]
    expect(patch?.headers['content-type']).toBe('application/strategic-merge-patch+json')
    expect(JSON.stringify(patch?.body)).toBe('{"spec":{"unschedulable":true}}')

    const node = nodeNamed(c, 'worker-1')
    expect(node.spec?.unschedulable).toBe(true)
    // TaintNodesByCondition (node lifecycle controller): the taint follows spec.unschedulable.
    expect(node.spec?.taints).toContainEqual(
      expect.objectContaining({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }),
    )
    const pods = webPods(c)
    expect(pods).toHaveLength(6)
    expect(pods.every((p) => p.status?.phase === 'Running')).toBe(true)
    expect(pods.map((p) => p.spec?.nodeName)).not.toContain('worker-1')

    const table = getNodes(runResult(c).nodes, { nowMs: c.kernel.epochMs + c.kernel.nowMs })
    expect(table.split('\n').find((l) => l.startsWith('worker-1'))).toMatch(
      /^worker-1\s+Ready,SchedulingDisabled\s/,
    )
  })

  it('on a lone cordoned node a new Pod waits: FailedScheduling names the unschedulable node', () => {
    const c = run(SOLO, { type: 'cordon', atMs: 0, node: 'solo' }, apply(1_000, unscheduled('nginx')))
    const pod = runResult(c).pods[0] as Pod
    expect(pod.spec?.nodeName).toBeUndefined()
    const failed = runResult(c).events.find((e: Event) => e.reason === 'FailedScheduling')
    expect(failed?.message).toBe(
      '0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    )
  })

  it('already cordoned sends only the GET; uncordon PATCHes unschedulable to null and the waiting Pod runs', () => {
    const c = run(
      SOLO,
      { type: 'cordon', atMs: 0, node: 'solo' },
      { type: 'cordon', atMs: 1_000, node: 'solo' },
      apply(2_000, unscheduled('nginx')),
      { type: 'uncordon', atMs: 10_000, node: 'solo' },
      { type: 'uncordon', atMs: 20_000, node: 'solo' },
    )
    expect(printed(c, 1)).toEqual(['stdout node/solo already cordoned'])
    expect(requests(c, 1_000).filter((r) => r.includes('/nodes/'))).toEqual([
      'GET /api/v1/nodes/solo',
      'GET /api/v1/nodes/solo',
      'PATCH /api/v1/nodes/solo',
      'GET /api/v1/nodes/solo',
    ])
    expect(printed(c, 3)).toEqual(['stdout node/solo uncordoned'])
    expect(JSON.stringify(requestBodies(c, 'PATCH')[1]?.body)).toBe('{"spec":{"unschedulable":null}}')
    expect(printed(c, 4)).toEqual(['stdout node/solo already uncordoned'])

    const node = nodeNamed(c, 'solo')
    expect(node.spec?.unschedulable).toBeUndefined()
    expect(node.spec?.taints ?? []).toEqual([])
    const pod = runResult(c).pods[0] as Pod
    expect(pod.spec?.nodeName).toBe('solo')
    expect(pod.status?.phase).toBe('Running')
  })

  it('a Node the cluster does not have: kubectl prints the NotFound', () => {
    const c = run({}, { type: 'uncordon', atMs: 0, node: 'nope' }, { type: 'drain', atMs: 10, node: 'nope' })
    expect(printed(c, 0)).toEqual(['stderr Error from server (NotFound): nodes "nope" not found'])
    expect(printed(c, 1)).toEqual(['stderr Error from server (NotFound): nodes "nope" not found'])
    expect(requests(c)).toEqual(['GET /api/v1/nodes/nope', 'GET /api/v1/nodes/nope'])
  })
})

describe('kubectl drain', () => {
  it('evicts a ReplicaSet pod: DisruptionTarget, graceful deletion, its replacement runs elsewhere', () => {
    const placed = run({}, apply(0, web(3)))
    const byNode = new Map<string, string[]>()
    for (const p of webPods(placed)) {
      const node = p.spec?.nodeName ?? ''
      byNode.set(node, [...(byNode.get(node) ?? []), p.metadata?.name ?? ''])
    }
    const [node, [victim] = []] = [...byNode].find(([, pods]) => pods.length === 1) ?? []
    if (!node || !victim) throw new Error('no node with exactly one pod of the Deployment')

    const c = run({}, apply(0, web(3)), { type: 'drain', atMs: 30_000, node })
    expect(printed(c, 1)).toEqual([
      `stdout node/${node} cordoned`,
      `stdout evicting pod default/${victim}`,
      `stdout pod/${victim} evicted`,
      `stdout node/${node} drained`,
    ])
    const sent = requests(c, 30_000)
    expect(sent.slice(0, 5)).toEqual([
      `GET /api/v1/nodes/${node}`,
      `PATCH /api/v1/nodes/${node}`,
      `GET /api/v1/pods?fieldSelector=spec.nodeName=${node}&limit=500`,
      `POST /api/v1/namespaces/default/pods/${victim}/eviction`,
      `GET /api/v1/namespaces/default/pods/${victim}`,
    ])
    // Polled every second until the pod is gone (the last GET answered 404).
    expect(sent.slice(4).every((r) => r === `GET /api/v1/namespaces/default/pods/${victim}`)).toBe(true)
    expect(sent.length).toBeGreaterThan(5)
    const eviction = requestBodies(c, 'POST').find((p) => p.path.endsWith('/eviction'))
    expect(eviction?.body).toEqual({
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name: victim, namespace: 'default' },
      deleteOptions: {},
    })
    const answer = c.kernel.trace.find(
      (m) =>
        m.kind === 'http-response' &&
        m.to === 'kubectl' &&
        m.object?.name === victim &&
        m.summary === '201 Created',
    )
    expect(answer?.payload).toEqual({
      code: 201,
      body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 },
    })

    // The evicted pod: DisruptionTarget first, then the graceful deletion, then gone.
    const history = c.etcd.store.keyHistory(etcdKey(PODS, 'default', victim)).map((h) => h.kv?.value as Pod)
    const evicted = history.find((p) => p?.status?.conditions?.some((x) => x.type === 'DisruptionTarget'))
    expect(evicted?.status?.conditions?.find((x) => x.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    })
    expect(evicted?.metadata?.deletionTimestamp).toBeUndefined()
    expect(history.some((p) => p?.metadata?.deletionGracePeriodSeconds === 30)).toBe(true)
    expect(history.at(-1)).toBeUndefined()

    const pods = webPods(c)
    expect(pods).toHaveLength(3)
    expect(pods.map((p) => p.metadata?.name)).not.toContain(victim)
    expect(pods.every((p) => p.status?.phase === 'Running' && p.spec?.nodeName !== node)).toBe(true)
  })

  it('refuses a bare pod without --force, and evicts it with --force', () => {
    const c = run(
      {},
      apply(0, bare('nginx', 'worker-1')),
      { type: 'drain', atMs: 10_000, node: 'worker-1' },
      { type: 'drain', atMs: 20_000, node: 'worker-1', force: true },
    )
    expect(printed(c, 1)).toEqual([
      'stdout node/worker-1 cordoned',
      'stderr error: unable to drain node "worker-1" due to error: cannot delete Pods that declare no controller (use --force to override): default/nginx, continuing command...',
      'stderr There are pending nodes to be drained:',
      'stderr  worker-1',
      'stderr cannot delete Pods that declare no controller (use --force to override): default/nginx',
    ])
    expect(requests(c, 10_000).filter((r) => r.startsWith('POST'))).toEqual([
      'POST /api/v1/namespaces/default/pods/nginx/eviction',
    ])
    expect(printed(c, 2)).toEqual([
      'stdout node/worker-1 already cordoned',
      'stderr Warning: deleting Pods that declare no controller: default/nginx',
      'stdout evicting pod default/nginx',
      'stdout pod/nginx evicted',
      'stdout node/worker-1 drained',
    ])
    expect(runResult(c).pods).toEqual([])
  })

  it('--grace-period goes into the eviction’s DeleteOptions', () => {
    const c = run({}, apply(0, bare('nginx', 'worker-1')), {
      type: 'drain',
      atMs: 10_000,
      node: 'worker-1',
      force: true,
      gracePeriodSeconds: 5,
    })
    const eviction = requestBodies(c, 'POST').find((p) => p.path.endsWith('/eviction'))
    expect(eviction?.body).toMatchObject({ deleteOptions: { gracePeriodSeconds: 5 } })
    const history = c.etcd.store.keyHistory(etcdKey(PODS, 'default', 'nginx')).map((h) => h.kv?.value as Pod)
    expect(history.some((p) => p?.metadata?.deletionGracePeriodSeconds === 5)).toBe(true)
  })

  it('a pod that never goes: --timeout ends the drain with the pending pods and the timeout', () => {
    const c = new Cluster({
      actions: [
        apply(0, bare('nginx', 'worker-1')),
        { type: 'node-down', atMs: 10_000, node: 'worker-1', mode: 'stop' },
        { type: 'drain', atMs: 20_000, node: 'worker-1', force: true, timeoutSeconds: 90 },
      ],
    })
    c.run()
    const waited =
      'error when waiting for pod "nginx" in namespace "default" to terminate: global timeout reached: 1m30s'
    expect(printed(c, 1)).toEqual([
      'stdout node/worker-1 cordoned',
      'stderr Warning: deleting Pods that declare no controller: default/nginx',
      'stdout evicting pod default/nginx',
      `stderr There are pending pods in node "worker-1" when an error occurred: ${waited}`,
      'stderr pod/nginx',
      `stderr error: unable to drain node "worker-1" due to error: ${waited}, continuing command...`,
      'stderr There are pending nodes to be drained:',
      'stderr  worker-1',
      `stderr ${waited}`,
    ])
  })

  it('without --timeout, kubectl stops waiting after 10 minutes of virtual time, printing nothing more', () => {
    const c = new Cluster({
      actions: [
        apply(0, bare('nginx', 'worker-1')),
        { type: 'node-down', atMs: 10_000, node: 'worker-1', mode: 'stop' },
        { type: 'drain', atMs: 20_000, node: 'worker-1', force: true },
      ],
    })
    c.run()
    expect(c.actionResults[1]?.done).toBe(true)
    expect(printed(c, 1)).toEqual([
      'stdout node/worker-1 cordoned',
      'stderr Warning: deleting Pods that declare no controller: default/nginx',
      'stdout evicting pod default/nginx',
    ])
    const last = c.kernel.trace.filter((m) => m.from === 'kubectl').at(-1)
    expect(last?.sentAtMs).toBeGreaterThanOrEqual(20_000 + 600_000)
    expect(last?.sentAtMs).toBeLessThan(20_000 + 602_000)
  })

  it('a user who may not create pods/eviction: the 403 is printed as kubectl prints it', () => {
    const rbac = 'rbac.authorization.k8s.io/v1'
    const drainer = {
      apiVersion: rbac,
      kind: 'ClusterRole',
      metadata: { name: 'almost-drainer' },
      rules: [
        { apiGroups: [''], resources: ['nodes'], verbs: ['get', 'patch'] },
        { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'create'] },
      ],
    } as KubeObject
    const binding = {
      apiVersion: rbac,
      kind: 'ClusterRoleBinding',
      metadata: { name: 'jane-almost-drains' },
      subjects: [{ kind: 'User', name: 'jane', apiGroup: 'rbac.authorization.k8s.io' }],
      roleRef: { kind: 'ClusterRole', name: 'almost-drainer', apiGroup: 'rbac.authorization.k8s.io' },
    } as KubeObject
    const c = run(
      { users: [{ name: 'jane', token: userToken('jane') }], clusterObjects: [drainer, binding] },
      apply(0, bare('nginx', 'worker-1')),
      { type: 'drain', atMs: 10_000, node: 'worker-1', force: true, as: 'jane' },
    )
    const forbidden =
      'error when evicting pods/"nginx" -n "default": pods "nginx" is forbidden: User "jane" cannot create resource "pods/eviction" in API group "" in the namespace "default"'
    expect(printed(c, 1)).toEqual([
      'stdout node/worker-1 cordoned',
      'stderr Warning: deleting Pods that declare no controller: default/nginx',
      'stdout evicting pod default/nginx',
      `stderr There are pending pods in node "worker-1" when an error occurred: ${forbidden}`,
      'stderr pod/nginx',
      `stderr error: unable to drain node "worker-1" due to error: ${forbidden}, continuing command...`,
      'stderr There are pending nodes to be drained:',
      'stderr  worker-1',
      `stderr ${forbidden}`,
    ])
    expect(runResult(c).pods.map((p) => p.metadata?.name)).toEqual(['nginx'])
  })

  it('is deterministic: the same scenario gives the same trace', () => {
    const actions: UserAction[] = [apply(0, web(3)), { type: 'drain', atMs: 30_000, node: 'worker-2' }]
    const a = run({}, ...actions)
    const b = run({}, ...actions)
    expect(JSON.stringify(b.kernel.trace)).toBe(JSON.stringify(a.kernel.trace))
    expect(b.actionResults[1]?.output).toEqual(a.actionResults[1]?.output)
  })
})
