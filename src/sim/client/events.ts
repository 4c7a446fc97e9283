/**
 * Event recorders: how components write Events (what `kubectl get events` and `kubectl describe`
 * show) through the apiserver.
 *
 * Two APIs, as in v1.33: the kubelet and kube-controller-manager use the legacy core/v1 recorder
 * (`source.component`, `firstTimestamp`, `count`); kube-scheduler uses the events.k8s.io/v1
 * broadcaster (`reportingController`, `action`, `eventTime`). Both land under /registry/events.
 *
 * Events are written asynchronously (client-go's broadcaster sends them from its own goroutine, one
 * at a time), so recording never blocks the component's work. Repeats of the same event are
 * correlated into one Event whose count goes up, as the core/v1 recorder's EventCorrelator does
 * (PATCH of count, lastTimestamp and message instead of POST).
 *
 * The queue between recording and writing is bounded, as client-go's broadcaster is
 * (`watch.NewLongQueueBroadcaster(maxQueuedEvents, watch.DropIfChannelFull)`, maxQueuedEvents =
 * 1000, in both tools/record and tools/events): an event recorded while 1000 wait for the writer is
 * dropped. Only a large run gets there: a scheduler binding a burst of thousands of Pods records
 * their events faster than one writer, one request at a time, can write them.
 */
import { EVENTS, EVENTS_V1 } from '../../api/resources'
import type { Event, KubeObject } from '../../api/types'
import { Fifo } from '../kernel/fifo'
import { type Proc, type Process, Signal, wait } from '../kernel/kernel'
import type { ApiClient } from './client'

export type EventType = 'Normal' | 'Warning'

/** client-go's maxQueuedEvents: how many recorded events may wait for the writer. */
export const MAX_QUEUED_EVENTS = 1000

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
  /** events.k8s.io `related`: a second object the event is about (the preemptor of a victim). */
  readonly related?: KubeObject
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

/** What the correlator remembers of an Event it wrote (client-go's eventLogger cache entry). */
interface Correlated {
  readonly namespace: string
  readonly name: string
  readonly firstTimestamp: string
  count: number
}

/** An event as recorded: named and timed when the component records it, written later. */
interface Recorded {
  readonly obj: KubeObject
  readonly type: EventType
  readonly reason: string
  readonly message: string
  readonly options: EventOptions
  readonly name: string
  readonly namespace: string
  /** metav1.Time of the recording (core/v1). */
  readonly time: string
  /** metav1.MicroTime of the recording (events.k8s.io/v1). */
  readonly microTime: string
  /** What the component was handling when it recorded the event: the cause of its write. */
  readonly cause: number | null
}

export class EventRecorder {
  private readonly seen = new Map<string, Correlated>()
  private nanosTieBreak = 0
  private lastMs = -1
  /** Recorded events not yet written, oldest first (the broadcaster's channel). */
  private readonly pending = new Fifo<Recorded>()
  private readonly ready = new Signal()
  private writer: Process | undefined
  /** Events dropped because MAX_QUEUED_EVENTS were already waiting (client-go logs each one). */
  dropped = 0

  constructor(
    private readonly client: ApiClient,
    private readonly source: EventSource,
    private readonly api: 'core/v1' | 'events.k8s.io/v1' = 'core/v1',
  ) {}

  /**
   * Record an event; returns immediately. The event is named and timed now, and written later by
   * the recorder's one writer process, one request at a time and in recording order (client-go's
   * broadcaster goroutine), so a repeat's PATCH always follows the POST it correlates with.
   * Dropped when the writer is MAX_QUEUED_EVENTS behind.
   */
  event(obj: KubeObject, type: EventType, reason: string, message: string, options: EventOptions = {}): void {
    if (this.pending.length >= MAX_QUEUED_EVENTS) {
      this.dropped++
      return
    }
    const kernel = this.client.kernel
    this.pending.push({
      obj,
      type,
      reason,
      message,
      options,
      name: this.eventName(obj.metadata?.name ?? ''),
      namespace: obj.metadata?.namespace || 'default',
      time: kernel.wallTime(),
      microTime: kernel.microTime(),
      cause: kernel.cause,
    })
    if (this.writer) kernel.notify(this.ready)
    else this.writer = kernel.spawn(this.writeAll(), `events ${this.source.component}`)
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

  /** The writer: takes the recorded events in order, one write at a time; waits when none is left. */
  private *writeAll(): Proc {
    for (;;) {
      const next = this.pending.shift()
      if (!next) {
        yield* wait(this.ready)
        continue
      }
      // The write follows from what the component was doing when it recorded the event, not from
      // the previous write's response that resumed this process.
      this.client.kernel.cause = next.cause
      yield* this.write(next)
    }
  }

  private *write(e: Recorded): Proc {
    const ref = objectReference(e.obj, e.options.fieldPath)
    if (this.api === 'events.k8s.io/v1') {
      const body = {
        apiVersion: 'events.k8s.io/v1',
        kind: 'Event',
        metadata: { name: e.name, namespace: e.namespace },
        eventTime: e.microTime,
        reportingController: this.source.component,
        reportingInstance: `${this.source.component}-${this.source.host ?? 'control-plane'}`,
        action: e.options.action ?? e.reason,
        reason: e.reason,
        regarding: ref,
        ...(e.options.related ? { related: objectReference(e.options.related) } : {}),
        note: e.message,
        type: e.type,
      }
      yield* this.client.create(EVENTS_V1, e.namespace, body, 'event')
      return
    }
    // record.go EventCorrelator: a repeat (same object, fieldPath, type, reason and message) is
    // a PATCH of the Event first written for it.
    const correlationKey = [ref.uid, ref.fieldPath ?? '', e.type, e.reason, e.message].join('\u0000')
    const previous = this.seen.get(correlationKey)
    if (previous) {
      const count = previous.count + 1
      const patched = yield* this.client.patch(
        EVENTS,
        previous.namespace,
        previous.name,
        { count, lastTimestamp: e.time, message: e.message },
        'application/strategic-merge-patch+json',
        'event',
      )
      if (patched.ok) previous.count = count
      // record.go recordEvent: the PATCH can fail because the Event was removed meanwhile; then
      // the repeat is created again under the same name, count included.
      if (patched.ok || patched.code !== 404) return
      const created = yield* this.create(e, ref, previous.name, previous.firstTimestamp, count)
      if (created) previous.count = count
      return
    }
    if (yield* this.create(e, ref, e.name, e.time, 1))
      this.seen.set(correlationKey, {
        namespace: e.namespace,
        name: e.name,
        firstTimestamp: e.time,
        count: 1,
      })
  }

  /** POST a core/v1 Event; true when it was stored. */
  private *create(
    e: Recorded,
    ref: NonNullable<Event['involvedObject']>,
    name: string,
    firstTimestamp: string,
    count: number,
  ): Proc<boolean> {
    const body: Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: e.namespace },
      involvedObject: ref,
      reason: e.reason,
      message: e.message,
      source: { component: this.source.component, ...(this.source.host ? { host: this.source.host } : {}) },
      firstTimestamp,
      lastTimestamp: e.time,
      count,
      type: e.type,
      // A metav1.MicroTime struct: client-go's Event carries it, unset, as null.
      eventTime: null as unknown as string,
      reportingComponent: this.source.component,
      reportingInstance: this.source.host ?? '',
    }
    const created = yield* this.client.create(EVENTS, e.namespace, body as unknown as KubeObject, 'event')
    return created.ok
  }
}
