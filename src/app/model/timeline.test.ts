import { describe, expect, it } from 'vitest'
import type { ObjectRevision } from '../../protocol/messages'
import {
  containerStatus,
  eventRevision,
  indexOf,
  makeEvent,
  makeMessage,
  makePodWith,
  type PodDetails,
  podRevision,
  writtenBy,
} from './testing'
import { podTimelines, timelineGroups } from './timeline'

/** Revisions of one Pod from (atMs, shape) pairs; null deletes it. */
function revisions(
  name: string,
  steps: readonly (readonly [number, Omit<PodDetails, 'name'> | null])[],
): ObjectRevision[] {
  return steps.map(([atMs, shape]) => podRevision(name, atMs, shape ? makePodWith({ name, ...shape }) : null))
}

const bound = { nodeName: 'worker-1', uid: 'u1' }

describe('podTimelines: status segments', () => {
  it('goes Pending → ContainerCreating → Running, merging equal statuses', () => {
    const index = indexOf(
      revisions('nginx', [
        [0, { uid: 'u1' }],
        [70, { ...bound, conditions: { PodScheduled: 'True' } }],
        [300, { ...bound, conditions: { PodScheduled: 'True' }, statuses: [containerStatus('creating')] }],
        [
          3000,
          {
            ...bound,
            phase: 'Running',
            conditions: { PodScheduled: 'True', Ready: 'True' },
            statuses: [containerStatus('running')],
          },
        ],
      ]),
    )
    const [lane] = podTimelines(index)
    expect(lane?.segments.map((s) => [s.status, s.fromMs, s.toMs])).toEqual([
      ['Pending', 0, 300],
      ['ContainerCreating', 300, 3000],
      ['Running', 3000, undefined],
    ])
    expect(lane).toMatchObject({
      key: '/registry/pods/default/nginx',
      namespace: 'default',
      name: 'nginx',
      uid: 'u1',
      createdAtMs: 0,
    })
    expect(lane?.deletedAtMs).toBeUndefined()
    expect(lane?.conditions.map((c) => [c.type, c.previous, c.status, c.atMs])).toEqual([
      ['PodScheduled', undefined, 'True', 70],
      ['Ready', undefined, 'True', 3000],
    ])
    expect(lane?.restarts).toEqual([])
  })

  it('ends the lane at the deletion, and a namesake created later gets a lane of its own', () => {
    const running = { ...bound, phase: 'Running', statuses: [containerStatus('running')] }
    const index = indexOf(
      revisions('nginx', [
        [0, running],
        [5000, { ...running, deleting: true }],
        [5100, null],
        [6000, { uid: 'u2' }],
      ]),
    )
    const lanes = podTimelines(index)
    expect(lanes.map((l) => [l.uid, l.createdAtMs, l.deletedAtMs])).toEqual([
      ['u1', 0, 5100],
      ['u2', 6000, undefined],
    ])
    expect(lanes[0]?.segments.map((s) => [s.status, s.fromMs, s.toMs])).toEqual([
      ['Running', 0, 5000],
      ['Terminating', 5000, 5100],
    ])
    expect(lanes[1]?.segments.map((s) => [s.status, s.fromMs, s.toMs])).toEqual([
      ['Pending', 6000, undefined],
    ])
  })

  it('names the writer of each segment when given the trace', () => {
    const trace = [
      makeMessage({
        id: 1,
        from: 'kubectl',
        to: 'kube-apiserver',
        sentAtMs: 0,
        summary: 'POST /api/v1/namespaces/default/pods',
      }),
      makeMessage({
        id: 2,
        from: 'kube-apiserver',
        to: 'etcd',
        sentAtMs: 1,
        kind: 'etcd-request',
        causeId: 1,
        summary: 'Txn',
      }),
    ]
    const index = indexOf([writtenBy(podRevision('nginx', 1, makePodWith({ name: 'nginx' })), 2)])
    expect(podTimelines(index, trace)[0]?.segments[0]?.writer).toEqual({
      component: 'kubectl',
      summary: 'POST /api/v1/namespaces/default/pods',
      requestId: 1,
    })
    expect(podTimelines(index)[0]?.segments[0]?.writer).toBeUndefined()
  })
})

describe('podTimelines: a crash loop', () => {
  const run = (restarts: number) => ({
    ...bound,
    phase: 'Running',
    statuses: [containerStatus('running', restarts)],
  })
  const exited = (restarts: number) => ({
    ...bound,
    phase: 'Running',
    statuses: [containerStatus('error', restarts)],
  })
  const backoff = (restarts: number) => ({
    ...bound,
    phase: 'Running',
    statuses: [containerStatus('crashloop', restarts)],
  })
  const index = indexOf(
    revisions('crash', [
      [1000, run(0)],
      [2000, exited(0)],
      [2050, backoff(1)],
      [12050, run(1)],
      [13000, exited(1)],
      [13050, backoff(2)],
      [33050, run(2)],
      [34000, exited(2)],
      [34050, backoff(3)],
    ]),
  )
  const [lane] = podTimelines(index)

  it('alternates Running, Error and CrashLoopBackOff', () => {
    expect(lane?.segments.map((s) => s.status)).toEqual([
      'Running',
      'Error',
      'CrashLoopBackOff',
      'Running',
      'Error',
      'CrashLoopBackOff',
      'Running',
      'Error',
      'CrashLoopBackOff',
    ])
  })

  it('marks each restart, with gaps that grow', () => {
    expect(
      lane?.restarts.map((r) => [
        r.container,
        r.restartCount,
        r.atMs,
        r.sincePreviousMs,
        r.exitCode,
        r.reason,
      ]),
    ).toEqual([
      ['app', 1, 2050, undefined, 1, 'Error'],
      ['app', 2, 13050, 11000, 1, 'Error'],
      ['app', 3, 34050, 21000, 1, 'Error'],
    ])
  })
})

describe('podTimelines: grouping', () => {
  it('groups a Deployment’s Pods under their ReplicaSet, and a bare Pod on its own', () => {
    const owner = { kind: 'ReplicaSet', name: 'web-7c5b' }
    const index = indexOf([
      ...revisions('web-7c5b-zz9', [[20, { owner }]]),
      ...revisions('web-7c5b-aaa', [[10, { owner }]]),
      ...revisions('solo', [[0, {}]]),
      ...revisions('web-7c5b-mmm', [[10, { owner }]]),
    ])
    const lanes = podTimelines(index)
    expect(lanes.map((l) => [l.group, l.name])).toEqual([
      ['default/Pod/solo', 'solo'],
      ['default/ReplicaSet/web-7c5b', 'web-7c5b-aaa'],
      ['default/ReplicaSet/web-7c5b', 'web-7c5b-mmm'],
      ['default/ReplicaSet/web-7c5b', 'web-7c5b-zz9'],
    ])
    expect(lanes[1]?.owner).toEqual({ kind: 'ReplicaSet', name: 'web-7c5b', uid: 'web-7c5b-uid' })
    expect(timelineGroups(lanes).map((g) => [g.group, g.owner?.name, g.lanes.length])).toEqual([
      ['default/Pod/solo', undefined, 1],
      ['default/ReplicaSet/web-7c5b', 'web-7c5b', 3],
    ])
  })

  it('is empty without Pods', () => {
    expect(podTimelines(indexOf([]))).toEqual([])
  })
})

describe('podTimelines: events', () => {
  it('ticks each occurrence of the Pod’s Events, repeats included', () => {
    const backoff = makeEvent({
      pod: 'nginx',
      podUid: 'u1',
      reason: 'BackOff',
      type: 'Warning',
      message: 'Back-off restarting failed container',
    })
    const index = indexOf([
      ...revisions('nginx', [[0, { uid: 'u1' }]]),
      eventRevision(
        70,
        makeEvent({
          pod: 'nginx',
          reason: 'Scheduled',
          eventsApi: true,
          message: 'Successfully assigned default/nginx to worker-1',
        }),
      ),
      eventRevision(2100, backoff),
      eventRevision(13100, { ...backoff, count: 2 }),
      // A write that does not raise the count is not another occurrence.
      eventRevision(13200, { ...backoff, count: 2, message: 'edited' }),
      eventRevision(34100, { ...backoff, count: 3 }),
      // Another Pod's event, and an event about an earlier Pod of the same name.
      eventRevision(100, makeEvent({ pod: 'other', reason: 'Pulled' })),
      eventRevision(50, makeEvent({ pod: 'nginx', podUid: 'old', reason: 'Killing' })),
    ])
    expect(podTimelines(index)[0]?.events.map((e) => [e.type, e.reason, e.atMs, e.count])).toEqual([
      ['Normal', 'Scheduled', 70, 1],
      ['Warning', 'BackOff', 2100, 1],
      ['Warning', 'BackOff', 13100, 2],
      ['Warning', 'BackOff', 34100, 3],
    ])
    expect(podTimelines(index)[0]?.events[0]?.message).toBe('Successfully assigned default/nginx to worker-1')
  })

  it('splits uid-less events between namesakes by time', () => {
    const index = indexOf([
      ...revisions('nginx', [
        [0, { uid: 'u1' }],
        [100, null],
        [200, { uid: 'u2' }],
      ]),
      eventRevision(50, makeEvent({ pod: 'nginx', reason: 'Scheduled' })),
      eventRevision(250, makeEvent({ pod: 'nginx', reason: 'Pulling' })),
    ])
    expect(podTimelines(index).map((l) => l.events.map((e) => e.reason))).toEqual([
      ['Scheduled'],
      ['Pulling'],
    ])
  })
})
