/**
 * The RollingUpdate strategy: scale the new ReplicaSet up within maxSurge, then scale old ones down
 * within maxUnavailable, one sync at a time, until the new ReplicaSet owns every replica.
 *
 * kube-controller-manager: pkg/controller/deployment/rolling.go.
 */
import type { Deployment, ReplicaSet } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { byCreation } from '../controller-utils'
import type { DeploymentController } from './controller'
import { syncRolloutStatus } from './progress'
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent } from './sync'
import {
  availableReplicaCount,
  deploymentComplete,
  filterActiveReplicaSets,
  maxUnavailable,
  newRSNewReplicas,
  replicaCount,
  specReplicas,
} from './util'

export function* rolloutRolling(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
): Proc {
  const [created, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, true)
  const newRS = created as ReplicaSet
  const allRSs = [...oldRSs, newRS]
  if (yield* reconcileNewReplicaSet(dc, allRSs, newRS, d)) {
    yield* syncRolloutStatus(dc, allRSs, newRS, d)
    return
  }
  if (yield* reconcileOldReplicaSets(dc, allRSs, filterActiveReplicaSets(oldRSs), newRS, d)) {
    yield* syncRolloutStatus(dc, allRSs, newRS, d)
    return
  }
  if (deploymentComplete(d, d.status ?? {})) yield* cleanupDeployment(dc, oldRSs, d)
  yield* syncRolloutStatus(dc, allRSs, newRS, d)
}

function* reconcileNewReplicaSet(
  dc: DeploymentController,
  allRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
  d: Deployment,
): Proc<boolean> {
  if (specReplicas(newRS) === specReplicas(d)) return false
  if (specReplicas(newRS) > specReplicas(d)) {
    return (yield* scaleReplicaSetAndRecordEvent(dc, newRS, specReplicas(d), d)).scaled
  }
  const count = newRSNewReplicas(d, allRSs, newRS)
  return (yield* scaleReplicaSetAndRecordEvent(dc, newRS, count, d)).scaled
}

function* reconcileOldReplicaSets(
  dc: DeploymentController,
  allRSs: readonly ReplicaSet[],
  oldRSs: ReplicaSet[],
  newRS: ReplicaSet,
  d: Deployment,
): Proc<boolean> {
  if (replicaCount(oldRSs) === 0) return false
  const minAvailable = specReplicas(d) - maxUnavailable(d)
  const newRSUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0)
  // Scale down no more than keeps minAvailable, counting the new ReplicaSet's unavailable pods.
  const maxScaledDown = replicaCount(allRSs) - minAvailable - newRSUnavailable
  if (maxScaledDown <= 0) return false
  const cleaned = yield* cleanupUnhealthyReplicas(dc, oldRSs, d, maxScaledDown)
  const scaledDown = yield* scaleDownOldReplicaSets(dc, [...cleaned.oldRSs, newRS], cleaned.oldRSs, d)
  return cleaned.count + scaledDown > 0
}

/** cleanupUnhealthyReplicas: first remove old pods that are not available anyway. */
function* cleanupUnhealthyReplicas(
  dc: DeploymentController,
  oldRSs: ReplicaSet[],
  d: Deployment,
  maxCleanup: number,
): Proc<{ oldRSs: ReplicaSet[]; count: number }> {
  const sorted = [...oldRSs].sort(byCreation)
  let total = 0
  for (const [i, rs] of sorted.entries()) {
    if (total >= maxCleanup) break
    const replicas = specReplicas(rs)
    const available = rs.status?.availableReplicas ?? 0
    if (replicas === 0 || replicas === available) continue
    const down = Math.min(maxCleanup - total, replicas - available)
    const result = yield* scaleReplicaSetAndRecordEvent(dc, rs, replicas - down, d)
    total += down
    sorted[i] = result.rs
  }
  return { oldRSs: sorted, count: total }
}

/** scaleDownOldReplicaSetsForRollingUpdate: oldest first, as far as maxUnavailable allows. */
function* scaleDownOldReplicaSets(
  dc: DeploymentController,
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  d: Deployment,
): Proc<number> {
  const minAvailable = specReplicas(d) - maxUnavailable(d)
  const available = availableReplicaCount(allRSs)
  if (available <= minAvailable) return 0
  const target = available - minAvailable
  let total = 0
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (total >= target) break
    if (specReplicas(rs) === 0) continue
    const down = Math.min(specReplicas(rs), target - total)
    yield* scaleReplicaSetAndRecordEvent(dc, rs, specReplicas(rs) - down, d)
    total += down
  }
  return total
}
