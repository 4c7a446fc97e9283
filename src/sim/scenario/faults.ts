/**
 * Faults a scenario injects, written as podflow documents beside the cluster's Nodes:
 *
 *     apiVersion: podflow.dev/v1alpha1
 *     kind: NodeFailure
 *     metadata: {name: worker-2}   # the Node that fails
 *     spec:
 *       at: 60s                    # virtual time (a Go duration)
 *       mode: stop                 # stop (default): the machine stops; unreachable: its network to the apiserver is cut
 *
 * Each becomes a `node-down` action of the scenario (src/sim/scenario/scenario.ts).
 */
import type { KubeObject } from '../../api/types'
import type { NodeDownFault } from '../faults/node-down'
import { parseGoDuration } from '../runtime/behavior'
import { USER_API_VERSION } from './cluster-objects'

export const NODE_FAILURE_KIND = 'NodeFailure'
const MODES = ['stop', 'unreachable'] as const

export function isFaultDocument(obj: { apiVersion?: unknown; kind?: unknown }): boolean {
  return obj.kind === NODE_FAILURE_KIND && obj.apiVersion === USER_API_VERSION
}

/** A NodeFailure document as a fault action, or why it is not one. */
export function readNodeFailure(
  object: KubeObject,
  nodeNames: ReadonlySet<string>,
): { ok: true; fault: NodeDownFault } | { ok: false; message: string } {
  const node = typeof object.metadata?.name === 'string' ? object.metadata.name : ''
  if (!node) return { ok: false, message: 'a NodeFailure needs metadata.name (the Node that fails)' }
  if (!nodeNames.has(node)) {
    return { ok: false, message: `NodeFailure "${node}": no Node "${node}" in the cluster` }
  }
  const spec = ((object as { spec?: unknown }).spec ?? {}) as { at?: unknown; mode?: unknown }
  const at =
    typeof spec.at === 'string'
      ? parseGoDuration(spec.at)
      : typeof spec.at === 'number'
        ? spec.at * 1000
        : undefined
  if (at === undefined || at < 0 || !Number.isFinite(at)) {
    return { ok: false, message: `NodeFailure "${node}": spec.at must be a duration such as 60s or 5m` }
  }
  const mode = spec.mode ?? 'stop'
  if (!MODES.includes(mode as (typeof MODES)[number])) {
    return { ok: false, message: `NodeFailure "${node}": spec.mode must be one of stop, unreachable` }
  }
  return {
    ok: true,
    fault: { type: 'node-down', atMs: Math.round(at), node, mode: mode as NodeDownFault['mode'] },
  }
}
