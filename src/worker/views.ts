/**
 * What crosses to the UI: trace messages without their payload, etcd changes as decoded object
 * revisions, kubectl results without the objects.
 */
import { RESOURCES } from '../api/resources'
import type { MessageDetail, MessageView, ObjectResult, ObjectRevision } from '../protocol/messages'
import { decode } from '../sim/apiserver/codec'
import type { HttpResponse } from '../sim/apiserver/http'
import type { EtcdChange } from '../sim/etcd/etcd'
import type { KeyValue } from '../sim/etcd/mvcc'
import type { Message } from '../sim/kernel/trace'
import type { ApplyResult } from '../sim/kubectl/kubectl'
import { objectResponse } from '../sim/scenario/result'

export function messageView(m: Message): MessageView {
  const code = m.kind === 'http-response' ? (m.payload as HttpResponse | undefined)?.code : undefined
  // Every view has every field (absent ones undefined, which JSON and postMessage's packing omit):
  // one object shape keeps the code that reads views (packing, the UI's scene) monomorphic.
  return {
    id: m.id,
    from: m.from,
    to: m.to,
    kind: m.kind,
    summary: m.summary,
    sentAtMs: m.sentAtMs,
    deliverAtMs: m.deliverAtMs,
    causeId: m.causeId,
    stage: m.stage,
    object: m.object,
    replyTo: m.replyTo,
    lostAtMs: m.lostAtMs,
    delayedByMs: m.delayedByMs,
    code: typeof code === 'number' ? code : undefined,
  }
}

export function messageDetail(m: Message): MessageDetail {
  return { ...messageView(m), payload: m.payload }
}

/** One ObjectRevision per key a change touched (a transaction may touch several). */
export function objectRevisions(change: EtcdChange): ObjectRevision[] {
  // Only API objects: etcd's other keys (the apiserver compactor's compact_rev_key) are not ones.
  return change.events
    .filter((e) => e.kv.key.startsWith('/registry/'))
    .map((e) => {
      const ref = keyRef(e.kv.key)
      return {
        key: e.kv.key,
        resource: ref.resource,
        ...(ref.namespace !== undefined ? { namespace: ref.namespace } : {}),
        name: ref.name,
        revision: change.revision,
        atMs: change.atMs,
        messageId: change.messageId,
        object: e.type === 'PUT' ? decode(e.kv as KeyValue) : null,
      }
    })
}

/** Longest etcd prefix first, so `/registry/services/specs` wins over a shorter match. */
const BY_PREFIX = [...RESOURCES].sort((a, b) => b.etcdPrefix.length - a.etcdPrefix.length)

/** `/registry/pods/default/nginx` → pods, default, nginx; `/registry/minions/w1` → nodes, w1. */
export function keyRef(key: string): { resource: string; namespace?: string; name: string } {
  const info = BY_PREFIX.find((r) => key.startsWith(`${r.etcdPrefix}/`))
  if (info) {
    const rest = key.slice(info.etcdPrefix.length + 1).split('/')
    return info.namespaced
      ? { resource: info.resource, namespace: rest[0] ?? '', name: rest.slice(1).join('/') }
      : { resource: info.resource, name: rest.join('/') }
  }
  // A key outside the resource table: /registry/<resource>/[<namespace>/]<name>.
  const parts = key.split('/').filter((p) => p !== '')
  const resource = parts[1] ?? ''
  return parts.length >= 4
    ? { resource, namespace: parts[2] as string, name: parts.slice(3).join('/') }
    : { resource, name: parts[2] ?? '' }
}

/** kubectl's answer for one object, with the line of its document in the applied YAML. */
export function objectResult(r: ApplyResult, line: number | undefined): ObjectResult {
  return { ...objectResponse(r), ...(line !== undefined ? { line } : {}) }
}
