/**
 * NodeResourcesBalancedAllocationArgs: read from a `pluginConfig[].args`, defaulted and validated
 * as kube-scheduler does.
 * - Defaults: no resources (or an empty list) → cpu and memory, weight 1; a weight of 0 → 1.
 * - Validation: a resource named twice is a `Duplicate value` at `resources[i].name`; any weight
 *   other than 1 is `Invalid value: <w>: must be 1` at `resources[i].weight`. Names themselves are
 *   not checked.
 *
 * kube-scheduler: pkg/scheduler/apis/config/v1/defaults.go
 * (SetDefaults_NodeResourcesBalancedAllocationArgs), pkg/scheduler/apis/config/validation/
 * validation_pluginargs.go (ValidateNodeResourcesBalancedAllocationArgs).
 */
import type { ProblemList } from '../../config/read'
import type { ResourceSpec } from '../NodeResourcesFit/resource-allocation'

/** NodeResourcesBalancedAllocationArgs (kubescheduler.config.k8s.io/v1), as defaulted. */
export interface NodeResourcesBalancedAllocationArgs {
  readonly resources?: readonly ResourceSpec[]
}

/** defaultResourceSpec: cpu and memory, weight 1 each. */
export const DEFAULT_BALANCED_ALLOCATION_RESOURCES: readonly ResourceSpec[] = Object.freeze([
  Object.freeze({ name: 'cpu', weight: 1 }),
  Object.freeze({ name: 'memory', weight: 1 }),
])

/** ValidateNodeResourcesBalancedAllocationArgs, on defaulted args; `path` is the args' field path. */
export function validateBalancedAllocationArgs(
  r: ProblemList,
  args: NodeResourcesBalancedAllocationArgs,
  path: string,
): void {
  const prefix = path ? `${path}.resources` : 'resources'
  const seen = new Set<string>()
  ;(args.resources ?? []).forEach((res, i) => {
    if (seen.has(res.name)) r.duplicate(`${prefix}[${i}].name`, res.name)
    else seen.add(res.name)
    if (res.weight !== 1) r.invalid(`${prefix}[${i}].weight`, res.weight, 'must be 1')
  })
}

/** Reads, defaults and validates the args at `path`; problems go to `r`. */
export function readBalancedAllocationArgs(
  r: ProblemList,
  value: unknown,
  path: string,
): Required<NodeResourcesBalancedAllocationArgs> {
  const o = r.object(value, path) ?? {}
  const listed = r.each(o.resources, `${path}.resources`, (v, p) => {
    const item = r.object(v, p)
    return {
      name: (item && r.string(item.name, `${p}.name`)) ?? '',
      weight: (item && r.int(item.weight, `${p}.weight`)) ?? 0,
    }
  })
  const resources: ResourceSpec[] = listed.length
    ? listed.map((x) => ({ name: x.name, weight: x.weight === 0 ? 1 : x.weight }))
    : [...DEFAULT_BALANCED_ALLOCATION_RESOURCES]
  validateBalancedAllocationArgs(r, { resources }, path)
  return { resources }
}
