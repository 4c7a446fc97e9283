/**
 * `kubectl get events` (and `-o wide`): LAST SEEN, TYPE, REASON, OBJECT, MESSAGE.
 *
 * kubectl / apiserver table printer: pkg/printers/internalversion/printers.go (printEvent,
 * formatEventSource). `kubectl get events` reads core/v1 Events; an events.k8s.io/v1 Event (what
 * kube-scheduler writes) appears there with `eventTime` set and no first/last timestamps, so its
 * ages come from eventTime, and a singleton's count is 1. OBJECT is `<kind lower-case>/<name>`.
 *
 * Order: kubectl prints the list as the apiserver returns it, sorted by etcd key
 * (`/registry/events/<ns>/<involved object>.<nanos in hex>`), so a Pod's events come together,
 * not in time order; `sortEventsAsListed` gives that order (the CLI may prefer time order, as
 * `--sort-by=.lastTimestamp` would).
 */
import type { Event } from '../types'
import { parseTimeMs, translateTimestampSince } from './duration'
import { type Column, type PrintOptions, printTable, type TableView } from './table'

/** The fields printEvent and DescribeEvents read, from either Event API. */
export interface EventView {
  readonly namespace: string
  readonly name: string
  readonly type: string
  readonly reason: string
  readonly message: string
  readonly kind: string
  readonly objectName: string
  readonly objectNamespace: string
  readonly objectUid: string
  readonly fieldPath: string
  readonly firstTimestamp?: string
  readonly lastTimestamp?: string
  readonly eventTime?: string
  readonly seriesLastObserved?: string
  readonly seriesCount?: number
  /** Whether the event has a `series` (events.k8s.io repeats). */
  readonly series: boolean
  readonly count: number
  readonly sourceComponent: string
  readonly sourceHost: string
  readonly reportingController: string
  readonly reportingInstance: string
}

/** An Event as stored: core/v1 or events.k8s.io/v1 fields (both live under /registry/events). */
export type AnyEvent = Event & {
  regarding?: Event['involvedObject']
  note?: string
  reportingController?: string
  deprecatedSource?: Event['source']
  deprecatedFirstTimestamp?: string
  deprecatedLastTimestamp?: string
  deprecatedCount?: number
}

/** The core/v1 view of an event, as the apiserver converts events.k8s.io/v1 ones. */
export function eventView(e: AnyEvent): EventView {
  const obj = e.involvedObject ?? e.regarding ?? {}
  const source = e.source ?? e.deprecatedSource ?? {}
  return {
    namespace: e.metadata?.namespace ?? '',
    name: e.metadata?.name ?? '',
    type: e.type ?? '',
    reason: e.reason ?? '',
    message: e.message ?? e.note ?? '',
    kind: obj.kind ?? '',
    objectName: obj.name ?? '',
    objectNamespace: obj.namespace ?? '',
    objectUid: obj.uid ?? '',
    fieldPath: obj.fieldPath ?? '',
    firstTimestamp: e.firstTimestamp ?? e.deprecatedFirstTimestamp,
    lastTimestamp: e.lastTimestamp ?? e.deprecatedLastTimestamp,
    eventTime: e.eventTime,
    seriesLastObserved: e.series?.lastObservedTime,
    seriesCount: e.series?.count,
    series: e.series !== undefined && e.series !== null,
    count: e.count ?? e.deprecatedCount ?? 0,
    sourceComponent: source.component ?? '',
    sourceHost: source.host ?? '',
    reportingController: e.reportingComponent ?? e.reportingController ?? '',
    reportingInstance: e.reportingInstance ?? '',
  }
}

const isZero = (t: string | undefined): boolean => parseTimeMs(t) === undefined

export interface EventCells {
  readonly lastSeen: string
  readonly firstSeen: string
  readonly count: number
  /** `pod/nginx` */
  readonly object: string
  /** `kubelet, worker-1` */
  readonly source: string
}

/** The computed cells of printEvent. */
export function eventCells(e: AnyEvent, nowMs: number): EventCells {
  const v = eventView(e)
  const firstSeen = isZero(v.firstTimestamp)
    ? translateTimestampSince(v.eventTime, nowMs)
    : translateTimestampSince(v.firstTimestamp, nowMs)
  let lastSeen = isZero(v.lastTimestamp) ? firstSeen : translateTimestampSince(v.lastTimestamp, nowMs)
  let count = v.count
  if (v.series) {
    lastSeen = translateTimestampSince(v.seriesLastObserved, nowMs)
    count = v.seriesCount ?? 0
  } else if (count === 0) count = 1 // singleton events.k8s.io events carry no count
  const object = v.objectName ? `${v.kind.toLowerCase()}/${v.objectName}` : v.kind.toLowerCase()
  const component = v.sourceComponent || v.reportingController
  const instance = v.sourceHost || v.reportingInstance
  return { lastSeen, firstSeen, count, object, source: instance ? `${component}, ${instance}` : component }
}

const COLUMNS: readonly Column[] = [
  { name: 'Last Seen' },
  { name: 'Type' },
  { name: 'Reason' },
  { name: 'Object' },
  { name: 'Subobject', priority: 1 },
  { name: 'Source', priority: 1 },
  { name: 'Message' },
  { name: 'First Seen', priority: 1 },
  { name: 'Count', priority: 1 },
  { name: 'Name', priority: 1 },
]

export const EVENT_TABLE: TableView<AnyEvent> = {
  columns: COLUMNS,
  namespace: (e) => e.metadata?.namespace ?? '',
  row(e, nowMs) {
    const v = eventView(e)
    const c = eventCells(e, nowMs)
    return [
      c.lastSeen,
      v.type,
      v.reason,
      c.object,
      v.fieldPath,
      c.source,
      v.message.trim(),
      c.firstSeen,
      String(c.count),
      v.name,
    ]
  },
}

/** `kubectl get events [-o wide] [-A]`, in the order given. */
export function getEvents(events: readonly AnyEvent[], options: PrintOptions): string {
  return printTable(EVENT_TABLE, events, options)
}

/** The apiserver's list order: by namespace, then name (etcd key order). */
export function sortEventsAsListed<T extends AnyEvent>(events: readonly T[]): T[] {
  const key = (e: T) => `${e.metadata?.namespace ?? ''}/${e.metadata?.name ?? ''}`
  return [...events].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}
