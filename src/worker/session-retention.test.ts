/**
 * A large run in the worker: the session keeps the newest messages in full (kernel trace
 * retention), tells the UI what it compacted, and forks and answers as before. Small retention
 * windows here stand in for the real one (TRACE_KEEP_MESSAGES), which only thousands of Pods reach.
 */
import { describe, expect, it } from 'vitest'
import type { MessageView, ScenarioInput } from '../protocol/messages'
import { Session } from './session'
import { Mirror } from './testing/mirror'
import { settle } from './testing/settle'

const KEEP = 400

const deployment = (name: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        resources:
          requests:
            cpu: 50m
`

const SCENARIO: ScenarioInput = {
  seed: 1,
  clusterYaml: '',
  actions: [{ type: 'apply', atMs: 0, yaml: deployment('web', 12) }],
}

function run(scenario: ScenarioInput, keep: number, cursorMs = 0): { session: Session; mirror: Mirror } {
  const session = new Session({ keepMessages: keep })
  const mirror = new Mirror()
  session.cursor(cursorMs, false, 1)
  mirror.take(session.load(scenario))
  settle(session, mirror)
  return { session, mirror }
}

const brief = (m: MessageView) => [m.id, m.from, m.to, m.summary, m.sentAtMs, m.deliverAtMs, m.causeId]

describe('Session with trace retention', () => {
  const full = run(SCENARIO, 1_000_000)
  const large = run(SCENARIO, KEEP)

  it('streams the same messages, drops the compacted ones, and says what it compacted', () => {
    const kernel = large.session.cluster?.kernel
    expect(kernel?.compacted?.messages).toBeGreaterThan(2 * KEEP)
    expect(full.mirror.compacted).toBeUndefined()
    const compacted = large.mirror.compacted
    expect(compacted).toEqual(kernel?.compacted)
    // The UI holds what the kernel keeps, no more than twice the window, and nothing compacted.
    expect(large.mirror.messages.length).toBeLessThan(2 * KEEP)
    expect(large.mirror.messages[0]?.id).toBe((compacted?.throughId ?? 0) + 1)
    expect(large.mirror.messages.map(brief)).toEqual(
      full.mirror.messages.slice(compacted?.throughId).map(brief),
    )
    // Object revisions are not part of the trace: the UI still gets all of them.
    expect(large.mirror.revisions).toEqual(full.mirror.revisions)
    expect(large.mirror.idleAtMs).toBe(full.mirror.idleAtMs)
  })

  it('answers details for the messages it keeps and none for compacted ones', () => {
    const last = large.mirror.messages[large.mirror.messages.length - 1] as MessageView
    expect(large.session.detail(last.id)?.id).toBe(last.id)
    expect(large.session.detail(1)).toBeNull()
    const event = large.session.message(3, 1)
    expect(event).toEqual({ type: 'message-detail', requestId: 3, message: null })
  })

  it.each([
    ['after the compacted stretch', 'late'],
    ['inside the compacted stretch', 'early'],
  ])('forks %s like a fresh run of the new scenario', (_, when) => {
    const { session, mirror } = run(SCENARIO, KEEP)
    const untilMs = mirror.compacted?.untilMs ?? 0
    const last = mirror.messages[mirror.messages.length - 1] as MessageView
    const atMs = when === 'late' ? last.sentAtMs : Math.floor(untilMs / 2)
    mirror.take(session.apply(7, deployment('api', 4), atMs))
    settle(session, mirror)
    expect(mirror.of('error')).toEqual([])
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([7])
    const expected = run(session.scenario as ScenarioInput, KEEP, atMs)
    expect(mirror.compacted).toEqual(expected.mirror.compacted)
    expect(mirror.messages.map(brief)).toEqual(expected.mirror.messages.map(brief))
    expect(mirror.revisions).toEqual(expected.mirror.revisions)
  })
})
