/**
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook (apiserver/pkg/admission/plugin/webhook/
 * mutating, validating). Both read their configurations from the watch cache and call each webhook
 * whose namespaceSelector, objectSelector and rules match, with its timeoutSeconds:
 * - mutating, one after the other in configuration-name order; each webhook sees the object as
 *   the previous ones patched it; a patch is applied as a JSON Patch, then scheme defaults;
 * - validating, all at once; the first error to come back fails the request.
 * A call that fails (timeout, unknown service, bad response) fails the request with an
 * InternalError under failurePolicy Fail and is ignored under Ignore; a denial always fails it.
 * Every call is a step of the plugin with its outcome and, for a patch, the JSON Patch.
 */
import { internalError } from '../../../../api/status'
import type { KubeObject, Status } from '../../../../api/types'
import { Signal, wait } from '../../../kernel/kernel'
import { APISERVER } from '../../../kernel/trace'
import { type JsonPatchOp, jsonPatch, PatchError } from '../../patch'
import { applyDecodeDefaults } from '../../registry/scheme-defaults'
import type {
  AdmissionAttributes,
  AdmissionContext,
  AdmissionLister,
  AdmissionOutcome,
  AdmissionPlugin,
} from '../types'
import { type CallResult, callWebhook } from './call'
import { ADMISSION_REGISTRATION, listWebhooks, type Webhook } from './config'
import { isExemptConfigurationResource, matchAttributes, shouldCall } from './match'

export const MUTATING_ADMISSION_WEBHOOK = 'MutatingAdmissionWebhook'
export const VALIDATING_ADMISSION_WEBHOOK = 'ValidatingAdmissionWebhook'
const MUTATING = 'mutatingwebhookconfigurations'
const VALIDATING = 'validatingwebhookconfigurations'

/** CREATE, UPDATE, DELETE (and CONNECT) of anything but the admission configurations themselves. */
function handles(resource: string) {
  return (a: AdmissionAttributes, lister: AdmissionLister): boolean =>
    !isExemptConfigurationResource(matchAttributes(a)) &&
    lister.list(ADMISSION_REGISTRATION, resource).length > 0
}

function recordCall(
  ctx: AdmissionContext,
  plugin: string,
  w: Webhook,
  outcome: string,
  facts: Record<string, unknown>,
): void {
  ctx.kernel.step(
    APISERVER,
    ctx.stage,
    `${plugin}: webhook "${w.name}" ${outcome}`,
    { phase: 'admit', plugin, webhook: w.name, configuration: w.configuration, ...facts },
    ctx.object,
  )
}

/** Apply a webhook's patch to the admitted object in place, then the scheme defaults. */
function applyPatch(a: AdmissionAttributes, patch: readonly JsonPatchOp[]): { changed: boolean } | Error {
  let patched: KubeObject
  try {
    patched = jsonPatch(a.object, patch)
  } catch (e) {
    if (e instanceof PatchError) return e
    throw e
  }
  applyDecodeDefaults(patched, a.request.apiGroup, a.request.resource)
  const before = JSON.stringify(a.object)
  const target = a.object as Record<string, unknown>
  for (const k of Object.keys(target)) delete target[k]
  Object.assign(target, patched)
  return { changed: JSON.stringify(a.object) !== before }
}

const denied = (status: Status, auditAnnotations?: Record<string, string>): AdmissionOutcome => ({
  allowed: false,
  status,
  ...(auditAnnotations && Object.keys(auditAnnotations).length ? { auditAnnotations } : {}),
})

export const mutatingAdmissionWebhook: AdmissionPlugin = {
  name: MUTATING_ADMISSION_WEBHOOK,
  handles: handles(MUTATING),
  *admit(a, lister, ctx) {
    yield* ctx.synced(ADMISSION_REGISTRATION, MUTATING)
    const hooks = listWebhooks(lister, MUTATING)
    const warnings: string[] = []
    const audit: Record<string, string> = {}
    for (const [i, w] of hooks.entries()) {
      const should = shouldCall(w, matchAttributes(a), lister)
      if (should === false) continue
      if (should !== true) return denied(should, audit)
      const result: CallResult = yield* callWebhook(w, a, ctx, MUTATING_ADMISSION_WEBHOOK)
      let mutated = false
      const annotate = () => {
        audit[`mutation.webhook.admission.k8s.io/round_0_index_${i}`] = JSON.stringify({
          configuration: w.configuration,
          webhook: w.name,
          mutated,
        })
      }
      if (result.kind === 'call-error') {
        annotate()
        if (w.failurePolicy === 'Ignore') {
          audit[`failed-open.mutation.webhook.admission.k8s.io/round_0_index_${i}`] = w.name
          recordCall(ctx, MUTATING_ADMISSION_WEBHOOK, w, 'failed open (failurePolicy Ignore)', {
            allowed: true,
            error: result.error,
          })
          continue
        }
        const status = internalError(result.error)
        recordCall(ctx, MUTATING_ADMISSION_WEBHOOK, w, 'failed (failurePolicy Fail)', {
          allowed: false,
          error: result.error,
          status,
        })
        return denied(status, audit)
      }
      if (result.kind === 'rejected') {
        annotate()
        recordCall(ctx, MUTATING_ADMISSION_WEBHOOK, w, `denied (${result.status.code})`, {
          allowed: false,
          status: result.status,
        })
        return denied(result.status, audit)
      }
      warnings.push(...result.warnings)
      Object.assign(audit, result.auditAnnotations)
      if (result.patch) {
        const applied = applyPatch(a, result.patch)
        if (applied instanceof Error) {
          annotate()
          const status = internalError(applied.message)
          recordCall(ctx, MUTATING_ADMISSION_WEBHOOK, w, 'patch failed', {
            allowed: false,
            patch: result.patch,
            status,
          })
          return denied(status, audit)
        }
        mutated = applied.changed
        audit[`patch.webhook.admission.k8s.io/round_0_index_${i}`] = JSON.stringify({
          configuration: w.configuration,
          webhook: w.name,
          patch: result.patch,
          patchType: 'JSONPatch',
        })
      }
      annotate()
      recordCall(ctx, MUTATING_ADMISSION_WEBHOOK, w, result.patch ? 'patched' : 'allowed', {
        allowed: true,
        ...(result.patch ? { patch: result.patch } : {}),
        ...(result.warnings.length ? { warnings: result.warnings } : {}),
      })
    }
    return {
      allowed: true,
      ...(warnings.length ? { warnings } : {}),
      ...(Object.keys(audit).length ? { auditAnnotations: audit } : {}),
    }
  },
}

export const validatingAdmissionWebhook: AdmissionPlugin = {
  name: VALIDATING_ADMISSION_WEBHOOK,
  handles: handles(VALIDATING),
  *validate(a, lister, ctx) {
    yield* ctx.synced(ADMISSION_REGISTRATION, VALIDATING)
    const relevant: Webhook[] = []
    for (const w of listWebhooks(lister, VALIDATING)) {
      const should = shouldCall(w, matchAttributes(a), lister)
      if (should === false) continue
      if (should !== true) return denied(should)
      relevant.push(w)
    }
    // All at once (one goroutine each); errors in the order they come back.
    const errors: Status[] = []
    const warnings: string[] = []
    const audit: Record<string, string> = {}
    const done = new Signal()
    let pending = relevant.length
    const kernel = ctx.kernel
    for (const w of relevant) {
      kernel.spawn(
        (function* () {
          const result = yield* callWebhook(w, a, ctx, VALIDATING_ADMISSION_WEBHOOK)
          if (result.kind === 'allowed') {
            warnings.push(...result.warnings)
            Object.assign(audit, result.auditAnnotations)
            recordCall(ctx, VALIDATING_ADMISSION_WEBHOOK, w, 'allowed', {
              allowed: true,
              ...(result.warnings.length ? { warnings: result.warnings } : {}),
            })
          } else if (result.kind === 'rejected') {
            errors.push(result.status)
            recordCall(ctx, VALIDATING_ADMISSION_WEBHOOK, w, `denied (${result.status.code})`, {
              allowed: false,
              status: result.status,
            })
          } else if (w.failurePolicy === 'Ignore') {
            recordCall(ctx, VALIDATING_ADMISSION_WEBHOOK, w, 'failed open (failurePolicy Ignore)', {
              allowed: true,
              error: result.error,
            })
          } else {
            const status = internalError(result.error)
            errors.push(status)
            recordCall(ctx, VALIDATING_ADMISSION_WEBHOOK, w, 'failed (failurePolicy Fail)', {
              allowed: false,
              error: result.error,
              status,
            })
          }
          pending--
          kernel.notify(done)
        })(),
        `webhook ${w.name}`,
      )
    }
    while (pending > 0) yield* wait(done)
    const first = errors[0]
    if (first) return denied(first, audit)
    return {
      allowed: true,
      ...(warnings.length ? { warnings } : {}),
      ...(Object.keys(audit).length ? { auditAnnotations: audit } : {}),
    }
  },
}
