/** etcd's gRPC calls as the apiserver makes them (KV.Range, KV.Txn, Watch), as trace payloads. */
import type { Compare, KeyValue, TxnOp, WatchEventKV } from './mvcc'

export type EtcdRequest =
  | { readonly op: 'Range'; readonly key: string; readonly prefix?: boolean; readonly revision?: number }
  | {
      readonly op: 'Txn'
      readonly compare: readonly Compare[]
      readonly success: readonly TxnOp<unknown>[]
      readonly failure: readonly TxnOp<unknown>[]
    }
  | { readonly op: 'Watch'; readonly key: string; readonly prefix: true; readonly startRevision: number }
  /** KV.Compact: drop the history before `revision` (the apiserver's compactor asks for it). */
  | { readonly op: 'Compact'; readonly revision: number }

export interface ResponseHeader {
  readonly revision: number
}

export type EtcdResponse =
  | {
      readonly op: 'Range'
      readonly header: ResponseHeader
      readonly kvs: readonly KeyValue[]
      readonly count: number
    }
  | {
      readonly op: 'Txn'
      readonly header: ResponseHeader
      readonly succeeded: boolean
      readonly results: ReadonlyArray<KeyValue | undefined>
    }
  | { readonly op: 'Watch'; readonly header: ResponseHeader; readonly created: true }
  | { readonly op: 'Compact'; readonly header: ResponseHeader }
  | {
      readonly op: 'Error'
      readonly header: ResponseHeader
      /** OutOfRange: a watch from a compacted revision; Compacted / FutureRev: a Compact refused. */
      readonly code: 'OutOfRange' | 'Compacted' | 'FutureRev'
      readonly message: string
    }

/** Events of one etcd watch, sent etcd → apiserver; `watchId` is the Watch request's message id. */
export interface EtcdWatchEvents {
  readonly watchId: number
  readonly header: ResponseHeader
  readonly events: readonly WatchEventKV<unknown>[]
}

export function etcdSummary(req: EtcdRequest): string {
  switch (req.op) {
    case 'Range':
      return `Range ${req.key}${req.prefix ? ' (prefix)' : ''}`
    case 'Watch':
      return `Watch ${req.key} (prefix) from revision ${req.startRevision}`
    case 'Compact':
      return `Compact revision ${req.revision}`
    case 'Txn': {
      const ops = req.success.map((o) => `${o.type} ${o.key}`).join(', ')
      return `Txn ${ops}`
    }
  }
}
