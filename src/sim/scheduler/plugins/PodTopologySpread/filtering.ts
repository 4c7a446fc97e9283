/**
 * PodTopologySpread's PreFilter and Filter: the `whenUnsatisfiable: DoNotSchedule` constraints.
 * - PreFilter counts, per constraint, the matching pods in every domain (topology value) over all
 *   nodes that carry every constraint's topology key and pass the constraint's node inclusion
 *   policies; a domain whose nodes hold no matching pod still counts as a domain (with 0). It keeps
 *   the two smallest domains per constraint (the critical paths).
 * - Filter: a node without a constraint's topology key is UnschedulableAndUnresolvable
 *   (`… (missing required label)`). Otherwise, for each constraint,
 *   `matching pods in the node's domain + (1 if the pod matches its own selector) − global minimum`
 *   must not exceed maxSkew, else Unschedulable. The global minimum is the smallest domain's count,
 *   or 0 while there are fewer domains than minDomains.
 * - AddPod/RemovePod (preemption's dry runs, nominated pods) move one pod's count in or out.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/filtering.go (v1.33).
 */
import type { Node, Pod } from '../../../../api/types'
import type { StateData } from '../../framework/cycle-state'
import type { NodeInfo } from '../../framework/node-info'
import {
  type Constraint,
  countPodsMatchSelector,
  matchNodeInclusionPolicies,
  nodeHasAllTopologyKeys,
  selectorMatches,
  topologyValue,
} from './common'

/** math.MaxInt32: the count of a critical path not found yet. */
const MAX_INT32 = 2147483647

interface CriticalPath {
  value: string
  num: number
}

/**
 * criticalPaths: [0] always holds the smallest count; [1] is ≥ [0] but not necessarily the second
 * smallest. Enough because preemption removes pods from one node per (cloned) state.
 */
export type CriticalPaths = [CriticalPath, CriticalPath]

export function newCriticalPaths(): CriticalPaths {
  return [
    { value: '', num: MAX_INT32 },
    { value: '', num: MAX_INT32 },
  ]
}

/** criticalPaths.update: a domain's count changed (or a domain was seen for the first time). */
export function updateCriticalPaths(p: CriticalPaths, value: string, num: number): void {
  const existing = value === p[0].value ? p[0] : value === p[1].value ? p[1] : undefined
  if (existing) {
    existing.num = num
    if (p[0].num > p[1].num) p.reverse()
    return
  }
  if (num < p[0].num) {
    p[1] = p[0]
    p[0] = { value, num }
  } else if (num < p[1].num) {
    p[1] = { value, num }
  }
}

/** preFilterState: written by PreFilter, read by Filter, changed by AddPod/RemovePod on a clone. */
export class PreFilterState implements StateData {
  constructor(
    /** Shared between clones: they never change. */
    readonly constraints: readonly Constraint[],
    readonly criticalPaths: CriticalPaths[],
    /** Per constraint: topology value → matching pods. Holds every eligible domain. */
    readonly tpValueToMatchNum: Map<string, number>[],
  ) {}

  /** The global minimum for the skew, taking minDomains into account. */
  minMatchNum(i: number, minDomains: number): number {
    const domains = (this.tpValueToMatchNum[i] as Map<string, number>).size
    return domains < minDomains ? 0 : (this.criticalPaths[i] as CriticalPaths)[0].num
  }

  clone(): PreFilterState {
    return new PreFilterState(
      this.constraints,
      this.criticalPaths.map(([a, b]) => [{ ...a }, { ...b }] as CriticalPaths),
      this.tpValueToMatchNum.map((m) => new Map(m)),
    )
  }
}

/** calPreFilterState for constraints already known to be non-empty. */
export function calPreFilterState(
  pod: Pod,
  constraints: readonly Constraint[],
  allNodes: readonly NodeInfo[],
): PreFilterState {
  const namespace = pod.metadata?.namespace ?? ''
  const counts = constraints.map(() => new Map<string, number>())
  for (const nodeInfo of allNodes) {
    const node = nodeInfo.node
    if (!node || !nodeHasAllTopologyKeys(node, constraints)) continue
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i] as Constraint
      if (!matchNodeInclusionPolicies(c, pod, node)) continue
      const value = topologyValue(node, c.topologyKey)
      const m = counts[i] as Map<string, number>
      m.set(value, (m.get(value) ?? 0) + countPodsMatchSelector(nodeInfo, c.selector, namespace))
    }
  }
  const paths = counts.map((m) => {
    const p = newCriticalPaths()
    for (const [value, num] of m) updateCriticalPaths(p, value, num)
    return p
  })
  return new PreFilterState(constraints, paths, counts)
}

/**
 * updateWithPod: count `updated` in (+1) or out (−1) of its node's domains, for the constraints
 * whose selector matches it (Selector.Matches: unlike PreFilter's counting, an empty selector
 * counts here, and terminating pods are not left out).
 */
export function updateWithPod(
  s: PreFilterState,
  updated: Pod,
  preemptor: Pod,
  node: Node | null,
  delta: number,
): void {
  if (!node || (updated.metadata?.namespace ?? '') !== (preemptor.metadata?.namespace ?? '')) return
  if (!nodeHasAllTopologyKeys(node, s.constraints)) return
  const labels = updated.metadata?.labels
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as Constraint
    if (!selectorMatches(c, labels)) continue
    if (!matchNodeInclusionPolicies(c, preemptor, node)) continue
    const value = topologyValue(node, c.topologyKey)
    const m = s.tpValueToMatchNum[i] as Map<string, number>
    const num = (m.get(value) ?? 0) + delta
    m.set(value, num)
    updateCriticalPaths(s.criticalPaths[i] as CriticalPaths, value, num)
  }
}

export type FilterVerdict = 'fits' | 'missing-label' | 'skew'

/** The Filter decision for one node (the plugin maps it to a Status). */
export function filterNode(s: PreFilterState, pod: Pod, node: Node): FilterVerdict {
  const labels = node.metadata?.labels
  const podLabels = pod.metadata?.labels
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as Constraint
    if (!labels || !Object.hasOwn(labels, c.topologyKey)) return 'missing-label'
    const value = labels[c.topologyKey] as string
    const minMatchNum = s.minMatchNum(i, c.minDomains)
    const selfMatchNum = selectorMatches(c, podLabels) ? 1 : 0
    const matchNum = (s.tpValueToMatchNum[i] as Map<string, number>).get(value) ?? 0
    if (matchNum + selfMatchNum - minMatchNum > c.maxSkew) return 'skew'
  }
  return 'fits'
}
