/**
 * EventRecorder against the real etcd + kube-apiserver: the Event bodies of both APIs, their
 * names, and the correlation of repeats. The scenario starts at 2025-05-01T10:00:00Z, so virtual
 * time 5 s is 1746093605000 ms = 0x183b5ee1ee9b3200 ns.
 */
import { describe, expect, it } from 'vitest'
import { EVENTS, PODS } from '../../api/resources'
import type { Event, KubeObject, Node, Pod } from '../../api/types'
import type { HttpRequest, HttpResponse } from '../apiserver/http'
import type { Message } from '../kernel/trace'
import { startApiServer, TestClient } from '../testing/apiserver'
import { makePod } from '../testing/builders'
import {
  type EventOptions,
  EventRecorder,
  type EventSource,
  type EventType,
  MAX_QUEUED_EVENTS,
} from './events'

const KUBELET = {
  clientCert: { commonName: 'system:node:worker-1', organizations: ['system:nodes'] },
}
const SCHEDULER = { clientCert: { commonName: 'system:kube-scheduler' } }

function setup(
  source: EventSource = { component: 'kubelet', host: 'worker-1' },
  api: 'core/v1' | 'events.k8s.io/v1' = 'core/v1',
) {
  const t = startApiServer()
  const admin = new TestClient(t.kernel, 'admin')
  const created = t.call(admin.client.create(PODS, 'default', makePod('nginx').build(), 'submit'))
  if (!created.ok) throw new Error(created.status.message)
  const pod = created.object as Pod
  const id = api === 'core/v1' ? 'kubelet/worker-1' : 'kube-scheduler'
  const component = new TestClient(t.kernel, id, api === 'core/v1' ? KUBELET : SCHEDULER)
  const recorder = new EventRecorder(component.client, source, api)
  /** Record at virtual time `atMs` (and run until idle). */
  const record = (
    atMs: number,
    obj: KubeObject,
    type: EventType,
    reason: string,
    message: string,
    options?: EventOptions,
  ) => {
    t.kernel.at(atMs, () => recorder.event(obj, type, reason, message, options))
  }
  const requests = () =>
    t.kernel.trace.filter((m) => m.from === id && m.kind === 'http-request') as Message<HttpRequest>[]
  const responses = () =>
    t.kernel.trace.filter((m) => m.to === id && m.kind === 'http-response') as Message<HttpResponse>[]
  const events = () => t.stored('events') as Event[]
  return { t, pod, recorder, record, requests, responses, events }
}

const podRef = (pod: Pod) => ({
  kind: 'Pod',
  namespace: 'default',
  name: 'nginx',
  uid: pod.metadata?.uid,
  apiVersion: 'v1',
  // The Pod is the test's first write after bootstrap.
  resourceVersion: pod.metadata?.resourceVersion,
})

describe('EventRecorder (core/v1, as the kubelet and controllers record)', () => {
  it('POSTs the Event: name, involvedObject with fieldPath, source, timestamps, count', () => {
    const { t, pod, record, requests, responses } = setup()
    record(5_000, pod, 'Normal', 'Pulling', 'Pulling image "nginx:1.27"', {
      fieldPath: 'spec.containers{app}',
    })
    t.run()
    const [post] = requests()
    expect(post?.summary).toBe('POST /api/v1/namespaces/default/events')
    expect(post?.stage).toBe('event')
    expect(post?.payload.headers['content-type']).toBe('application/json')
    expect(post?.payload.body).toEqual({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'nginx.183b5ee1ee9b3200', namespace: 'default' },
      involvedObject: { ...podRef(pod), fieldPath: 'spec.containers{app}' },
      reason: 'Pulling',
      message: 'Pulling image "nginx:1.27"',
      source: { component: 'kubelet', host: 'worker-1' },
      firstTimestamp: '2025-05-01T10:00:05Z',
      lastTimestamp: '2025-05-01T10:00:05Z',
      count: 1,
      type: 'Normal',
      // metav1.MicroTime is a struct: client-go's JSON carries the unset eventTime as null.
      eventTime: null,
      reportingComponent: 'kubelet',
      reportingInstance: 'worker-1',
    })
    expect(responses().map((m) => m.summary)).toEqual(['201 Created'])
  })

  it('records a controller’s event (no host) on a cluster-scoped object in the default namespace', () => {
    const { t, record, requests, events } = setup({ component: 'node-controller' })
    const node = t.stored('minions').find((n) => n.metadata?.name === 'worker-2') as Node
    record(
      5_000,
      node,
      'Normal',
      'RegisteredNode',
      'Node worker-2 event: Registered Node worker-2 in Controller',
    )
    t.run()
    expect(requests()[0]?.summary).toBe('POST /api/v1/namespaces/default/events')
    const [e] = events()
    expect(e?.metadata?.name).toBe('worker-2.183b5ee1ee9b3200')
    expect(e?.involvedObject).toEqual({
      kind: 'Node',
      name: 'worker-2',
      uid: node.metadata?.uid,
      apiVersion: 'v1',
      resourceVersion: node.metadata?.resourceVersion,
    })
    expect(e?.source).toEqual({ component: 'node-controller' })
    expect(e?.reportingComponent).toBe('node-controller')
    expect(e?.reportingInstance).toBe('')
  })

  it.each([
    {
      what: 'two events in the same millisecond get consecutive nanoseconds',
      at: [5_000, 5_000],
      names: ['nginx.183b5ee1ee9b3200', 'nginx.183b5ee1ee9b3201'],
    },
    {
      what: 'three in one millisecond',
      at: [5_000, 5_000, 5_000],
      names: ['nginx.183b5ee1ee9b3200', 'nginx.183b5ee1ee9b3201', 'nginx.183b5ee1ee9b3202'],
    },
    {
      what: 'the next millisecond starts again at its own nanosecond',
      at: [5_000, 5_000, 5_001],
      names: ['nginx.183b5ee1ee9b3200', 'nginx.183b5ee1ee9b3201', 'nginx.183b5ee1eeaa7440'],
    },
  ])('names events <object>.<unix nanos in hex>: $what', ({ at, names }) => {
    const { t, pod, record, events } = setup()
    for (const [i, ms] of at.entries()) record(ms, pod, 'Normal', `Reason${i}`, `message ${i}`)
    t.run()
    expect(
      events()
        .map((e) => e.metadata?.name)
        .sort(),
    ).toEqual(names)
  })

  it('correlates repeats into PATCHes of the first Event: count 2, 3, and lastTimestamp', () => {
    const { t, pod, record, requests, responses, events } = setup()
    const pulled = [
      'Normal',
      'BackOff',
      'Back-off pulling image "nginx:1.27"',
      { fieldPath: 'spec.containers{app}' },
    ] as const
    record(1_000, pod, ...pulled)
    record(61_000, pod, ...pulled)
    record(121_000, pod, ...pulled)
    t.run()
    const name = 'nginx.183b5ee100300a00'
    expect(requests().map((m) => m.summary)).toEqual([
      'POST /api/v1/namespaces/default/events',
      `PATCH /api/v1/namespaces/default/events/${name}`,
      `PATCH /api/v1/namespaces/default/events/${name}`,
    ])
    expect(responses().map((m) => m.summary)).toEqual(['201 Created', '200 OK', '200 OK'])
    const [, second, third] = requests()
    expect(second?.payload.headers['content-type']).toBe('application/strategic-merge-patch+json')
    expect(second?.payload.body).toMatchObject({ count: 2, lastTimestamp: '2025-05-01T10:01:01Z' })
    expect(third?.payload.body).toMatchObject({ count: 3, lastTimestamp: '2025-05-01T10:02:01Z' })
    expect(events()).toHaveLength(1)
    expect(events()[0]).toMatchObject({
      metadata: { name },
      count: 3,
      firstTimestamp: '2025-05-01T10:00:01Z',
      lastTimestamp: '2025-05-01T10:02:01Z',
      message: 'Back-off pulling image "nginx:1.27"',
    })
  })

  it.each<[string, [EventType, string, string, EventOptions]]>([
    ['another type', ['Warning', 'Pulled', 'done', {}]],
    ['another reason', ['Normal', 'Pulling', 'done', {}]],
    ['another message', ['Normal', 'Pulled', 'done again', {}]],
    ['another fieldPath', ['Normal', 'Pulled', 'done', { fieldPath: 'spec.containers{sidecar}' }]],
  ])('does not correlate an event with %s', (_, second) => {
    const { t, pod, record, requests, events } = setup()
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    record(2_000, pod, ...second)
    t.run()
    expect(requests().map((m) => m.payload.method)).toEqual(['POST', 'POST'])
    expect(events().map((e) => e.count)).toEqual([1, 1])
  })

  it('does not correlate the same event about another object', () => {
    const { t, pod, record, requests } = setup()
    const other = { ...pod, metadata: { ...pod.metadata, name: 'web', uid: 'another-uid' } }
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    record(2_000, other, 'Normal', 'Pulled', 'done')
    t.run()
    expect(requests().map((m) => m.summary)).toEqual([
      'POST /api/v1/namespaces/default/events',
      'POST /api/v1/namespaces/default/events',
    ])
  })

  it('returns at once: the write happens in its own process', () => {
    const { t, pod, recorder, requests } = setup()
    const before = t.kernel.trace.length
    recorder.event(pod, 'Normal', 'Pulled', 'done')
    expect(t.kernel.trace.length).toBe(before)
    t.run()
    expect(requests()).toHaveLength(1)
  })

  it('counts a repeat recorded while the first write is still in flight', () => {
    const { t, pod, record, responses, events } = setup()
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    t.run()
    expect(responses().map((m) => m.summary)).toEqual(['201 Created', '200 OK'])
    expect(events().map((e) => e.count)).toEqual([2])
  })

  it('sends its writes one at a time, in recording order: each request waits for the previous response', () => {
    const { t, pod, record, requests, responses } = setup()
    record(1_000, pod, 'Normal', 'Pulling', 'pulling')
    record(1_000, pod, 'Normal', 'Pulled', 'pulled')
    record(1_001, pod, 'Normal', 'Pulling', 'pulling')
    t.run()
    const sent = requests()
    expect(sent.map((m) => (m.payload.body as Event).reason ?? m.payload.method)).toEqual([
      'Pulling',
      'Pulled',
      'PATCH',
    ])
    const answered = responses()
    for (const [i, m] of sent.entries()) {
      if (i > 0) expect(m.sentAtMs).toBeGreaterThanOrEqual(answered[i - 1]?.deliverAtMs ?? Infinity)
    }
  })

  it('drops what is recorded while MAX_QUEUED_EVENTS wait for the writer, as client-go does', () => {
    const { t, pod, recorder, record, requests } = setup()
    t.kernel.at(1_000, () => {
      for (let i = 0; i <= MAX_QUEUED_EVENTS; i++) recorder.event(pod, 'Normal', 'Pulled', `event ${i}`)
    })
    t.run()
    const written = requests().map((m) => (m.payload.body as Event).message)
    expect(written).toHaveLength(MAX_QUEUED_EVENTS)
    expect(written.at(-1)).toBe(`event ${MAX_QUEUED_EVENTS - 1}`)
    expect(recorder.dropped).toBe(1)
    // Once the writer has caught up, events are written again.
    record(t.kernel.nowMs + 1, pod, 'Normal', 'Pulled', 'later')
    t.run()
    expect(requests().at(-1)?.payload.body).toMatchObject({ message: 'later' })
    expect(recorder.dropped).toBe(1)
  })

  it('gives each write the cause it was recorded under, not the previous write’s response', () => {
    const { t, pod, recorder, requests } = setup()
    const trigger = t.kernel.step('kubelet/worker-1', 'status', 'something happened', null)
    t.kernel.at(1_000, () => {
      t.kernel.cause = trigger.id
      recorder.event(pod, 'Normal', 'Pulling', 'pulling')
      recorder.event(pod, 'Normal', 'Pulled', 'pulled')
    })
    t.run()
    expect(requests().map((m) => m.causeId)).toEqual([trigger.id, trigger.id])
  })

  it('names and times each event when it is recorded, not when it is written', () => {
    const { t, pod, record, requests } = setup()
    record(1_000, pod, 'Normal', 'Pulling', 'pulling')
    record(1_000, pod, 'Normal', 'Pulled', 'pulled') // written after the first one’s response
    t.run()
    const [, second] = requests()
    expect(second?.sentAtMs).toBeGreaterThan(1_000)
    expect(second?.payload.body).toMatchObject({
      metadata: { name: 'nginx.183b5ee100300a01' },
      firstTimestamp: '2025-05-01T10:00:01Z',
      lastTimestamp: '2025-05-01T10:00:01Z',
    })
  })

  it('PATCHes count, lastTimestamp and message, as the EventCorrelator does', () => {
    const { t, pod, record, requests } = setup()
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    record(2_000, pod, 'Normal', 'Pulled', 'done')
    t.run()
    expect(requests()[1]?.payload.body).toEqual({
      count: 2,
      lastTimestamp: '2025-05-01T10:00:02Z',
      message: 'done',
    })
  })

  it('creates the repeat again, under the first name and with its count, when the Event was deleted', () => {
    const { t, pod, record, requests, responses, events } = setup()
    const admin = new TestClient(t.kernel, 'cleaner')
    record(1_000, pod, 'Normal', 'Pulled', 'done')
    t.run()
    const name = 'nginx.183b5ee100300a00'
    t.call(admin.client.delete(EVENTS, 'default', name, 'delete'))
    record(61_000, pod, 'Normal', 'Pulled', 'done')
    record(121_000, pod, 'Normal', 'Pulled', 'done')
    t.run()
    expect(requests().map((m) => m.payload.method)).toEqual(['POST', 'PATCH', 'POST', 'PATCH'])
    expect(responses().map((m) => m.summary)).toEqual([
      '201 Created',
      '404 Not Found',
      '201 Created',
      '200 OK',
    ])
    expect(events()).toHaveLength(1)
    expect(events()[0]).toMatchObject({
      metadata: { name },
      count: 3,
      firstTimestamp: '2025-05-01T10:00:01Z',
      lastTimestamp: '2025-05-01T10:02:01Z',
    })
  })
})

describe('EventRecorder (events.k8s.io/v1, as the scheduler records)', () => {
  const scheduled = 'Successfully assigned default/nginx to worker-1'

  it('POSTs an events.k8s.io/v1 Event: eventTime in microseconds, reportingController, action, regarding, note', () => {
    const { t, pod, record, requests, responses } = setup(
      { component: 'default-scheduler' },
      'events.k8s.io/v1',
    )
    record(5_250, pod, 'Normal', 'Scheduled', scheduled, { action: 'Binding' })
    t.run()
    const [post] = requests()
    expect(post?.summary).toBe('POST /apis/events.k8s.io/v1/namespaces/default/events')
    expect(post?.stage).toBe('event')
    expect(post?.payload.body).toEqual({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'nginx.183b5ee1fd81e480', namespace: 'default' },
      eventTime: '2025-05-01T10:00:05.250000Z',
      reportingController: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
      action: 'Binding',
      reason: 'Scheduled',
      regarding: podRef(pod),
      note: scheduled,
      type: 'Normal',
    })
    // The apiserver answers in the API's own form.
    const [created] = responses()
    expect(created?.summary).toBe('201 Created')
    expect(created?.payload.body).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      regarding: podRef(pod),
      note: scheduled,
      reportingController: 'default-scheduler',
      eventTime: '2025-05-01T10:00:05.250000Z',
    })
  })

  it('is stored in its core/v1 form (what kubectl get events and describe read)', () => {
    const { t, pod, record, events } = setup({ component: 'default-scheduler' }, 'events.k8s.io/v1')
    record(5_250, pod, 'Warning', 'FailedScheduling', '0/4 nodes are available', { action: 'Scheduling' })
    t.run()
    const [e] = events()
    expect(e).toMatchObject({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'nginx.183b5ee1fd81e480', namespace: 'default' },
      involvedObject: podRef(pod),
      message: '0/4 nodes are available',
      reason: 'FailedScheduling',
      type: 'Warning',
      action: 'Scheduling',
      eventTime: '2025-05-01T10:00:05.250000Z',
      reportingComponent: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
    })
    for (const field of ['regarding', 'note', 'reportingController']) expect(e).not.toHaveProperty(field)
  })

  it('uses the reason as the action when none is given, and the host in reportingInstance', () => {
    const { t, pod, record, requests } = setup(
      { component: 'default-scheduler', host: 'cp-2' },
      'events.k8s.io/v1',
    )
    record(5_250, pod, 'Normal', 'Scheduled', scheduled)
    t.run()
    expect(requests()[0]?.payload.body).toMatchObject({
      action: 'Scheduled',
      reportingInstance: 'default-scheduler-cp-2',
    })
  })
})
