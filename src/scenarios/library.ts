/**
 * The scenario library, in teaching order: from one Pod's path through the control plane, to
 * scheduling decisions, to what goes wrong on the node, to the apiserver's refusals and
 * extensions, to failures and scale. Ids are stable: share links name scenarios by them.
 */
import { antiAffinitySpreading } from './anti-affinity-spreading'
import { crashLoopBackOff } from './crashloopbackoff'
import { deploymentReplicas } from './deployment-replicas'
import { drain } from './drain'
import { failingReadiness } from './failing-readiness'
import { happyPath } from './happy-path'
import { hundredNodes } from './hundred-nodes'
import { imagePullError } from './image-pull-error'
import { initAndSidecar } from './init-and-sidecar'
import { insufficientResources } from './insufficient-resources'
import { nodeAffinity } from './node-affinity'
import { nodeFailure } from './node-failure'
import { preemption } from './preemption'
import { quotaExceeded } from './quota-exceeded'
import { rbacForbidden } from './rbac-forbidden'
import { taintsTolerations } from './taints-tolerations'
import { thousandNodes } from './thousand-nodes'
import { topologySpread } from './topology-spread'
import type { LibraryScenario } from './types'
import { webhookSidecar } from './webhook-sidecar'

export type { LibraryScenario, Outcome, Text } from './types'

export const SCENARIOS: readonly LibraryScenario[] = [
  happyPath,
  deploymentReplicas,
  insufficientResources,
  taintsTolerations,
  nodeAffinity,
  antiAffinitySpreading,
  topologySpread,
  preemption,
  imagePullError,
  crashLoopBackOff,
  failingReadiness,
  initAndSidecar,
  rbacForbidden,
  quotaExceeded,
  webhookSidecar,
  nodeFailure,
  hundredNodes,
  drain,
  thousandNodes,
]

const BY_ID = new Map(SCENARIOS.map((s) => [s.id, s]))

/** The scenario with this id (a share link's), or undefined. */
export function byId(id: string): LibraryScenario | undefined {
  return BY_ID.get(id)
}
