/**
 * The etcd member as a component: it answers the apiserver's KV.Range / KV.Txn calls and streams
 * watch events back. Writes take `applyMs` (raft commit and fsync); reads answer at once.
 */
import type { Component, Kernel } from '../kernel/kernel'
import { ETCD, type Message } from '../kernel/trace'
import { MvccStore, type StoreChange } from './mvcc'
import { type EtcdRequest, type EtcdResponse, type EtcdWatchEvents, etcdSummary } from './protocol'

export interface EtcdConfig {
  /** Virtual time a write takes to commit (raft round trip + fsync). */
  readonly applyMs: number
  /**
   * Keep every change with its writer for the UI and tests (changesSince), whatever compaction
   * drops; true unless a benchmark that never reads them turns it off.
   */
  readonly recordChanges?: boolean
}

export const DEFAULT_ETCD: EtcdConfig = { applyMs: 1 }

/** Who wrote a revision, and when: the etcd request whose Txn produced it. */
export interface WriteRecord {
  readonly revision: number
  readonly atMs: number
  readonly messageId: number
}

/**
 * One revision's changes with its writer. Revisions written straight into the store (bootstrap,
 * before time 0) have no writer: atMs -1, messageId null.
 */
export interface EtcdChange extends StoreChange<unknown> {
  readonly atMs: number
  readonly messageId: number | null
}

export class Etcd implements Component {
  readonly id = ETCD
  readonly store = new MvccStore<unknown>()
  /** Writers of the revisions written through `receive`, in revision order. */
  private readonly writes: WriteRecord[] = []
  /**
   * Every change, in revision order, for changesSince: the store's own log loses what compaction
   * drops, and the record of what happened must not.
   */
  private readonly recorded: StoreChange<unknown>[] = []
  private readonly recording: boolean

  constructor(
    private readonly kernel: Kernel,
    private readonly config: EtcdConfig = DEFAULT_ETCD,
  ) {
    this.recording = config.recordChanges ?? true
    if (this.recording) this.store.watch('', (events, revision) => this.recorded.push({ revision, events }))
  }

  /** slow-etcd: how much longer each request takes (see slowDown). */
  private slowFactor = 1
  private slowExtraMs = 0

  /**
   * From now on every request takes longer: its service time (the commit of a write) is
   * multiplied by `factor`, and `extraMs` is added to every request, reads included (a slow disk,
   * an overloaded member). A slow-etcd fault; the link's latency is the network's business.
   */
  slowDown(factor: number, extraMs: number): void {
    this.slowFactor = factor
    this.slowExtraMs = extraMs
  }

  receive(message: Message): void {
    const req = message.payload as EtcdRequest
    const writes = req.op === 'Txn' && req.success.some((o) => o.type !== 'get')
    const serviceMs = writes ? this.config.applyMs : 0
    const ms =
      this.slowFactor === 1 && this.slowExtraMs === 0
        ? serviceMs
        : Math.round(serviceMs * this.slowFactor) + this.slowExtraMs
    if (ms > 0) this.kernel.after(ms, () => this.answer(message, req))
    else this.answer(message, req)
  }

  private answer(message: Message, req: EtcdRequest): void {
    const header = () => ({ revision: this.store.revision })
    let response: EtcdResponse
    switch (req.op) {
      case 'Range': {
        const kvs = req.prefix
          ? this.store.range(req.key, req.revision)
          : compact([this.store.get(req.key, req.revision)])
        response = { op: 'Range', header: header(), kvs, count: kvs.length }
        break
      }
      case 'Txn': {
        const before = this.store.revision
        const r = this.store.txn(req.compare, req.success, req.failure)
        // The request message is the writer (and the kernel's cause here, set when it was delivered).
        if (this.store.revision !== before && this.recording) {
          this.writes.push({ revision: this.store.revision, atMs: this.kernel.nowMs, messageId: message.id })
        }
        response = { op: 'Txn', header: header(), succeeded: r.succeeded, results: r.results }
        break
      }
      case 'Watch': {
        // Answer first, then replay and stream: events must not overtake the "created" reply.
        // As the store checks it: revisions below the compaction revision are gone; 0 is "now".
        if (req.startRevision !== 0 && req.startRevision < this.store.compactRevision) {
          response = {
            op: 'Error',
            header: header(),
            code: 'OutOfRange',
            message: `mvcc: required revision has been compacted`,
          }
          this.reply(message, req, response)
          return
        }
        this.reply(message, req, { op: 'Watch', header: header(), created: true })
        this.openWatch(message, req)
        return
      }
      case 'Compact': {
        // etcd refuses a revision at or below the last compaction, and one not written yet.
        if (req.revision <= this.store.compactRevision) {
          response = {
            op: 'Error',
            header: header(),
            code: 'Compacted',
            message: 'mvcc: required revision has been compacted',
          }
        } else if (req.revision > this.store.revision) {
          response = {
            op: 'Error',
            header: header(),
            code: 'FutureRev',
            message: 'mvcc: required revision is a future revision',
          }
        } else {
          this.store.compact(req.revision)
          response = { op: 'Compact', header: header() }
        }
        break
      }
    }
    this.reply(message, req, response)
  }

  private reply(message: Message, req: EtcdRequest, response: EtcdResponse): void {
    this.kernel.send({
      from: ETCD,
      to: message.from,
      kind: 'etcd-response',
      summary:
        response.op === 'Error'
          ? `${req.op} failed: ${response.message} (revision ${this.store.revision})`
          : `${req.op === 'Watch' ? 'Watch created' : `${req.op} OK`} (revision ${this.store.revision})`,
      stage: message.stage,
      ...(message.object ? { object: message.object } : {}),
      replyTo: message.id,
      payload: response,
    })
  }

  private openWatch(message: Message, req: Extract<EtcdRequest, { op: 'Watch' }>): void {
    const watchId = message.id
    // Events go to the apiserver as they happen; the cause of each is the write that produced it,
    // which is the kernel's current cause when the store calls back.
    this.store.watch(
      req.key,
      (events) => {
        const first = events[0]
        const payload: EtcdWatchEvents = { watchId, header: { revision: this.store.revision }, events }
        this.kernel.send({
          from: ETCD,
          to: message.from,
          kind: 'watch-event',
          summary: events.map((e) => `WATCH ${e.type} ${e.kv.key}`).join(', '),
          // What a heartbeat writes is routine upkeep too.
          stage: this.kernel.causeStage() === 'heartbeat' ? 'heartbeat' : 'persist',
          ...(first ? { object: keyRef(first.kv.key) } : {}),
          payload,
        })
      },
      // etcd's WatchCreateRequest: "No start_revision is 'now'."
      req.startRevision === 0 ? undefined : req.startRevision,
    )
  }

  /** The request that wrote `revision` and when, or undefined for a revision written directly. */
  writeOf(revision: number): WriteRecord | undefined {
    const i = this.writeIndex(revision)
    const w = this.writes[i]
    return w?.revision === revision ? w : undefined
  }

  /** Every change after `revision` (exclusive), in revision order, with its writer. */
  changesSince(revision: number): EtcdChange[] {
    const changes = this.recorded.slice(firstAfter(this.recorded, revision))
    const out: EtcdChange[] = []
    let i = this.writeIndex(changes[0]?.revision ?? 0)
    for (const change of changes) {
      while (i < this.writes.length && (this.writes[i] as WriteRecord).revision < change.revision) i++
      const w = this.writes[i]
      out.push(
        w?.revision === change.revision
          ? { ...change, atMs: w.atMs, messageId: w.messageId }
          : { ...change, atMs: -1, messageId: null },
      )
    }
    return out
  }

  /** Index of the first write record at or after `revision`. */
  private writeIndex(revision: number): number {
    let lo = 0
    let hi = this.writes.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((this.writes[mid] as WriteRecord).revision < revision) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  describe(req: EtcdRequest): string {
    return etcdSummary(req)
  }
}

/** Index of the first change after `revision` (changes are in revision order). */
function firstAfter(changes: readonly StoreChange<unknown>[], revision: number): number {
  let lo = 0
  let hi = changes.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((changes[mid] as StoreChange<unknown>).revision <= revision) lo = mid + 1
    else hi = mid
  }
  return lo
}

function compact<T>(xs: ReadonlyArray<T | undefined>): T[] {
  return xs.filter((x): x is T => x !== undefined)
}

/** `/registry/pods/default/nginx` → {resource: pods, namespace: default, name: nginx}. */
function keyRef(key: string): { resource: string; namespace?: string; name: string } {
  const parts = key.split('/').filter((p) => p !== '')
  // ['registry', resource, ns?, name]
  const resource = parts[1] === 'minions' ? 'nodes' : (parts[1] ?? '')
  if (parts.length >= 4) return { resource, namespace: parts[2] as string, name: parts[3] as string }
  return { resource, name: parts[2] ?? '' }
}
