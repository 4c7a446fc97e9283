/** slow-etcd: every etcd request takes longer, so the apiserver's answers come later. */
import { describe, expect, it } from 'vitest'
import type { Message } from '../kernel/trace'
import { apply, find, POD, podNamed, runScenario, sandboxStart } from './testing/run'

const APPLY_AT = 1_000
const UNTIL = 60_000
const baseline = runScenario([apply(APPLY_AT, POD)], UNTIL)

const isPost = (m: Message) =>
  m.kind === 'http-request' && m.from === 'kubectl' && m.summary.startsWith('POST ')
const post = find(baseline.trace, isPost, 'kubectl POST')
const created = find(baseline.trace, (m) => m.replyTo === post.id, '201')

/**
 * The etcd calls the apiserver made to serve the POST (in its causal chain, before it answered),
 * with their replies.
 */
function etcdCalls(
  trace: readonly Message[],
  request: Message,
  answer: Message,
): { call: Message; reply: Message }[] {
  const byId = new Map(trace.map((m) => [m.id, m]))
  const servesRequest = (m: Message): boolean => {
    for (let c = m.causeId; c !== null; c = byId.get(c)?.causeId ?? null) if (c === request.id) return true
    return false
  }
  return trace
    .filter((m) => m.kind === 'etcd-request' && m.sentAtMs < answer.sentAtMs && servesRequest(m))
    .map((call) => ({ call, reply: find(trace, (m) => m.replyTo === call.id, 'etcd reply') }))
}

describe('slow-etcd', () => {
  const calls = etcdCalls(baseline.trace, post, created)

  it('the create writes etcd once (a Txn: create if absent)', () => {
    expect(calls.map(({ call }) => call.summary.split(' ')[0])).toEqual(['Txn'])
  })

  it('latencyMs: the 201 comes that much later per etcd call', () => {
    const r = runScenario([{ type: 'slow-etcd', atMs: 0, latencyMs: 100 }, apply(APPLY_AT, POD)], UNTIL)
    const request = find(r.trace, isPost, 'POST')
    const answer = find(r.trace, (m) => m.replyTo === request.id, '201')
    expect(answer.summary).toBe(created.summary)
    // kubectl apply GETs first (the GET's etcd read is slower too): the POST itself…
    expect(answer.deliverAtMs - request.sentAtMs - (created.deliverAtMs - post.sentAtMs)).toBe(
      100 * calls.length,
    )
    // …and the whole apply, as the user waits for `pod/web created`.
    const get = find(baseline.trace, (m) => m.from === 'kubectl' && m.summary.startsWith('GET '), 'GET')
    const notFound = find(baseline.trace, (m) => m.replyTo === get.id, '404')
    const reads = etcdCalls(baseline.trace, get, notFound)
    expect(reads.map(({ call }) => call.summary.split(' ')[0])).toEqual(['Range'])
    expect(answer.deliverAtMs - created.deliverAtMs).toBe(100 * (reads.length + calls.length))
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })

  it('factor: each etcd round trip (link and commit) takes factor times as long', () => {
    const factor = 5
    const roundTrips = calls.reduce((sum, { call, reply }) => sum + (reply.deliverAtMs - call.sentAtMs), 0)
    const r = runScenario([{ type: 'slow-etcd', atMs: 0, factor }, apply(APPLY_AT, POD)], UNTIL)
    const request = find(r.trace, isPost, 'POST')
    const answer = find(r.trace, (m) => m.replyTo === request.id, '201')
    expect(answer.deliverAtMs - request.sentAtMs - (created.deliverAtMs - post.sentAtMs)).toBe(
      (factor - 1) * roundTrips,
    )
  })

  it('acts from its time on: what happened before is the same', () => {
    const at = sandboxStart(baseline.trace).sentAtMs
    const r = runScenario([apply(APPLY_AT, POD), { type: 'slow-etcd', atMs: at, latencyMs: 50 }], UNTIL)
    const earlier = (t: readonly Message[]) =>
      t.filter((m) => m.sentAtMs < at).map((m) => [m.id, m.summary, m.deliverAtMs])
    expect(earlier(r.trace)).toEqual(earlier(baseline.trace))
    expect(r.trace.find((m) => m.stage === 'fault')).toMatchObject({
      from: 'etcd',
      sentAtMs: at,
      causeId: null,
      summary: 'etcd slows down: +50ms per request',
    })
    expect(r.cluster.faultResults[0]?.output).toEqual([
      { stream: 'stdout', text: 'fault: etcd slowed down (+50ms per request)' },
    ])
  })
})
