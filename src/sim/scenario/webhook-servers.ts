/**
 * Admission webhook servers a scenario declares, written as podflow documents beside the
 * cluster's objects (they stand for the Deployment and Service a real webhook runs as):
 *
 *     apiVersion: podflow.dev/v1alpha1
 *     kind: WebhookServer
 *     metadata: {name: sidecar-injector, namespace: webhooks}
 *     spec:
 *       service: {namespace: webhooks, name: sidecar-injector}   # default: the metadata's
 *       behavior:                 # exactly one of allow, patch, deny
 *         patch:                  # a JSON Patch (RFC 6902), applied to the object under review
 *         - {op: add, path: /spec/containers/-, value: {name: proxy, image: busybox:1.37, command: [sleep, infinity]}}
 *         # allow: {}
 *         # deny: {message: "images must come from registry.example.com", code: 403, reason: Forbidden}
 *         delay: 15s              # optional: time before it answers (a Go duration; default 0)
 *         warnings: ["…"]         # optional: `warnings` of its responses
 *
 * A MutatingWebhookConfiguration or ValidatingWebhookConfiguration whose clientConfig.service
 * names the Service reaches this server; one naming no declared server fails to connect.
 */
import type { KubeObject } from '../../api/types'
import type { JsonPatchOp } from '../apiserver/patch'
import { parseGoDuration } from '../runtime/behavior'
import type { WebhookBehavior, WebhookServerSpec } from '../webhook/server'

export const WEBHOOK_SERVER_API_VERSION = 'podflow.dev/v1alpha1'
export const WEBHOOK_SERVER_KIND = 'WebhookServer'
const PATCH_OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test']

export function isWebhookServerDocument(obj: { apiVersion?: unknown; kind?: unknown }): boolean {
  return obj.kind === WEBHOOK_SERVER_KIND && obj.apiVersion === WEBHOOK_SERVER_API_VERSION
}

export type WebhookServerRead = { ok: true; server: WebhookServerSpec } | { ok: false; message: string }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A WebhookServer document as a server of the scenario, or why it is not one. */
export function readWebhookServer(object: KubeObject): WebhookServerRead {
  const name = typeof object.metadata?.name === 'string' ? object.metadata.name : ''
  if (!name) return { ok: false, message: 'a WebhookServer needs metadata.name' }
  const namespace =
    typeof object.metadata?.namespace === 'string' && object.metadata.namespace
      ? object.metadata.namespace
      : 'default'
  const bad = (why: string): WebhookServerRead => ({ ok: false, message: `WebhookServer "${name}": ${why}` })
  const spec = (object as { spec?: unknown }).spec
  if (!isRecord(spec)) return bad('spec.behavior is required')
  const svc = spec.service ?? {}
  if (!isRecord(svc)) return bad('spec.service must be {namespace, name}')
  const service = {
    namespace: typeof svc.namespace === 'string' && svc.namespace ? svc.namespace : namespace,
    name: typeof svc.name === 'string' && svc.name ? svc.name : name,
  }
  const b = spec.behavior
  if (!isRecord(b)) return bad('spec.behavior is required')
  const kinds = ['allow', 'patch', 'deny'].filter((k) => b[k] !== undefined)
  if (kinds.length !== 1) return bad('spec.behavior needs exactly one of allow, patch, deny')
  let behavior: WebhookBehavior
  if (kinds[0] === 'allow') behavior = { type: 'allow' }
  else if (kinds[0] === 'patch') {
    const patch = b.patch
    if (!Array.isArray(patch) || patch.length === 0)
      return bad('spec.behavior.patch must be a non-empty JSON Patch (a list of operations)')
    for (const [i, op] of patch.entries()) {
      if (
        !isRecord(op) ||
        typeof op.op !== 'string' ||
        !PATCH_OPS.includes(op.op) ||
        typeof op.path !== 'string'
      ) {
        return bad(`spec.behavior.patch[${i}] must have op (one of ${PATCH_OPS.join(', ')}) and path`)
      }
    }
    behavior = { type: 'patch', patch: patch as JsonPatchOp[] }
  } else {
    const d = b.deny === null || b.deny === true ? {} : b.deny
    if (!isRecord(d)) return bad('spec.behavior.deny must be {message, code, reason}')
    if (d.code !== undefined && (typeof d.code !== 'number' || !Number.isInteger(d.code)))
      return bad('spec.behavior.deny.code must be an HTTP status code')
    behavior = {
      type: 'deny',
      code: (d.code as number | undefined) ?? 403,
      ...(typeof d.message === 'string' ? { message: d.message } : {}),
      ...(typeof d.reason === 'string' ? { reason: d.reason } : {}),
    }
  }
  let delayMs = 0
  if (b.delay !== undefined) {
    const ms =
      typeof b.delay === 'string'
        ? parseGoDuration(b.delay)
        : typeof b.delay === 'number'
          ? b.delay * 1000
          : undefined
    if (ms === undefined || ms < 0 || !Number.isFinite(ms))
      return bad('spec.behavior.delay must be a duration such as 500ms or 15s')
    delayMs = Math.round(ms)
  }
  const warnings = b.warnings
  if (warnings !== undefined && (!Array.isArray(warnings) || warnings.some((w) => typeof w !== 'string')))
    return bad('spec.behavior.warnings must be a list of strings')
  return {
    ok: true,
    server: {
      name,
      namespace,
      service,
      behavior,
      delayMs,
      ...(warnings?.length ? { warnings: warnings as string[] } : {}),
    },
  }
}

/** Read every WebhookServer document; two servers behind one Service are refused. */
export function readWebhookServers(
  objects: readonly KubeObject[],
): { ok: true; servers: WebhookServerSpec[] } | { ok: false; messages: string[] } {
  const read = readWebhookServerItems(objects.map((object) => ({ object })))
  return read.problems.length
    ? { ok: false, messages: read.problems.map((p) => p.message) }
    : { ok: true, servers: read.servers }
}

/**
 * readWebhookServers over documents that carry where they came from (a line, a file): the
 * servers, and each problem with its document.
 */
export function readWebhookServerItems<T extends { readonly object: KubeObject }>(
  items: readonly T[],
): { servers: WebhookServerSpec[]; problems: { readonly item: T; readonly message: string }[] } {
  const servers: WebhookServerSpec[] = []
  const problems: { item: T; message: string }[] = []
  const byService = new Map<string, string>()
  for (const item of items) {
    const r = readWebhookServer(item.object)
    if (!r.ok) {
      problems.push({ item, message: r.message })
      continue
    }
    const key = `${r.server.service.namespace}/${r.server.service.name}`
    const other = byService.get(key)
    if (other !== undefined) {
      problems.push({
        item,
        message: `WebhookServer "${r.server.name}": service ${key} is already served by WebhookServer "${other}"`,
      })
      continue
    }
    byService.set(key, r.server.name)
    servers.push(r.server)
  }
  return { servers, problems }
}
