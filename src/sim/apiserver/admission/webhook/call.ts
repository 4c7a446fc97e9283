/**
 * Calling one admission webhook (mutating/dispatcher.go callAttrMutatingHook, validating/
 * dispatcher.go callHook): build the AdmissionReview, POST it to the Service's URL with
 * `?timeout=<timeoutSeconds>s` and wait at most that long, verify the response
 * (request/admissionreview.go VerifyAdmissionResponse), and turn a denial into its Status
 * (errors/statuserror.go ToStatusErr). Errors reaching the webhook are ErrCallingWebhook
 * (util/webhook/error.go): `failed calling webhook "<name>": <reason>`.
 */
import type { Status } from '../../../../api/types'
import { CallTimeout, call, type Proc } from '../../../kernel/kernel'
import { APISERVER, type Message, WEBHOOKS } from '../../../kernel/trace'
import {
  ADMISSION_REVIEW_API_VERSION,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  decodePatch,
} from '../../../webhook/review'
import type { WebhookServers } from '../../../webhook/server'
import type { HttpRequest, HttpResponse } from '../../http'
import { newUid } from '../../names'
import type { JsonPatchOp } from '../../patch'
import type { AdmissionAttributes, AdmissionContext } from '../types'
import type { Webhook } from './config'

export type CallResult =
  | {
      readonly kind: 'allowed'
      readonly patch?: readonly JsonPatchOp[]
      readonly warnings: readonly string[]
      readonly auditAnnotations: Readonly<Record<string, string>>
    }
  /** ErrWebhookRejection: the webhook said no. */
  | { readonly kind: 'rejected'; readonly status: Status }
  /** ErrCallingWebhook: it could not be asked (or answered nonsense); failurePolicy decides. */
  | { readonly kind: 'call-error'; readonly error: string }

/** The URL the apiserver POSTs to: `https://<name>.<namespace>.svc:<port><path>`. */
export function webhookUrl(w: Webhook): string {
  if (w.service)
    return `https://${w.service.name}.${w.service.namespace}.svc:${w.service.port}${w.service.path}`
  return w.url ?? ''
}

/** The AdmissionReview request for this webhook call. */
export function admissionRequest(uid: string, a: AdmissionAttributes): AdmissionRequest {
  const r = a.request
  const kind = { group: r.info.group, version: r.info.version, kind: r.info.kind }
  const resource = { group: r.apiGroup, version: r.apiVersion, resource: r.resource }
  const options =
    a.operation === 'CREATE'
      ? { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' }
      : a.operation === 'UPDATE'
        ? { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1' }
        : { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1' }
  const name = r.name || (a.object.metadata?.name ?? '')
  return {
    uid,
    kind,
    resource,
    ...(r.subresource ? { subResource: r.subresource } : {}),
    requestKind: kind,
    requestResource: resource,
    ...(r.subresource ? { requestSubResource: r.subresource } : {}),
    ...(name ? { name } : {}),
    ...(r.namespace ? { namespace: r.namespace } : {}),
    operation: a.operation,
    userInfo: { username: a.user.name, groups: a.user.groups },
    ...(a.operation === 'DELETE' ? {} : { object: a.object }),
    ...(a.oldObject ? { oldObject: a.oldObject } : {}),
    dryRun: false,
    options,
  }
}

/**
 * ToStatusErr (1.33): the webhook's status with a code of at least 400, status Failure, and the
 * message `admission webhook "<name>" denied the request: <message or reason>` (or `… denied
 * the request without explanation`).
 */
export function deniedStatus(webhook: string, result: AdmissionResponse['status']): Status {
  const r = result ?? {}
  const deniedBy = `admission webhook "${webhook}" denied the request`
  const message = r.message
    ? `${deniedBy}: ${r.message}`
    : r.reason
      ? `${deniedBy}: ${r.reason}`
      : `${deniedBy} without explanation`
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: !r.status || r.status === 'Success' ? 'Failure' : r.status,
    message,
    ...(r.reason ? { reason: r.reason } : {}),
    code: r.code === undefined || r.code < 400 ? 400 : r.code,
  } as Status
}

/** The error text of ErrCallingWebhook. */
export const callingError = (webhook: string, reason: string): string =>
  `failed calling webhook "${webhook}": ${reason}`

const servers = (ctx: AdmissionContext): WebhookServers | undefined =>
  ctx.kernel.component(WEBHOOKS) as WebhookServers | undefined

export function* callWebhook(
  w: Webhook,
  a: AdmissionAttributes,
  ctx: AdmissionContext,
  plugin: string,
): Proc<CallResult> {
  const url = webhookUrl(w)
  const timeout = `${w.timeoutSeconds}s`
  const post = `Post "${url}?timeout=${timeout}"`
  const fail = (reason: string): CallResult => ({ kind: 'call-error', error: callingError(w.name, reason) })
  // The ClusterIP service resolver: a Service the scenario declares no server for does not exist.
  const host = w.service ? { namespace: w.service.namespace, name: w.service.name } : undefined
  if (!host || !servers(ctx)?.resolve(host.namespace, host.name)) {
    const what = host ? `service "${host.name}" not found` : 'no such host'
    return fail(`failed to call webhook: ${post}: ${what}`)
  }
  const uid = newUid(ctx.kernel.rng)
  const review: AdmissionReview = {
    apiVersion: ADMISSION_REVIEW_API_VERSION,
    kind: 'AdmissionReview',
    request: admissionRequest(uid, a),
  }
  const path = url.replace(/^https:\/\/[^/]*/, '') || '/'
  const request: HttpRequest = {
    method: 'POST',
    path,
    query: { timeout },
    headers: {
      host: `${host.name}.${host.namespace}.svc:${w.service?.port ?? 443}`,
      'content-type': 'application/json',
    },
    body: review,
  }
  let reply: Message<HttpResponse>
  try {
    reply = yield* call<HttpResponse>(
      {
        from: APISERVER,
        to: WEBHOOKS,
        kind: 'http-request',
        summary: `POST ${url}?timeout=${timeout} (${plugin} ${w.name})`,
        stage: ctx.stage,
        ...(ctx.object ? { object: ctx.object } : {}),
        payload: request,
      },
      w.timeoutSeconds * 1000,
    )
  } catch (e) {
    if (e instanceof CallTimeout) return fail(`failed to call webhook: ${post}: context deadline exceeded`)
    throw e
  }
  const res = reply.payload
  if (res.code !== 200) {
    return fail(`failed to call webhook: the server could not find the requested resource`)
  }
  const body = res.body as AdmissionReview | undefined
  const invalid = (why: string) => fail(`received invalid webhook response: ${why}`)
  if (body?.apiVersion !== ADMISSION_REVIEW_API_VERSION || body.kind !== 'AdmissionReview')
    return invalid(
      `expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${body?.apiVersion ?? ''}, Kind=${body?.kind ?? ''}`,
    )
  const response = body.response
  if (!response) return invalid('webhook response was absent')
  if (response.uid !== uid) return invalid(`expected response.uid="${uid}", got "${response.uid}"`)
  if (response.patch && !response.patchType)
    return invalid('webhook returned response.patch but not response.patchType')
  if (response.patchType && response.patchType !== 'JSONPatch') {
    return invalid(`webhook returned invalid response.patchType of "${response.patchType}"`)
  }
  const warnings = response.warnings ?? []
  if (!response.allowed) return { kind: 'rejected', status: deniedStatus(w.name, response.status) }
  let patch: JsonPatchOp[] | undefined
  if (response.patch) {
    const decoded = decodePatch(response.patch)
    if (decoded instanceof Error)
      return fail(`received undecodable patch in webhook response: ${decoded.message}`)
    if (decoded.length) patch = decoded
  }
  const auditAnnotations: Record<string, string> = {}
  for (const [k, v] of Object.entries(response.auditAnnotations ?? {})) auditAnnotations[`${w.name}/${k}`] = v
  return { kind: 'allowed', ...(patch ? { patch } : {}), warnings, auditAnnotations }
}
