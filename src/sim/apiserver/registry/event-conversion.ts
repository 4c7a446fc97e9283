/**
 * events.k8s.io/v1 and core/v1 Events are one stored object seen through two APIs
 * (pkg/apis/events/v1 conversion): regarding ↔ involvedObject, note ↔ message,
 * reportingController ↔ reportingComponent, deprecated* ↔ the core fields.
 *
 * Every Event a component records is converted twice (stored as core/v1, answered as
 * events.k8s.io/v1), so the copies are made with one loop over the keys rather than rest
 * destructuring, which V8 runs on a slow path; the keys come out in the same order.
 */
import { type KubeObject, setOwn } from '../../../api/types'

const V1_ONLY = new Set([
  'regarding',
  'note',
  'reportingController',
  'deprecatedSource',
  'deprecatedFirstTimestamp',
  'deprecatedLastTimestamp',
  'deprecatedCount',
  'apiVersion',
])

const CORE_ONLY = new Set([
  'involvedObject',
  'message',
  'reportingComponent',
  'source',
  'firstTimestamp',
  'lastTimestamp',
  'count',
  'apiVersion',
])

/** The fields of `e` other than `without`, in order (an object rest: `{ a, b, ...rest } = e`). */
function rest(e: Record<string, unknown>, without: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(e)) if (!without.has(k)) setOwn(out, k, e[k])
  return out
}

export function eventsV1ToCore(e: KubeObject): KubeObject {
  const v1 = e as Record<string, unknown>
  const out = rest(v1, V1_ONLY)
  out.apiVersion = 'v1'
  out.kind = 'Event'
  out.involvedObject = v1.regarding
  out.message = v1.note
  out.reportingComponent = v1.reportingController
  out.source = v1.deprecatedSource ?? {}
  out.firstTimestamp = v1.deprecatedFirstTimestamp ?? null
  out.lastTimestamp = v1.deprecatedLastTimestamp ?? null
  out.count = v1.deprecatedCount ?? 0
  return out as KubeObject
}

export function coreToEventsV1(e: KubeObject): KubeObject {
  const core = e as Record<string, unknown>
  const out = rest(core, CORE_ONLY)
  out.apiVersion = 'events.k8s.io/v1'
  out.kind = 'Event'
  out.regarding = core.involvedObject
  out.note = core.message
  out.reportingController = core.reportingComponent
  const source = core.source
  if (source && Object.keys(source as object).length) out.deprecatedSource = source
  if (core.firstTimestamp) out.deprecatedFirstTimestamp = core.firstTimestamp
  if (core.lastTimestamp) out.deprecatedLastTimestamp = core.lastTimestamp
  if (core.count) out.deprecatedCount = core.count
  return out as KubeObject
}
