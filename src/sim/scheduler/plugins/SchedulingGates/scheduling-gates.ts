/**
 * SchedulingGates (PreEnqueue): a pod with spec.schedulingGates waits outside activeQ until every
 * gate is removed. (The apiserver, not the scheduler, sets PodScheduled=False/SchedulingGated.)
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go.
 */
import type { Pod } from '../../../../api/types'
import { ActionType } from '../../framework/events'
import type { ClusterEventWithHint, EnqueueExtensions, PreEnqueuePlugin } from '../../framework/interfaces'
import { newStatus, type Status } from '../../framework/status'

export const NAME = 'SchedulingGates'

export class SchedulingGates implements PreEnqueuePlugin, EnqueueExtensions {
  readonly name = NAME

  preEnqueue(pod: Pod): Status | null {
    const gates = pod.spec?.schedulingGates ?? []
    if (gates.length === 0) return null
    // Go prints the names with %v: [gate-a gate-b].
    const names = gates.map((g) => g.name).join(' ')
    return newStatus('UnschedulableAndUnresolvable', [`waiting for scheduling gates: [${names}]`], NAME)
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Pod', actionType: ActionType.UpdatePodSchedulingGatesEliminated },
        hint: (pod, _old, newObj) => {
          const p = newObj as Pod | undefined
          return p?.metadata?.uid === pod.metadata?.uid && (p?.spec?.schedulingGates?.length ?? 0) === 0
            ? 'Queue'
            : 'QueueSkip'
        },
      },
    ]
  }
}
