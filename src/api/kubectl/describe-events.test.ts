import { describe, expect, it } from 'vitest'
import { describeEvents, eventInterval, nodeEvents, podEvents, searchEvents } from './describe-events'
import { PrefixWriter } from './describe-writer'
import type { AnyEvent } from './events'

const NOW = Date.parse('2025-05-01T10:05:00Z')

const core = (fields: Partial<AnyEvent>): AnyEvent => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'e', namespace: 'default' },
  involvedObject: { kind: 'Pod', name: 'nginx', namespace: 'default', uid: 'u1' },
  type: 'Normal',
  reason: 'Pulled',
  message: 'm',
  source: { component: 'kubelet', host: 'worker-1' },
  ...fields,
})

describe('eventInterval (the Age column)', () => {
  it.each<[string, AnyEvent, string]>([
    [
      'single',
      core({ firstTimestamp: '2025-05-01T10:04:00Z', lastTimestamp: '2025-05-01T10:04:00Z', count: 1 }),
      '60s',
    ],
    [
      'repeated',
      core({ firstTimestamp: '2025-05-01T10:03:00Z', lastTimestamp: '2025-05-01T10:04:57Z', count: 3 }),
      '3s (x3 over 2m)',
    ],
    [
      'eventTime wins over firstTimestamp',
      core({ eventTime: '2025-05-01T10:04:55.000000Z', firstTimestamp: '2025-05-01T10:00:00Z', count: 1 }),
      '5s',
    ],
    [
      'an events.k8s.io series',
      core({
        eventTime: '2025-05-01T10:00:00.000000Z',
        series: { count: 5, lastObservedTime: '2025-05-01T10:04:30.000000Z' },
      }),
      '30s (x5 over 5m)',
    ],
    ['no time at all', core({}), '<unknown>'],
  ])('%s', (_, e, want) => {
    expect(eventInterval(e, NOW)).toBe(want)
  })
})

describe('describeEvents', () => {
  it('sorts by lastTimestamp (none first), keeps list order on ties, trims messages, From falls back to the reporting controller', () => {
    const w = new PrefixWriter()
    describeEvents(
      [
        core({
          reason: 'Pulling',
          message: 'Pulling image "nginx"',
          firstTimestamp: '2025-05-01T10:00:01Z',
          lastTimestamp: '2025-05-01T10:00:01Z',
          count: 1,
        }),
        core({
          reason: 'Pulled',
          message: ' Pulled \n',
          firstTimestamp: '2025-05-01T10:00:01Z',
          lastTimestamp: '2025-05-01T10:00:01Z',
          count: 1,
        }),
        core({
          reason: 'Scheduled',
          message: 'Successfully assigned default/nginx to worker-1',
          source: {},
          reportingComponent: 'default-scheduler',
          eventTime: '2025-05-01T10:00:00.500000Z',
        }),
      ],
      w,
      NOW,
    )
    expect(w.toString()).toBe(
      [
        'Events:',
        '  Type    Reason     Age    From               Message',
        '  ----    ------     ----   ----               -------',
        '  Normal  Scheduled  4m59s  default-scheduler  Successfully assigned default/nginx to worker-1',
        '  Normal  Pulling    4m59s  kubelet            Pulling image "nginx"',
        '  Normal  Pulled     4m59s  kubelet            Pulled',
        '',
      ].join('\n'),
    )
  })

  it('prints Events: <none> without events', () => {
    const w = new PrefixWriter()
    describeEvents([], w, NOW)
    expect(w.toString()).toBe('Events:  <none>\n')
  })
})

describe('searching events', () => {
  const ofPod = core({ metadata: { name: 'a', namespace: 'default' } })
  const ofOlderPod = core({
    involvedObject: { kind: 'Pod', name: 'nginx', namespace: 'default', uid: 'old' },
  })
  const ofOtherNamespace = core({
    metadata: { name: 'b', namespace: 'dev' },
    involvedObject: { kind: 'Pod', name: 'nginx', namespace: 'dev', uid: 'u1' },
  })
  const scheduled = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'c', namespace: 'default' },
    regarding: { kind: 'Pod', name: 'nginx', namespace: 'default', uid: 'u1' },
    note: 'Successfully assigned default/nginx to worker-1',
    reason: 'Scheduled',
  } as unknown as AnyEvent

  it('finds a Pod’s events by name, namespace and uid, in either API', () => {
    const pod = { metadata: { name: 'nginx', namespace: 'default', uid: 'u1' } }
    expect(podEvents(pod, [ofPod, ofOlderPod, ofOtherNamespace, scheduled])).toEqual([ofPod, scheduled])
    // Without a uid (a Pod from a file), every event of that name matches.
    expect(podEvents({ metadata: { name: 'nginx', namespace: 'default' } }, [ofPod, ofOlderPod])).toEqual([
      ofPod,
      ofOlderPod,
    ])
  })

  it('finds a Node’s events by its uid, then by its name as uid', () => {
    const byUid = core({ involvedObject: { kind: 'Node', name: 'worker-1', uid: 'n1' } })
    const byName = core({ involvedObject: { kind: 'Node', name: 'worker-1', uid: 'worker-1' } })
    const podNamedLikeTheNode = core({ involvedObject: { kind: 'Pod', name: 'worker-1', uid: 'worker-1' } })
    const node = { metadata: { name: 'worker-1', uid: 'n1' } }
    expect(nodeEvents(node, [byName, podNamedLikeTheNode, byUid])).toEqual([byUid, byName])
    expect(searchEvents({ kind: 'Node', name: 'worker-1' }, [byName, byUid])).toEqual([byName, byUid])
  })
})
