/**
 * The etcd member as a component: it answers the apiserver's KV.Range / KV.Txn calls and streams
 * watch events back. Writes take `applyMs` (raft commit and fsync); reads answer at once.
 */
import type { Component, Kernel } from '../kernel/kernel'
import { ETCD, type Message } from '../kernel/trace'
import { MvccStore } from './mvcc'
import { type EtcdRequest, type EtcdResponse, type EtcdWatchEvents, etcdSummary } from './protocol'

export interface EtcdConfig {
  /** Virtual time a write takes to commit (raft round trip + fsync). */
  readonly applyMs: number
}

export const DEFAULT_ETCD: EtcdConfig = { applyMs: 1 }

export class Etcd implements Component {
  readonly id = ETCD
  readonly store = new MvccStore<unknown>()

  constructor(
    private readonly kernel: Kernel,
    private readonly config: EtcdConfig = DEFAULT_ETCD,
  ) {}

  receive(message: Message): void {
    const req = message.payload as EtcdRequest
    if (req.op === 'Txn' && req.success.some((o) => o.type !== 'get')) {
      this.kernel.after(this.config.applyMs, () => this.answer(message, req))
    } else {
      this.answer(message, req)
    }
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
        const r = this.store.txn(req.compare, req.success, req.failure)
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
    }
    this.reply(message, req, response)
  }

  private reply(message: Message, req: EtcdRequest, response: EtcdResponse): void {
    this.kernel.send({
      from: ETCD,
      to: message.from,
      kind: 'etcd-response',
      summary: `${req.op === 'Watch' ? 'Watch created' : `${req.op} OK`} (revision ${this.store.revision})`,
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
          stage: 'persist',
          ...(first ? { object: keyRef(first.kv.key) } : {}),
          payload,
        })
      },
      // etcd's WatchCreateRequest: "No start_revision is 'now'."
      req.startRevision === 0 ? undefined : req.startRevision,
    )
  }

  describe(req: EtcdRequest): string {
    return etcdSummary(req)
  }
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
