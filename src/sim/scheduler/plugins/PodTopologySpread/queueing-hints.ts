/**
 * When a pod PodTopologySpread rejected is worth retrying (QueueingHints). Both hints look at the
 * pod's DoNotSchedule constraints only (those are what Filter rejects on).
 * - Pod added / deleted / labels changed / tolerations changed: only a pod that is the rejected pod
 *   itself, or is bound and in the same namespace, matters. Its own new tolerations matter when a
 *   constraint honors taints; another pod's label change matters when some constraint's selector
 *   matches it before and not after (or the reverse); an added or deleted pod matters when some
 *   constraint's selector matches it.
 * - Node added / deleted / labels or taints changed: Queue when the node gains or loses some
 *   topology key, or (having them all) changes a topology value or its taints; an added or deleted
 *   node matters when it has every topology key.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/plugin.go
 * (isSchedulableAfterPodChange, isSchedulableAfterNodeChange; with SchedulerQueueingHints on, the
 * v1.33 default, UpdatePodToleration is registered too).
 */
import type { Node, Pod } from '../../../../api/types'
import type { QueueingHint } from '../../framework/interfaces'
import {
  type Constraint,
  nodeHasAllTopologyKeys,
  podLabelsMatchAny,
  selectorMatches,
  topologyValue,
} from './common'

/** involvedInTopologySpreading: the rejected pod itself, or a bound pod of its namespace. */
function involved(other: Pod, rejected: Pod): boolean {
  return (
    other.metadata?.uid === rejected.metadata?.uid ||
    (Boolean(other.spec?.nodeName) && other.metadata?.namespace === rejected.metadata?.namespace)
  )
}

/** A canonical text of plain API data: map keys sorted; absent, null and empty all alike. */
function canonical(v: unknown): string {
  if (v === undefined || v === null) return 'null'
  if (Array.isArray(v)) return v.length === 0 ? 'null' : `[${v.map(canonical).join(',')}]`
  if (typeof v === 'object') {
    const keys = Object.keys(v as object).sort()
    if (keys.length === 0) return 'null'
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(v)
}

/** equality.Semantic.DeepEqual for plain API data (nil and empty slices and maps are equal). */
function sameData(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b)
}

export function podChangeHint(
  constraints: readonly Constraint[],
  rejected: Pod,
  before: Pod | undefined,
  after: Pod | undefined,
): QueueingHint {
  if ((after && !involved(after, rejected)) || (before && !involved(before, rejected))) return 'QueueSkip'
  if (before && after) {
    if (
      after.metadata?.uid === rejected.metadata?.uid &&
      !sameData(after.spec?.tolerations, before.spec?.tolerations) &&
      constraints.some((c) => c.nodeTaintsPolicy === 'Honor')
    ) {
      return 'Queue'
    }
    if (sameData(after.metadata?.labels, before.metadata?.labels)) return 'QueueSkip'
    for (const c of constraints) {
      if (selectorMatches(c, before.metadata?.labels) !== selectorMatches(c, after.metadata?.labels)) {
        return 'Queue'
      }
    }
    return 'QueueSkip'
  }
  const pod = after ?? before
  return pod && podLabelsMatchAny(constraints, pod.metadata?.labels) ? 'Queue' : 'QueueSkip'
}

export function nodeChangeHint(
  constraints: readonly Constraint[],
  before: Node | undefined,
  after: Node | undefined,
): QueueingHint {
  const wasMatching = before !== undefined && nodeHasAllTopologyKeys(before, constraints)
  const isMatching = after !== undefined && nodeHasAllTopologyKeys(after, constraints)
  if (before && after) {
    if (wasMatching !== isMatching) return 'Queue'
    if (!isMatching) return 'QueueSkip'
    const valueChanged = constraints.some(
      (c) => topologyValue(before, c.topologyKey) !== topologyValue(after, c.topologyKey),
    )
    return valueChanged || !sameData(before.spec?.taints, after.spec?.taints) ? 'Queue' : 'QueueSkip'
  }
  if (after) return isMatching ? 'Queue' : 'QueueSkip'
  return wasMatching ? 'Queue' : 'QueueSkip'
}
