/**
 * An MVCC key-value store with etcd's semantics: one global revision that every write moves
 * forward, per-key create/mod revisions and version, history readable at any revision, ranges
 * over key prefixes, transactions with compare-and-swap, and watches from a revision.
 *
 * Values are opaque to the store (the apiserver stores frozen objects). Deletion writes a
 * tombstone, as etcd does, so history and watches see it.
 */

export interface KeyValue<V = unknown> {
  readonly key: string
  readonly value: V
  readonly createRevision: number
  readonly modRevision: number
  /** Number of writes since the key was (re)created; 0 only on a tombstone. */
  readonly version: number
}

/** The value a revision holds: none for a tombstone (a delete, version 0). */
function live<V>(kv: KeyValue<V> | undefined): KeyValue<V> | undefined {
  return kv === undefined || kv.version === 0 ? undefined : kv
}

export type CompareTarget = 'mod' | 'create' | 'version'

export interface Compare {
  readonly key: string
  readonly target: CompareTarget
  readonly op: '=' | '!=' | '<' | '>'
  readonly value: number
}

export type TxnOp<V> =
  | { readonly type: 'put'; readonly key: string; readonly value: V }
  | { readonly type: 'delete'; readonly key: string }
  | { readonly type: 'get'; readonly key: string }

export interface TxnResult<V> {
  readonly succeeded: boolean
  readonly revision: number
  /** For each op of the branch taken: the KeyValue read, written, or deleted (prev). */
  readonly results: ReadonlyArray<KeyValue<V> | undefined>
}

export interface WatchEventKV<V> {
  readonly type: 'PUT' | 'DELETE'
  readonly kv: KeyValue<V>
  readonly prevKv?: KeyValue<V>
}

/** All the changes one write transaction made, at its revision. */
export interface StoreChange<V> {
  readonly revision: number
  readonly events: readonly WatchEventKV<V>[]
}

export type WatchCallback<V> = (events: ReadonlyArray<WatchEventKV<V>>, revision: number) => void

export class CompactedError extends Error {
  constructor(
    readonly requested: number,
    readonly compacted: number,
  ) {
    super(`mvcc: required revision ${requested} has been compacted (compacted up to ${compacted})`)
  }
}

interface Watcher<V> {
  readonly prefix: string
  readonly callback: WatchCallback<V>
}

export class MvccStore<V = unknown> {
  private rev = 1 // etcd starts at revision 1 with an empty store
  private compactedRev = 0
  /**
   * Each key's revisions, oldest first: its KeyValues, a delete as its tombstone (version 0). Not
   * wrapped: a 150,000-Pod run holds 300,000 revisions until the first compaction.
   */
  private readonly history = new Map<string, KeyValue<V>[]>()
  /** Sorted key list for prefix ranges; rebuilt lazily after inserts. */
  private sortedKeys: string[] | undefined = []
  private readonly watchers = new Set<Watcher<V>>()
  /**
   * The watchers as of the last change to the set: a write notifies this list, so a callback that
   * adds or cancels a watch does not change who this write notifies (and no copy per write).
   */
  private watcherList: readonly Watcher<V>[] = []
  /** Events by revision, for watches that start in the past. */
  private readonly eventLog: StoreChange<V>[] = []

  get revision(): number {
    return this.rev
  }

  get compactRevision(): number {
    return this.compactedRev
  }

  /** The live value of `key`, or its value as of `revision`. */
  get(key: string, revision?: number): KeyValue<V> | undefined {
    const versions = this.history.get(key)
    if (!versions) return undefined
    if (revision === undefined) return live(versions[versions.length - 1])
    this.checkCompacted(revision)
    for (let i = versions.length - 1; i >= 0; i--) {
      const v = versions[i] as KeyValue<V>
      if (v.modRevision <= revision) return live(v)
    }
    return undefined
  }

  /** Every live key starting with `prefix`, in key order, as of `revision` (default: now). */
  range(prefix: string, revision?: number): KeyValue<V>[] {
    const keys = this.keys()
    const out: KeyValue<V>[] = []
    let i = lowerBound(keys, prefix)
    for (; i < keys.length; i++) {
      const k = keys[i] as string
      if (!k.startsWith(prefix)) break
      const kv = this.get(k, revision)
      if (kv) out.push(kv)
    }
    return out
  }

  /** Number of live keys under `prefix`. */
  count(prefix: string): number {
    return this.range(prefix).length
  }

  /** All revisions of one key (oldest first), tombstones as undefined kv. */
  keyHistory(key: string): ReadonlyArray<{ modRevision: number; kv: KeyValue<V> | undefined }> {
    return (this.history.get(key) ?? []).map((kv) => ({ modRevision: kv.modRevision, kv: live(kv) }))
  }

  /**
   * Every change after `revision` (exclusive), in revision order: one entry per written revision
   * with its puts and deletes (a delete's kv is the tombstone: modRevision set, version 0). The
   * entries are the store's own log, not copies; do not mutate them. Changes at or below the
   * compaction revision minus one are gone, so asking for them throws CompactedError.
   */
  changesSince(revision: number): ReadonlyArray<StoreChange<V>> {
    if (revision + 1 < this.compactedRev) throw new CompactedError(revision + 1, this.compactedRev)
    const log = this.eventLog
    let lo = 0
    let hi = log.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((log[mid] as StoreChange<V>).revision <= revision) lo = mid + 1
      else hi = mid
    }
    return log.slice(lo)
  }

  txn(
    compares: readonly Compare[],
    success: readonly TxnOp<V>[],
    failure: readonly TxnOp<V>[] = [],
  ): TxnResult<V> {
    const succeeded = compares.every((c) => this.compare(c))
    const ops = succeeded ? success : failure
    const writes = ops.some((o) => o.type !== 'get')
    const newRev = writes ? this.rev + 1 : this.rev
    const results: Array<KeyValue<V> | undefined> = []
    const events: WatchEventKV<V>[] = []
    for (const op of ops) {
      const prev = this.get(op.key)
      switch (op.type) {
        case 'get':
          results.push(prev)
          break
        case 'put': {
          const kv: KeyValue<V> = {
            key: op.key,
            value: op.value,
            createRevision: prev ? prev.createRevision : newRev,
            modRevision: newRev,
            version: prev ? prev.version + 1 : 1,
          }
          this.append(op.key, kv)
          results.push(kv)
          events.push(prev ? { type: 'PUT', kv, prevKv: prev } : { type: 'PUT', kv })
          break
        }
        case 'delete': {
          if (prev) {
            const tombstone: KeyValue<V> = { ...prev, modRevision: newRev, version: 0 }
            this.append(op.key, tombstone)
            events.push({ type: 'DELETE', kv: tombstone, prevKv: prev })
          }
          results.push(prev)
          break
        }
      }
    }
    if (writes && events.length > 0) {
      this.rev = newRev
      this.eventLog.push({ revision: newRev, events })
      const watchers = this.watcherList
      for (let i = 0; i < watchers.length; i++) {
        const w = watchers[i] as Watcher<V>
        // Most writes are one event, and most watchers want none of it: no empty list per watcher.
        if (events.length === 1) {
          const e = events[0] as WatchEventKV<V>
          if (e.kv.key.startsWith(w.prefix)) w.callback([e], newRev)
          continue
        }
        const matching = events.filter((e) => e.kv.key.startsWith(w.prefix))
        if (matching.length > 0) w.callback(matching, newRev)
      }
    }
    return { succeeded, revision: this.rev, results }
  }

  put(key: string, value: V): KeyValue<V> {
    return this.txn([], [{ type: 'put', key, value }]).results[0] as KeyValue<V>
  }

  delete(key: string): KeyValue<V> | undefined {
    return this.txn([], [{ type: 'delete', key }]).results[0]
  }

  /**
   * Watch keys under `prefix`. With `startRevision`, events from that revision on are replayed
   * first (synchronously); a compacted start revision throws CompactedError. Without one, or with
   * 0 (etcd's "no start_revision is now"), only later events are sent. Returns a cancel.
   */
  watch(prefix: string, callback: WatchCallback<V>, startRevision?: number): () => void {
    if (startRevision !== undefined && startRevision !== 0) {
      this.checkCompacted(startRevision)
      for (const entry of this.eventLog) {
        if (entry.revision < startRevision) continue
        const matching = entry.events.filter((e) => e.kv.key.startsWith(prefix))
        if (matching.length > 0) callback(matching, entry.revision)
      }
    }
    const watcher: Watcher<V> = { prefix, callback }
    this.watchers.add(watcher)
    this.watcherList = [...this.watchers]
    return () => {
      const removed = this.watchers.delete(watcher)
      if (removed) this.watcherList = [...this.watchers]
      return removed
    }
  }

  /**
   * Drop history older than `revision` (keeping each key's value as of it, and the events at it),
   * as etcd compaction does: reads and watches at `revision` itself stay possible.
   */
  compact(revision: number): void {
    if (revision <= this.compactedRev) return
    if (revision > this.rev) throw new Error(`mvcc: required revision is a future revision`)
    this.compactedRev = revision
    for (const [key, versions] of this.history) {
      let keepFrom = 0
      for (let i = versions.length - 1; i >= 0; i--) {
        if ((versions[i] as KeyValue<V>).modRevision <= revision) {
          keepFrom = i
          break
        }
      }
      const kept = versions.slice(keepFrom)
      if (kept.length === 1 && live(kept[0]) === undefined) {
        this.history.delete(key)
        this.sortedKeys = undefined
      } else this.history.set(key, kept)
    }
    let drop = 0
    while (drop < this.eventLog.length && (this.eventLog[drop] as { revision: number }).revision < revision)
      drop++
    this.eventLog.splice(0, drop)
  }

  private append(key: string, entry: KeyValue<V>): void {
    const versions = this.history.get(key)
    if (versions) versions.push(entry)
    else {
      this.history.set(key, [entry])
      this.sortedKeys = undefined
    }
  }

  private keys(): string[] {
    if (!this.sortedKeys) this.sortedKeys = [...this.history.keys()].sort()
    return this.sortedKeys
  }

  private compare(c: Compare): boolean {
    const kv = this.get(c.key)
    const actual =
      kv === undefined
        ? 0
        : c.target === 'mod'
          ? kv.modRevision
          : c.target === 'create'
            ? kv.createRevision
            : kv.version
    switch (c.op) {
      case '=':
        return actual === c.value
      case '!=':
        return actual !== c.value
      case '<':
        return actual < c.value
      case '>':
        return actual > c.value
    }
  }

  /** etcd refuses revisions below the compaction revision (kvstore_txn.go `rev < compactMainRev`). */
  private checkCompacted(revision: number): void {
    if (revision < this.compactedRev && revision !== 0) throw new CompactedError(revision, this.compactedRev)
  }
}

function lowerBound(keys: readonly string[], target: string): number {
  let lo = 0
  let hi = keys.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((keys[mid] as string) < target) lo = mid + 1
    else hi = mid
  }
  return lo
}
