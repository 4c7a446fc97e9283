/**
 * PodTopologySpread's constraints in the form the plugin works with: one pod's
 * spec.topologySpreadConstraints (or the default constraints) of one `whenUnsatisfiable` action,
 * with the selector parsed, matchLabelKeys merged into it, and the defaults filled in (minDomains 1,
 * nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore). Also the helpers Filter and Score share:
 * which nodes count (node inclusion policies) and how many pods of a node match.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/common.go (v1.33). In v1.33 the
 * scheduler itself merges matchLabelKeys into the selector (MatchLabelKeysInPodTopologySpread,
 * beta, on); from v1.34 kube-apiserver does it when the pod is created
 * (MatchLabelKeysInPodTopologySpreadSelectorMerge).
 */
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import {
  fromLabelSelector,
  type Labels,
  matches,
  type Requirement,
  type Selector,
} from '../../../../api/labels'
import type { Node, Pod } from '../../../../api/types'
import type { NodeInfo } from '../../framework/node-info'
import { matchRequiredNodeAffinity } from '../helper/node-affinity'
import { findMatchingUntoleratedTaint, isDoNotScheduleTaint } from '../helper/taints'

export const LABEL_HOSTNAME = 'kubernetes.io/hostname'
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone'

export type UnsatisfiableAction = 'DoNotSchedule' | 'ScheduleAnyway'

/** topologySpreadConstraint: the internal form of a v1.TopologySpreadConstraint. */
export interface Constraint {
  readonly maxSkew: number
  readonly topologyKey: string
  /**
   * `null` is labels.Nothing() (no labelSelector): it matches no pod. `[]` is an empty selector:
   * it matches every pod, yet counts none on nodes (countPodsMatchSelector skips empty selectors).
   */
  readonly selector: Selector | null
  readonly minDomains: number
  readonly nodeAffinityPolicy: string
  readonly nodeTaintsPolicy: string
}

export function selectorMatches(c: Constraint, labels: Labels): boolean {
  return c.selector !== null && matches(labels, c.selector)
}

/** filterTopologySpreadConstraints: the constraints of one action, in their internal form. */
export function toConstraints(
  constraints: readonly TopologySpreadConstraint[],
  podLabels: Labels,
  action: UnsatisfiableAction,
): Constraint[] {
  const out: Constraint[] = []
  for (const c of constraints) {
    if (c.whenUnsatisfiable !== action) continue
    let selector: Selector | null = fromLabelSelector(c.labelSelector) ?? null
    if (selector !== null && c.matchLabelKeys?.length) {
      // Pod labels named by matchLabelKeys go first; keys the pod does not have are ignored.
      const merged: Requirement[] = []
      for (const key of c.matchLabelKeys) {
        if (podLabels && Object.hasOwn(podLabels, key)) {
          merged.push({ key, operator: 'In', values: [podLabels[key] as string] })
        }
      }
      if (merged.length > 0) selector = [...merged, ...selector]
    }
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector,
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
    })
  }
  return out
}

/** nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key. */
export function nodeHasAllTopologyKeys(
  node: Node | null | undefined,
  constraints: readonly Constraint[],
): boolean {
  const labels = node?.metadata?.labels
  for (const c of constraints) if (!labels || !Object.hasOwn(labels, c.topologyKey)) return false
  return true
}

/** The node's value for a topology key; '' when absent (Go's map read). */
export function topologyValue(node: Node, key: string): string {
  const labels = node.metadata?.labels
  return labels && Object.hasOwn(labels, key) ? (labels[key] as string) : ''
}

/**
 * matchNodeInclusionPolicies: does this node take part in the constraint's spreading? Honor of
 * nodeAffinityPolicy keeps only nodes matching the pod's nodeSelector and required node affinity;
 * Honor of nodeTaintsPolicy drops nodes with a NoSchedule/NoExecute taint the pod does not
 * tolerate.
 */
export function matchNodeInclusionPolicies(c: Constraint, pod: Pod, node: Node): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !matchRequiredNodeAffinity(pod, node)) return false
  if (c.nodeTaintsPolicy === 'Honor') {
    const taint = findMatchingUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations, isDoNotScheduleTaint)
    if (taint !== undefined) return false
  }
  return true
}

/**
 * countPodsMatchSelector: pods of `namespace` on the node that the selector matches, leaving out
 * terminating pods (deletionTimestamp set). An empty selector counts nothing.
 *
 * Remembered per node while its pods stay the same (NodeInfo.generation moves on every change):
 * PreFilter and PreScore count every node's pods for every pod placed, which is quadratic in the
 * pods of a large Deployment; between two attempts only the nodes that changed are counted again.
 */
export function countPodsMatchSelector(ni: NodeInfo, selector: Selector | null, namespace: string): number {
  if (selector === null || selector.length === 0) return 0
  let memo = counted.get(ni)
  if (memo === undefined || memo.generation !== ni.generation) {
    memo = { generation: ni.generation, byNamespace: new Map() }
    counted.set(ni, memo)
  }
  let bySelector = memo.byNamespace.get(namespace)
  if (bySelector === undefined) {
    bySelector = new Map()
    memo.byNamespace.set(namespace, bySelector)
  }
  const key = selectorKey(selector)
  let count = bySelector.get(key)
  if (count === undefined) {
    count = 0
    for (const pi of ni.pods) {
      const m = pi.pod.metadata
      if (m?.deletionTimestamp || (m?.namespace ?? '') !== namespace) continue
      if (matches(m?.labels, selector)) count++
    }
    bySelector.set(key, count)
  }
  return count
}

/** Counts by namespace and selector (selectorKey), of a node as it was at `generation`. */
interface NodeCounts {
  readonly generation: number
  readonly byNamespace: Map<string, Map<string, number>>
}

const counted = new WeakMap<NodeInfo, NodeCounts>()

/** Selectors are made anew for every pod placed: the same requirements give the same key. */
const selectorKeys = new WeakMap<Selector, string>()

export function selectorKey(selector: Selector): string {
  let key = selectorKeys.get(selector)
  if (key === undefined) {
    key = JSON.stringify(selector)
    selectorKeys.set(selector, key)
  }
  return key
}

/** podLabelsMatchSpreadConstraints: any constraint's selector matches these labels. */
export function podLabelsMatchAny(constraints: readonly Constraint[], labels: Labels): boolean {
  for (const c of constraints) if (selectorMatches(c, labels)) return true
  return false
}
