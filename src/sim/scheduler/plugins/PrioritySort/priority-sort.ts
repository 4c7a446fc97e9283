/**
 * PrioritySort (QueueSort): higher spec.priority first; among equals, the pod queued earlier.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/queuesort/priority_sort.go. spec.priority is
 * filled by the Priority admission plugin from the PriorityClass (0 without one).
 */
import type { Pod } from '../../../../api/types'
import type { QueuedPodInfoView, QueueSortPlugin } from '../../framework/interfaces'

export const NAME = 'PrioritySort'

/** corev1helpers.PodPriority. */
export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0
}

export class PrioritySort implements QueueSortPlugin {
  readonly name = NAME

  less(a: QueuedPodInfoView, b: QueuedPodInfoView): boolean {
    const p1 = a.priority
    const p2 = b.priority
    return p1 > p2 || (p1 === p2 && a.timestamp < b.timestamp)
  }
}
