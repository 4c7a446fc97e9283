/**
 * syncRolloutStatus: the Deployment's status during a rollout, with the Progressing condition
 * (NewReplicaSetAvailable / ReplicaSetUpdated / ProgressDeadlineExceeded) and ReplicaFailure
 * promoted from its ReplicaSets; and the re-check when progressDeadlineSeconds would pass.
 *
 * kube-controller-manager: pkg/controller/deployment/progress.go.
 */
import type { DeploymentCondition, DeploymentStatus } from 'kubernetes-types/apps/v1'
import { timeMs } from '../../../api/time'
import { type Deployment, objectKey, type ReplicaSet } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import type { DeploymentController } from './controller'
import { updateDeploymentStatus } from './sync'
import {
  calculateStatus,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  newDeploymentCondition,
  REASON,
  removeDeploymentCondition,
  replicaSetToDeploymentCondition,
  sameStatus,
  setDeploymentCondition,
} from './util'

export function* syncRolloutStatus(
  dc: DeploymentController,
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
  d: Deployment,
): Proc {
  const now = dc.now()
  const next = calculateStatus(allRSs, newRS, d, now)
  if (!hasProgressDeadline(d)) removeDeploymentCondition(next, 'Progressing')

  const current = getDeploymentCondition(d.status, 'Progressing')
  const isComplete =
    next.replicas === next.updatedReplicas && current?.reason === REASON.NewReplicaSetAvailable
  if (hasProgressDeadline(d) && !isComplete) {
    const rsName = newRS?.metadata?.name
    const subject = rsName ? `ReplicaSet "${rsName}"` : `Deployment "${d.metadata?.name}"`
    if (deploymentComplete(d, next)) {
      setDeploymentCondition(
        next,
        newDeploymentCondition(
          'Progressing',
          'True',
          REASON.NewReplicaSetAvailable,
          `${subject} has successfully progressed.`,
          now,
        ),
      )
    } else if (deploymentProgressing(d, next)) {
      // Progress refreshes lastUpdateTime even with the same reason; keep lastTransitionTime.
      const c = newDeploymentCondition(
        'Progressing',
        'True',
        REASON.ReplicaSetUpdated,
        `${subject} is progressing.`,
        now,
      )
      if (current) {
        if (current.status === 'True') c.lastTransitionTime = current.lastTransitionTime
        removeDeploymentCondition(next, 'Progressing')
      }
      setDeploymentCondition(next, c)
    } else if (deploymentTimedOut(d, next, dc.nowMs())) {
      setDeploymentCondition(
        next,
        newDeploymentCondition(
          'Progressing',
          'False',
          REASON.ProgressDeadlineExceeded,
          `${subject} has timed out progressing.`,
          now,
        ),
      )
    }
  }

  const failure = replicaFailures(allRSs, newRS)
  if (failure) setDeploymentCondition(next, failure)
  else removeDeploymentCondition(next, 'ReplicaFailure')

  if (sameStatus(d.status, next)) {
    requeueStuckDeployment(dc, d, next)
    return
  }
  d.status = next
  yield* updateDeploymentStatus(dc, d)
}

/** getReplicaFailures: the new ReplicaSet's ReplicaFailure first, else any old one's. */
function replicaFailures(
  allRSs: readonly (ReplicaSet | undefined)[],
  newRS: ReplicaSet | undefined,
): DeploymentCondition | undefined {
  const find = (rs: ReplicaSet | undefined) =>
    rs?.status?.conditions?.find((c) => c.type === 'ReplicaFailure')
  const own = find(newRS)
  if (own) return replicaSetToDeploymentCondition(own)
  for (const rs of allRSs) {
    const c = find(rs)
    if (c) return replicaSetToDeploymentCondition(c)
  }
  return undefined
}

/**
 * requeueStuckDeployment: check again when the progress deadline would pass. The timer is
 * background work, so a stuck rollout does not keep a run-until-idle simulation going for ten
 * minutes; running until a later time shows ProgressDeadlineExceeded.
 */
function requeueStuckDeployment(dc: DeploymentController, d: Deployment, next: DeploymentStatus): void {
  const current = getDeploymentCondition(d.status, 'Progressing')
  if (!hasProgressDeadline(d) || !current) return
  if (deploymentComplete(d, next) || current.reason === REASON.ProgressDeadlineExceeded) return
  const last = timeMs(current.lastUpdateTime)
  if (last === undefined) return
  const afterMs = last + (d.spec?.progressDeadlineSeconds ?? 0) * 1000 - dc.nowMs()
  const key = objectKey(d)
  if (afterMs < 1000) dc.enqueueAfter(key, 5, true)
  // Add a second to avoid milliseconds skew (as upstream does).
  else dc.enqueueAfter(key, afterMs + 1000, true)
}
