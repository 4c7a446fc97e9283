/**
 * Faults through the session, as the UI injects them: each forks the future like a user action,
 * the UI keeps what came before (for a message fault, everything before that message), and
 * `applied` says what the fault did.
 */
import { describe, expect, it } from 'vitest'
import type { Pod } from '../api/types'
import type { MessageView, ScenarioInput, WorkerEvent } from '../protocol/messages'
import { messageFaultProblem } from '../protocol/messages'
import { formatGoDuration as go } from '../sim/kubelet/go-duration'
import { DEFAULT_SCENARIO, Session } from './session'
import { Mirror } from './testing/mirror'
import { settle } from './testing/settle'

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
`

type Reset = Extract<WorkerEvent, { type: 'reset' }>
type Applied = Extract<WorkerEvent, { type: 'applied' }>

function started(scenario: ScenarioInput = DEFAULT_SCENARIO, cursorMs = 0) {
  const session = new Session()
  const mirror = new Mirror()
  session.cursor(cursorMs, false, 1)
  mirror.take(session.load(scenario))
  settle(session, mirror)
  return { session, mirror }
}

/** What a fresh session shows for `scenario`, fully computed with the same cursor. */
function fresh(scenario: ScenarioInput, cursorMs: number): Mirror {
  return started(scenario, cursorMs).mirror
}

const brief = (m: MessageView) => [m.id, m.from, m.to, m.summary, m.sentAtMs, m.deliverAtMs, m.causeId]
const phaseOf = (mirror: Mirror, name: string) =>
  (mirror.history(`/registry/pods/default/${name}`).at(-1)?.object as Pod | null | undefined)?.status?.phase

describe('Session: faults fork the future', () => {
  it('a crash injected at a past time recomputes the future; the prefix stays identical', () => {
    const { session, mirror } = started(DEFAULT_SCENARIO, 30_000)
    mirror.take(session.apply(1, WEB, 0))
    settle(session, mirror)
    expect(phaseOf(mirror, 'web')).toBe('Running')
    const old = [...mirror.messages]
    const oldRevisions = [...mirror.revisions]

    // Back at 10 s (the cursor went back), the container crashes.
    mirror.take(
      session.fault(2, {
        type: 'crash-container',
        atMs: 10_000,
        namespace: 'default',
        pod: 'web',
        container: 'nginx',
      }),
    )
    const reset = mirror.of('reset').at(-1) as Reset
    const firstAfter = old.find((m) => m.sentAtMs >= 10_000)
    expect(reset).toMatchObject({ requestId: 2, fromMs: 10_000, fromMessageId: firstAfter?.id })
    expect(reset.scenario.actions.at(-1)).toEqual({
      type: 'crash-container',
      atMs: 10_000,
      namespace: 'default',
      pod: 'web',
      container: 'nginx',
    })
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])

    // The prefix before 10 s is what the UI had; after it the container was restarted.
    const prefix = old.filter((m) => m.sentAtMs < 10_000)
    expect(mirror.messages.slice(0, prefix.length).map(brief)).toEqual(prefix.map(brief))
    expect(mirror.revisions.filter((r) => r.atMs < 10_000)).toEqual(
      oldRevisions.filter((r) => r.atMs < 10_000),
    )
    const last = mirror.history('/registry/pods/default/web').at(-1)?.object as Pod
    expect(last.status?.containerStatuses?.[0]?.restartCount).toBe(1)
    const fault = mirror.messages.find((m) => m.stage === 'fault')
    expect(fault).toMatchObject({ sentAtMs: 10_000, causeId: null })

    const applied = mirror.of('applied').find((a) => a.requestId === 2) as Applied
    expect(applied).toMatchObject({ atMs: 10_000, results: [] })
    expect(applied.output?.[0]?.text).toMatch(
      /^fault: container "nginx" of pod default\/web on worker-\d .* exited with code 1$/,
    )

    // Deterministic: what the UI holds is what a fresh run of the final scenario shows.
    const expected = fresh(session.scenario as ScenarioInput, 30_000)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(expected.revisions)
  })

  it('a dropped message: the UI drops the trace from that message on, the rest is recomputed', () => {
    const { session, mirror } = started(DEFAULT_SCENARIO, 60_000)
    mirror.take(session.apply(1, WEB, 0))
    settle(session, mirror)
    const binding = mirror.messages.find(
      (m) => m.from === 'kube-scheduler' && m.summary.endsWith('/binding'),
    ) as MessageView
    const atMs = binding.sentAtMs + 1
    expect(
      messageFaultProblem({ type: 'drop-message', atMs, messageId: binding.id }, binding),
    ).toBeUndefined()
    const kept = mirror.messages.slice(0, binding.id - 1).map(brief)

    mirror.take(session.fault(2, { type: 'drop-message', atMs, messageId: binding.id }))
    expect(mirror.of('reset').at(-1)).toMatchObject({ requestId: 2, fromMs: atMs, fromMessageId: binding.id })
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])
    expect(mirror.messages.slice(0, binding.id - 1).map(brief)).toEqual(kept)
    expect(mirror.messages[binding.id - 1]).toMatchObject({ id: binding.id, lostAtMs: atMs })
    const applied = mirror.of('applied').find((a) => a.requestId === 2) as Applied
    expect(applied.output).toEqual([
      {
        stream: 'stdout',
        text: `fault: message #${binding.id} dropped (POST /api/v1/namespaces/default/pods/web/binding, kube-scheduler → kube-apiserver)`,
      },
    ])
    // The scheduler's retry binds it after the connection is found dead (45 s).
    expect(phaseOf(mirror, 'web')).toBe('Running')
    const bindings = mirror.messages.filter(
      (m) => m.kind === 'http-request' && m.from === 'kube-scheduler' && m.summary.endsWith('/binding'),
    )
    expect(bindings).toHaveLength(2)

    const expected = fresh(session.scenario as ScenarioInput, 60_000)
    expect(mirror.messages).toEqual(expected.messages.slice(0, mirror.messages.length))
    expect(mirror.revisions).toEqual(expected.revisions)
  })

  it('a node-down fault through the worker command', () => {
    const { session, mirror } = started()
    mirror.take(session.fault(1, { type: 'node-down', atMs: 5_000, node: 'worker-1', mode: 'unreachable' }))
    session.cursor(5_000, false, 1)
    settle(session, mirror)
    expect(mirror.of('applied')).toEqual([
      {
        type: 'applied',
        requestId: 1,
        atMs: 5_000,
        results: [],
        output: [
          {
            stream: 'stdout',
            text: 'fault: node worker-1 unreachable: its kubelet is cut off from kube-apiserver',
          },
        ],
      },
    ])
  })
})

describe('Session: faults that cannot be injected', () => {
  const { session, mirror } = started()
  mirror.take(session.apply(1, WEB, 0))
  settle(session, mirror)
  const etcd = mirror.messages.find((m) => m.kind === 'etcd-request' && m.sentAtMs > 0) as MessageView
  const step = mirror.messages.find((m) => m.kind === 'step') as MessageView
  const binding = mirror.messages.find((m) => m.summary.endsWith('/binding')) as MessageView

  const problem = (requestId: number, fault: Parameters<Session['fault']>[1]) => {
    const events = session.fault(requestId, fault)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'parse-error', requestId })
    return (events[0] as Extract<WorkerEvent, { type: 'parse-error' }>).problems.map((p) => p.message)
  }

  it.each([
    [
      { type: 'drop-message', atMs: 100, messageId: 999_999 },
      'drop-message: no message #999999 in the trace',
    ],
    [
      { type: 'drop-message', atMs: binding.deliverAtMs, messageId: binding.id },
      `drop-message: message #${binding.id} (${binding.summary}) is not in flight at ${go(binding.deliverAtMs)}: it was sent at ${go(binding.sentAtMs)} and delivered at ${go(binding.deliverAtMs)}`,
    ],
    [
      { type: 'delay-message', atMs: step.sentAtMs, messageId: step.id, delayMs: 100 },
      `delay-message: message #${step.id} is a step inside ${step.from}, not a message on the wire`,
    ],
    [
      { type: 'drop-message', atMs: etcd.sentAtMs, messageId: etcd.id },
      `drop-message: message #${etcd.id} (etcd-request kube-apiserver → etcd) cannot be dropped: only HTTP requests to kube-apiserver and their responses, watch events, and admission webhook calls can`,
    ],
    [
      { type: 'node-down', atMs: 0, node: 'worker-9', mode: 'stop' },
      'action 2: node-down: no Node "worker-9" in the cluster',
    ],
    [
      { type: 'webhook-timeout', atMs: 0, server: 'policy' },
      'action 2: webhook-timeout: no WebhookServer "policy" in the cluster',
    ],
    [
      { type: 'image-pull-failure', atMs: 0, image: 'nginx:1.27', mode: 'gone' },
      'image-pull-failure: mode must be one of not-found, unauthorized, unavailable',
    ],
    [
      { type: 'delay-message', atMs: 0, messageId: 3, delayMs: 0 },
      'delay-message: delayMs must be more than 0 ms',
    ],
    [
      { type: 'slow-etcd', atMs: 0 },
      'slow-etcd: give factor (×, ≥ 1), latencyMs (added per request), or both',
    ],
  ] as const)('%o', (fault, message) => {
    const before = mirror.events.length
    expect(problem(9, fault as Parameters<Session['fault']>[1])).toEqual([message])
    expect(mirror.events.length).toBe(before)
    expect(session.scenario?.actions).toHaveLength(1)
  })
})
