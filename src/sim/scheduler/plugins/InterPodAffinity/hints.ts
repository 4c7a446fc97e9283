/**
 * InterPodAffinity's EnqueueExtensions: which cluster events may make a pod it rejected
 * schedulable, and the QueueingHints that decide for one event.
 * - Pod Add / UpdatePodLabel / Delete: only pods bound to a node count. An added pod matching all
 *   the rejected pod's required affinity terms, an updated pod that starts to match them or stops
 *   matching all its required anti-affinity terms, a deleted pod that matched all its required
 *   anti-affinity terms → Queue.
 * - Node Add / UpdateNodeLabel: the node has the topology key of one of the rejected pod's
 *   required affinity or anti-affinity terms → Queue.
 * As upstream, the hints look at the rejected pod's own required terms only: a pod held back by an
 * existing pod's anti-affinity is not queued by that pod's deletion (it waits for another event
 * or the unschedulable timeout).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/interpodaffinity/plugin.go (EventsToRegister,
 * isSchedulableAfterPodChange, isSchedulableAfterNodeChange). Releases whose queue still had
 * preCheck also registered Node UpdateNodeTaint as a workaround for NodeAdd events preCheck
 * dropped; with QueueingHints on (the v1.33 default) there is no preCheck, and the simulated queue
 * has none, so the node events are Add | UpdateNodeLabel.
 */
import type { Node, Pod } from '../../../../api/types'
import { affinityTerms } from '../../framework/affinity-term'
import { ActionType } from '../../framework/events'
import type { ClusterEventWithHint, QueueingHint } from '../../framework/interfaces'
import { podMatchesAllAffinityTerms, topologyValue } from './terms'

function requiredTerms(pod: Pod) {
  const a = pod.spec?.affinity
  return {
    affinity: affinityTerms(pod, a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution),
    antiAffinity: affinityTerms(pod, a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution),
  }
}

/** isSchedulableAfterPodChange: `oldObj` is undefined for an add, `newObj` for a delete. */
export function isSchedulableAfterPodChange(pod: Pod, oldObj: unknown, newObj: unknown): QueueingHint {
  const original = oldObj as Pod | undefined
  const modified = newObj as Pod | undefined
  if (
    (modified !== undefined && !modified.spec?.nodeName) ||
    (original !== undefined && !original.spec?.nodeName)
  ) {
    // An unscheduled pod takes no part in anyone's affinity.
    return 'QueueSkip'
  }
  const { affinity, antiAffinity } = requiredTerms(pod)
  if (modified !== undefined && original !== undefined) {
    if (!podMatchesAllAffinityTerms(affinity, original) && podMatchesAllAffinityTerms(affinity, modified)) {
      return 'Queue'
    }
    if (
      podMatchesAllAffinityTerms(antiAffinity, original) &&
      !podMatchesAllAffinityTerms(antiAffinity, modified)
    ) {
      return 'Queue'
    }
    return 'QueueSkip'
  }
  if (modified !== undefined) return podMatchesAllAffinityTerms(affinity, modified) ? 'Queue' : 'QueueSkip'
  if (original === undefined) return 'Queue'
  return podMatchesAllAffinityTerms(antiAffinity, original) ? 'Queue' : 'QueueSkip'
}

/** isSchedulableAfterNodeChange: the new node has a topology key of the pod's required terms. */
export function isSchedulableAfterNodeChange(pod: Pod, _oldObj: unknown, newObj: unknown): QueueingHint {
  const labels = (newObj as Node | undefined)?.metadata?.labels
  const { affinity, antiAffinity } = requiredTerms(pod)
  for (const t of affinity) if (topologyValue(labels, t.topologyKey) !== undefined) return 'Queue'
  for (const t of antiAffinity) if (topologyValue(labels, t.topologyKey) !== undefined) return 'Queue'
  return 'QueueSkip'
}

export const INTER_POD_AFFINITY_EVENTS: readonly ClusterEventWithHint[] = [
  {
    event: { resource: 'Pod', actionType: ActionType.Add | ActionType.UpdatePodLabel | ActionType.Delete },
    hint: isSchedulableAfterPodChange,
  },
  {
    event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeLabel },
    hint: isSchedulableAfterNodeChange,
  },
]
