import { describe, expect, it } from 'vitest'
import { type AnyEvent, eventCells, getEvents, sortEventsAsListed } from './events'

const NOW = Date.parse('2025-05-01T10:05:00Z')

/** A core/v1 event as the kubelet and kube-controller-manager write them. */
function coreEvent(
  name: string,
  kind: string,
  objectName: string,
  type: string,
  reason: string,
  message: string,
  first: string,
  last = first,
  count = 1,
  source: { component: string; host?: string } = { component: 'kubelet', host: 'worker-1' },
): AnyEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind, name: objectName, namespace: 'default', apiVersion: 'v1' },
    type,
    reason,
    message,
    firstTimestamp: first,
    lastTimestamp: last,
    count,
    source,
  }
}

/** An events.k8s.io/v1 event as kube-scheduler writes it: eventTime, no timestamps, no count. */
const scheduled: AnyEvent = {
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name: 'nginx.183b6c1e9c3f5a20', namespace: 'default' },
  eventTime: '2025-05-01T10:00:01.215000Z',
  reportingController: 'default-scheduler',
  reportingInstance: 'default-scheduler-control-plane',
  action: 'Binding',
  reason: 'Scheduled',
  regarding: { kind: 'Pod', name: 'nginx', namespace: 'default', apiVersion: 'v1' },
  note: 'Successfully assigned default/nginx to worker-1',
  type: 'Normal',
} as unknown as AnyEvent

const pulling = coreEvent(
  'nginx.183b6c1ea0d7f3e1',
  'Pod',
  'nginx',
  'Normal',
  'Pulling',
  'Pulling image "nginx"',
  '2025-05-01T10:00:02Z',
)
const backoff = coreEvent(
  'nginx.183b6c1fb2a1c0d4',
  'Pod',
  'nginx',
  'Warning',
  'BackOff',
  'Back-off restarting failed container nginx in pod nginx_default(uid)',
  '2025-05-01T10:01:00Z',
  '2025-05-01T10:04:57Z',
  7,
)
const scaling = coreEvent(
  'web.183b6c1e9a000000',
  'Deployment',
  'web',
  'Normal',
  'ScalingReplicaSet',
  'Scaled up replica set web-7c5ddbdf54 from 0 to 3',
  '2025-04-30T10:05:00Z',
  '2025-04-30T10:05:00Z',
  1,
  { component: 'deployment-controller' },
)

describe('eventCells', () => {
  it.each<[string, AnyEvent, ReturnType<typeof eventCells>]>([
    [
      'core/v1 singleton',
      pulling,
      { lastSeen: '4m58s', firstSeen: '4m58s', count: 1, object: 'pod/nginx', source: 'kubelet, worker-1' },
    ],
    [
      'core/v1 repeated',
      backoff,
      { lastSeen: '3s', firstSeen: '4m', count: 7, object: 'pod/nginx', source: 'kubelet, worker-1' },
    ],
    [
      'events.k8s.io/v1 from the scheduler: eventTime, count 1, reporting controller as source',
      scheduled,
      {
        lastSeen: '4m58s',
        firstSeen: '4m58s',
        count: 1,
        object: 'pod/nginx',
        source: 'default-scheduler, default-scheduler-control-plane',
      },
    ],
    [
      'no timestamps at all',
      { ...pulling, firstTimestamp: undefined, lastTimestamp: undefined } as AnyEvent,
      {
        lastSeen: '<unknown>',
        firstSeen: '<unknown>',
        count: 1,
        object: 'pod/nginx',
        source: 'kubelet, worker-1',
      },
    ],
    [
      'a series',
      { ...scheduled, series: { count: 4, lastObservedTime: '2025-05-01T10:04:00.000000Z' } } as AnyEvent,
      {
        lastSeen: '60s',
        firstSeen: '4m58s',
        count: 4,
        object: 'pod/nginx',
        source: 'default-scheduler, default-scheduler-control-plane',
      },
    ],
    [
      'an object without a name',
      { ...scaling, involvedObject: { kind: 'Node' } } as AnyEvent,
      { lastSeen: '24h', firstSeen: '24h', count: 1, object: 'node', source: 'deployment-controller' },
    ],
  ])('%s', (_, e, want) => {
    expect(eventCells(e, NOW)).toEqual(want)
  })
})

describe('getEvents', () => {
  it('prints LAST SEEN TYPE REASON OBJECT MESSAGE', () => {
    expect(getEvents([scheduled, pulling, backoff], { nowMs: NOW })).toBe(
      [
        'LAST SEEN   TYPE      REASON      OBJECT      MESSAGE',
        '4m58s       Normal    Scheduled   pod/nginx   Successfully assigned default/nginx to worker-1',
        '4m58s       Normal    Pulling     pod/nginx   Pulling image "nginx"',
        '3s          Warning   BackOff     pod/nginx   Back-off restarting failed container nginx in pod nginx_default(uid)',
        '',
      ].join('\n'),
    )
  })

  it('adds SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME with -o wide', () => {
    const withField = {
      ...pulling,
      involvedObject: { ...pulling.involvedObject, fieldPath: 'spec.containers{nginx}' },
    }
    expect(getEvents([withField, scaling], { nowMs: NOW, wide: true })).toBe(
      [
        'LAST SEEN   TYPE     REASON              OBJECT           SUBOBJECT                SOURCE                  MESSAGE                                            FIRST SEEN   COUNT   NAME',
        '4m58s       Normal   Pulling             pod/nginx        spec.containers{nginx}   kubelet, worker-1       Pulling image "nginx"                              4m58s        1       nginx.183b6c1ea0d7f3e1',
        '24h         Normal   ScalingReplicaSet   deployment/web                            deployment-controller   Scaled up replica set web-7c5ddbdf54 from 0 to 3   24h          1       web.183b6c1e9a000000',
        '',
      ].join('\n'),
    )
  })

  it('puts NAMESPACE first with -A', () => {
    expect(getEvents([scaling], { nowMs: NOW, allNamespaces: true })).toBe(
      [
        'NAMESPACE   LAST SEEN   TYPE     REASON              OBJECT           MESSAGE',
        'default     24h         Normal   ScalingReplicaSet   deployment/web   Scaled up replica set web-7c5ddbdf54 from 0 to 3',
        '',
      ].join('\n'),
    )
  })
})

describe('sortEventsAsListed', () => {
  it('orders by name as etcd keys sort: pod events before the ReplicaSet and Deployment ones', () => {
    const names = ['nginx.1', 'nginx-7c5ddbdf54.2', 'nginx-7c5ddbdf54-x8k2p.3', 'nginx-7c5ddbdf54-x8k2p.1']
    const events = names.map((n) => ({ metadata: { name: n, namespace: 'default' } }) as AnyEvent)
    expect(sortEventsAsListed(events).map((e) => e.metadata?.name)).toEqual([
      'nginx-7c5ddbdf54-x8k2p.1',
      'nginx-7c5ddbdf54-x8k2p.3',
      'nginx-7c5ddbdf54.2',
      'nginx.1',
    ])
  })
})
