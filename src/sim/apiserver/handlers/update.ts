/**
 * PUT and PATCH (handlers/update.go, handlers/patch.go, registry/store.go Update): the new object
 * is computed inside GuaranteedUpdate against the current one, so concurrent writers retry
 * instead of losing updates; a stale metadata.resourceVersion from the client is a 409 Conflict.
 *
 * The main resource keeps the current status and `/status` keeps the current spec, for resources
 * with a status subresource (pods, nodes, deployments, replicasets, namespaces).
 */
import { apiVersionOf, etcdKey } from '../../../api/resources'
import { badRequest, conflict, invalid, invalidValue, notFound, STALE_OBJECT } from '../../../api/status'
import { clone, fields, type KubeObject, type Status, writableMeta } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { APISERVER } from '../../kernel/trace'
import { shapeProblem } from '../../scenario/field-shapes'
import type { HttpResponse, PatchType } from '../http'
import { type JsonPatchOp, jsonPatch, mergePatch, PatchError, strategicMergePatch } from '../patch'
import { applyDecodeDefaults } from '../registry/scheme-defaults'
import { strategyFor } from '../registry/strategy'
import { decodeProblems, goMapText, strictDecodingError, typeOfKind } from '../strict-fields'
import type { ApiRequest, HandlerContext } from './context'
import { bodyTooLarge, decodeBody, fieldValidation } from './decode'

export function* update(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const decoded = decodeBody(req.message.payload, req.info)
  if (!decoded.ok) return { code: decoded.status.code ?? 400, body: decoded.status }
  const body = decoded.object
  const precondition = body.metadata?.resourceVersion
  const response = yield* write(ctx, req, precondition, () => ({ ok: true, object: clone(body) }))
  return withWarnings(response, decoded.warnings)
}

function withWarnings(response: HttpResponse, warnings: readonly string[]): HttpResponse {
  if (!warnings.length || response.code >= 300) return response
  return { ...response, warnings: [...warnings, ...(response.warnings ?? [])] }
}

/**
 * The patched object decoded with the request's field validation (patch.go applyPatchToObject,
 * jsonPatcher): a quantity that does not parse, or with Strict an unknown field, is a 422 on the
 * `patch` field, quoting the patch (strategic merge: Go's `%+v` of the patch map) or the patched
 * JSON (merge and JSON patch); with Warn the unknown fields become warnings.
 */
function checkPatched(
  req: ApiRequest,
  type: PatchType,
  patchBody: unknown,
  next: KubeObject,
  warnings: string[],
): Status | undefined {
  const ri = req.info
  const t = typeOfKind(apiVersionOf(ri.info), ri.info.kind)
  if (!t) return undefined
  const problems = decodeProblems(next, t)
  const quoted = () =>
    type === 'application/strategic-merge-patch+json' ? goMapText(patchBody) : JSON.stringify(next)
  if (problems.quantityError !== undefined) {
    return invalid('', '', [invalidValue('patch', quoted(), problems.quantityError)])
  }
  const shape = shapeProblem(next)
  if (shape) return invalid('', '', [invalidValue('patch', quoted(), shape.message)])
  if (!problems.unknown.length) return undefined
  const mode = fieldValidation(req.message.payload)
  if (mode === 'Strict')
    return invalid('', '', [invalidValue('patch', quoted(), strictDecodingError(problems.unknown))])
  if (mode === 'Warn') for (const f of problems.unknown) warnings.push(`unknown field ${JSON.stringify(f)}`)
  return undefined
}

export function* patch(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const payload = req.message.payload
  const type = (payload.headers['content-type'] ?? 'application/strategic-merge-patch+json') as PatchType
  const body = payload.body
  const tooLarge = bodyTooLarge(body)
  if (tooLarge) return { code: 413, body: tooLarge }
  const warnings: string[] = []
  const precondition =
    type !== 'application/json-patch+json'
      ? ((body as { metadata?: { resourceVersion?: string } } | undefined)?.metadata?.resourceVersion ??
        undefined)
      : undefined
  const response = yield* write(ctx, req, precondition, (current) => {
    try {
      const next =
        type === 'application/json-patch+json'
          ? jsonPatch(current, body as JsonPatchOp[])
          : type === 'application/merge-patch+json'
            ? mergePatch(current, body)
            : strategicMergePatch(current, body)
      warnings.length = 0
      const refused = checkPatched(req, type, body, next, warnings)
      if (refused) return { ok: false, status: refused }
      return { ok: true, object: clone(next) }
    } catch (e) {
      if (e instanceof PatchError) return { ok: false, status: badRequest(e.message) }
      throw e
    }
  })
  return withWarnings(response, warnings)
}

type Compute = (current: KubeObject) => { ok: true; object: KubeObject } | { ok: false; status: Status }

function* write(
  ctx: HandlerContext,
  req: ApiRequest,
  precondition: string | undefined,
  compute: Compute,
): Proc<HttpResponse> {
  const ri = req.info
  const strategy = strategyFor(ri.apiGroup, ri.resource)
  const key = etcdKey(ri.info, ri.namespace || undefined, ri.name)
  let validation: { valid: boolean; errors: number } | undefined
  const result = yield* ctx.storage.guaranteedUpdate<Status>(
    key,
    req.stage('persist'),
    req.object,
    (current) => {
      if (!current) return { ok: false, error: notFound(ri.resource, ri.name, ri.apiGroup) }
      if (precondition && precondition !== current.metadata?.resourceVersion) {
        return { ok: false, error: conflict(ri.resource, ri.name, STALE_OBJECT, ri.apiGroup) }
      }
      const computed = compute(current)
      if (!computed.ok) return { ok: false, error: computed.status }
      const next = computed.object
      applyDecodeDefaults(next, ri.apiGroup, ri.resource, { defaults: ri.subresource === '' })
      carrySystemFields(next, current)
      if (strategy.statusSubresource) {
        if (ri.subresource === 'status') {
          // The status strategies' PrepareForUpdate: the spec (and for Deployments the labels,
          // for Pods the owner references) stay as they were; status and annotations are taken.
          fields(next).spec = clone(fields(current).spec)
          const meta = writableMeta(next)
          if (ri.resource === 'deployments') meta.labels = clone(current.metadata?.labels)
          if (ri.resource === 'pods') meta.ownerReferences = clone(current.metadata?.ownerReferences)
        } else {
          fields(next).status = clone(fields(current).status)
        }
      }
      if (strategy.generation && JSON.stringify(fields(next).spec) !== JSON.stringify(fields(current).spec)) {
        writableMeta(next).generation = (current.metadata?.generation ?? 0) + 1
      }
      const errors = ri.subresource === '' ? strategy.validate(next, ri.info.namespaced) : []
      validation = { valid: errors.length === 0, errors: errors.length }
      if (errors.length) return { ok: false, error: invalid(ri.info.kind, ri.name, errors, ri.apiGroup) }
      return { ok: true, object: next }
    },
  )
  if (validation && !validation.valid) {
    ctx.kernel.step(
      APISERVER,
      req.stage('validate'),
      'validation failed',
      { phase: 'validate', ...validation },
      req.object,
    )
  }
  if (!result.ok) return { code: result.error.code ?? 500, body: result.error }
  return { code: 200, body: result.object }
}

/** Fields the client cannot change on update (FillObjectMetaSystemFields / BeforeUpdate). */
function carrySystemFields(next: KubeObject, current: KubeObject): void {
  const meta = writableMeta(next)
  const cur = current.metadata ?? {}
  meta.name = cur.name
  if (cur.namespace) meta.namespace = cur.namespace
  meta.uid = cur.uid
  meta.creationTimestamp = cur.creationTimestamp
  if (cur.generation !== undefined) meta.generation = cur.generation
  if (cur.deletionTimestamp) meta.deletionTimestamp = cur.deletionTimestamp
  if (cur.deletionGracePeriodSeconds !== undefined)
    meta.deletionGracePeriodSeconds = cur.deletionGracePeriodSeconds
  if (cur.generateName && !meta.generateName) meta.generateName = cur.generateName
  delete meta.resourceVersion
  next.apiVersion = current.apiVersion
  next.kind = current.kind
}
