/**
 * The Recreate strategy: scale every old ReplicaSet to zero, wait until none of their pods is
 * still running, then create or scale up the new ReplicaSet.
 *
 * kube-controller-manager: pkg/controller/deployment/recreate.go.
 */
import type { Deployment, Pod, ReplicaSet } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import type { DeploymentController } from './controller'
import { syncRolloutStatus } from './progress'
import { cleanupDeployment, getAllReplicaSetsAndSyncRevision, scaleReplicaSetAndRecordEvent } from './sync'
import { actualReplicaCount, deploymentComplete, filterActiveReplicaSets, specReplicas } from './util'

export function* rolloutRecreate(
  dc: DeploymentController,
  d: Deployment,
  rsList: readonly ReplicaSet[],
  podMap: ReadonlyMap<string, readonly Pod[]>,
): Proc {
  let [newRS, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, false)
  let allRSs = [...oldRSs, newRS]

  let scaledDown = false
  for (const rs of filterActiveReplicaSets(oldRSs)) {
    if ((yield* scaleReplicaSetAndRecordEvent(dc, rs, 0, d)).scaled) scaledDown = true
  }
  if (scaledDown) {
    yield* syncRolloutStatus(dc, allRSs, newRS, d)
    return
  }
  if (oldPodsRunning(newRS, oldRSs, podMap)) {
    yield* syncRolloutStatus(dc, allRSs, newRS, d)
    return
  }
  if (!newRS) {
    ;[newRS, oldRSs] = yield* getAllReplicaSetsAndSyncRevision(dc, d, rsList, true)
    allRSs = [...oldRSs, newRS]
  }
  if (newRS) yield* scaleReplicaSetAndRecordEvent(dc, newRS, specReplicas(d), d)
  if (deploymentComplete(d, d.status ?? {})) yield* cleanupDeployment(dc, oldRSs, d)
  yield* syncRolloutStatus(dc, allRSs, newRS, d)
}

/** oldPodsRunning: old ReplicaSets still report pods, or an old pod is not terminal. */
function oldPodsRunning(
  newRS: ReplicaSet | undefined,
  oldRSs: readonly ReplicaSet[],
  podMap: ReadonlyMap<string, readonly Pod[]>,
): boolean {
  if (actualReplicaCount(oldRSs) > 0) return true
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata?.uid === uid) continue
    for (const pod of pods) {
      const phase = pod.status?.phase
      if (phase !== 'Failed' && phase !== 'Succeeded') return true
    }
  }
  return false
}
