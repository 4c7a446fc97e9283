/**
 * TaintToleration.
 * - Filter: a NoSchedule or NoExecute taint the pod does not tolerate rejects the node
 *   (UnschedulableAndUnresolvable), naming the first such taint in the v1.33 form
 *   `node(s) had untolerated taint {key: value}` (1.35 shortened it to `taint(s)`).
 * - Score: the number of PreferNoSchedule taints the pod does not tolerate, counting only
 *   tolerations with effect PreferNoSchedule or empty; normalized in reverse (fewer is better).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go.
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'
import { type CycleState, StateKey } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import {
  type ClusterEventWithHint,
  type EnqueueExtensions,
  type FilterPlugin,
  MAX_NODE_SCORE,
  type PreScorePlugin,
  type ScoreExtensions,
  type ScorePlugin,
} from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { newStatus, type Status } from '../../framework/status'
import { defaultNormalizeScore } from '../helper/normalize-score'
import {
  findMatchingUntoleratedTaint,
  isDoNotScheduleTaint,
  tolerationsTolerateTaint,
} from '../helper/taints'

export const NAME = 'TaintToleration'
const PRE_SCORE_STATE = new StateKey<Toleration[]>(`PreScore${NAME}`)

function untoleratedDoNotSchedule(pod: Pod, node: Node | null): Taint | undefined {
  return findMatchingUntoleratedTaint(node?.spec?.taints, pod.spec?.tolerations, isDoNotScheduleTaint)
}

/** getAllTolerationPreferNoSchedule. */
function preferNoScheduleTolerations(pod: Pod): Toleration[] {
  return (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule')
}

/** countIntolerableTaintsPreferNoSchedule. */
function intolerablePreferNoSchedule(tolerations: readonly Toleration[], nodeInfo: NodeInfo): number {
  const taints = nodeInfo.node?.spec?.taints
  if (!taints) return 0
  let count = 0
  for (const taint of taints) {
    if (taint.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, taint)) count++
  }
  return count
}

export class TaintToleration implements FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions {
  readonly name = NAME

  filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    const taint = untoleratedDoNotSchedule(pod, nodeInfo.node)
    if (!taint) return null
    return newStatus(
      'UnschedulableAndUnresolvable',
      [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`],
      NAME,
    )
  }

  preScore(state: CycleState, pod: Pod): Status | null {
    PRE_SCORE_STATE.write(state, preferNoScheduleTolerations(pod))
    return null
  }

  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    return intolerablePreferNoSchedule(
      PRE_SCORE_STATE.read(state) ?? preferNoScheduleTolerations(pod),
      nodeInfo,
    )
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): void {
    const tolerations = PRE_SCORE_STATE.read(state) ?? preferNoScheduleTolerations(pod)
    for (let i = 0; i < nodes.length; i++)
      scores[i] = intolerablePreferNoSchedule(tolerations, nodes[i] as NodeInfo)
  }

  readonly scoreExtensions: ScoreExtensions = {
    normalizeScore: (_state, _pod, _nodes, scores) => defaultNormalizeScore(MAX_NODE_SCORE, true, scores),
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeTaint },
        // Worth a retry only when the node went from untolerated to tolerated.
        hint: (pod, oldObj, newObj) => {
          const wasUntolerated =
            oldObj === undefined || untoleratedDoNotSchedule(pod, oldObj as Node) !== undefined
          const isUntolerated = untoleratedDoNotSchedule(pod, newObj as Node) !== undefined
          return wasUntolerated && !isUntolerated ? 'Queue' : 'QueueSkip'
        },
      },
      {
        event: { resource: 'Pod', actionType: ActionType.UpdatePodToleration },
        hint: (pod, _old, newObj) =>
          (newObj as Pod).metadata?.uid === pod.metadata?.uid ? 'Queue' : 'QueueSkip',
      },
    ]
  }
}
