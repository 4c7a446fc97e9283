/**
 * events.k8s.io/v1 and core/v1 Events are one stored object seen through two APIs
 * (pkg/apis/events/v1 conversion): regarding ↔ involvedObject, note ↔ message,
 * reportingController ↔ reportingComponent, deprecated* ↔ the core fields.
 */
import type { KubeObject } from '../../../api/types'

export function eventsV1ToCore(e: KubeObject): KubeObject {
  const {
    regarding,
    note,
    reportingController,
    deprecatedSource,
    deprecatedFirstTimestamp,
    deprecatedLastTimestamp,
    deprecatedCount,
    apiVersion: _,
    ...rest
  } = e as Record<string, unknown>
  return {
    ...rest,
    apiVersion: 'v1',
    kind: 'Event',
    involvedObject: regarding,
    message: note,
    reportingComponent: reportingController,
    source: deprecatedSource ?? {},
    firstTimestamp: deprecatedFirstTimestamp ?? null,
    lastTimestamp: deprecatedLastTimestamp ?? null,
    count: deprecatedCount ?? 0,
  } as KubeObject
}

export function coreToEventsV1(e: KubeObject): KubeObject {
  const {
    involvedObject,
    message,
    reportingComponent,
    source,
    firstTimestamp,
    lastTimestamp,
    count,
    apiVersion: _,
    ...rest
  } = e as Record<string, unknown>
  return {
    ...rest,
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    regarding: involvedObject,
    note: message,
    reportingController: reportingComponent,
    ...(source && Object.keys(source as object).length ? { deprecatedSource: source } : {}),
    ...(firstTimestamp ? { deprecatedFirstTimestamp: firstTimestamp } : {}),
    ...(lastTimestamp ? { deprecatedLastTimestamp: lastTimestamp } : {}),
    ...(count ? { deprecatedCount: count } : {}),
  } as KubeObject
}
