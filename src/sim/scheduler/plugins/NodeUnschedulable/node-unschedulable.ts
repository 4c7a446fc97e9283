/**
 * NodeUnschedulable (Filter): a cordoned node (spec.unschedulable) takes only pods that tolerate
 * the node.kubernetes.io/unschedulable:NoSchedule taint.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go.
 */
import type { Node, Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import type { ClusterEventWithHint, EnqueueExtensions, FilterPlugin } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, type Status } from '../../framework/status'
import { tolerationsTolerateTaint } from '../helper/taints'

export const NAME = 'NodeUnschedulable'
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable'
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable'

const UNSCHEDULABLE = constStatus('UnschedulableAndUnresolvable', ERR_REASON_UNSCHEDULABLE, NAME)
const UNSCHEDULABLE_TAINT = { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' }

function toleratesUnschedulable(pod: Pod): boolean {
  return tolerationsTolerateTaint(pod.spec?.tolerations, UNSCHEDULABLE_TAINT)
}

export class NodeUnschedulable implements FilterPlugin, EnqueueExtensions {
  readonly name = NAME

  filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    if (!nodeInfo.node?.spec?.unschedulable) return null
    return toleratesUnschedulable(pod) ? null : UNSCHEDULABLE
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeTaint },
        // Worth a retry when a node was added schedulable, or a cordoned node was uncordoned.
        hint: (_pod, oldObj, newObj) => {
          const before = oldObj as Node | undefined
          const after = newObj as Node
          const now = !after.spec?.unschedulable
          return now && (before === undefined || before.spec?.unschedulable) ? 'Queue' : 'QueueSkip'
        },
      },
      {
        // The rejected pod itself gained a toleration of the cordon.
        event: { resource: 'Pod', actionType: ActionType.UpdatePodToleration },
        hint: (pod, _old, newObj) => {
          const p = newObj as Pod
          return p.metadata?.uid === pod.metadata?.uid && toleratesUnschedulable(p) ? 'Queue' : 'QueueSkip'
        },
      },
    ]
  }
}
