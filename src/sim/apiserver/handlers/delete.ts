/**
 * DELETE (registry/store.go Delete, pkg/registry/core/pod/strategy.go CheckGracefulDelete):
 * a Pod that is bound to a node and not finished is only marked — deletionTimestamp and
 * deletionGracePeriodSeconds — and its kubelet stops it and sends the final delete with grace 0.
 * Everything else (and a grace of 0) is removed from etcd at once.
 */
import { etcdKey } from '../../../api/resources'
import { conflict, notFound } from '../../../api/status'
import {
  clone,
  type KubeObject,
  type ObjectMeta,
  type Pod,
  type Status,
  type Writable,
  writableMeta,
} from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import type { HttpResponse } from '../http'
import type { ApiRequest, HandlerContext } from './context'

/** metav1.DeleteOptions, as far as the simulation reads them. */
export interface DeleteOptions {
  readonly gracePeriodSeconds?: number
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string }
}

export function* remove(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  return yield* deleteObject(ctx, req, (req.message.payload.body ?? {}) as DeleteOptions)
}

/** registry/store.go Delete of the request's object with `options` (also the eviction's delete). */
export function* deleteObject(
  ctx: HandlerContext,
  req: ApiRequest,
  options: DeleteOptions,
): Proc<HttpResponse> {
  const ri = req.info
  const key = etcdKey(ri.info, ri.namespace || undefined, ri.name)
  for (;;) {
    const kv = yield* ctx.storage.get(key, req.stage('persist'), req.object)
    if (!kv) return { code: 404, body: notFound(ri.resource, ri.name, ri.apiGroup) }
    const current = ctx.storage.decodeKv(kv)
    const failed = preconditionFailure(options, current)
    if (failed) return { code: 409, body: conflict(ri.resource, ri.name, failed, ri.apiGroup) }
    const grace = ri.resource === 'pods' && ri.apiGroup === '' ? podGracePeriod(current as Pod, options) : 0
    if (grace > 0) {
      if (current.metadata?.deletionTimestamp) return { code: 200, body: current }
      return yield* markDeleted(ctx, req, key, (meta) => {
        meta.deletionTimestamp = wallTimeAfter(ctx, grace)
        meta.deletionGracePeriodSeconds = grace
      })
    }
    if ((current.metadata?.finalizers ?? []).length > 0) {
      // Finalizers keep the object until their controllers remove them.
      return yield* markDeleted(ctx, req, key, (meta) => {
        meta.deletionTimestamp ??= ctx.kernel.wallTime()
      })
    }
    const deleted = yield* ctx.storage.delete(key, kv.modRevision, req.stage('persist'), req.object)
    if (deleted) return { code: 200, body: deleted }
  }
}

/** storage.Preconditions.Check: the UID, then the resourceVersion. */
function preconditionFailure(options: DeleteOptions, current: KubeObject): string | undefined {
  const { uid, resourceVersion } = options.preconditions ?? {}
  if (uid && uid !== current.metadata?.uid)
    return `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${current.metadata?.uid}`
  if (resourceVersion && resourceVersion !== current.metadata?.resourceVersion)
    return `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${current.metadata?.resourceVersion}`
  return undefined
}

/** Set deletion metadata on the current object, inside GuaranteedUpdate so no write is lost. */
function* markDeleted(
  ctx: HandlerContext,
  req: ApiRequest,
  key: string,
  mark: (meta: Writable<ObjectMeta>) => void,
): Proc<HttpResponse> {
  const ri = req.info
  const result = yield* ctx.storage.guaranteedUpdate<Status>(
    key,
    req.stage('persist'),
    req.object,
    (current) => {
      if (!current) return { ok: false, error: notFound(ri.resource, ri.name, ri.apiGroup) }
      const marked = clone(current)
      mark(writableMeta(marked))
      return { ok: true, object: marked }
    },
  )
  return result.ok
    ? { code: 200, body: result.object }
    : { code: result.error.code ?? 500, body: result.error }
}

function podGracePeriod(pod: Pod, options: DeleteOptions): number {
  const phase = pod.status?.phase
  // Unscheduled or finished Pods have nothing to stop: they go at once.
  if (!pod.spec?.nodeName || phase === 'Succeeded' || phase === 'Failed') return 0
  const requested = options.gracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30
  if (pod.metadata?.deletionGracePeriodSeconds !== undefined) {
    return Math.min(requested, pod.metadata.deletionGracePeriodSeconds)
  }
  return Math.max(0, requested)
}

function wallTimeAfter(ctx: HandlerContext, seconds: number): string {
  return ctx.kernel.wallTime(ctx.kernel.nowMs + seconds * 1000)
}
