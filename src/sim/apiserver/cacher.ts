/**
 * The watch cache of one resource (apiserver/pkg/storage/cacher): filled by one LIST + WATCH
 * against etcd, it keeps the current objects and a window of recent events, and fans every change
 * out to the client watches whose namespace, label and field selectors match.
 *
 * Filtering follows the cacher: a change that makes an object start matching a watch is sent as
 * ADDED, one that makes it stop matching as DELETED carrying the previous content at the event's
 * revision (so a kubelet watching `spec.nodeName=worker-1` sees a Pod ADDED when it is bound there).
 */
import { matches, type Selector } from '../../api/labels'
import type { ResourceInfo } from '../../api/resources'
import { deepFreeze, type KubeObject, type Status } from '../../api/types'
import type { WatchEventKV } from '../etcd/mvcc'
import type { ComponentId, Stage } from '../kernel/trace'
import { decode, forgetDecoded } from './codec'
import { type FieldRequirement, fieldValue, matchesFields } from './fields'
import type { WatchEventType } from './http'

export interface CachedEvent {
  readonly revision: number
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'
  readonly object: KubeObject
  readonly prevObject?: KubeObject
}

export interface ClientWatch {
  /** The id of the client's watch request message. */
  readonly id: number
  readonly client: ComponentId
  readonly namespace: string
  readonly labels: Selector
  readonly fields: readonly FieldRequirement[]
  readonly stage: Stage
}

export type SendWatchEvent = (watch: ClientWatch, type: WatchEventType, object: KubeObject) => void

/** How many recent events a cacher keeps for watches that start in the past. */
export const EVENT_WINDOW = 10_000

/**
 * The field the cacher indexes watches by (the registry's trigger function: pods register
 * NodeNameTriggerFunc). A watch whose field selector requires `spec.nodeName=x` is only offered
 * the events of Pods on x (before or after the change): with 1,000 kubelets each watching its own
 * node, an event is matched against one kubelet's watch, not a thousand.
 */
const TRIGGER_FIELD: Readonly<Record<string, string>> = { pods: 'spec.nodeName' }

/** A registered watch and the order it was registered in (events go out in that order). */
interface Registered {
  readonly watch: ClientWatch
  readonly seq: number
}

export class Cacher {
  readonly objects = new Map<string, KubeObject>()
  /**
   * The event window: `events[head…]`. Trimming advances `head` and compacts the array only once
   * the dropped prefix is as long as the window, so each event is moved O(1) times; splicing the
   * front off a 10,000-event array on every change was ~9 % of a busy apiserver's time.
   */
  private readonly events: CachedEvent[] = []
  private head = 0
  private readonly watches = new Map<number, Registered>()
  /** Watches indexed by their trigger value (see TRIGGER_FIELD), and the ones without one. */
  private readonly byTrigger = new Map<string, Registered[]>()
  private readonly unindexed: Registered[] = []
  /** The unindexed watches, rebuilt (not mutated) when they change: most events go to just these. */
  private unindexedWatches: readonly ClientWatch[] = []
  private readonly triggerField: string | undefined
  private nextSeq = 0
  /** Per event, its previous object at the event's revision (see lastSeen). */
  private readonly stoppedMatching = new WeakMap<CachedEvent, KubeObject>()
  /** Revision the cache is complete from: events after it are all in `events` (until trimmed). */
  private oldestRevision: number
  /** Bumped by every change applied: readers that derive data from the objects notice changes. */
  version = 0

  constructor(
    readonly info: ResourceInfo,
    listRevision: number,
    initial: readonly { key: string; object: KubeObject }[],
    private readonly send: SendWatchEvent,
  ) {
    this.oldestRevision = listRevision
    this.triggerField = TRIGGER_FIELD[info.resource]
    for (const { key, object } of initial) this.objects.set(key, object)
  }

  /** Apply one batch of etcd watch events and fan them out. */
  apply(events: readonly WatchEventKV<unknown>[]): void {
    if (events.length > 0) this.version++
    for (const e of events) {
      const key = e.kv.key
      const prev = e.prevKv ? decode(e.prevKv) : undefined
      if (e.prevKv) forgetDecoded(e.prevKv)
      let ev: CachedEvent
      if (e.type === 'DELETE') {
        // The deleted object, at the revision of its deletion.
        const last = e.prevKv ? decode(e.prevKv, e.kv.modRevision) : (prev as KubeObject)
        this.objects.delete(key)
        ev = {
          revision: e.kv.modRevision,
          type: 'DELETED',
          object: last,
          ...(prev ? { prevObject: prev } : {}),
        }
      } else {
        const obj = decode(e.kv)
        this.objects.set(key, obj)
        ev = {
          revision: e.kv.modRevision,
          type: prev ? 'MODIFIED' : 'ADDED',
          object: obj,
          ...(prev ? { prevObject: prev } : {}),
        }
      }
      this.events.push(ev)
      for (const w of this.candidates(ev)) this.dispatch(w, ev)
    }
    const kept = this.events.length - this.head
    if (kept > EVENT_WINDOW) {
      this.head += kept - EVENT_WINDOW
      this.oldestRevision = (this.events[this.head - 1] as CachedEvent).revision
      if (this.head >= EVENT_WINDOW) {
        this.events.splice(0, this.head)
        this.head = 0
      }
    }
  }

  /**
   * Start a client watch from `resourceVersion` (events after it are replayed). Returns false when
   * the version is older than the window: the caller answers `410 Gone`, and the watch is never
   * registered, so nothing is ever sent on it.
   */
  /** The components with an open watch on this resource, each once, in the order they started. */
  watchers(): ComponentId[] {
    return [...new Set([...this.watches.values()].map((r) => r.watch.client))]
  }

  watch(w: ClientWatch, resourceVersion: number): boolean {
    if (resourceVersion !== 0 && resourceVersion < this.oldestRevision) return false
    if (resourceVersion === 0) {
      // RV "0": start with the current state, as synthetic ADDED events.
      for (const obj of this.objects.values()) if (this.matches(w, obj)) this.send(w, 'ADDED', obj)
    } else {
      for (let i = this.head; i < this.events.length; i++) {
        const ev = this.events[i] as CachedEvent
        if (ev.revision > resourceVersion) this.dispatch(w, ev)
      }
    }
    this.register(w)
    return true
  }

  private register(w: ClientWatch): void {
    const r: Registered = { watch: w, seq: this.nextSeq++ }
    this.watches.set(w.id, r)
    const value = this.triggerValueOf(w)
    if (value === undefined) {
      this.unindexed.push(r)
      this.unindexedWatches = this.unindexed.map((u) => u.watch)
    } else {
      const bucket = this.byTrigger.get(value)
      if (bucket) bucket.push(r)
      else this.byTrigger.set(value, [r])
    }
  }

  private unregister(watchId: number): ClientWatch | undefined {
    const r = this.watches.get(watchId)
    if (!r) return undefined
    this.watches.delete(watchId)
    const value = this.triggerValueOf(r.watch)
    const list = value === undefined ? this.unindexed : this.byTrigger.get(value)
    if (list) {
      list.splice(list.indexOf(r), 1)
      if (value !== undefined && list.length === 0) this.byTrigger.delete(value)
      if (value === undefined) this.unindexedWatches = this.unindexed.map((u) => u.watch)
    }
    return r.watch
  }

  /** The value a watch's field selector requires of the trigger field, if it requires one. */
  private triggerValueOf(w: ClientWatch): string | undefined {
    if (this.triggerField === undefined) return undefined
    return w.fields.find((f) => f.field === this.triggerField && f.op === '=')?.value
  }

  /**
   * The watches an event can concern, in registration order: the unindexed ones and those indexed
   * by the trigger value of the object before or after the change. The others' selectors cannot
   * match either version, so skipping them sends exactly what matching every watch would.
   */
  private candidates(ev: CachedEvent): readonly ClientWatch[] {
    if (this.triggerField === undefined || this.byTrigger.size === 0) return this.unindexedWatches
    const now = this.byTrigger.get(fieldValue(ev.object, this.triggerField))
    const before = ev.prevObject && this.byTrigger.get(fieldValue(ev.prevObject, this.triggerField))
    if (!now && !before) return this.unindexedWatches
    const all = [...this.unindexed, ...(now ?? []), ...(before && before !== now ? before : [])]
    all.sort((a, b) => a.seq - b.seq)
    return all.map((r) => r.watch)
  }

  /** Whether watch `watchId` is open (events are being sent on it). */
  has(watchId: number): boolean {
    return this.watches.has(watchId)
  }

  stop(watchId: number): void {
    this.unregister(watchId)
  }

  /**
   * End watch `watchId` with an ERROR event carrying `status` (e.g. 410 Gone). An ERROR is the
   * last event of a watch: the apiserver closes the stream after it (cacher.go's errWatcher), so
   * the watch is removed and hears nothing more. Returns false when the watch is not open.
   */
  fail(watchId: number, status: Status): boolean {
    const w = this.unregister(watchId)
    if (!w) return false
    this.send(w, 'ERROR', status as KubeObject)
    return true
  }

  list(namespace: string): KubeObject[] {
    const out: KubeObject[] = []
    for (const obj of this.objects.values())
      if (!namespace || obj.metadata?.namespace === namespace) out.push(obj)
    return out
  }

  private dispatch(w: ClientWatch, ev: CachedEvent): void {
    const now = ev.type !== 'DELETED' && this.matches(w, ev.object)
    const before = ev.prevObject !== undefined && this.matches(w, ev.prevObject)
    if (ev.type === 'DELETED') {
      if (before) this.send(w, 'DELETED', ev.object)
    } else if (now && before) this.send(w, 'MODIFIED', ev.object)
    else if (now) this.send(w, 'ADDED', ev.object)
    else if (before) this.send(w, 'DELETED', this.lastSeen(ev))
  }

  /**
   * The object a watch stops matching, as cache_watcher.go convertToWatchEvent sends it: "a delete
   * event with the previous object content, but with the event's resource version". Built once
   * per event (frozen, like every decoded object) and shared by the watches it concerns.
   */
  private lastSeen(ev: CachedEvent): KubeObject {
    let obj = this.stoppedMatching.get(ev)
    if (!obj) {
      const prev = ev.prevObject as KubeObject
      obj = deepFreeze({ ...prev, metadata: { ...prev.metadata, resourceVersion: String(ev.revision) } })
      this.stoppedMatching.set(ev, obj)
    }
    return obj
  }

  private matches(w: ClientWatch, obj: KubeObject): boolean {
    if (w.namespace && obj.metadata?.namespace !== w.namespace) return false
    return matches(obj.metadata?.labels, w.labels) && matchesFields(obj, w.fields)
  }
}
