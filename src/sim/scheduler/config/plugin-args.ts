/**
 * The args of the configurable plugins the simulator has, read from a `pluginConfig[].args`,
 * defaulted and validated as kube-scheduler does:
 * - NodeResourcesFit: SetDefaults_NodeResourcesFitArgs, ValidateNodeResourcesFitArgs;
 * - DefaultPreemption: SetDefaults_DefaultPreemptionArgs, ValidateDefaultPreemptionArgs;
 * - NodeAffinity: ValidateNodeAffinityArgs (the added affinity's node selector, checked as a Pod's).
 *
 * kube-scheduler: pkg/scheduler/apis/config/v1/defaults.go,
 * pkg/scheduler/apis/config/validation/validation_pluginargs.go. Texts follow upstream; where
 * v1.33 would crash instead (RequestedToCapacityRatio without its parameters), a newer release's
 * error is used.
 */
import type {
  NodeSelector,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  PreferredSchedulingTerm,
} from 'kubernetes-types/core/v1'
import type { DefaultPreemptionArgs } from '../plugins/DefaultPreemption/default-preemption'
import type { NodeAffinityArgs } from '../plugins/NodeAffinity/node-affinity'
import {
  DEFAULT_FIT_ARGS,
  type NodeResourcesFitArgs,
  type ResourceSpec,
  SCORING_STRATEGY_TYPES,
  type ScoringStrategy,
  type ScoringStrategyType,
  type UtilizationShapePoint,
} from '../plugins/NodeResourcesFit/fit'
import { MAX_CUSTOM_PRIORITY_SCORE } from '../plugins/NodeResourcesFit/requested-to-capacity-ratio'
import type { ProblemList } from './read'

const defined = <T>(v: T | undefined): v is T => v !== undefined

// ---- NodeResourcesFit -----------------------------------------------------------------------------

export function readFitArgs(r: ProblemList, value: unknown, path: string): NodeResourcesFitArgs {
  const o = r.object(value, path) ?? {}
  const ignoredResources = r
    .each(o.ignoredResources, `${path}.ignoredResources`, (v, p) => r.string(v, p))
    .filter(defined)
  const ignoredResourceGroups = r
    .each(o.ignoredResourceGroups, `${path}.ignoredResourceGroups`, (v, p) => {
      const group = r.string(v, p)
      if (group?.includes('/')) r.invalid(p, group, "resource group name can't contain '/'")
      return group
    })
    .filter(defined)
  const base = {
    ...(ignoredResources.length ? { ignoredResources } : {}),
    ...(ignoredResourceGroups.length ? { ignoredResourceGroups } : {}),
  }
  const sPath = `${path}.scoringStrategy`
  const s = r.object(o.scoringStrategy, sPath)
  if (!s) return { ...base, scoringStrategy: DEFAULT_FIT_ARGS.scoringStrategy }

  // An empty type is not defaulted (only a missing scoringStrategy is): it is refused.
  const type = r.string(s.type, `${sPath}.type`) ?? ''
  if (!(SCORING_STRATEGY_TYPES as readonly string[]).includes(type)) {
    r.notSupported(`${sPath}.type`, type, SCORING_STRATEGY_TYPES)
  }
  const listed = r
    .each(s.resources, `${sPath}.resources`, (v, p) => {
      const item = r.object(v, p)
      if (!item) return undefined
      return { name: r.string(item.name, `${p}.name`) ?? '', weight: r.int(item.weight, `${p}.weight`) ?? 0 }
    })
    .filter(defined)
  // Defaults: no resources → cpu and memory; weight 0 → 1. Then 1–100 is the valid range.
  const resources: ResourceSpec[] = listed.length
    ? listed.map((x) => ({ name: x.name, weight: x.weight === 0 ? 1 : x.weight }))
    : [...(DEFAULT_FIT_ARGS.scoringStrategy.resources ?? [])]
  resources.forEach((x, i) => {
    if (x.weight <= 0 || x.weight > 100) {
      r.invalid(
        `${sPath}.resources[${i}].weight`,
        x.weight,
        `resource weight of ${x.name} not in valid range (0, 100]`,
      )
    }
  })
  const rPath = `${sPath}.requestedToCapacityRatio`
  const ratio = r.object(s.requestedToCapacityRatio, rPath)
  const shape = ratio ? readShape(r, ratio.shape, `${rPath}.shape`) : undefined
  const ratioAbsent = s.requestedToCapacityRatio === undefined || s.requestedToCapacityRatio === null
  if (type === 'RequestedToCapacityRatio' && ratioAbsent) {
    r.required(rPath, 'must be specified when type is RequestedToCapacityRatio')
  }
  const strategy: ScoringStrategy = {
    type: type as ScoringStrategyType,
    resources,
    ...(type === 'RequestedToCapacityRatio' && shape ? { requestedToCapacityRatio: { shape } } : {}),
  }
  return { ...base, scoringStrategy: strategy }
}

/** validateFunctionShape: at least one point, utilization increasing, in range. */
function readShape(r: ProblemList, value: unknown, path: string): UtilizationShapePoint[] {
  const points = r
    .each(value, path, (v, p) => {
      const o = r.object(v, p)
      if (!o) return undefined
      return {
        utilization: r.int(o.utilization, `${p}.utilization`) ?? 0,
        score: r.int(o.score, `${p}.score`) ?? 0,
      }
    })
    .filter(defined)
  if (points.length === 0) {
    r.required(path, 'at least one point must be specified')
    return points
  }
  for (let i = 1; i < points.length; i++) {
    const u = (points[i] as UtilizationShapePoint).utilization
    if ((points[i - 1] as UtilizationShapePoint).utilization >= u) {
      r.invalid(`${path}[${i}].utilization`, u, 'utilization values must be sorted in increasing order')
      break
    }
  }
  points.forEach((point, i) => {
    if (point.utilization < 0 || point.utilization > 100) {
      r.invalid(`${path}[${i}].utilization`, point.utilization, 'not in valid range [0, 100]')
    }
    if (point.score < 0 || point.score > MAX_CUSTOM_PRIORITY_SCORE) {
      r.invalid(`${path}[${i}].score`, point.score, `not in valid range [0, ${MAX_CUSTOM_PRIORITY_SCORE}]`)
    }
  })
  return points
}

// ---- DefaultPreemption ----------------------------------------------------------------------------

export function readDefaultPreemptionArgs(
  r: ProblemList,
  value: unknown,
  path: string,
): Required<DefaultPreemptionArgs> {
  const o = r.object(value, path) ?? {}
  const pPath = `${path}.minCandidateNodesPercentage`
  const aPath = `${path}.minCandidateNodesAbsolute`
  const percentage = r.int(o.minCandidateNodesPercentage, pPath) ?? 10
  const absolute = r.int(o.minCandidateNodesAbsolute, aPath) ?? 100
  if (percentage < 0 || percentage > 100) r.invalid(pPath, percentage, 'not in valid range [0, 100]')
  if (absolute < 0) r.invalid(aPath, absolute, 'not in valid range [0, inf)')
  if (percentage === 0 && absolute === 0) {
    r.invalid(pPath, percentage, 'cannot be zero at the same time as minCandidateNodesAbsolute')
    r.invalid(aPath, absolute, 'cannot be zero at the same time as minCandidateNodesPercentage')
  }
  return { minCandidateNodesPercentage: percentage, minCandidateNodesAbsolute: absolute }
}

// ---- NodeAffinity ---------------------------------------------------------------------------------

const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']

export function readNodeAffinityArgs(r: ProblemList, value: unknown, path: string): NodeAffinityArgs {
  const o = r.object(value, path) ?? {}
  const aPath = `${path}.addedAffinity`
  const added = r.object(o.addedAffinity, aPath)
  if (!added) return {}
  const reqPath = `${aPath}.requiredDuringSchedulingIgnoredDuringExecution`
  const required = r.object(added.requiredDuringSchedulingIgnoredDuringExecution, reqPath)
  const prefPath = `${aPath}.preferredDuringSchedulingIgnoredDuringExecution`
  const preferred = r
    .each(added.preferredDuringSchedulingIgnoredDuringExecution, prefPath, (v, p) => {
      const t = r.object(v, p)
      if (!t) return undefined
      const weight = r.int(t.weight, `${p}.weight`) ?? 0
      if (weight < 1 || weight > 100) r.invalid(`${p}.weight`, weight, 'must be in the range 1-100')
      return { weight, preference: readTerm(r, t.preference, `${p}.preference`) } as PreferredSchedulingTerm
    })
    .filter(defined)
  return {
    addedAffinity: {
      ...(required
        ? { requiredDuringSchedulingIgnoredDuringExecution: readSelector(r, required, reqPath) }
        : {}),
      ...(preferred.length ? { preferredDuringSchedulingIgnoredDuringExecution: preferred } : {}),
    },
  }
}

function readSelector(r: ProblemList, o: Readonly<Record<string, unknown>>, path: string): NodeSelector {
  const terms = r.each(o.nodeSelectorTerms, `${path}.nodeSelectorTerms`, (v, p) => readTerm(r, v, p))
  if (terms.length === 0) r.required(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')
  return { nodeSelectorTerms: terms }
}

function readTerm(r: ProblemList, value: unknown, path: string): NodeSelectorTerm {
  const o = r.object(value, path) ?? {}
  const matchExpressions = r
    .each(o.matchExpressions, `${path}.matchExpressions`, (v, p) => readRequirement(r, v, p, false))
    .filter(defined)
  const matchFields = r
    .each(o.matchFields, `${path}.matchFields`, (v, p) => readRequirement(r, v, p, true))
    .filter(defined)
  return {
    ...(matchExpressions.length ? { matchExpressions } : {}),
    ...(matchFields.length ? { matchFields } : {}),
  }
}

/** ValidateNodeSelectorRequirement / validateNodeFieldSelectorRequirement, in short. */
function readRequirement(
  r: ProblemList,
  value: unknown,
  path: string,
  field: boolean,
): NodeSelectorRequirement | undefined {
  const o = r.object(value, path)
  if (!o) return undefined
  const key = r.string(o.key, `${path}.key`) ?? ''
  const operator = r.string(o.operator, `${path}.operator`) ?? ''
  const values = r.each(o.values, `${path}.values`, (v, p) => r.string(v, p)).filter(defined)
  if (key === '') r.required(`${path}.key`)
  if (field) {
    if (key !== '' && key !== 'metadata.name') r.invalid(`${path}.key`, key, 'not a valid field selector key')
    if (operator !== 'In' && operator !== 'NotIn')
      r.invalid(`${path}.operator`, operator, 'not a valid selector operator')
    else if (values.length !== 1) {
      r.required(
        `${path}.values`,
        "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
      )
    }
  } else if (!OPERATORS.includes(operator)) {
    r.invalid(`${path}.operator`, operator, 'not a valid selector operator')
  } else if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
    r.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'")
  } else if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0) {
    r.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")
  } else if ((operator === 'Gt' || operator === 'Lt') && values.length !== 1) {
    r.required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'")
  }
  return { key, operator, ...(values.length ? { values } : {}) }
}
