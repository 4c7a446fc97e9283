/**
 * A list-watch informer, the way client-go's SharedInformer works: LIST to fill the cache and
 * learn a resourceVersion, then WATCH from it; every change updates the cache and calls the
 * handlers. On a `410 Gone` (an ERROR event, or a watch refused with 410) the informer stops that
 * watch and lists again, as client-go's reflector does. When the connection under a LIST, a WATCH
 * or an open watch's stream is lost (a drop-message fault), it backs off and lists and watches
 * again (reflector.go: ListAndWatch returns, wait.BackoffUntil runs it again).
 *
 * Simplification: handlers run synchronously when the watch event is delivered (client-go queues
 * them through a DeltaFIFO on another goroutine); the order of notifications is the same.
 */
import type { ResourceInfo } from '../../api/resources'
import { type KubeObject, objectKey } from '../../api/types'
import type { WatchEvent } from '../apiserver/http'
import { type Proc, sleep } from '../kernel/kernel'
import type { Message, Stage } from '../kernel/trace'
import { CacheIndex } from './cache-index'
import { type ApiClient, type ListOptions, TRANSPORT_ERROR } from './client'

/**
 * The reflector's back-off before it lists and watches again after a failure (reflector.go:
 * wait.NewExponentialBackoffManager(800ms, 30s, 2m, 2.0, 1.0); its jitter is left out).
 */
export const RELIST_BACKOFF_MS = 800

/** Handlers get the watch event's message, or undefined for changes found by a (re)list. */
export interface EventHandlers<T extends KubeObject> {
  add?(obj: T, message: Message | undefined): void
  update?(oldObj: T, newObj: T, message: Message | undefined): void
  delete?(obj: T, message: Message | undefined): void
}

export class Informer<T extends KubeObject> {
  /** The cache: what this component currently believes, keyed by `namespace/name`. */
  readonly store = new Map<string, T>()
  /** Indexers (client-go's cache.Indexers): for each name, the index values of an object. */
  private readonly indexers = new Map<string, (obj: T) => readonly string[]>()
  /** For each indexer, the keys of the cached objects under each index value. */
  private readonly indices = new Map<string, CacheIndex>()
  /** When each key entered the cache, so lookups by index list objects in the cache's order. */
  private readonly order = new Map<string, number>()
  private nextOrder = 0
  private readonly handlers: EventHandlers<T>[] = []
  private synced = false
  private resourceVersion = '0'
  /** The open watch (its request's message id), stopped before a relist opens the next one. */
  private watchId: number | undefined

  constructor(
    private readonly client: ApiClient,
    readonly info: ResourceInfo,
    private readonly options: ListOptions & { namespace?: string },
    /** The stage of the story this informer's traffic belongs to (`schedule-watch`, `kubelet-watch`). */
    private readonly stage: Stage,
  ) {}

  addEventHandler(handlers: EventHandlers<T>): void {
    this.handlers.push(handlers)
  }

  get hasSynced(): boolean {
    return this.synced
  }

  get(key: string): T | undefined {
    return this.store.get(key)
  }

  list(): T[] {
    return [...this.store.values()]
  }

  /**
   * Add an indexer (cache.Indexer.AddIndexers); one already added under `name` stays. Informers
   * are shared, so controllers that index the same way add it once each.
   */
  addIndexer(name: string, indexFunc: (obj: T) => readonly string[]): void {
    if (this.indexers.has(name)) return
    this.indexers.set(name, indexFunc)
    const index = new CacheIndex((key) => this.order.get(key) ?? 0)
    this.indices.set(name, index)
    for (const [key, obj] of this.store) for (const v of indexFunc(obj)) index.add(v, key)
  }

  /**
   * The cached objects with any of `values` under indexer `name` (cache.Indexer.ByIndex), in the
   * order `list()` gives them, so what a controller does with them does not depend on the index.
   */
  byIndex(name: string, ...values: string[]): T[] {
    const index = this.indices.get(name)
    if (!index) throw new Error(`informer ${this.info.resource}: no indexer ${name}`)
    return index.keys(values).map((key) => this.store.get(key) as T)
  }

  /** Put an object in the cache, keeping the indices up to date. */
  private put(key: string, obj: T, old: T | undefined): void {
    if (!old) this.order.set(key, this.nextOrder++)
    this.store.set(key, obj)
    for (const [name, indexFunc] of this.indexers) {
      const index = this.indices.get(name) as CacheIndex
      const next = indexFunc(obj)
      // A key whose value did not change keeps its place: taken out and put back it would join
      // its bucket out of order, and every read of the bucket would sort it again.
      if (old) for (const v of indexFunc(old)) if (!next.includes(v)) index.remove(v, key)
      for (const v of next) index.add(v, key)
    }
  }

  private remove(key: string, old: T): void {
    this.store.delete(key)
    this.order.delete(key)
    for (const [name, indexFunc] of this.indexers) {
      const index = this.indices.get(name) as CacheIndex
      for (const v of indexFunc(old)) index.remove(v, key)
    }
  }

  /** LIST then WATCH; returns once the cache is filled and the watch is open. */
  *run(): Proc {
    for (;;) {
      if (!(yield* this.relist())) {
        yield* sleep(RELIST_BACKOFF_MS)
        continue
      }
      const watched = yield* this.client.watch(
        this.info,
        this.options.namespace,
        this.options,
        this.resourceVersion,
        'boot',
        {
          event: (event, message) => this.onEvent(event, message),
          lost: () => this.onLost(),
        },
      )
      if (watched.ok) {
        this.watchId = watched.watchId
        return
      }
      this.client.stopWatch(watched.watchId)
      if (watched.code === TRANSPORT_ERROR) {
        yield* sleep(RELIST_BACKOFF_MS)
        continue
      }
      // reflector.go: a watch refused as expired (410 Gone) means "list again", not failure.
      if (watched.code !== 410)
        throw new Error(`informer ${this.info.resource}: watch failed: ${watched.status.message}`)
    }
  }

  /** The open watch's stream broke: back off, then list and watch again. */
  private onLost(): void {
    this.watchId = undefined
    const kernel = this.client.kernel
    kernel.spawn(
      (function* (informer: Informer<T>): Proc {
        yield* sleep(RELIST_BACKOFF_MS)
        yield* informer.run()
      })(this),
      `relist ${this.info.resource}`,
    )
  }

  /**
   * LIST and bring the cache (and the handlers) up to date with it. False when the LIST got no
   * answer (a transport error): the caller backs off and tries again.
   */
  private *relist(): Proc<boolean> {
    const listed = yield* this.client.list<T>(this.info, this.options.namespace, this.options, 'boot')
    if (!listed.ok && listed.code === TRANSPORT_ERROR) return false
    if (!listed.ok) throw new Error(`informer ${this.info.resource}: list failed: ${listed.status.message}`)
    this.resourceVersion = listed.object.metadata.resourceVersion
    const seen = new Set<string>()
    for (const item of listed.object.items) {
      const key = objectKey(item)
      seen.add(key)
      const old = this.store.get(key)
      this.put(key, item, old)
      if (old) for (const h of this.handlers) h.update?.(old, item, undefined)
      else for (const h of this.handlers) h.add?.(item, undefined)
    }
    for (const [key, old] of [...this.store]) {
      if (!seen.has(key)) {
        this.remove(key, old)
        for (const h of this.handlers) h.delete?.(old, undefined)
      }
    }
    this.synced = true
    return true
  }

  private onEvent(event: WatchEvent, message: Message<WatchEvent>): void {
    if (event.type === 'ERROR') {
      // 410 Gone: the resourceVersion is too old. The reflector stops the watch whose stream
      // reported the error, then lists again and watches from the new list.
      this.client.stopWatch(event.watchId)
      if (this.watchId === event.watchId) this.watchId = undefined
      this.client.kernel.spawn(this.run(), `relist ${this.info.resource}`)
      return
    }
    const obj = event.object as T
    const rv = obj.metadata?.resourceVersion
    if (rv) this.resourceVersion = rv
    const key = objectKey(obj)
    switch (event.type) {
      case 'ADDED':
      case 'MODIFIED': {
        const old = this.store.get(key)
        this.put(key, obj, old)
        if (old) for (const h of this.handlers) h.update?.(old, obj, message)
        else for (const h of this.handlers) h.add?.(obj, message)
        return
      }
      case 'DELETED':
        // client-go's processDeltas hands OnDelete the event's object (the last state, at the
        // revision of the deletion), not the cached copy.
        this.remove(key, this.store.get(key) ?? obj)
        for (const h of this.handlers) h.delete?.(obj, message)
        return
      case 'BOOKMARK':
        return
    }
  }

  /** The stage used for this informer's watch events (read by components routing messages). */
  get watchStage(): Stage {
    return this.stage
  }
}
