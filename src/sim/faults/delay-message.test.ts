/** delay-message through the whole cluster: the message arrives later, and so does what it causes. */
import { describe, expect, it } from 'vitest'
import type { Message } from '../kernel/trace'
import { apply, find, POD, podNamed, runScenario, sandboxStart, shape } from './testing/run'

const UNTIL = 120_000
const DELAY_MS = 5_000
const baseline = runScenario([apply(0, POD)], UNTIL)
const node = podNamed(baseline, 'web').spec?.nodeName as string
const kubelet = `kubelet/${node}`

describe('delay-message: the watch event that tells the kubelet about its Pod', () => {
  const event = find(
    baseline.trace,
    (m) => m.kind === 'watch-event' && m.to === kubelet && m.object?.name === 'web',
    'watch event to the kubelet',
  )
  const atMs = event.sentAtMs + 1
  const r = runScenario(
    [apply(0, POD), { type: 'delay-message', atMs, messageId: event.id, delayMs: DELAY_MS }],
    UNTIL,
  )

  it('arrives delayMs later; the trace before it is the same', () => {
    expect(r.trace.slice(0, event.id - 1).map(shape)).toEqual(
      baseline.trace.slice(0, event.id - 1).map(shape),
    )
    const late = r.trace[event.id - 1] as Message
    expect(late).toMatchObject({ summary: event.summary, sentAtMs: event.sentAtMs, delayedByMs: DELAY_MS })
    expect(late.deliverAtMs).toBe(event.deliverAtMs + DELAY_MS)
  })

  it('delays the kubelet’s start of the Pod by exactly that much', () => {
    expect(sandboxStart(r.trace).sentAtMs - sandboxStart(baseline.trace).sentAtMs).toBe(DELAY_MS)
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })

  it('records a root fault step on the receiver, and says when it is delivered', () => {
    const step = find(r.trace, (m) => m.stage === 'fault', 'fault step')
    expect(step).toMatchObject({ from: kubelet, sentAtMs: atMs, causeId: null })
    expect(step.payload).toMatchObject({ type: 'MessageDelayed', messageId: event.id, delayMs: DELAY_MS })
    expect(r.cluster.faultResults[0]?.output).toEqual([
      {
        stream: 'stdout',
        text: `fault: message #${event.id} delayed by 5s (${event.summary}, kube-apiserver → ${kubelet}): delivered at ${(event.deliverAtMs + DELAY_MS) / 1000}s`,
      },
    ])
  })

  it('keeps the link in order: what the apiserver sent the kubelet after it waits behind it', () => {
    const behind = r.trace.filter((m) => m.from === 'kube-apiserver' && m.to === kubelet && m.id > event.id)
    expect(behind.length).toBeGreaterThan(0)
    for (const m of behind) expect(m.deliverAtMs).toBeGreaterThanOrEqual(event.deliverAtMs + DELAY_MS)
  })
})

describe('delay-message: a reply later than its caller’s timeout', () => {
  // The kubelet's heartbeat client gives up after 10 s; a Lease renewal's answer 15 s late is dropped.
  const renewal = find(
    baseline.trace,
    (m) => m.kind === 'http-response' && m.to === kubelet && m.stage === 'heartbeat' && m.sentAtMs > 20_000,
    'heartbeat answer',
  )
  const r = runScenario(
    [
      apply(0, POD),
      { type: 'delay-message', atMs: renewal.sentAtMs, messageId: renewal.id, delayMs: 15_000 },
    ],
    UNTIL,
  )

  it('the caller has timed out and carries on; the cluster stays healthy', () => {
    expect(r.trace[renewal.id - 1]?.deliverAtMs).toBe(renewal.deliverAtMs + 15_000)
    const ready = r.nodes
      .find((n) => n.metadata?.name === node)
      ?.status?.conditions?.find((c) => c.type === 'Ready')
    expect(ready?.status).toBe('True')
  })
})
