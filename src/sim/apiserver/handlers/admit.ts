/**
 * Running the admission chain: mutating plugins in order, then (after validation) validating
 * plugins. Each plugin that handles the request records a step with its decision and, for
 * mutations, the JSON Patch it applied.
 */
import type { Status } from '../../../api/types'
import { clone } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { APISERVER } from '../../kernel/trace'
import type { AdmissionAttributes } from '../admission/types'
import { diff } from '../diff'
import type { ApiRequest, HandlerContext } from './context'

export type AdmissionResult =
  | { readonly ok: true; readonly warnings: string[] }
  | { readonly ok: false; readonly status: Status }

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
  for (const plugin of ctx.admission) {
    const run = phase === 'mutating' ? plugin.admit : plugin.validate
    if (!run || !plugin.handles(attrs, ctx.lister)) continue
    if (phase === 'mutating') snapshot ??= clone(attrs.object)
    const outcome = yield* run.call(plugin, attrs, ctx.lister, {
      kernel: ctx.kernel,
      stage: req.stage('admit'),
      ...(req.object ? { object: req.object } : {}),
      synced: (group, resource) => ctx.cacher(group, resource),
    })
    const patch = phase === 'mutating' ? diff(snapshot, attrs.object) : []
    if (patch.length) snapshot = undefined
    ctx.kernel.step(
      APISERVER,
      req.stage('admit'),
      `${plugin.name}: ${outcome.allowed ? (patch.length ? 'mutated' : 'admitted') : `denied (${outcome.status.code})`}`,
      {
        phase: 'admit',
        plugin: plugin.name,
        admission: phase,
        allowed: outcome.allowed,
        ...(patch.length ? { patch } : {}),
        ...(outcome.allowed ? {} : { status: outcome.status }),
        ...(outcome.allowed && outcome.warnings?.length ? { warnings: outcome.warnings } : {}),
        ...(outcome.auditAnnotations ? { auditAnnotations: outcome.auditAnnotations } : {}),
      },
      req.object,
    )
    if (!outcome.allowed) return { ok: false, status: outcome.status }
    if (outcome.warnings) warnings.push(...outcome.warnings)
  }
  return { ok: true, warnings }
}
