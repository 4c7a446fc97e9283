/**
 * The Deployment controller's shared sync steps: find or create the new ReplicaSet, sync revision
 * annotations, scale ReplicaSets (with the ScalingReplicaSet event), clean up old ones, and write
 * deployments/status.
 *
 * kube-controller-manager: pkg/controller/deployment/sync.go. As upstream, the Deployment copy a
 * sync works on keeps the resourceVersion it was read with; a second status write in the same
 * sync therefore fails with 409 Conflict and the sync is retried (the familiar "Operation cannot
 * be fulfilled on deployments.apps" in controller-manager logs).
 */
import type { LabelSelector } from 'kubernetes-types/meta/v1'
import { DEPLOYMENTS, REPLICA_SETS } from '../../../api/resources'
import { notFound } from '../../../api/status'
import { clone, type Deployment, type ReplicaSet } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { ApiError, must } from '../base'
import { byCreation, getControllerOf, newControllerRef } from '../controller-utils'
import { computeHash } from '../hash'
import type { DeploymentController } from './controller'
import { DEPLOYMENT_API_VERSION, DEPLOYMENT_KIND, withKind } from './controller'
import {
  calculateStatus,
  DESIRED_REPLICAS_ANNOTATION,
  equalIgnoreHash,
  filterActiveReplicaSets,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  getDeploymentCondition,
  getProportion,
  hasProgressDeadline,
  hasRevisionHistoryLimit,
  isRollingUpdate,
  isSaturated,
  maxRevision,
  maxSurge,
  newDeploymentCondition,
  newRSNewReplicas,
  POD_TEMPLATE_HASH_LABEL,
  REASON,
  REVISION_ANNOTATION,
  replicaCount,
  replicasAnnotationsNeedUpdate,
  revisionOf,
  sameStatus,
  setDeploymentCondition,
  setDeploymentRevision,
  setNewReplicaSetAnnotations,
  setReplicasAnnotations,
  sortBySize,
  specReplicas,
} from './util'

const RS_API_VERSION = 'apps/v1'
const RS_KIND = 'ReplicaSet'

/** PUT deployments/status with the sync's copy (and its resourceVersion). */
export function* updateDeploymentStatus(dc: DeploymentController, d: Deployment): Proc<Deployment> {
  return must(yield* dc.client.update<Deployment>(DEPLOYMENTS, withKind(d), 'reconcile', 'status'))
}

/** getAllReplicaSetsAndSyncRevision: [new ReplicaSet (maybe created), all old ReplicaSets]. */
export function* getAllReplicaSetsAndSyncRevision(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
  createIfNotExisted: boolean,
): Proc<[ReplicaSet | undefined, ReplicaSet[]]> {
  const [, allOldRSs] = findOldReplicaSets(d, rsList)
  const newRS = yield* getNewReplicaSet(dc, d, rsList, allOldRSs, createIfNotExisted)
  return [newRS, allOldRSs]
}

/** labelsutil.CloneSelectorAndAddLabel */
function selectorWithLabel(sel: LabelSelector | undefined, key: string, value: string): LabelSelector {
  return {
    matchLabels: { ...(sel?.matchLabels ?? {}), [key]: value },
    ...(sel?.matchExpressions ? { matchExpressions: clone(sel.matchExpressions) } : {}),
  }
}

/**
 * getNewReplicaSet: the ReplicaSet whose template matches the Deployment's, with its annotations
 * and the Deployment's revision synced; created (`<deployment>-<pod-template-hash>`) when missing
 * and `createIfNotExisted`.
 */
function* getNewReplicaSet(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  createIfNotExisted: boolean,
): Proc<ReplicaSet | undefined> {
  const existing = findNewReplicaSet(d, rsList)
  const newRevision = String(maxRevision(oldRSs) + 1)
  const now = dc.now()
  if (existing) {
    const rsCopy = rsWithKind(clone(existing))
    const annotationsUpdated = setNewReplicaSetAnnotations(d, rsCopy, newRevision, true)
    const minReady = d.spec?.minReadySeconds ?? 0
    if (annotationsUpdated || (rsCopy.spec?.minReadySeconds ?? 0) !== minReady) {
      rsCopy.spec = { ...rsCopy.spec, selector: rsCopy.spec?.selector ?? {}, minReadySeconds: minReady }
      if (!minReady) delete rsCopy.spec.minReadySeconds
      return must(yield* dc.client.update<ReplicaSet>(REPLICA_SETS, rsCopy, 'reconcile'))
    }
    let needsUpdate = setDeploymentRevision(d, rsCopy.metadata?.annotations?.[REVISION_ANNOTATION] ?? '')
    if (hasProgressDeadline(d) && !getDeploymentCondition(d.status, 'Progressing')) {
      d.status ??= {}
      setDeploymentCondition(
        d.status,
        newDeploymentCondition(
          'Progressing',
          'True',
          REASON.FoundNewReplicaSet,
          `Found new replica set "${rsCopy.metadata?.name}"`,
          now,
        ),
      )
      needsUpdate = true
    }
    if (needsUpdate) yield* updateDeploymentStatus(dc, d)
    return rsCopy
  }
  if (!createIfNotExisted) return undefined

  const template = clone(d.spec?.template ?? {})
  const hash = computeHash(template, d.status?.collisionCount)
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, [POD_TEMPLATE_HASH_LABEL]: hash },
  }
  const name = `${d.metadata?.name}-${hash}`
  const ns = d.metadata?.namespace
  const newRS: ReplicaSet = {
    apiVersion: RS_API_VERSION,
    kind: RS_KIND,
    metadata: {
      // Deterministic, so a retried create is idempotent.
      name,
      namespace: ns,
      ownerReferences: [newControllerRef(d, DEPLOYMENT_API_VERSION, DEPLOYMENT_KIND)],
      labels: template.metadata.labels,
    },
    spec: {
      replicas: 0,
      ...(d.spec?.minReadySeconds ? { minReadySeconds: d.spec.minReadySeconds } : {}),
      selector: selectorWithLabel(d.spec?.selector, POD_TEMPLATE_HASH_LABEL, hash),
      template,
    },
  }
  const newReplicas = newRSNewReplicas(d, [...oldRSs, newRS], newRS)
  newRS.spec = { ...newRS.spec, selector: newRS.spec?.selector ?? {}, replicas: newReplicas }
  setNewReplicaSetAnnotations(d, newRS, newRevision, false)

  let created: ReplicaSet
  let alreadyExists = false
  const res = yield* dc.client.create<ReplicaSet>(REPLICA_SETS, ns, newRS, 'reconcile')
  if (res.ok) created = res.object
  else if (res.status.reason === 'AlreadyExists') {
    // A slow cache or a fast resync: is it ours (same owner, same template) or a hash collision?
    alreadyExists = true
    const rs = dc.cachedReplicaSet(ns, name)
    if (!rs) throw new ApiError(404, notFound('replicasets', name, 'apps'))
    if (
      getControllerOf(rs)?.uid === d.metadata?.uid &&
      equalIgnoreHash(d.spec?.template, rs.spec?.template)
    ) {
      created = rs
    } else {
      d.status = { ...d.status, collisionCount: (d.status?.collisionCount ?? 0) + 1 }
      yield* dc.client.update<Deployment>(DEPLOYMENTS, withKind(d), 'reconcile', 'status')
      throw new ApiError(res.code, res.status)
    }
  } else {
    const msg = `Failed to create new replica set "${name}": ${res.status.message}`
    if (hasProgressDeadline(d)) {
      d.status ??= {}
      setDeploymentCondition(
        d.status,
        newDeploymentCondition('Progressing', 'False', REASON.FailedRSCreate, msg, now),
      )
      yield* dc.client.update<Deployment>(DEPLOYMENTS, withKind(d), 'reconcile', 'status')
    }
    dc.recorder.event(d, 'Warning', REASON.FailedRSCreate, msg)
    throw new ApiError(res.code, res.status)
  }
  if (!alreadyExists && newReplicas > 0) {
    dc.recorder.event(
      d,
      'Normal',
      'ScalingReplicaSet',
      `Scaled up replica set ${created.metadata?.name} from 0 to ${newReplicas}`,
    )
  }
  let needsUpdate = setDeploymentRevision(d, newRevision)
  if (!alreadyExists && hasProgressDeadline(d)) {
    d.status ??= {}
    setDeploymentCondition(
      d.status,
      newDeploymentCondition(
        'Progressing',
        'True',
        REASON.NewReplicaSetCreated,
        `Created new replica set "${created.metadata?.name}"`,
        now,
      ),
    )
    needsUpdate = true
  }
  if (needsUpdate) yield* updateDeploymentStatus(dc, d)
  return created
}

/** isScalingEvent: an active ReplicaSet's desired-replicas annotation differs from spec.replicas. */
export function* isScalingEvent(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
): Proc<boolean> {
  const [newRS, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, false)
  for (const rs of filterActiveReplicaSets([...oldRSs, newRS])) {
    const desired = Number.parseInt(rs.metadata?.annotations?.[DESIRED_REPLICAS_ANNOTATION] ?? '', 10)
    if (!Number.isNaN(desired) && desired !== specReplicas(d)) return true
  }
  return false
}

/** sync: scaling events and paused Deployments (no rollout). */
export function* sync(dc: DeploymentController, d: Deployment, rsList: readonly ReplicaSet[]): Proc {
  const [newRS, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, false)
  yield* scale(dc, d, newRS, oldRSs)
  if (d.spec?.paused) yield* cleanupDeployment(dc, oldRSs, d)
  yield* syncDeploymentStatus(dc, [...oldRSs, newRS], newRS, d)
}

/** syncStatusOnly: a Deployment being deleted only gets its status refreshed. */
export function* syncStatusOnly(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
): Proc {
  const [newRS, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, false)
  yield* syncDeploymentStatus(dc, [...oldRSs, newRS], newRS, d)
}

/** checkPausedConditions: Progressing=Unknown (DeploymentPaused / DeploymentResumed). */
export function* checkPausedConditions(dc: DeploymentController, d: Deployment): Proc {
  if (!hasProgressDeadline(d)) return
  const cond = getDeploymentCondition(d.status, 'Progressing')
  if (cond?.reason === REASON.ProgressDeadlineExceeded) return
  const pausedCondExists = cond?.reason === REASON.DeploymentPaused
  const now = dc.now()
  d.status ??= {}
  if (d.spec?.paused && !pausedCondExists) {
    setDeploymentCondition(
      d.status,
      newDeploymentCondition('Progressing', 'Unknown', REASON.DeploymentPaused, 'Deployment is paused', now),
    )
  } else if (!d.spec?.paused && pausedCondExists) {
    setDeploymentCondition(
      d.status,
      newDeploymentCondition(
        'Progressing',
        'Unknown',
        REASON.DeploymentResumed,
        'Deployment is resumed',
        now,
      ),
    )
  } else return
  yield* updateDeploymentStatus(dc, d)
}

/**
 * scale: on a scaling event, resize the one active ReplicaSet, or (rolling update with several)
 * share the difference proportionally, larger ReplicaSets first.
 */
function* scale(
  dc: DeploymentController,
  d: Deployment,
  newRS: ReplicaSet | undefined,
  oldRSs: ReplicaSet[],
): Proc {
  const activeOrLatest = findActiveOrLatest(newRS, oldRSs)
  if (activeOrLatest) {
    if (specReplicas(activeOrLatest) === specReplicas(d)) return
    yield* scaleReplicaSetAndRecordEvent(dc, activeOrLatest, specReplicas(d), d)
    return
  }
  if (isSaturated(d, newRS)) {
    for (const old of filterActiveReplicaSets(oldRSs)) yield* scaleReplicaSetAndRecordEvent(dc, old, 0, d)
    return
  }
  if (!isRollingUpdate(d)) return
  const all = filterActiveReplicaSets([...oldRSs, newRS])
  const allowed = specReplicas(d) > 0 ? specReplicas(d) + maxSurge(d) : 0
  const toAdd = allowed - replicaCount(all)
  let operation = ''
  if (toAdd > 0) {
    sortBySize(all, true)
    operation = 'up'
  } else if (toAdd < 0) {
    sortBySize(all, false)
    operation = 'down'
  }
  let added = 0
  const sizes = new Map<string, number>()
  for (const rs of all) {
    if (toAdd !== 0) {
      const proportion = getProportion(rs, d, toAdd, added)
      sizes.set(rs.metadata?.name ?? '', specReplicas(rs) + proportion)
      added += proportion
    } else sizes.set(rs.metadata?.name ?? '', specReplicas(rs))
  }
  for (const [i, rs] of all.entries()) {
    const name = rs.metadata?.name ?? ''
    if (i === 0 && toAdd !== 0) sizes.set(name, Math.max(0, (sizes.get(name) ?? 0) + toAdd - added))
    yield* scaleReplicaSet(dc, rs, sizes.get(name) ?? 0, d, operation)
  }
}

/** scaleReplicaSetAndRecordEvent */
export function* scaleReplicaSetAndRecordEvent(
  dc: DeploymentController,
  rs: ReplicaSet,
  newScale: number,
  d: Deployment,
): Proc<{ scaled: boolean; rs: ReplicaSet }> {
  if (specReplicas(rs) === newScale) return { scaled: false, rs }
  return yield* scaleReplicaSet(dc, rs, newScale, d, specReplicas(rs) < newScale ? 'up' : 'down')
}

/** scaleReplicaSet: PUT the ReplicaSet with its new size and replica annotations. */
function* scaleReplicaSet(
  dc: DeploymentController,
  rs: ReplicaSet,
  newScale: number,
  d: Deployment,
  operation: string,
): Proc<{ scaled: boolean; rs: ReplicaSet }> {
  const sizeNeedsUpdate = specReplicas(rs) !== newScale
  const desired = specReplicas(d)
  const max = desired + maxSurge(d)
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs }
  const oldScale = specReplicas(rs)
  const copy = rsWithKind(clone(rs))
  copy.spec = { ...copy.spec, selector: copy.spec?.selector ?? {}, replicas: newScale }
  setReplicasAnnotations(copy, desired, max)
  const updated = must(yield* dc.client.update<ReplicaSet>(REPLICA_SETS, copy, 'reconcile'))
  if (sizeNeedsUpdate) {
    dc.recorder.event(
      d,
      'Normal',
      'ScalingReplicaSet',
      `Scaled ${operation} replica set ${updated.metadata?.name} from ${oldScale} to ${newScale}`,
    )
  }
  return { scaled: sizeNeedsUpdate, rs: updated }
}

/** cleanupDeployment: keep at most revisionHistoryLimit old, empty ReplicaSets. */
export function* cleanupDeployment(
  dc: DeploymentController,
  oldRSs: readonly ReplicaSet[],
  d: Deployment,
): Proc {
  if (!hasRevisionHistoryLimit(d)) return
  const cleanable = oldRSs.filter((rs) => !rs.metadata?.deletionTimestamp)
  const diff = cleanable.length - (d.spec?.revisionHistoryLimit ?? 0)
  if (diff <= 0) return
  cleanable.sort((a, b) => revisionOf(a) - revisionOf(b) || byCreation(a, b))
  for (const rs of cleanable.slice(0, diff)) {
    if (
      (rs.status?.replicas ?? 0) !== 0 ||
      specReplicas(rs) !== 0 ||
      (rs.metadata?.generation ?? 0) > (rs.status?.observedGeneration ?? 0)
    )
      continue
    const res = yield* dc.client.delete(
      REPLICA_SETS,
      rs.metadata?.namespace,
      rs.metadata?.name ?? '',
      'reconcile',
    )
    if (!res.ok && res.code !== 404) throw new ApiError(res.code, res.status)
  }
}

/** syncDeploymentStatus: write the computed status when it differs. */
export function* syncDeploymentStatus(
  dc: DeploymentController,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
): Proc {
  const next = calculateStatus(allRSs, newRS, d, dc.now())
  if (sameStatus(d.status, next)) return
  d.status = next
  yield* updateDeploymentStatus(dc, d)
}

export function rsWithKind(rs: ReplicaSet): ReplicaSet {
  return { ...rs, apiVersion: RS_API_VERSION, kind: RS_KIND }
}
