/**
 * The apiserver's etcd client (apiserver/pkg/storage/etcd3/store.go): every read and write is an
 * etcd call in the trace. Create is a transaction "key does not exist → put"; updates are
 * GuaranteedUpdate: read, apply, and write only if mod_revision is unchanged.
 */
import type { KubeObject } from '../../api/types'
import type { KeyValue } from '../etcd/mvcc'
import type { EtcdRequest, EtcdResponse } from '../etcd/protocol'
import { etcdSummary } from '../etcd/protocol'
import { call, type Proc } from '../kernel/kernel'
import { APISERVER, ETCD, type Message, type ObjectRef, type Stage } from '../kernel/trace'
import { decode, encode } from './codec'
import { jsonEqual } from './json-equal'

export type UpdateOutcome<E> =
  | { readonly ok: true; readonly object: KubeObject }
  | { readonly ok: false; readonly error: E }

export class Storage {
  decodeKv(kv: KeyValue): KubeObject {
    return decode(kv)
  }

  *etcd(req: EtcdRequest, stage: Stage, object?: ObjectRef): Proc<EtcdResponse> {
    return (yield* this.etcdMessage(req, stage, object)).payload
  }

  /** The etcd call, returning the reply message (its `replyTo` is the request's id). */
  *etcdMessage(req: EtcdRequest, stage: Stage, object?: ObjectRef): Proc<Message<EtcdResponse>> {
    return yield* call<EtcdResponse>({
      from: APISERVER,
      to: ETCD,
      kind: 'etcd-request',
      summary: etcdSummary(req),
      stage,
      ...(object ? { object } : {}),
      payload: req,
    })
  }

  *get(key: string, stage: Stage, object?: ObjectRef): Proc<KeyValue | undefined> {
    const r = yield* this.etcd({ op: 'Range', key }, stage, object)
    return r.op === 'Range' ? r.kvs[0] : undefined
  }

  *list(prefix: string, stage: Stage): Proc<{ revision: number; items: KubeObject[] }> {
    const r = yield* this.etcd({ op: 'Range', key: prefix, prefix: true }, stage)
    if (r.op !== 'Range') throw new Error('etcd: unexpected response to Range')
    return { revision: r.header.revision, items: r.kvs.map((kv) => decode(kv)) }
  }

  /** Create if absent; undefined when the key exists (the caller answers AlreadyExists). */
  *create(key: string, obj: KubeObject, stage: Stage, object?: ObjectRef): Proc<KubeObject | undefined> {
    const r = yield* this.etcd(
      {
        op: 'Txn',
        compare: [{ key, target: 'mod', op: '=', value: 0 }],
        success: [{ type: 'put', key, value: encode(obj) }],
        failure: [],
      },
      stage,
      object,
    )
    if (r.op !== 'Txn' || !r.succeeded) return undefined
    return decode(r.results[0] as KeyValue)
  }

  /**
   * GuaranteedUpdate: read the current object, let `tryUpdate` compute the next one (or refuse),
   * and write it if nobody wrote in between; otherwise read again and retry.
   */
  *guaranteedUpdate<E>(
    key: string,
    stage: Stage,
    object: ObjectRef | undefined,
    tryUpdate: (current: KubeObject | undefined) => UpdateOutcome<E>,
  ): Proc<UpdateOutcome<E>> {
    for (;;) {
      const kv = yield* this.get(key, stage, object)
      const current = kv ? decode(kv) : undefined
      const next = tryUpdate(current)
      if (!next.ok) return next
      // A no-op update is not written: no new revision, no watch event (as GuaranteedUpdate).
      const encoded = encode(next.object)
      if (kv && current && jsonEqual(encoded, kv.value)) return { ok: true, object: current }
      const r = yield* this.etcd(
        {
          op: 'Txn',
          compare: [{ key, target: 'mod', op: '=', value: kv?.modRevision ?? 0 }],
          success: [{ type: 'put', key, value: encoded }],
          failure: [],
        },
        stage,
        object,
      )
      if (r.op === 'Txn' && r.succeeded) return { ok: true, object: decode(r.results[0] as KeyValue) }
    }
  }

  /** Delete if the mod revision still matches; the deleted object at its deletion revision. */
  *delete(
    key: string,
    expectedModRevision: number,
    stage: Stage,
    object?: ObjectRef,
  ): Proc<KubeObject | undefined> {
    const r = yield* this.etcd(
      {
        op: 'Txn',
        compare: [{ key, target: 'mod', op: '=', value: expectedModRevision }],
        success: [{ type: 'delete', key }],
        failure: [],
      },
      stage,
      object,
    )
    if (r.op !== 'Txn' || !r.succeeded) return undefined
    const prev = r.results[0]
    return prev ? decode(prev, r.header.revision) : undefined
  }
}
