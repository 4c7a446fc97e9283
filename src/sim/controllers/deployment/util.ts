/**
 * Pure Deployment helpers: surge and unavailability fenceposts, the new/old ReplicaSet split,
 * revision and replica annotations, conditions and status.
 *
 * kube-controller-manager: pkg/controller/deployment/util/deployment_util.go,
 * pkg/controller/deployment/sync.go (calculateStatus), pkg/controller/controller_utils.go
 * (ReplicaSet orderings), k8s.io/apimachinery/pkg/util/intstr (GetScaledValueFromIntOrPercent).
 */
import type { DeploymentCondition, DeploymentStatus, ReplicaSetCondition } from 'kubernetes-types/apps/v1'
import type { PodTemplateSpec } from 'kubernetes-types/core/v1'
import { timeMs } from '../../../api/time'
import type { Deployment, ReplicaSet } from '../../../api/types'
import { byCreation } from '../controller-utils'
import { canonicalJson } from '../hash'

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision'
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history'
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas'
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas'
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration'
/** apps.DefaultDeploymentUniqueLabelKey */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash'

/** Condition reasons (deployment_util.go). */
export const REASON = {
  ReplicaSetUpdated: 'ReplicaSetUpdated',
  FailedRSCreate: 'ReplicaSetCreateError',
  NewReplicaSetCreated: 'NewReplicaSetCreated',
  FoundNewReplicaSet: 'FoundNewReplicaSet',
  NewReplicaSetAvailable: 'NewReplicaSetAvailable',
  ProgressDeadlineExceeded: 'ProgressDeadlineExceeded',
  DeploymentPaused: 'DeploymentPaused',
  DeploymentResumed: 'DeploymentResumed',
  MinimumReplicasAvailable: 'MinimumReplicasAvailable',
  MinimumReplicasUnavailable: 'MinimumReplicasUnavailable',
} as const

/** The annotations never copied from a Deployment to its ReplicaSets (annotationsToSkip). */
const ANNOTATIONS_TO_SKIP = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
])

/** maxRevHistoryLengthInChars in sync.go. */
const MAX_REV_HISTORY_CHARS = 2000

/** spec.replicas; the apiserver defaults it to 1, and so do we when it is absent. */
export function specReplicas(obj: Deployment | ReplicaSet): number {
  return obj.spec?.replicas ?? 1
}

export function isRollingUpdate(d: Deployment): boolean {
  return (d.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate'
}

/**
 * intstr.GetScaledValueFromIntOrPercent: an integer as is, a percentage of `total` rounded up or
 * down. Invalid values (rejected by validation) count as 0.
 */
export function valueFromIntOrPercent(
  value: number | string | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (value === undefined) return 0
  if (typeof value === 'number') return value
  const m = /^(\d+)%$/.exec(value)
  if (!m) return 0
  const scaled = (Number(m[1]) * total) / 100
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled)
}

/** ResolveFenceposts: maxSurge rounds up, maxUnavailable down; both 0 makes maxUnavailable 1. */
export function resolveFenceposts(
  maxSurge: number | string | undefined,
  maxUnavailable: number | string | undefined,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = valueFromIntOrPercent(maxSurge ?? 0, desired, true)
  let unavailable = valueFromIntOrPercent(maxUnavailable ?? 0, desired, false)
  if (surge === 0 && unavailable === 0) unavailable = 1
  return { surge, unavailable }
}

function rollingParams(d: Deployment) {
  const ru = d.spec?.strategy?.rollingUpdate
  // The apiserver defaults both to 25% (pkg/apis/apps/v1/defaults.go); mirror it when absent.
  return resolveFenceposts(ru?.maxSurge ?? '25%', ru?.maxUnavailable ?? '25%', specReplicas(d))
}

/** MaxSurge: extra pods a rolling update may create above spec.replicas. */
export function maxSurge(d: Deployment): number {
  return isRollingUpdate(d) ? rollingParams(d).surge : 0
}

/** MaxUnavailable: capped at spec.replicas; 0 for Recreate or zero replicas. */
export function maxUnavailable(d: Deployment): number {
  const replicas = specReplicas(d)
  if (!isRollingUpdate(d) || replicas === 0) return 0
  return Math.min(rollingParams(d).unavailable, replicas)
}

const sum = (rss: readonly (ReplicaSet | undefined)[], f: (rs: ReplicaSet) => number): number =>
  rss.reduce((n, rs) => n + (rs ? f(rs) : 0), 0)

/** GetReplicaCountForReplicaSets: Σ spec.replicas. */
export const replicaCount = (rss: readonly (ReplicaSet | undefined)[]): number => sum(rss, specReplicas)
/** GetActualReplicaCountForReplicaSets: Σ status.replicas. */
export const actualReplicaCount = (rss: readonly (ReplicaSet | undefined)[]): number =>
  sum(rss, (rs) => rs.status?.replicas ?? 0)
export const readyReplicaCount = (rss: readonly (ReplicaSet | undefined)[]): number =>
  sum(rss, (rs) => rs.status?.readyReplicas ?? 0)
export const availableReplicaCount = (rss: readonly (ReplicaSet | undefined)[]): number =>
  sum(rss, (rs) => rs.status?.availableReplicas ?? 0)

/** NewRSNewReplicas: how big the new ReplicaSet may be now. */
export function newRSNewReplicas(
  d: Deployment,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet,
): number {
  if (!isRollingUpdate(d)) return specReplicas(d)
  const desired = specReplicas(d)
  const maxTotal = desired + maxSurge(d)
  const current = replicaCount(allRSs)
  if (current >= maxTotal) return specReplicas(newRS)
  const scaleUp = Math.min(maxTotal - current, desired - specReplicas(newRS))
  return specReplicas(newRS) + scaleUp
}

/** EqualIgnoreHash: the templates are equal once the pod-template-hash label is removed. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  const strip = (t: PodTemplateSpec | undefined) => {
    const labels = { ...(t?.metadata?.labels ?? {}) }
    delete labels[POD_TEMPLATE_HASH_LABEL]
    return canonicalJson(semantic({ ...t, metadata: { ...t?.metadata, labels } }))
  }
  return strip(a) === strip(b)
}

/** Semantic.DeepEqual treats empty and absent maps and lists alike. */
function semantic(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v.map(semantic)
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      const s = semantic(x)
      if (s !== undefined) out[k] = s
    }
    return out
  }
  return v
}

/** FindNewReplicaSet: the oldest ReplicaSet whose template equals the Deployment's. */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template))
}

/** FindOldReplicaSets: [old ones with replicas, all old ones]. */
export function findOldReplicaSets(
  d: Deployment,
  rsList: readonly ReplicaSet[],
): [ReplicaSet[], ReplicaSet[]] {
  const newRS = findNewReplicaSet(d, rsList)
  const all = rsList.filter((rs) => !newRS || rs.metadata?.uid !== newRS.metadata?.uid)
  return [all.filter((rs) => specReplicas(rs) !== 0), all]
}

/** controller.FilterActiveReplicaSets: spec.replicas > 0. */
export function filterActiveReplicaSets(rss: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => rs !== undefined && specReplicas(rs) > 0)
}

/** FindActiveOrLatest: the only active ReplicaSet, or the newest when none is active. */
export function findActiveOrLatest(
  newRS: ReplicaSet | undefined,
  oldRSs: readonly ReplicaSet[],
): ReplicaSet | undefined {
  if (!newRS && oldRSs.length === 0) return undefined
  const olds = [...oldRSs].sort(byCreation).reverse()
  const active = filterActiveReplicaSets([...olds, newRS])
  if (active.length === 0) return newRS ?? olds[0]
  if (active.length === 1) return active[0]
  return undefined
}

/** ReplicaSetsBySizeNewer (scaling up) and ReplicaSetsBySizeOlder (scaling down). */
export function sortBySize(rss: ReplicaSet[], newerFirst: boolean): ReplicaSet[] {
  return rss.sort((a, b) => {
    if (specReplicas(a) !== specReplicas(b)) return specReplicas(b) - specReplicas(a)
    return newerFirst ? byCreation(b, a) : byCreation(a, b)
  })
}

/** IsSaturated: the new ReplicaSet owns all desired replicas and they are all available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false
  const desired = Number.parseInt(rs.metadata?.annotations?.[DESIRED_REPLICAS_ANNOTATION] ?? '', 10)
  if (Number.isNaN(desired)) return false
  const replicas = specReplicas(d)
  return (
    specReplicas(rs) === replicas && desired === replicas && (rs.status?.availableReplicas ?? 0) === replicas
  )
}

export function revisionOf(obj: Deployment | ReplicaSet): number {
  const v = obj.metadata?.annotations?.[REVISION_ANNOTATION]
  if (v === undefined) return 0
  const n = Number.parseInt(v, 10)
  return Number.isNaN(n) ? 0 : n
}

export function maxRevision(rss: readonly ReplicaSet[]): number {
  return Math.max(0, ...rss.map(revisionOf))
}

/** SetDeploymentRevision; mutates `d` (a copy). Returns true when it changed. */
export function setDeploymentRevision(d: Deployment, revision: string): boolean {
  d.metadata ??= {}
  d.metadata.annotations ??= {}
  if (d.metadata.annotations[REVISION_ANNOTATION] === revision) return false
  d.metadata.annotations[REVISION_ANNOTATION] = revision
  return true
}

/** SetReplicasAnnotations; mutates `rs`. */
export function setReplicasAnnotations(rs: ReplicaSet, desired: number, max: number): boolean {
  rs.metadata ??= {}
  const a = (rs.metadata.annotations ??= {})
  let updated = false
  if (a[DESIRED_REPLICAS_ANNOTATION] !== String(desired)) {
    a[DESIRED_REPLICAS_ANNOTATION] = String(desired)
    updated = true
  }
  if (a[MAX_REPLICAS_ANNOTATION] !== String(max)) {
    a[MAX_REPLICAS_ANNOTATION] = String(max)
    updated = true
  }
  return updated
}

export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = rs.metadata?.annotations
  return a?.[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a?.[MAX_REPLICAS_ANNOTATION] !== String(max)
}

/**
 * SetNewReplicaSetAnnotations; mutates `rs`. Copies the Deployment's annotations (except the
 * skipped ones), raises the revision, keeps the revision history of a rollback, and for a new
 * ReplicaSet sets desired-replicas and max-replicas.
 */
export function setNewReplicaSetAnnotations(
  d: Deployment,
  rs: ReplicaSet,
  newRevision: string,
  exists: boolean,
): boolean {
  rs.metadata ??= {}
  const a = (rs.metadata.annotations ??= {})
  let changed = false
  for (const [k, v] of Object.entries(d.metadata?.annotations ?? {})) {
    if (ANNOTATIONS_TO_SKIP.has(k) || a[k] === v) continue
    a[k] = v
    changed = true
  }
  const oldRevision = a[REVISION_ANNOTATION]
  const oldInt = oldRevision === undefined || oldRevision === '' ? 0 : Number.parseInt(oldRevision, 10)
  if (Number.isNaN(oldInt)) return false
  const newInt = Number.parseInt(newRevision, 10)
  if (oldInt < newInt) {
    a[REVISION_ANNOTATION] = newRevision
    changed = true
    if (oldRevision !== undefined) {
      const history = a[REVISION_HISTORY_ANNOTATION]
      const next = history ? `${history},${oldRevision}` : oldRevision
      let parts = next.split(',')
      while (parts.join(',').length > MAX_REV_HISTORY_CHARS && parts.length > 1) parts = parts.slice(1)
      a[REVISION_HISTORY_ANNOTATION] = parts.join(',')
    }
  }
  if (!exists && setReplicasAnnotations(rs, specReplicas(d), specReplicas(d) + maxSurge(d))) changed = true
  return changed
}

/** Copy of the Deployment's annotations as a ReplicaSet would carry them (for tests and views). */
export function copiedAnnotations(d: Deployment): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(d.metadata?.annotations ?? {}))
    if (!ANNOTATIONS_TO_SKIP.has(k)) out[k] = v
  return out
}

// Conditions

export type ConditionStatus = 'True' | 'False' | 'Unknown'

export function newDeploymentCondition(
  type: 'Available' | 'Progressing' | 'ReplicaFailure',
  status: ConditionStatus,
  reason: string,
  message: string,
  now: string,
): DeploymentCondition {
  return { type, status, lastUpdateTime: now, lastTransitionTime: now, reason, message }
}

export function getDeploymentCondition(
  status: DeploymentStatus | undefined,
  type: string,
): DeploymentCondition | undefined {
  return status?.conditions?.find((c) => c.type === type)
}

/**
 * SetDeploymentCondition; mutates `status`. Same status and reason: no change. Same status: keep
 * lastTransitionTime. The condition moves to the end of the list, as upstream appends it.
 */
export function setDeploymentCondition(status: DeploymentStatus, condition: DeploymentCondition): void {
  const current = getDeploymentCondition(status, condition.type)
  if (current && current.status === condition.status && current.reason === condition.reason) return
  const c = { ...condition }
  if (current && current.status === c.status) c.lastTransitionTime = current.lastTransitionTime
  status.conditions = [...(status.conditions ?? []).filter((x) => x.type !== c.type), c]
}

export function removeDeploymentCondition(status: DeploymentStatus, type: string): void {
  const rest = (status.conditions ?? []).filter((c) => c.type !== type)
  if (rest.length > 0) status.conditions = rest
  else delete status.conditions
}

/** ReplicaSetToDeploymentCondition: a ReplicaFailure promoted from a ReplicaSet. */
export function replicaSetToDeploymentCondition(c: ReplicaSetCondition): DeploymentCondition {
  return {
    type: c.type,
    status: c.status,
    lastUpdateTime: c.lastTransitionTime,
    lastTransitionTime: c.lastTransitionTime,
    reason: c.reason,
    message: c.message,
  }
}

export function hasProgressDeadline(d: Deployment): boolean {
  const s = d.spec?.progressDeadlineSeconds
  return s !== undefined && s !== 2147483647
}

export function hasRevisionHistoryLimit(d: Deployment): boolean {
  const l = d.spec?.revisionHistoryLimit
  return l !== undefined && l !== 2147483647
}

/** DeploymentComplete: all desired replicas updated and available, no old ones, generation seen. */
export function deploymentComplete(d: Deployment, s: DeploymentStatus): boolean {
  const r = specReplicas(d)
  return (
    (s.updatedReplicas ?? 0) === r &&
    (s.replicas ?? 0) === r &&
    (s.availableReplicas ?? 0) === r &&
    (s.observedGeneration ?? 0) >= (d.metadata?.generation ?? 0)
  )
}

/** DeploymentProgressing: more updated, ready or available replicas, or fewer old ones. */
export function deploymentProgressing(d: Deployment, s: DeploymentStatus): boolean {
  const old = d.status ?? {}
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0)
  const newOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0)
  return (
    (s.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (s.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (s.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  )
}

/** DeploymentTimedOut: no progress reported for progressDeadlineSeconds. */
export function deploymentTimedOut(d: Deployment, s: DeploymentStatus, nowMs: number): boolean {
  if (!hasProgressDeadline(d)) return false
  const c = getDeploymentCondition(s, 'Progressing')
  if (!c) return false
  if (c.reason === REASON.NewReplicaSetAvailable) return false
  if (c.reason === REASON.ProgressDeadlineExceeded) return true
  const from = timeMs(c.lastUpdateTime)
  if (from === undefined) return false
  return from + (d.spec?.progressDeadlineSeconds ?? 0) * 1000 < nowMs
}

/**
 * Drop zero counters and empty lists, as Go's `omitempty` does when the apiserver serializes a
 * status, so a computed status compares equal to the stored one.
 */
export function omitEmpty<T extends object>(status: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(status)) {
    if (v === undefined || v === 0 || (Array.isArray(v) && v.length === 0)) {
      if (k !== 'collisionCount' || v === undefined) continue
    }
    out[k] = v
  }
  return out as T
}

export function sameStatus(a: object | undefined, b: object | undefined): boolean {
  return canonicalJson(omitEmpty(a ?? {})) === canonicalJson(omitEmpty(b ?? {}))
}

/** calculateStatus (sync.go): counts from the ReplicaSets, and the Available condition. */
export function calculateStatus(
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
  now: string,
): DeploymentStatus {
  const available = availableReplicaCount(allRSs)
  const total = replicaCount(allRSs)
  const status: DeploymentStatus = {
    observedGeneration: d.metadata?.generation ?? 0,
    replicas: actualReplicaCount(allRSs),
    updatedReplicas: actualReplicaCount([newRS]),
    readyReplicas: readyReplicaCount(allRSs),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, total - available),
    ...(d.status?.conditions ? { conditions: d.status.conditions.map((c) => ({ ...c })) } : {}),
    ...(d.status?.collisionCount !== undefined ? { collisionCount: d.status.collisionCount } : {}),
  }
  if (available >= specReplicas(d) - maxUnavailable(d)) {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Available',
        'True',
        REASON.MinimumReplicasAvailable,
        'Deployment has minimum availability.',
        now,
      ),
    )
  } else {
    setDeploymentCondition(
      status,
      newDeploymentCondition(
        'Available',
        'False',
        REASON.MinimumReplicasUnavailable,
        'Deployment does not have minimum availability.',
        now,
      ),
    )
  }
  return omitEmpty(status)
}

/**
 * GetProportion: the share of `toAdd` (positive or negative) a ReplicaSet gets when a Deployment
 * with several active ReplicaSets is scaled, from its max-replicas annotation.
 */
export function getProportion(rs: ReplicaSet, d: Deployment, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0
  const fraction = replicaSetFraction(rs, d)
  const allowed = toAdd - added
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed)
}

function replicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  if (specReplicas(d) === 0) return -specReplicas(rs)
  const deploymentReplicas = specReplicas(d) + maxSurge(d)
  let annotated = Number.parseInt(rs.metadata?.annotations?.[MAX_REPLICAS_ANNOTATION] ?? '', 10)
  if (Number.isNaN(annotated)) annotated = d.status?.replicas ?? 0
  const size = (specReplicas(rs) * deploymentReplicas) / annotated
  // integer.RoundToInt32 rounds half away from zero; sizes here are never negative.
  return Math.round(size) - specReplicas(rs)
}
