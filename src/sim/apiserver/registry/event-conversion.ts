/**
 * events.k8s.io/v1 and core/v1 Events are one stored object seen through two APIs
 * (pkg/apis/events/v1 conversion): regarding ↔ involvedObject, note ↔ message,
 * reportingController ↔ reportingComponent, deprecated* ↔ the core fields.
 *
 * Every Event a component records is converted twice (stored as core/v1, answered as
 * events.k8s.io/v1), so each copy is built field by field in the Go struct's order (what the
 * apiserver's JSON shows), without rest destructuring, which V8 runs on a slow path.
 */
import type { KubeObject } from '../../../api/types'

/** Set `k` when `v` is not empty (an omitempty field). */
function setIf(out: Record<string, unknown>, k: string, v: unknown): void {
  if (v !== undefined && v !== null && v !== '' && v !== 0) out[k] = v
}

/**
 * A core/v1 Event as encoding/json writes the Go struct (k8s.io/api/core/v1 Event): `source`,
 * `firstTimestamp`, `lastTimestamp` and `eventTime` are structs, never omitted (a zero time is
 * `null`); `reportingComponent` and `reportingInstance` have no omitempty (`""`); `count` is an
 * omitempty int32, absent when 0. In place.
 */
export function normalizeCoreEvent(e: KubeObject): void {
  const o = e as Record<string, unknown>
  o.source ??= {}
  o.firstTimestamp ??= null
  o.lastTimestamp ??= null
  if (!o.count) delete o.count
  o.eventTime ??= null
  o.reportingComponent ??= ''
  o.reportingInstance ??= ''
}

/** The stored (core/v1) form of an events.k8s.io/v1 Event, its fields in the Go struct's order. */
export function eventsV1ToCore(e: KubeObject): KubeObject {
  const v1 = e as Record<string, unknown>
  const out: Record<string, unknown> = { apiVersion: 'v1', kind: 'Event', metadata: v1.metadata }
  out.involvedObject = v1.regarding ?? {}
  setIf(out, 'reason', v1.reason)
  setIf(out, 'message', v1.note)
  out.source = v1.deprecatedSource ?? {}
  out.firstTimestamp = v1.deprecatedFirstTimestamp ?? null
  out.lastTimestamp = v1.deprecatedLastTimestamp ?? null
  setIf(out, 'count', v1.deprecatedCount)
  setIf(out, 'type', v1.type)
  out.eventTime = v1.eventTime ?? null
  setIf(out, 'series', v1.series)
  setIf(out, 'action', v1.action)
  setIf(out, 'related', v1.related)
  out.reportingComponent = v1.reportingController ?? ''
  out.reportingInstance = v1.reportingInstance ?? ''
  return out as KubeObject
}

/**
 * The events.k8s.io/v1 view of a stored Event, in that struct's order: eventTime, deprecatedSource
 * and the deprecated times are structs (always written, a zero time as null);
 * reportingController, reportingInstance and deprecatedCount are omitempty.
 */
export function coreToEventsV1(e: KubeObject): KubeObject {
  const core = e as Record<string, unknown>
  const out: Record<string, unknown> = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: core.metadata,
  }
  out.eventTime = core.eventTime ?? null
  setIf(out, 'series', core.series)
  setIf(out, 'reportingController', core.reportingComponent)
  setIf(out, 'reportingInstance', core.reportingInstance)
  setIf(out, 'action', core.action)
  setIf(out, 'reason', core.reason)
  out.regarding = core.involvedObject ?? {}
  setIf(out, 'related', core.related)
  setIf(out, 'note', core.message)
  setIf(out, 'type', core.type)
  out.deprecatedSource = core.source ?? {}
  out.deprecatedFirstTimestamp = core.firstTimestamp ?? null
  out.deprecatedLastTimestamp = core.lastTimestamp ?? null
  setIf(out, 'deprecatedCount', core.count)
  return out as KubeObject
}
