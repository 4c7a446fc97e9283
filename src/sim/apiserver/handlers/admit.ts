/**
 * Running the admission chain: mutating plugins in order, then (after validation) validating
 * plugins. Each plugin that handles the request records a step with its decision and, for
 * mutations, the JSON Patch it applied.
 */
import type { Status } from '../../../api/types'
import { clone } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { APISERVER } from '../../kernel/trace'
import { scopedSnapshot } from '../admission/mutation-scope'
import type { AdmissionAttributes, AdmissionContext, AdmissionOutcome } from '../admission/types'
import { diff } from '../diff'
import type { JsonPatchOp } from '../patch'
import type { ApiRequest, HandlerContext } from './context'

export type AdmissionResult =
  | { readonly ok: true; readonly warnings: string[] }
  | { readonly ok: false; readonly status: Status }

const NO_PATCH: readonly JsonPatchOp[] = Object.freeze([])

export function* runAdmission(
  ctx: HandlerContext,
  req: ApiRequest,
  attrs: AdmissionAttributes,
  phase: 'mutating' | 'validating',
): Proc<AdmissionResult> {
  const warnings: string[] = []
  // A deep copy of the object as the next mutating plugin receives it. Most plugins change
  // nothing: the copy then still holds, and a new one is taken only after a mutation.
  let snapshot: unknown
  const context: AdmissionContext = {
    kernel: ctx.kernel,
    stage: req.stage('admit'),
    ...(req.object ? { object: req.object } : {}),
    synced: (group, resource) => ctx.cacher(group, resource),
  }
  for (const plugin of ctx.admission) {
    const run = phase === 'mutating' ? plugin.admit : plugin.validate
    if (!run || !plugin.handles(attrs, ctx.lister)) continue
    const compare = phase === 'mutating' && (plugin.mayMutate?.(attrs, ctx.lister) ?? true)
    // A plugin that names where it mutates has only that part copied (a whole copy taken for an
    // earlier plugin is kept while nothing changes).
    const scoped = compare && plugin.mutates ? scopedSnapshot(attrs.object, plugin.mutates) : undefined
    if (compare && !scoped) snapshot ??= clone(attrs.object)
    const outcome = yield* run.call(plugin, attrs, ctx.lister, context)
    const patch = !compare ? NO_PATCH : scoped ? scoped.patch(attrs.object) : diff(snapshot, attrs.object)
    if (patch.length) snapshot = undefined
    const step = admissionStep(plugin.name, phase, outcome, patch)
    ctx.kernel.step(APISERVER, context.stage, step.summary, step.payload, req.object)
    if (!outcome.allowed) return { ok: false, status: outcome.status }
    if (outcome.warnings) warnings.push(...outcome.warnings)
  }
  return { ok: true, warnings }
}

/** The step's summary and payload: the plugin's decision, and what it changed, refused, warned or annotated. */
function admissionStep(
  plugin: string,
  admission: 'mutating' | 'validating',
  outcome: AdmissionOutcome,
  patch: readonly JsonPatchOp[],
): { readonly summary: string; readonly payload: Readonly<Record<string, unknown>> } {
  // The common case, a plugin that admits and says nothing more, reads the same every time: one
  // shared (frozen) step per plugin and phase instead of a new summary and payload per request.
  const plain =
    outcome.allowed && patch.length === 0 && !outcome.warnings?.length && !outcome.auditAnnotations
  const key = `${plugin}\n${admission}`
  if (plain) {
    const shared = admittedSteps.get(key)
    if (shared !== undefined) return shared
  }
  const summary = `${plugin}: ${outcome.allowed ? (patch.length ? 'mutated' : 'admitted') : `denied (${outcome.status.code})`}`
  // Assigned in the order the trace has always listed them (one object, no spreads).
  const payload: Record<string, unknown> = { phase: 'admit', plugin, admission, allowed: outcome.allowed }
  if (patch.length) payload.patch = patch
  if (!outcome.allowed) payload.status = outcome.status
  if (outcome.allowed && outcome.warnings?.length) payload.warnings = outcome.warnings
  if (outcome.auditAnnotations) payload.auditAnnotations = outcome.auditAnnotations
  const step = { summary, payload }
  if (plain) admittedSteps.set(key, Object.freeze({ summary, payload: Object.freeze(payload) }))
  return step
}

const admittedSteps = new Map<
  string,
  { readonly summary: string; readonly payload: Readonly<Record<string, unknown>> }
>()
