/**
 * Event recorders: how components write Events (what `kubectl get events` and `kubectl describe`
 * show) through the apiserver.
 *
 * Two APIs, as in v1.33: the kubelet and kube-controller-manager use the legacy core/v1 recorder
 * (`source.component`, `firstTimestamp`, `count`); kube-scheduler uses the events.k8s.io/v1
 * broadcaster (`reportingController`, `action`, `eventTime`). Both land under /registry/events.
 *
 * Events are written asynchronously (client-go sends them from its own goroutine), so recording
 * never blocks the component's work. Repeats of the same event are correlated into one Event whose
 * count goes up, as the core/v1 recorder's EventCorrelator does (PATCH instead of POST).
 */
import { EVENTS, EVENTS_V1 } from '../../api/resources'
import type { Event, KubeObject } from '../../api/types'
import type { Proc } from '../kernel/kernel'
import type { ApiClient } from './client'

export type EventType = 'Normal' | 'Warning'

export interface EventSource {
  /** `kubelet`, `default-scheduler`, `deployment-controller`, `replicaset-controller`. */
  readonly component: string
  /** The node name, for kubelets. */
  readonly host?: string
}

export interface EventOptions {
  /** e.g. `spec.containers{nginx}` for image and container events. */
  readonly fieldPath?: string
  /** events.k8s.io `action` (`Binding`, `Scheduling`). */
  readonly action?: string
}

/** The object an event is about, as `involvedObject` / `regarding`. */
export function objectReference(obj: KubeObject, fieldPath?: string): NonNullable<Event['involvedObject']> {
  const m = obj.metadata ?? {}
  return {
    kind: obj.kind,
    ...(m.namespace ? { namespace: m.namespace } : {}),
    name: m.name,
    uid: m.uid,
    apiVersion: obj.apiVersion,
    resourceVersion: m.resourceVersion,
    ...(fieldPath ? { fieldPath } : {}),
  }
}

interface Correlated {
  readonly namespace: string
  readonly name: string
  count: number
}

export class EventRecorder {
  private readonly seen = new Map<string, Correlated>()
  private nanosTieBreak = 0
  private lastMs = -1

  constructor(
    private readonly client: ApiClient,
    private readonly source: EventSource,
    private readonly api: 'core/v1' | 'events.k8s.io/v1' = 'core/v1',
  ) {}

  /** Record an event; returns immediately (the write happens in its own process). */
  event(obj: KubeObject, type: EventType, reason: string, message: string, options: EventOptions = {}): void {
    const kernel = this.client.kernel
    kernel.spawn(this.write(obj, type, reason, message, options), `event ${reason}`)
  }

  /** `<name>.<unix nanoseconds in hex>`, as client-go names events. */
  private eventName(objName: string): string {
    const kernel = this.client.kernel
    const ms = kernel.epochMs + kernel.nowMs
    this.nanosTieBreak = ms === this.lastMs ? this.nanosTieBreak + 1 : 0
    this.lastMs = ms
    const nanos = BigInt(ms) * 1_000_000n + BigInt(this.nanosTieBreak)
    return `${objName}.${nanos.toString(16)}`
  }

  private *write(
    obj: KubeObject,
    type: EventType,
    reason: string,
    message: string,
    options: EventOptions,
  ): Proc {
    const kernel = this.client.kernel
    const namespace = obj.metadata?.namespace || 'default'
    const ref = objectReference(obj, options.fieldPath)
    if (this.api === 'events.k8s.io/v1') {
      const body = {
        apiVersion: 'events.k8s.io/v1',
        kind: 'Event',
        metadata: { name: this.eventName(ref.name ?? ''), namespace },
        eventTime: kernel.microTime(),
        reportingController: this.source.component,
        reportingInstance: `${this.source.component}-${this.source.host ?? 'control-plane'}`,
        action: options.action ?? reason,
        reason,
        regarding: ref,
        note: message,
        type,
      }
      yield* this.client.create(EVENTS_V1, namespace, body, 'event')
      return
    }
    const correlationKey = [ref.uid, ref.fieldPath ?? '', type, reason, message].join('\u0000')
    const previous = this.seen.get(correlationKey)
    const now = kernel.wallTime()
    if (previous) {
      previous.count++
      yield* this.client.patch(
        EVENTS,
        previous.namespace,
        previous.name,
        { count: previous.count, lastTimestamp: now },
        'application/strategic-merge-patch+json',
        'event',
      )
      return
    }
    const name = this.eventName(ref.name ?? '')
    this.seen.set(correlationKey, { namespace, name, count: 1 })
    const body: Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: ref,
      reason,
      message,
      source: { component: this.source.component, ...(this.source.host ? { host: this.source.host } : {}) },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      type,
      reportingComponent: this.source.component,
      reportingInstance: this.source.host ?? '',
    }
    yield* this.client.create(EVENTS, namespace, body as unknown as KubeObject, 'event')
  }
}
