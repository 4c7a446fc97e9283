/**
 * GET, LIST and WATCH. GET and LIST read etcd (quorum reads); WATCH is served from the resource's
 * watch cache, replaying events after the requested resourceVersion.
 */
import { matches, parseSelector } from '../../../api/labels'
import { apiVersionOf, etcdKey } from '../../../api/resources'
import { badRequest, gone, notFound } from '../../../api/status'
import type { KubeObject } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { STAGE_STEP, type Stage } from '../../kernel/trace'
import { type FieldRequirement, matchesFields, parseFieldSelector } from '../fields'
import type { HttpResponse } from '../http'
import { coreToEventsV1 } from '../registry/event-conversion'
import type { ApiRequest, HandlerContext } from './context'

export function* get(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const ri = req.info
  const kv = yield* ctx.storage.get(
    etcdKey(ri.info, ri.namespace || undefined, ri.name),
    req.stage('persist'),
    req.object,
  )
  if (!kv) return { code: 404, body: notFound(ri.resource, ri.name, ri.apiGroup) }
  const obj = ctx.storage.decodeKv(kv)
  return { code: 200, body: ri.apiGroup === 'events.k8s.io' ? coreToEventsV1(obj) : obj }
}

type Selectors =
  | { ok: true; labels: ReturnType<typeof parseSelector>; fields: FieldRequirement[] }
  | { ok: false; response: HttpResponse }

function selectors(req: ApiRequest): Selectors {
  const q = req.message.payload.query ?? {}
  try {
    return {
      ok: true,
      labels: parseSelector(q.labelSelector),
      fields: parseFieldSelector(req.info.resource, q.fieldSelector),
    }
  } catch (e) {
    const status = badRequest((e as Error).message)
    return { ok: false, response: { code: 400, body: status } }
  }
}

export function* list(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const ri = req.info
  const sel = selectors(req)
  if (!sel.ok) return sel.response
  const prefix =
    ri.info.namespaced && ri.namespace ? `${ri.info.etcdPrefix}/${ri.namespace}/` : `${ri.info.etcdPrefix}/`
  const { revision, items } = yield* ctx.storage.list(prefix, req.stage('persist'))
  const selected = items.filter(
    (o) => matches(o.metadata?.labels, sel.labels) && matchesFields(o, sel.fields),
  )
  const body: KubeObject & { items: KubeObject[] } = {
    apiVersion: apiVersionOf(ri.info),
    kind: `${ri.info.kind}List`,
    metadata: { resourceVersion: String(revision) },
    items: ri.apiGroup === 'events.k8s.io' ? selected.map(coreToEventsV1) : selected,
  }
  return { code: 200, body }
}

export function* watch(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const ri = req.info
  const sel = selectors(req)
  if (!sel.ok) return sel.response
  const rvText = req.message.payload.query?.resourceVersion ?? '0'
  const rv = Number.parseInt(rvText || '0', 10)
  const cacher = yield* ctx.cacher(ri.apiGroup, ri.resource)
  const watch = {
    id: req.message.id,
    client: req.message.from,
    namespace: ri.namespace,
    labels: sel.labels,
    fields: sel.fields,
    stage: watchStage(req.message.from, req.message.stage),
  }
  if (!cacher.watch(watch, Number.isNaN(rv) ? 0 : rv)) {
    const status = gone(`too old resource version: ${rv}`)
    return { code: 410, body: status }
  }
  // A fault that kills this watch later names it by its request (see faults/drop-message).
  ctx.kernel.pin(req.message)
  return { code: 200 }
}

/** The story stage of the events a watcher receives. */
function watchStage(client: string, requestStage: Stage): Stage {
  if (client === 'kube-scheduler') return 'schedule-watch'
  if (client.startsWith('kubelet/')) return 'kubelet-watch'
  if (client === 'kube-controller-manager') return 'reconcile'
  return STAGE_STEP[requestStage] > 0 ? requestStage : 'status'
}
