/**
 * The Events section of `kubectl describe`, and which Events describe shows for an object.
 *
 * kubectl: staging/src/k8s.io/kubectl/pkg/describe/describe.go (DescribeEvents, PodDescriber and
 * NodeDescriber's searches), pkg/util/event/sorted_event_list.go (SortableEvents: by
 * lastTimestamp), client-go events Search/GetFieldSelector.
 *
 * - Events are sorted by lastTimestamp; an events.k8s.io event (kube-scheduler's `Scheduled`) has
 *   none, so it sorts first. Ties keep the list order (Go's sort is stable for short lists).
 * - Age: the first time (eventTime, else firstTimestamp), or `<last> (x<count> over <first>)` for
 *   a repeated event (a series, or count > 1).
 * - From: source.component, else the reporting controller.
 */

import { LEVEL_0, LEVEL_1, type PrefixWriter } from './describe-writer'
import { translateTimestampSince } from './duration'
import { type AnyEvent, eventView } from './events'

/** The reference describe searches Events for (GetReference; empty fields are not matched). */
export interface EventSearch {
  readonly kind?: string
  readonly name: string
  /** The involved object's namespace; also the namespace the Events are listed in, when set. */
  readonly namespace?: string
  readonly uid?: string
}

/** client-go's Search: the Events about `ref`, in list order. */
export function searchEvents(ref: EventSearch, events: readonly AnyEvent[]): AnyEvent[] {
  return events.filter((e) => {
    const v = eventView(e)
    if (ref.namespace && v.namespace !== ref.namespace) return false
    if (v.objectName !== ref.name || v.objectNamespace !== (ref.namespace ?? '')) return false
    if (ref.kind && v.kind !== ref.kind) return false
    if (ref.uid && v.objectUid !== ref.uid) return false
    return true
  })
}

/** PodDescriber: the Pod's Events (by name, namespace and uid; not by kind). */
export function podEvents(
  pod: { metadata?: { name?: string; namespace?: string; uid?: string } },
  events: readonly AnyEvent[],
): AnyEvent[] {
  const m = pod.metadata ?? {}
  return searchEvents(
    { name: m.name ?? '', namespace: m.namespace ?? '', ...(m.uid ? { uid: m.uid } : {}) },
    events,
  )
}

/**
 * NodeDescriber: the Node's Events from two searches, appended: by the Node's uid (controllers)
 * and by its name as uid (the kubelet's node events).
 */
export function nodeEvents(
  node: { metadata?: { name?: string; uid?: string } },
  events: readonly AnyEvent[],
): AnyEvent[] {
  const name = node.metadata?.name ?? ''
  const uid = node.metadata?.uid
  return [
    ...searchEvents({ kind: 'Node', name, ...(uid ? { uid } : {}) }, events),
    ...searchEvents({ kind: 'Node', name, ...(name ? { uid: name } : {}) }, events),
  ]
}

const lastTimestampMs = (e: AnyEvent): number => {
  const t = eventView(e).lastTimestamp
  const ms = t ? Date.parse(t) : Number.NaN
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms
}

/** The Age column: `5s`, or `3s (x7 over 4m)` for a repeated event. */
export function eventInterval(e: AnyEvent, nowMs: number): string {
  const v = eventView(e)
  const first = v.eventTime
    ? translateTimestampSince(v.eventTime, nowMs)
    : translateTimestampSince(v.firstTimestamp, nowMs)
  if (v.series) {
    return `${translateTimestampSince(v.seriesLastObserved, nowMs)} (x${v.seriesCount ?? 0} over ${first})`
  }
  if (v.count > 1) return `${translateTimestampSince(v.lastTimestamp, nowMs)} (x${v.count} over ${first})`
  return first
}

/** DescribeEvents: `Events:  <none>`, or the Type / Reason / Age / From / Message table. */
export function describeEvents(events: readonly AnyEvent[], w: PrefixWriter, nowMs: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n')
    return
  }
  const sorted = events
    .map((e, i) => ({ e, i, t: lastTimestampMs(e) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e)
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n')
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n')
  for (const e of sorted) {
    const v = eventView(e)
    const source = v.sourceComponent || v.reportingController
    w.write(LEVEL_1, `${v.type}\t${v.reason}\t${eventInterval(e, nowMs)}\t${source}\t${v.message.trim()}\n`)
  }
}
