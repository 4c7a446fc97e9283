/**
 * NodeName (Filter): a pod that names a node (spec.nodeName) fits only that node.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/nodename/node_name.go. A pod created with
 * spec.nodeName is already assigned and never reaches the queue, so in practice this plugin
 * matters for preemption's what-if runs; it is in the default profile all the same.
 */
import type { Node, Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import type { ClusterEventWithHint, EnqueueExtensions, FilterPlugin } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, type Status } from '../../framework/status'

export const NAME = 'NodeName'
export const ERR_REASON = "node(s) didn't match the requested node name"

const MISMATCH = constStatus('UnschedulableAndUnresolvable', ERR_REASON, NAME)

function fits(pod: Pod, nodeName: string): boolean {
  const want = pod.spec?.nodeName
  return !want || want === nodeName
}

export class NodeName implements FilterPlugin, EnqueueExtensions {
  readonly name = NAME

  filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    return fits(pod, nodeInfo.name) ? null : MISMATCH
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Node', actionType: ActionType.Add },
        hint: (pod, _old, newObj) =>
          fits(pod, (newObj as Node).metadata?.name ?? '') ? 'Queue' : 'QueueSkip',
      },
    ]
  }
}
