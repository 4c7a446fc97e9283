import { describe, expect, it } from 'vitest'
import type { Pod } from '../api/types'
import type { MessageView, ObjectRevision, ScenarioInput, WorkerEvent } from '../protocol/messages'
import { ROUTINE_STAGES } from '../protocol/messages'
import { DEFAULT_SCENARIO, MIN_LOOKAHEAD_MS, Session } from './session'
import { Mirror } from './testing/mirror'

const NGINX = `apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx
`

const DEPLOYMENT = `# three replicas
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`

const NODES = `apiVersion: v1
kind: Node
metadata:
  name: alpha
---
apiVersion: v1
kind: Node
metadata:
  name: beta
`

type Frame = Extract<WorkerEvent, { type: 'frame' }>
type Reset = Extract<WorkerEvent, { type: 'reset' }>

/** Compute until caught up, in small slices (as the worker does). */
function settle(session: Session, mirror: Mirror, budget = 500): void {
  for (let i = 0; i < 10_000; i++) {
    const r = session.computeSome(budget)
    mirror.take(r.events)
    if (!r.more) return
  }
  throw new Error('session did not settle')
}

function started(scenario: ScenarioInput = DEFAULT_SCENARIO): { session: Session; mirror: Mirror } {
  const session = new Session()
  const mirror = new Mirror()
  mirror.take(session.load(scenario))
  settle(session, mirror)
  return { session, mirror }
}

/** What a fresh session shows for `scenario`, fully computed with the same cursor. */
function fresh(scenario: ScenarioInput, cursorMs = 0): Mirror {
  const session = new Session()
  const mirror = new Mirror()
  session.cursor(cursorMs, false, 1)
  mirror.take(session.load(scenario))
  settle(session, mirror)
  return mirror
}

const phase = (r: ObjectRevision | undefined) => (r?.object as Pod | null | undefined)?.status?.phase
const phases = (revs: readonly ObjectRevision[]) =>
  revs.map((r) => phase(r) ?? (r.object ? 'none' : 'deleted'))
const dedupe = <T>(xs: readonly T[]) => xs.filter((x, i) => i === 0 || x !== xs[i - 1])

describe('Session: load', () => {
  it('resets everything, then streams the boot until idle and a lookahead beyond', () => {
    const { session, mirror } = started()
    const [reset] = mirror.events as [Reset]
    expect(reset).toMatchObject({ type: 'reset', generation: 1, fromMessageId: 0, fromMs: -1 })
    expect(reset.nodes.map((n) => n.metadata?.name)).toEqual([
      'control-plane',
      'worker-1',
      'worker-2',
      'worker-3',
    ])
    expect(reset.scenario).toEqual(DEFAULT_SCENARIO)
    expect(session.generation).toBe(1)

    expect(mirror.messages.length).toBeGreaterThan(50)
    expect(mirror.messages.every((m) => !('payload' in m))).toBe(true)
    expect(mirror.messages.filter((m) => m.stage === 'boot').length).toBeGreaterThan(0)
    // Boot ends in a few virtual ms; then the session computes 5 s past the cursor.
    expect(mirror.idleAtMs).toBeGreaterThan(0)
    expect(mirror.idleAtMs).toBeLessThan(1000)
    expect(mirror.computedUntilMs).toBeGreaterThanOrEqual(5000)
    // The objects that existed before time 0 have no writer.
    const nodes = mirror.revisions.filter((r) => r.resource === 'nodes')
    expect(nodes.map((r) => [r.name, r.atMs, r.messageId])).toEqual([
      ['control-plane', -1, null],
      ['worker-1', -1, null],
      ['worker-2', -1, null],
      ['worker-3', -1, null],
    ])
    expect(nodes[0]?.key).toBe('/registry/minions/control-plane')
    expect(nodes[0]?.object?.metadata?.resourceVersion).toBe(String(nodes[0]?.revision))
  })

  it('builds the cluster from the cluster tab, which takes no workload but the Pods already there', () => {
    const { mirror } = started({ seed: 1, clusterYaml: NODES, actions: [] })
    const reset = mirror.of('reset')[0] as Reset
    expect(reset.nodes.map((n) => n.metadata?.name)).toEqual(['alpha', 'beta'])

    const session = new Session()
    const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports: [{port: 80}]\n'
    const answer = session.load({ seed: 1, clusterYaml: `${NODES}---\n${service}`, actions: [] }, 7)
    expect(answer).toEqual([
      {
        type: 'parse-error',
        requestId: 7,
        problems: [
          {
            line: 11,
            message:
              'cluster: only Node objects (apiVersion: v1, kind: Node), one KubeSchedulerConfiguration (apiVersion: kubescheduler.config.k8s.io/v1), Users, NodeFailures and WebhookServers (apiVersion: podflow.dev/v1alpha1), setup objects (Namespace, ServiceAccount, ConfigMap, Secret, Role, RoleBinding, ClusterRole, ClusterRoleBinding, ResourceQuota, LimitRange, PriorityClass, MutatingWebhookConfiguration, ValidatingWebhookConfiguration) and the Pods already running (apiVersion: v1, kind: Pod) belong in the cluster; found v1 Service "web"',
          },
        ],
      },
    ])
    expect(session.scenario).toBeUndefined()
    // Without a requestId the problem is an error event.
    expect(session.load({ seed: 1, clusterYaml: 'kind: [', actions: [] })[0]?.type).toBe('error')
  })

  it('refuses a duplicate Node name instead of building a broken cluster', () => {
    const session = new Session()
    const [answer] = session.load({ seed: 1, clusterYaml: `${NODES}---\n${NODES}`, actions: [] }, 1)
    expect(answer).toMatchObject({ type: 'parse-error', problems: [{ line: 11 }, { line: 16 }] })
  })

  it('loads a scenario with actions, and a later load starts a new generation from nothing', () => {
    const scenario: ScenarioInput = {
      seed: 1,
      clusterYaml: '',
      actions: [{ type: 'apply', atMs: 0, yaml: NGINX }],
    }
    const { session, mirror } = started(scenario)
    expect(mirror.history('/registry/pods/default/nginx').length).toBeGreaterThan(2)
    mirror.take(session.load({ seed: 1, clusterYaml: NODES, actions: [] }))
    expect(mirror.messages).toEqual([])
    expect(mirror.revisions).toEqual([])
    settle(session, mirror)
    expect(session.generation).toBe(2)
    expect(mirror.revisions.filter((r) => r.resource === 'nodes').map((r) => r.name)).toEqual([
      'alpha',
      'beta',
    ])
    expect(mirror.history('/registry/pods/default/nginx')).toEqual([])
  })
})

describe('Session: apply', () => {
  it('answers an action as soon as kubectl has finished, not after the rest of a large budget', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, DEPLOYMENT, 0))
    session.cursor(0, true, 1)
    const r = session.computeSome(1_000_000)
    mirror.take(r.events)
    expect(r.events.filter((e) => e.type === 'applied')).toHaveLength(1)
    // The rollout the answer set off is still to compute: it comes in the next calls.
    expect(r.more).toBe(true)
    const answeredAt = session.cluster?.kernel.nowMs ?? 0
    settle(session, mirror)
    expect(phases(mirror.revisions).filter((p) => p === 'Running').length).toBeGreaterThan(0)
    expect(session.cluster?.kernel.nowMs).toBeGreaterThan(answeredAt)
  })

  it('says who reads what kubectl created: a Service the scheduler (spreading) and the apiserver (allocators), an Ingress nobody', () => {
    const { session, mirror } = started()
    const service =
      'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports: [{port: 80}]\n'
    const ingress =
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: web}\nspec:\n  defaultBackend: {service: {name: web, port: {number: 80}}}\n'
    mirror.take(session.apply(1, `${service}---\n${ingress}`, 0))
    settle(session, mirror)
    expect(mirror.of('applied')[0]?.results).toMatchObject([
      {
        kind: 'Service',
        name: 'web',
        code: 201,
        action: 'created',
        watchedBy: ['kube-scheduler', 'kube-apiserver'],
      },
      { kind: 'Ingress', name: 'web', code: 201, action: 'created', resource: 'ingresses', watchedBy: [] },
    ])
  })

  it('runs an nginx Pod applied at 0 to Running, with the results and the revisions that show it', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    const applied = mirror.of('applied')
    expect(applied).toEqual([
      {
        type: 'applied',
        requestId: 1,
        atMs: 0,
        results: [
          {
            kind: 'Pod',
            namespace: 'default',
            name: 'nginx',
            code: 201,
            action: 'created',
            line: 1,
            resource: 'pods',
            // Who acts on Pods: the informers watching them.
            watchedBy: [
              'kube-scheduler',
              'kube-controller-manager',
              'kubelet/control-plane',
              'kubelet/worker-1',
              'kubelet/worker-2',
              'kubelet/worker-3',
            ],
          },
        ],
      },
    ])
    expect(session.scenario?.actions).toEqual([{ type: 'apply', atMs: 0, yaml: NGINX }])

    const pod = mirror.history('/registry/pods/default/nginx')
    expect(dedupe(phases(pod))).toEqual(['Pending', 'Running'])
    expect((pod[pod.length - 1]?.object as Pod | undefined)?.spec?.nodeName).toMatch(/^worker-/)
    // Each revision names the etcd request that wrote it, sent just before.
    for (const r of pod) {
      const writer = mirror.messages.find((m) => m.id === r.messageId)
      expect(writer?.kind).toBe('etcd-request')
      expect(writer?.to).toBe('etcd')
      expect(r.atMs).toBeGreaterThanOrEqual(writer?.deliverAtMs ?? Number.POSITIVE_INFINITY)
    }
    expect(mirror.idleAtMs).toBeGreaterThan(pod[pod.length - 1]?.atMs ?? 0)
    // The 201 is visible without the payload.
    const created = mirror.messages.find((m) => m.kind === 'http-response' && m.code === 201)
    expect(created?.to).toBe('kubectl')
  })

  it('a parse error answers with its lines and changes nothing', () => {
    const { session, mirror } = started()
    const before = { generation: session.generation, scenario: session.scenario }
    const answer = session.apply(3, `${NGINX}---\napiVersion: v1\nkind: Pod\nmetadata: {name: [}\n`, 0)
    expect(answer).toHaveLength(1)
    expect(answer[0]).toMatchObject({ type: 'parse-error', requestId: 3 })
    const problems = (answer[0] as Extract<WorkerEvent, { type: 'parse-error' }>).problems
    expect(problems[0]?.line).toBe(12)
    expect(session.apply(4, 'kind: Widget\napiVersion: v9\n', 0)[0]).toMatchObject({
      type: 'parse-error',
      problems: [{ line: 1, message: expect.stringContaining('no matches for kind "Widget"') }],
    })
    expect(session.apply(5, '# nothing\n', 0)[0]).toMatchObject({
      type: 'parse-error',
      problems: [{ line: 1, message: 'no objects passed to apply' }],
    })
    expect({ generation: session.generation, scenario: session.scenario }).toEqual(before)
    expect(session.computeSome().events).toEqual([])
    expect(mirror.of('reset')).toHaveLength(1)
  })

  it('gives each object of a multi-document apply its result and its line', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, `${NGINX}---\n${DEPLOYMENT}`, 0))
    settle(session, mirror)
    expect(mirror.of('applied')[0]?.results.map((r) => [r.kind, r.name, r.code, r.line])).toEqual([
      ['Pod', 'nginx', 201, 1],
      ['Deployment', 'web', 201, 11], // the document's first line after its comment
    ])
    const running = mirror.revisions
      .filter((r) => r.resource === 'pods')
      .reduce((last, r) => last.set(r.key, r), new Map<string, ObjectRevision>())
    expect([...running.values()].map(phase)).toEqual(['Running', 'Running', 'Running', 'Running'])
  })

  it('rounds a fractional cursor time up to the next virtual millisecond', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 1234.2))
    expect(mirror.of('reset')[1]?.fromMs).toBe(1235)
    settle(session, mirror)
    expect(mirror.of('applied')[0]?.atMs).toBe(1235)
  })
})

describe('Session: forks', () => {
  it('an apply at a later time keeps the prefix identical and streams the new future', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    const old = [...mirror.messages]
    const oldRevisions = [...mirror.revisions]
    const oldCluster = session.cluster

    // Mid-way through the Pod's start (pulling the image): the future forks at 1500.
    mirror.take(session.apply(2, DEPLOYMENT, 1500))
    const reset = mirror.of('reset')[2] as Reset
    const firstAfter = old.find((m) => m.sentAtMs >= 1500)
    expect(reset).toMatchObject({ requestId: 2, generation: 3, fromMs: 1500, fromMessageId: firstAfter?.id })
    expect(reset.scenario.actions.map((a) => [a.type, a.atMs])).toEqual([
      ['apply', 0],
      ['apply', 1500],
    ])
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])
    expect(session.cluster).not.toBe(oldCluster)

    // The new run reproduced everything before 1500: ids, times, summaries, causes.
    const trace = session.cluster?.kernel.trace ?? []
    const prefix = old.filter((m) => m.sentAtMs < 1500)
    expect(prefix.length).toBe((firstAfter?.id ?? 0) - 1)
    expect(trace.slice(0, prefix.length).map(brief)).toEqual(prefix.map(brief))
    expect(mirror.revisions.filter((r) => r.atMs < 1500)).toEqual(oldRevisions.filter((r) => r.atMs < 1500))
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([1, 2])

    // What the UI holds is exactly what a fresh run of the final scenario shows.
    const expected = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.messages.length).toBeGreaterThanOrEqual(expected.messages.length)
    expect(mirror.revisions).toEqual(expected.revisions)
    expect(mirror.idleAtMs).toBe(expected.idleAtMs)
    expect(mirror.messages.length).toBeGreaterThan(old.length)
  })

  it('a fork before the first action changes what that action finds', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 3000))
    settle(session, mirror)
    expect(mirror.of('applied')[0]?.results[0]).toMatchObject({ code: 201, action: 'created' })
    // The same Pod applied earlier: the later apply now finds it and leaves it unchanged.
    mirror.take(session.apply(2, NGINX, 100))
    const reset = mirror.of('reset')[2] as Reset
    expect(reset.fromMs).toBe(100)
    settle(session, mirror)
    const applied = mirror.of('applied')
    expect(applied.map((a) => [a.requestId, a.results[0]?.action])).toEqual([
      [1, 'created'],
      [2, 'created'],
    ])
    expect(session.cluster?.actionResults.map((r) => r.results[0]?.action)).toEqual(['created', 'unchanged'])
    const expected = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(expected.revisions)
  })

  it('forks again before a fork has caught up, and at a time not computed yet', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    mirror.take(session.apply(2, DEPLOYMENT, 2000))
    mirror.take(session.computeSome(20).events) // partway through recomputing the prefix
    mirror.take(session.apply(3, NGINX.replaceAll('nginx', 'late'), 1000))
    mirror.take(session.apply(4, NGINX.replaceAll('nginx', 'future'), 60_000))
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])
    expect(mirror.of('applied').map((a) => [a.requestId, a.results[0]?.code])).toEqual([
      [1, 201],
      [3, 201],
      [2, 201],
      [4, 201],
    ])
    const expected = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.messages.length).toBeGreaterThanOrEqual(expected.messages.length)
    expect(mirror.revisions).toEqual(expected.revisions)
  })

  it('skipping quiet time: once the next message worth seeing is found, one pump computes the normal lookahead', () => {
    // Before, each cursor command computed only up to the next story message, so playback (which
    // cannot pass what is computed) crawled one message per round trip after a fork.
    const { session, mirror } = started()
    session.cursor(0, true, 0.25, true)
    mirror.take(session.apply(1, NGINX, 0))
    for (let i = 0; i < 1_000; i++) {
      const r = session.computeSome(250)
      mirror.take(r.events)
      if (!r.more) break
    }
    expect(mirror.computedUntilMs).toBeGreaterThanOrEqual(MIN_LOOKAHEAD_MS)
    expect(mirror.of('applied')).toHaveLength(1)
  })

  it('a fork ahead of the cursor it was told of, while skipping quiet time, replays the kept trace before checking it', () => {
    // The UI throttles cursor commands: a fork may come at a time past the cursor the session knows.
    // Stopping the replay at that cursor's lookahead compared a half-replayed trace with the kept one.
    const { session, mirror } = started()
    session.cursor(26, true, 0.25, true)
    mirror.take(session.apply(1, NGINX, 26))
    for (let i = 0; i < 1_000 && mirror.of('applied').length === 0; i++)
      mirror.take(session.computeSome(250).events)
    session.cursor(80, true, 0.25, true)
    mirror.take(
      session.delete(2, { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'nginx' }, 105),
    )
    settle(session, mirror, 250)
    expect(mirror.of('error')).toEqual([])
    expect(mirror.of('applied').map((a) => [a.requestId, a.results[0]?.code])).toEqual([
      [1, 201],
      [2, 200],
    ])
  })

  it('deletes at a time: kubectl gets its answer and the Pod goes away', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    mirror.take(
      session.delete(2, { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'nginx' }, 5000),
    )
    expect(mirror.of('reset')[2]).toMatchObject({ fromMs: 5000 })
    session.cursor(5000, true, 1)
    settle(session, mirror)
    expect(mirror.of('applied')[1]).toMatchObject({
      requestId: 2,
      atMs: 5000,
      results: [{ kind: 'Pod', namespace: 'default', name: 'nginx', code: 200 }],
    })
    const pod = mirror.history('/registry/pods/default/nginx')
    expect(pod[pod.length - 1]?.object).toBeNull()
    expect(pod.filter((r) => r.atMs < 5000).every((r) => r.object !== null)).toBe(true)
    expect(session.scenario?.actions[1]).toEqual({
      type: 'delete',
      atMs: 5000,
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
    })

    const unknown = session.delete(3, { apiVersion: 'v1', kind: 'Widget', name: 'x' }, 0)
    expect(unknown).toEqual([
      {
        type: 'parse-error',
        requestId: 3,
        problems: [{ line: 1, message: `the server doesn't have a resource type "Widget" in "v1"` }],
      },
    ])
  })
})

describe('Session: computing ahead of the cursor', () => {
  it('computes only a lookahead past the cursor once idle, and more as the cursor moves', () => {
    const { session, mirror } = started()
    const until = mirror.computedUntilMs
    expect(until).toBeLessThan(6000)
    expect(session.computeSome().more).toBe(false)
    session.cursor(20_000, true, 2)
    settle(session, mirror)
    expect(mirror.computedUntilMs).toBeGreaterThanOrEqual(40_000)
    expect(mirror.computedUntilMs).toBeLessThan(41_000)
  })

  it('skipping quiet time: computes ahead until the next message worth seeing, no further', () => {
    // A container that fails at once: restarts come 10 s, 20 s, 40 s… apart, as background work.
    const crashing = NGINX.replace('image: nginx', 'image: nginx\n    command: [sh, -c, exit 1]')
    const { session, mirror } = started()
    mirror.take(session.apply(1, crashing, 0))
    settle(session, mirror)
    const story = () => mirror.messages.filter((m) => !ROUTINE_STAGES.has(m.stage))
    const lastStory = (story().at(-1)?.sentAtMs ?? 0) + 1
    // Without skipping, only the usual lookahead past the cursor.
    session.cursor(lastStory, true, 0.25)
    settle(session, mirror)
    const plain = mirror.computedUntilMs
    expect(plain).toBeLessThan(lastStory + 6_000)
    // With it, the next restart (beyond that lookahead) is found, and computing stops soon after.
    session.cursor(lastStory, true, 0.25, true)
    settle(session, mirror)
    const next = story().find((m) => m.sentAtMs > plain)
    expect(next).toBeDefined()
    expect(mirror.computedUntilMs).toBeLessThan((next?.sentAtMs ?? 0) + 1_000)
  })

  it('hands out a bounded amount of work per call', () => {
    const session = new Session()
    session.load({ seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT }] })
    const first = session.computeSome(10)
    expect(first.more).toBe(true)
    const frame = first.events.find((e): e is Frame => e.type === 'frame')
    expect(frame?.messages.length).toBeLessThan(20)
    expect(frame?.idleAtMs).toBeUndefined()
  })
})

describe('Session: determinism and details', () => {
  it('the same commands give the same events, byte for byte', () => {
    const run = () => {
      const session = new Session()
      const events: WorkerEvent[] = [...session.load(DEFAULT_SCENARIO)]
      const drain = (budget: number) => {
        for (let r = session.computeSome(budget); ; r = session.computeSome(budget)) {
          events.push(...r.events)
          if (!r.more) break
        }
      }
      drain(300)
      events.push(...session.apply(1, DEPLOYMENT, 0))
      drain(700)
      events.push(...session.apply(2, NGINX, 800))
      drain(50)
      return JSON.stringify(events)
    }
    expect(run()).toBe(run())
  })

  it("answers a Pod's scheduling attempts with every node's Filter verdicts and the Score table", () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    const answer = session.scheduling(4, 'default/nginx')
    if (answer.type !== 'scheduling-attempts') throw new Error(answer.type)
    expect(answer.requestId).toBe(4)
    expect(answer.attempts).toHaveLength(1)
    const [attempt] = answer.attempts
    const bound = mirror.history('/registry/pods/default/nginx').at(-1)?.object as Pod
    expect(attempt).toMatchObject({ pod: 'default/nginx', attempt: 1, result: 'Scheduled' })
    expect(attempt?.selectedNode).toBe(bound.spec?.nodeName)
    // The control plane's NoSchedule taint fails TaintToleration; the three workers pass.
    expect(Object.keys(attempt?.filter ?? {}).sort()).toEqual([
      'control-plane',
      'worker-1',
      'worker-2',
      'worker-3',
    ])
    expect(attempt?.filter['control-plane']?.TaintToleration).toMatch(/untolerated taint/)
    expect(Object.keys(attempt?.total ?? {}).sort()).toEqual(['worker-1', 'worker-2', 'worker-3'])
    expect(structuredClone(answer)).toEqual(answer)
    expect(session.scheduling(5, 'default/nobody')).toEqual({
      type: 'scheduling-attempts',
      requestId: 5,
      attempts: [],
    })
  })

  it('answers a message with its payload, and null for an unknown id', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    const response = mirror.messages.find((m) => m.kind === 'http-response' && m.code === 201) as MessageView
    const answer = session.message(9, response.id)
    expect(answer).toMatchObject({ type: 'message-detail', requestId: 9, message: { ...response } })
    const detail = (answer as Extract<WorkerEvent, { type: 'message-detail' }>).message
    expect(detail?.payload).toMatchObject({ code: 201, body: { kind: 'Pod', metadata: { name: 'nginx' } } })
    expect(session.message(10, 999_999)).toEqual({ type: 'message-detail', requestId: 10, message: null })
    expect(session.message(11, 0).type === 'message-detail' && session.detail(0)).toBeNull()
    // Every payload crosses postMessage (structured clone) intact.
    for (const m of mirror.messages) {
      const d = session.detail(m.id)
      expect(structuredClone(d)).toEqual(d)
    }
  })

  it('serves the kept messages of a fork before the new run has recomputed them', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    const late = mirror.messages.filter((m) => m.sentAtMs < 2000).at(-1) as MessageView
    mirror.take(session.apply(2, DEPLOYMENT, 2000))
    expect(session.detail(late.id)).toMatchObject({ id: late.id, summary: late.summary })
  })
})

function brief(
  m: Pick<MessageView, 'id' | 'sentAtMs' | 'deliverAtMs' | 'summary' | 'from' | 'to' | 'causeId'>,
) {
  return [m.id, m.sentAtMs, m.deliverAtMs, m.from, m.to, m.summary, m.causeId]
}

describe('Session: when things go wrong', () => {
  it('resends everything, and says so, if a fork does not reproduce what the UI kept', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    mirror.take(session.apply(2, DEPLOYMENT, 2000))
    // Pretend the UI had been sent something else: the fork cannot reproduce it.
    const sent = (session as unknown as { sent: Array<{ summary: string }> }).sent
    sent[10] = { ...(sent[10] as { summary: string }), summary: 'something else' }
    settle(session, mirror)
    const errors = mirror.of('error')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toMatch(/^a fork did not reproduce message 11 \(was "something else"/)
    expect(mirror.of('reset').at(-1)).toMatchObject({ fromMessageId: 0, fromMs: -1, generation: 4 })
    const expected = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(expected.revisions)
  })

  it('reports a simulation that throws, stops computing, and recovers on the next action', () => {
    const { session, mirror } = started()
    const kernel = session.cluster?.kernel
    if (!kernel) throw new Error('no cluster')
    session.cursor(60_000, true, 1)
    kernel.stepEvent = () => {
      throw new Error('boom')
    }
    const r = session.computeSome()
    expect(r).toEqual({
      events: [{ type: 'error', message: expect.stringMatching(/^the simulation failed at \d+ ms: boom$/) }],
      more: false,
    })
    expect(session.computeSome()).toEqual({ events: [], more: false })
    mirror.take(session.apply(1, NGINX, 0))
    settle(session, mirror)
    expect(mirror.of('applied')).toHaveLength(1)
  })
})

describe('Session: users', () => {
  const CLUSTER = `apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: alice
---
apiVersion: podflow.dev/v1alpha1
kind: User
metadata:
  name: bob
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-maker
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, create]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: alice-makes-pods
subjects:
- kind: User
  name: alice
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-maker
  apiGroup: rbac.authorization.k8s.io
`

  it('lists the users in the reset, and applies and deletes as the one named', () => {
    const { session, mirror } = started({ seed: 1, clusterYaml: CLUSTER, actions: [] })
    expect((mirror.of('reset')[0] as Reset).users).toEqual(['alice', 'bob'])
    mirror.take(session.apply(1, NGINX, 0, 'bob'))
    mirror.take(session.apply(2, NGINX, 10, 'alice'))
    settle(session, mirror)
    mirror.take(
      session.delete(3, { apiVersion: 'v1', kind: 'Pod', name: 'nginx', namespace: 'default' }, 20, 'alice'),
    )
    settle(session, mirror)
    const applied = mirror.of('applied') as Extract<WorkerEvent, { type: 'applied' }>[]
    const codes = (id: number) => applied.filter((a) => a.requestId === id).map((a) => a.results[0]?.code)
    expect(codes(1)).toContain(403)
    expect(codes(2)).toContain(201)
    expect(codes(3)).toContain(403)
    expect(session.scenario?.actions).toEqual([
      { type: 'apply', atMs: 0, yaml: NGINX, as: 'bob' },
      { type: 'apply', atMs: 10, yaml: NGINX, as: 'alice' },
      {
        type: 'delete',
        atMs: 20,
        as: 'alice',
        apiVersion: 'v1',
        kind: 'Pod',
        namespace: 'default',
        name: 'nginx',
      },
    ])
    // Every later reset still lists them.
    expect(mirror.of('reset').every((r) => (r as Reset).users.length === 2)).toBe(true)
  })

  it('refuses an action as a user the cluster does not have', () => {
    const { session } = started()
    expect(session.apply(1, NGINX, 0, 'carol')).toEqual([
      {
        type: 'parse-error',
        requestId: 1,
        problems: [{ line: 1, message: 'action 1: no user "carol" in the cluster' }],
      },
    ])
  })
})

describe('Session: node actions', () => {
  type Applied = Extract<WorkerEvent, { type: 'applied' }>
  const onNode = (revs: readonly ObjectRevision[], node: string) =>
    new Set(
      revs
        .filter((r) => r.resource === 'pods' && (r.object as Pod | null)?.spec?.nodeName === node)
        .map((r) => r.name),
    )

  it('a drain forks the future; `applied` brings kubectl’s output once the drain is done', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, DEPLOYMENT, 0))
    settle(session, mirror)
    const victims = onNode(mirror.revisions, 'worker-2')
    expect(victims.size).toBeGreaterThan(0)

    mirror.take(session.nodeAction(2, { type: 'drain', atMs: 20_000, node: 'worker-2' }))
    expect(mirror.of('reset')[2]).toMatchObject({ requestId: 2, fromMs: 20_000 })
    session.cursor(20_000, true, 1)
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])
    const applied = mirror.of('applied').find((a) => a.requestId === 2) as Applied
    expect(applied).toMatchObject({ requestId: 2, atMs: 20_000, results: [] })
    const lines = applied.output?.map((l) => `${l.stream} ${l.text}`) ?? []
    expect(lines[0]).toBe('stdout node/worker-2 cordoned')
    expect(lines.at(-1)).toBe('stdout node/worker-2 drained')
    expect(lines.filter((l) => l.startsWith('stdout evicting pod default/'))).toHaveLength(victims.size)
    expect(lines.filter((l) => /^stdout pod\/web-\S+ evicted$/.test(l))).toHaveLength(victims.size)
    expect(session.scenario?.actions[1]).toEqual({ type: 'drain', atMs: 20_000, node: 'worker-2' })

    // The UI holds exactly what a fresh run of the final scenario shows.
    const expected = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(expected.revisions)
    // Nothing runs on the drained node afterwards.
    const after = mirror.revisions.filter((r) => r.atMs > 40_000)
    expect(onNode(after, 'worker-2').size).toBe(0)
  })

  it('a cordon forked in before the Deployment keeps its pods off the node; the same scenario gives the same trace', () => {
    const { session, mirror } = started()
    mirror.take(session.apply(1, DEPLOYMENT, 1_000))
    settle(session, mirror)
    mirror.take(session.nodeAction(2, { type: 'cordon', atMs: 0, node: 'worker-3' }))
    expect(mirror.of('reset')[2]).toMatchObject({ requestId: 2, fromMs: 0 })
    settle(session, mirror)
    const cordoned = mirror.of('applied').find((a) => a.requestId === 2) as Applied
    expect(cordoned.output).toEqual([{ text: 'node/worker-3 cordoned', stream: 'stdout' }])
    expect(onNode(mirror.revisions, 'worker-3').size).toBe(0)
    // Only the new action is answered; the apply was answered before the fork.
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([1, 2])

    const again = fresh(session.scenario as ScenarioInput)
    expect(mirror.messages).toEqual(again.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(again.revisions)
  })

  it('a malformed node action answers parse-error and changes nothing', () => {
    const { session, mirror } = started()
    const before = mirror.events.length
    expect(session.nodeAction(3, { type: 'drain', atMs: 0, node: '', timeoutSeconds: -5 })).toEqual([
      {
        type: 'parse-error',
        requestId: 3,
        problems: [{ line: 1, message: 'drain: the name of a Node is required (got "")' }],
      },
    ])
    expect(session.nodeAction(4, { type: 'cordon', atMs: 0, node: 'worker-1', as: 'carol' })).toEqual([
      {
        type: 'parse-error',
        requestId: 4,
        problems: [{ line: 1, message: 'action 1: no user "carol" in the cluster' }],
      },
    ])
    expect(mirror.events.length).toBe(before)
    expect(session.scenario?.actions).toEqual([])
  })
})
