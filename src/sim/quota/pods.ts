/**
 * Quota's view of a Pod (pkg/quota/v1/evaluator/core/pods.go, v1.33, with the request/limit sums
 * of pkg/api/v1/resource PodRequests/PodLimits): what a Pod charges against a ResourceQuota, which
 * quotas it falls under, and the old rule that a quota on cpu or memory makes every container
 * state them. Shared by the ResourceQuota admission plugin and the ResourceQuota controller, as
 * upstream shares the evaluator.
 */
import type { Container, PodSpec } from 'kubernetes-types/core/v1'
import type { Pod } from '../../api/types'
import { qosClass } from '../apiserver/registry/qos'
import {
  add,
  addQuantity,
  cmp,
  count,
  parseList,
  type Quantity,
  type ResourceList,
  resourceNames,
} from './quantity'

/** podResources: what a pod quota tracks (ephemeral storage included, as upstream). */
export const POD_RESOURCES = [
  'count/pods',
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
] as const

/** The resources a quota on which obliges every container to state them (validationSet). */
const VALIDATION_SET = new Set([
  'cpu',
  'memory',
  'requests.cpu',
  'requests.memory',
  'limits.cpu',
  'limits.memory',
])

/** MatchingResources: the input names a pod evaluator tracks (hugepages, extended requests too). */
export function matchingResources(input: readonly string[]): string[] {
  const known = new Set<string>(POD_RESOURCES)
  return input.filter(
    (r) =>
      known.has(r) ||
      r.startsWith('hugepages-') ||
      r.startsWith('requests.hugepages-') ||
      (r.startsWith('requests.') && r.slice('requests.'.length).includes('/')),
  )
}

const requestsOf = (c: Container): ResourceList =>
  parseList(c.resources?.requests as Record<string, string> | undefined)
const limitsOf = (c: Container): ResourceList =>
  parseList(c.resources?.limits as Record<string, string> | undefined)

/** addResourceList: in place, a new key takes the value as it is. */
function addInto(list: Record<string, Quantity>, more: ResourceList): void {
  for (const [k, v] of Object.entries(more)) {
    const cur = list[k]
    list[k] = cur ? addQuantity(cur, v) : v
  }
}

/** maxResourceList: in place, the larger of the two per key. */
function maxInto(list: Record<string, Quantity>, more: ResourceList): void {
  for (const [k, v] of Object.entries(more)) {
    const cur = list[k]
    if (!cur || cmp(v, cur) > 0) list[k] = v
  }
}

/**
 * PodRequests/PodLimits: the sum over containers and sidecars (restartable init containers), at
 * least each ordinary init container's value plus the sidecars started before it, plus overhead.
 */
function podTotal(
  spec: PodSpec | undefined,
  of: (c: Container) => ResourceList,
  overhead: boolean,
): ResourceList {
  const total: Record<string, Quantity> = {}
  for (const c of spec?.containers ?? []) addInto(total, of(c))
  const sidecars: Record<string, Quantity> = {}
  const init: Record<string, Quantity> = {}
  for (const c of spec?.initContainers ?? []) {
    const own = of(c)
    if (c.restartPolicy === 'Always') {
      addInto(total, own)
      addInto(sidecars, own)
      maxInto(init, sidecars)
    } else {
      const tmp: Record<string, Quantity> = {}
      addInto(tmp, own)
      addInto(tmp, sidecars)
      maxInto(init, tmp)
    }
  }
  maxInto(total, init)
  if (overhead) {
    const extra = parseList(spec?.overhead as Record<string, string> | undefined)
    // Requests get all of it; limits only where a limit is set.
    for (const [k, v] of Object.entries(extra)) {
      const cur = total[k]
      if (cur) total[k] = addQuantity(cur, v)
      else if (of === requestsOf) total[k] = v
    }
  }
  return total
}

/**
 * The pod's requests and limits (overhead included, as resourcehelper adds it; LimitRanger's own
 * copy of these sums leaves it out).
 */
export const podRequests = (spec: PodSpec | undefined, overhead = true): ResourceList =>
  podTotal(spec, requestsOf, overhead)
export const podLimits = (spec: PodSpec | undefined, overhead = true): ResourceList =>
  podTotal(spec, limitsOf, overhead)

/** podComputeUsageHelper: pods=1 and the cpu/memory/ephemeral-storage requests and limits. */
function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: Record<string, Quantity> = { pods: count(1) }
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests[r]
    if (req) {
      out[r] = req
      out[`requests.${r}`] = req
    }
    const lim = limits[r]
    if (lim) out[`limits.${r}`] = lim
  }
  for (const [r, req] of Object.entries(requests)) {
    if (r.startsWith('hugepages-')) {
      out[r] = req
      out[`requests.${r}`] = req
    } else if (r.includes('/') && !r.startsWith('kubernetes.io/')) {
      out[`requests.${r}`] = req
    }
  }
  return out
}

/**
 * QuotaV1Pod: a pod counts for compute quota unless it is terminal, or marked for deletion with
 * its grace period over (a pod stuck terminating on a lost node).
 */
export function countsForQuota(pod: Pod, nowEpochMs: number): boolean {
  const phase = pod.status?.phase
  if (phase === 'Failed' || phase === 'Succeeded') return false
  const deletion = pod.metadata?.deletionTimestamp
  const grace = pod.metadata?.deletionGracePeriodSeconds
  if (deletion && grace !== undefined && nowEpochMs > Date.parse(deletion) + grace * 1000) return false
  return true
}

/** PodUsageFunc: count/pods always; the compute resources while the pod counts. */
export function podUsage(pod: Pod, nowEpochMs: number): ResourceList {
  const result: ResourceList = { 'count/pods': count(1) }
  if (!countsForQuota(pod, nowEpochMs)) return result
  return add(result, computeUsage(podRequests(pod.spec), podLimits(pod.spec)))
}

/**
 * Constraints: with a quota on cpu or memory (requests or limits), every container and init
 * container must state that resource. `must specify limits.cpu for: a,b; limits.memory for: a`.
 */
export function constraints(required: readonly string[], pod: Pod): string | undefined {
  const requiredSet = required.filter((r) => VALIDATION_SET.has(r))
  const missing = new Map<string, Set<string>>()
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const have = new Set(resourceNames(computeUsage(requestsOf(c), limitsOf(c))))
    for (const r of requiredSet) {
      if (have.has(r)) continue
      const names = missing.get(r) ?? new Set<string>()
      names.add(c.name)
      missing.set(r, names)
    }
  }
  if (missing.size === 0) return undefined
  const parts = [...missing.keys()]
    .sort()
    .map((r) => `${r} for: ${[...(missing.get(r) ?? [])].sort().join(',')}`)
  return `must specify ${parts.join('; ')}`
}

/** A quota's scopes (spec.scopes, then spec.scopeSelector's expressions). */
export interface ScopeSelector {
  readonly scopeName: string
  readonly operator: string
  readonly values?: readonly string[]
}

export function quotaScopes(quota: {
  spec?: { scopes?: readonly string[]; scopeSelector?: { matchExpressions?: readonly ScopeSelector[] } }
}): ScopeSelector[] {
  return [
    ...(quota.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' })),
    ...(quota.spec?.scopeSelector?.matchExpressions ?? []),
  ]
}

/** podMatchesScopeFunc, for the scopes modelled (CrossNamespacePodAffinity is not). */
export function matchesScope(scope: ScopeSelector, pod: Pod): boolean {
  const spec = pod.spec
  switch (scope.scopeName) {
    case 'Terminating':
      return (spec?.activeDeadlineSeconds ?? -1) >= 0
    case 'NotTerminating':
      return !((spec?.activeDeadlineSeconds ?? -1) >= 0)
    case 'BestEffort':
      return qosClass(spec) === 'BestEffort'
    case 'NotBestEffort':
      return qosClass(spec) !== 'BestEffort'
    case 'PriorityClass': {
      const pc = spec?.priorityClassName ?? ''
      if (scope.operator === 'Exists') return pc !== ''
      if (scope.operator === 'DoesNotExist') return pc === ''
      const inValues = (scope.values ?? []).includes(pc)
      if (scope.operator === 'In') return pc !== '' && inValues
      if (scope.operator === 'NotIn') return pc === '' || !inValues
      return false
    }
    default:
      return false
  }
}

/** generic.Matches: the quota's status.hard names a pod resource and every scope matches. */
export function quotaMatches(quota: QuotaLike, pod: Pod): boolean {
  const hard = parseList(quota.status?.hard)
  if (matchingResources(resourceNames(hard)).length === 0) return false
  return quotaScopes(quota).every((s) => matchesScope(s, pod))
}

/** The fields of a ResourceQuota this code reads. */
export interface QuotaLike {
  readonly metadata?: {
    readonly name?: string
    readonly namespace?: string
    readonly resourceVersion?: string
  }
  readonly spec?: {
    readonly hard?: Readonly<Record<string, string>>
    readonly scopes?: readonly string[]
    readonly scopeSelector?: { readonly matchExpressions?: readonly ScopeSelector[] }
  }
  readonly status?: {
    readonly hard?: Readonly<Record<string, string>>
    readonly used?: Readonly<Record<string, string>>
  }
}
