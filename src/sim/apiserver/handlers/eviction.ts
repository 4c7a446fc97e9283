/**
 * POST pods/{name}/eviction (v1.33 pkg/registry/core/pod/storage/eviction.go EvictionREST.Create),
 * the Eviction API `kubectl drain` uses: a policy/v1 (or v1beta1) Eviction whose name is the pod's,
 * carrying DeleteOptions.
 *
 * - A pod that is Pending, finished, or already terminating may always go (canIgnorePDB); a
 *   Pending one is deleted only at the resourceVersion read (so a pod that became Ready meanwhile
 *   is checked again), conflicts retried up to 20 times, 500 ms apart (EvictionsRetry).
 * - Any other pod would be checked against its PodDisruptionBudgets; the simulation has none, so
 *   every eviction is allowed.
 * - Either way (addConditionAndDeletePod): the pod first gets `DisruptionTarget=True`, reason
 *   `EvictionByEvictionAPI`, message `Eviction API: evicting` (an update through the status
 *   strategy), then it is deleted with the eviction's DeleteOptions — gracefully, as a DELETE.
 * - The answer is 201 with a Status Success.
 *
 * A pod already terminating gets the condition and a DELETE that keeps its deletion timestamp (or
 * shortens its grace period): the eviction succeeds and the pod goes when its kubelet lets it.
 * Admission is not run for the subresource here (upstream runs the chain on CREATE pods/eviction;
 * none of the simulated plugins acts on it).
 */
import { etcdKey, PODS } from '../../../api/resources'
import { badRequest, conflict, notFound } from '../../../api/status'
import { clone, type KubeObject, type Pod, type PodCondition, type Status } from '../../../api/types'
import { type Proc, sleep } from '../../kernel/kernel'
import type { HttpResponse } from '../http'
import type { ApiRequest, HandlerContext } from './context'
import { type DeleteOptions, deleteObject } from './delete'

/** EvictionsRetry: 20 steps of 500 ms, jitter 0.1. */
const RETRY_STEPS = 20
const RETRY_MS = 500
const RETRY_JITTER = 0.1

const ACCEPTED_VERSIONS = ['policy/v1', 'policy/v1beta1']

interface Eviction extends KubeObject {
  readonly deleteOptions?: DeleteOptions
}

export function* evict(ctx: HandlerContext, req: ApiRequest): Proc<HttpResponse> {
  const ri = req.info
  const decoded = decodeEviction(req)
  if ('code' in decoded) return decoded
  if (decoded.metadata?.name !== ri.name) {
    return { code: 400, body: badRequest('name in URL does not match name in Eviction object') }
  }
  const options = decoded.deleteOptions ?? {}
  const key = etcdKey(PODS, ri.namespace, ri.name)
  // Retry conflicts unless the client set its own resourceVersion precondition.
  const retries = options.preconditions?.resourceVersion ? 1 : RETRY_STEPS
  for (let attempt = 1; ; attempt++) {
    const kv = yield* ctx.storage.get(key, req.stage('persist'), req.object)
    if (!kv) return { code: 404, body: notFound('pods', ri.name) }
    const pod = ctx.storage.decodeKv(kv) as Pod
    // No PodDisruptionBudgets in the simulation: a pod that would be checked against them goes too.
    if (!canIgnorePDB(pod)) return success(yield* addConditionAndDeletePod(ctx, req, options))
    const enforced =
      shouldEnforceResourceVersion(pod) && !options.preconditions?.resourceVersion
        ? {
            ...options,
            preconditions: { ...options.preconditions, resourceVersion: pod.metadata?.resourceVersion },
          }
        : options
    const r = yield* addConditionAndDeletePod(ctx, req, enforced)
    if (r.code !== 409 || attempt >= retries) return success(r)
    yield* sleep(RETRY_MS * (1 + RETRY_JITTER * ctx.kernel.rng.next()))
  }
}

/** The body as an Eviction of an accepted version, or the 400 the decoder answers. */
function decodeEviction(req: ApiRequest): Eviction | HttpResponse {
  const body = req.message.payload.body
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      code: 400,
      body: badRequest(
        'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
      ),
    }
  }
  const eviction = body as Eviction
  if (eviction.apiVersion !== undefined && !ACCEPTED_VERSIONS.includes(eviction.apiVersion)) {
    const message = `the API version in the data (${eviction.apiVersion}) does not match the expected API version (policy/v1)`
    return { code: 400, body: badRequest(message) }
  }
  if (eviction.kind !== undefined && eviction.kind !== 'Eviction') {
    const message = `${eviction.kind} in version "v1" cannot be handled as a Eviction: the kind in the data (${eviction.kind}) does not match the expected kind (Eviction)`
    return { code: 400, body: badRequest(message) }
  }
  const namespace = eviction.metadata?.namespace
  if (namespace && namespace !== req.info.namespace) {
    const message = 'the namespace of the provided object does not match the namespace sent on the request'
    return { code: 400, body: badRequest(message) }
  }
  return eviction
}

/**
 * The DisruptionTarget condition (an update whose preconditions are checked against the latest
 * pod), then the DELETE — at the resourceVersion that update wrote when one is required.
 */
function* addConditionAndDeletePod(
  ctx: HandlerContext,
  req: ApiRequest,
  options: DeleteOptions,
): Proc<HttpResponse> {
  const ri = req.info
  const now = ctx.kernel.wallTime()
  const updated = yield* ctx.storage.guaranteedUpdate<Status>(
    etcdKey(PODS, ri.namespace, ri.name),
    req.stage('persist'),
    req.object,
    (current) => {
      if (!current) return { ok: false, error: notFound('pods', ri.name) }
      const failed = preconditionConflict(options, current)
      if (failed) return { ok: false, error: conflict('Pod', ri.name, failed) }
      return { ok: true, object: withDisruptionTarget(current as Pod, now) }
    },
  )
  if (!updated.ok) return { code: updated.error.code ?? 500, body: updated.error }
  const bumped = options.preconditions?.resourceVersion
    ? {
        ...options,
        preconditions: {
          ...options.preconditions,
          resourceVersion: updated.object.metadata?.resourceVersion,
        },
      }
    : options
  return yield* deleteObject(ctx, req, bumped)
}

/** getLatestPod's checks, with its words. */
function preconditionConflict(options: DeleteOptions, pod: KubeObject): string | undefined {
  const { uid, resourceVersion } = options.preconditions ?? {}
  const meta = pod.metadata ?? {}
  if (uid && uid !== meta.uid)
    return `the UID in the precondition (${uid}) does not match the UID in record (${meta.uid}). The object might have been deleted and then recreated`
  if (resourceVersion && resourceVersion !== meta.resourceVersion)
    return `the ResourceVersion in the precondition (${resourceVersion}) does not match the ResourceVersion in record (${meta.resourceVersion}). The object might have been modified`
  return undefined
}

/** podutil.UpdatePodCondition: a new transition time only when the status changes. */
function withDisruptionTarget(pod: Pod, now: string): Pod {
  const next = clone(pod)
  const conditions = [...(next.status?.conditions ?? [])]
  const i = conditions.findIndex((c) => c.type === 'DisruptionTarget')
  const prev = i >= 0 ? conditions[i] : undefined
  const condition: PodCondition = {
    type: 'DisruptionTarget',
    status: 'True',
    // The internal type's zero metav1.Time is written as null.
    lastProbeTime: null as unknown as string,
    lastTransitionTime: prev?.status === 'True' ? prev.lastTransitionTime : now,
    reason: 'EvictionByEvictionAPI',
    message: 'Eviction API: evicting',
  }
  if (i >= 0) conditions[i] = condition
  else conditions.push(condition)
  Object.assign(next, { status: { ...next.status, conditions } })
  return next
}

function canIgnorePDB(pod: Pod): boolean {
  const phase = pod.status?.phase
  return (
    phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata?.deletionTimestamp
  )
}

function shouldEnforceResourceVersion(pod: Pod): boolean {
  const phase = pod.status?.phase
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata?.deletionTimestamp
}

/** A DELETE that went through is the eviction's success: 201 and a Status. */
function success(r: HttpResponse): HttpResponse {
  if (r.code >= 300) return r
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }
  return { code: 201, body: status }
}
