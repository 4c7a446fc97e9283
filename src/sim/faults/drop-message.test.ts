/**
 * drop-message through the whole cluster: the message is recorded as lost at the fault's time and
 * never delivered, and what follows is what the two ends of a dead connection do.
 */
import { describe, expect, it } from 'vitest'
import { RELIST_BACKOFF_MS } from '../client/informer'
import type { Message } from '../kernel/trace'
import { CONNECTION_LOSS_NOTICED_MS } from './drop-message'
import {
  apply,
  eventMs,
  eventsOf,
  find,
  POD,
  podNamed,
  runScenario,
  sandboxStart,
  shape,
} from './testing/run'
import { dropProblem } from './wire'

const UNTIL = 200_000
const baseline = runScenario([apply(0, POD)], UNTIL)

const isBinding = (m: Message) =>
  m.kind === 'http-request' && m.from === 'kube-scheduler' && m.summary.endsWith('/pods/web/binding')

describe('drop-message: the scheduler’s binding POST', () => {
  const binding = find(baseline.trace, isBinding, 'binding POST')
  const atMs = binding.sentAtMs
  const r = runScenario([apply(0, POD), { type: 'drop-message', atMs, messageId: binding.id }], UNTIL)

  it('keeps the trace before the message, and records it lost at the fault’s time', () => {
    expect(r.trace.slice(0, binding.id - 1).map(shape)).toEqual(
      baseline.trace.slice(0, binding.id - 1).map(shape),
    )
    const lost = r.trace[binding.id - 1] as Message
    expect(shape(lost)).toEqual(shape(binding))
    expect(lost.lostAtMs).toBe(atMs)
    // Never delivered: the apiserver never handles it.
    expect(r.trace.some((m) => m.causeId === binding.id)).toBe(false)
  })

  it('records a root fault step on the waiting scheduler, and says what it did', () => {
    const step = find(r.trace, (m) => m.stage === 'fault', 'fault step')
    expect(step).toMatchObject({
      from: 'kube-scheduler',
      to: 'kube-scheduler',
      sentAtMs: atMs,
      causeId: null,
    })
    expect(step.payload).toMatchObject({ type: 'MessageDropped', messageId: binding.id })
    expect(r.cluster.faultResults.map((f) => f.output)).toEqual([
      [
        {
          stream: 'stdout',
          text: `fault: message #${binding.id} dropped (POST /api/v1/namespaces/default/pods/web/binding, kube-scheduler → kube-apiserver)`,
        },
      ],
    ])
  })

  it('fails the binding after client-go’s HTTP/2 health check, with Go’s error, and the scheduler retries', () => {
    const lost = find(
      r.trace,
      (m) => m.stage === 'fault' && m.summary.startsWith('http2:'),
      'connection lost',
    )
    expect(lost.sentAtMs).toBe(atMs + CONNECTION_LOSS_NOTICED_MS)
    const failed = eventsOf(r, 'FailedScheduling')
    // framework.go RunBindPlugins wraps the plugin's error.
    expect(failed.map((e) => e.message)).toEqual([
      'running Bind plugin "DefaultBinder": Post "https://172.18.0.2:6443/api/v1/namespaces/default/pods/web/binding": http2: client connection lost',
    ])
    const bindings = r.trace.filter(isBinding)
    expect(bindings).toHaveLength(2)
    expect((bindings[1] as Message).sentAtMs).toBeGreaterThan(atMs + CONNECTION_LOSS_NOTICED_MS)
  })

  it('leaves the Pod Pending until the retry binds it; then it runs', () => {
    const [scheduled] = eventsOf(r, 'Scheduled')
    expect(eventMs(scheduled as never)).toBeGreaterThanOrEqual(atMs + CONNECTION_LOSS_NOTICED_MS)
    expect(sandboxStart(r.trace).sentAtMs).toBeGreaterThan(atMs + CONNECTION_LOSS_NOTICED_MS)
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
    expect(podNamed(baseline, 'web').status?.phase).toBe('Running')
  })
})

describe('drop-message: the binding’s 201', () => {
  const binding = find(baseline.trace, isBinding, 'binding POST')
  const answer = find(baseline.trace, (m) => m.replyTo === binding.id, 'binding response')
  const atMs = answer.sentAtMs
  const r = runScenario([apply(0, POD), { type: 'drop-message', atMs, messageId: answer.id }], UNTIL)

  it('the apiserver bound the Pod: the kubelet starts it as without the fault', () => {
    expect(sandboxStart(r.trace).sentAtMs).toBe(sandboxStart(baseline.trace).sentAtMs)
    expect(podNamed(r, 'web').spec?.nodeName).toBe(podNamed(baseline, 'web').spec?.nodeName)
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })

  it('the scheduler’s call still fails 45 s later', () => {
    const lost = find(
      r.trace,
      (m) => m.stage === 'fault' && m.summary.startsWith('http2:'),
      'connection lost',
    )
    expect(lost).toMatchObject({ from: 'kube-scheduler', sentAtMs: atMs + CONNECTION_LOSS_NOTICED_MS })
    // handleSchedulingFailure (schedule_one.go) records the failure and sets PodScheduled=False
    // even though the Pod is bound (it only skips the requeue): upstream does the same.
    expect(eventsOf(r, 'FailedScheduling').map((e) => eventMs(e))).toEqual([
      atMs + CONNECTION_LOSS_NOTICED_MS,
    ])
    expect(r.trace.filter(isBinding)).toHaveLength(1)
    const scheduled = podNamed(r, 'web').status?.conditions?.find((c) => c.type === 'PodScheduled')
    expect(scheduled).toMatchObject({ status: 'False', reason: 'SchedulerError' })
  })
})

describe('drop-message: the watch event that tells the kubelet about its Pod', () => {
  const node = podNamed(baseline, 'web').spec?.nodeName as string
  const kubelet = `kubelet/${node}`
  const event = find(
    baseline.trace,
    (m) => m.kind === 'watch-event' && m.to === kubelet && m.object?.name === 'web',
    'watch event to the kubelet',
  )
  const atMs = event.sentAtMs
  const r = runScenario([apply(0, POD), { type: 'drop-message', atMs, messageId: event.id }], UNTIL)

  it('the kubelet lists again once it notices, and starts the Pod then', () => {
    const lost = find(r.trace, (m) => m.stage === 'fault' && m.summary.startsWith('watch lost'), 'watch lost')
    expect(lost).toMatchObject({ from: kubelet, sentAtMs: atMs + CONNECTION_LOSS_NOTICED_MS })
    const relist = find(
      r.trace,
      (m) =>
        m.from === kubelet &&
        m.kind === 'http-request' &&
        m.sentAtMs > atMs &&
        m.summary.startsWith('GET /api/v1/pods?'),
      'relist',
    )
    expect(relist.sentAtMs).toBe(atMs + CONNECTION_LOSS_NOTICED_MS + RELIST_BACKOFF_MS)
    expect(sandboxStart(r.trace).sentAtMs).toBeGreaterThan(relist.sentAtMs)
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })

  it('the apiserver stops writing to the dead watch', () => {
    const watchId = (event.payload as { watchId: number }).watchId
    const after = r.trace.filter(
      (m) =>
        m.kind === 'watch-event' &&
        (m.payload as { watchId: number }).watchId === watchId &&
        m.sentAtMs > atMs,
    )
    expect(after).toEqual([])
  })
})

describe('dropProblem', () => {
  it('refuses messages whose loss nobody would notice in this simulation', () => {
    const etcd = find(baseline.trace, (m) => m.kind === 'etcd-request', 'etcd request')
    expect(dropProblem(etcd)).toMatch(/cannot be dropped/)
    expect(dropProblem(find(baseline.trace, isBinding, 'binding'))).toBeUndefined()
  })

  it('a message that is not on the wire at the fault’s time: nothing is dropped, and the output says why', () => {
    const binding = find(baseline.trace, isBinding, 'binding POST')
    const late = binding.deliverAtMs
    const r = runScenario([apply(0, POD), { type: 'drop-message', atMs: late, messageId: binding.id }], UNTIL)
    expect(r.trace.map(shape)).toEqual(baseline.trace.map(shape))
    expect(r.cluster.faultResults[0]?.output[0]).toMatchObject({ stream: 'stderr' })
    expect(r.cluster.faultResults[0]?.output[0]?.text).toMatch(/is not in flight at .*: nothing dropped$/)
  })
})

describe('drop-message: a watch request, or its answer', () => {
  const node = podNamed(baseline, 'web').spec?.nodeName as string
  const kubelet = `kubelet/${node}`
  const isPodWatch = (m: Message) =>
    m.kind === 'http-request' &&
    m.from === kubelet &&
    m.summary.startsWith('GET /api/v1/pods?') &&
    m.summary.includes('watch=true')
  const watch = find(baseline.trace, isPodWatch, 'the kubelet’s pod watch')
  const answer = find(baseline.trace, (m) => m.replyTo === watch.id, 'its answer')

  it.each([
    ['request', watch],
    ['answer', answer],
  ])('the %s: the informer lists and watches again once the call fails, and the Pod runs', (_, m) => {
    const r = runScenario([apply(0, POD), { type: 'drop-message', atMs: m.sentAtMs, messageId: m.id }], UNTIL)
    const lost = find(
      r.trace,
      (x) => x.stage === 'fault' && x.summary.startsWith('http2:'),
      'connection lost',
    )
    expect(lost).toMatchObject({ from: kubelet, sentAtMs: m.sentAtMs + CONNECTION_LOSS_NOTICED_MS })
    const watches = r.trace.filter(isPodWatch)
    expect(watches).toHaveLength(2)
    expect(watches[1]?.sentAtMs).toBeGreaterThan(lost.sentAtMs + RELIST_BACKOFF_MS)
    // Nothing is sent on a watch nobody listens to.
    const onDead = r.trace.filter(
      (x) =>
        x.kind === 'watch-event' &&
        (x.payload as { watchId: number }).watchId === watch.id &&
        x.sentAtMs > m.sentAtMs,
    )
    expect(onDead).toEqual([])
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })
})

describe('drop-message: kubectl’s POST', () => {
  const post = find(
    baseline.trace,
    (m) => m.from === 'kubectl' && m.summary.startsWith('POST '),
    'kubectl POST',
  )
  const r = runScenario(
    [apply(0, POD), { type: 'drop-message', atMs: post.sentAtMs, messageId: post.id }],
    UNTIL,
  )

  it('kubectl’s request fails after the health check; nothing was created', () => {
    const [response] = r.responses
    expect(response?.code).toBe(0)
    expect(response?.status?.message).toMatch(
      /^Post "https:\/\/172\.18\.0\.2:6443\/api\/v1\/namespaces\/default\/pods\?fieldManager=[^"]+": http2: client connection lost$/,
    )
    expect(r.pods).toEqual([])
    expect(r.cluster.actionResults[0]?.done).toBe(true)
  })
})
