/**
 * PodTopologySpread's PreScore, Score and NormalizeScore: the `whenUnsatisfiable: ScheduleAnyway`
 * constraints (the system defaults are ScheduleAnyway too). Fewer matching pods in a node's
 * domains is better.
 * - PreScore: the domains are those of the filtered (feasible) nodes; for each constraint
 *   `weight = ln(#domains + 2)`, where a hostname constraint has one domain per scored node.
 *   Non-hostname domains get the matching pods over all nodes in that domain (honoring the node
 *   inclusion policies). With the pod's own constraints or `List` defaults, a feasible node
 *   missing any topology key is ignored (scores 0); the system defaults do not require every key,
 *   so nodes without a zone label still spread by hostname.
 * - Score: `round(Σ_c (count_c × weight_c + maxSkew_c − 1))` over the constraints whose key the
 *   node has; a hostname constraint counts the matching pods on the node itself.
 * - NormalizeScore: ignored nodes 0; if the largest score is 0 every node gets 100; otherwise
 *   `100 × (max + min − score) / max` (integer division).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/scoring.go (v1.33).
 */
import type { Pod } from '../../../../api/types'
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import {
  type Constraint,
  countPodsMatchSelector,
  LABEL_HOSTNAME,
  matchNodeInclusionPolicies,
  nodeHasAllTopologyKeys,
} from './common'

/** preScoreState: written once by PreScore, only read afterwards (shared by CycleState clones). */
export interface PreScoreState {
  readonly constraints: readonly Constraint[]
  /** Feasible nodes missing some constraint's topology key: they score 0. */
  readonly ignoredNodes: ReadonlySet<string>
  /** Per constraint (hostname constraints stay empty): topology value → matching pods. */
  readonly topologyValueToPodCounts: readonly Map<string, number>[]
  readonly topologyNormalizingWeight: readonly number[]
  /** Per constraint: the matching pods per node of a hostname constraint, when kept. */
  readonly hostCounts: readonly (HostCounts | undefined)[]
}

/** topologyNormalizingWeight: ln(size + 2), so small topologies are not watered down by big ones. */
export function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2)
}

/** scoreForCount: maxSkew − 1 is added to soften differences between domains. */
export function scoreForCount(count: number, maxSkew: number, weight: number): number {
  return count * weight + (maxSkew - 1)
}

/** Counts kept between cycles for one pod's attempt (domain-counts.ts). */
export interface KeptCounts {
  /**
   * A constraint's matching pods per domain over every node that counts; undefined when that
   * cannot be kept for this pod, and the nodes are walked.
   */
  domains(c: Constraint): ReadonlyMap<string, number> | undefined
  /** A hostname constraint's matching pods per node, for Score. */
  hosts(c: Constraint): HostCounts
}

/** A hostname constraint's matching pods on one node (countPodsMatchSelector, kept). */
export interface HostCounts {
  on(ni: NodeInfo): number
}

/** initPreScoreState + the counting over all nodes of PreScore, for non-empty constraints. */
export function calPreScoreState(
  pod: Pod,
  constraints: readonly Constraint[],
  filteredNodes: readonly NodeInfo[],
  allNodes: readonly NodeInfo[],
  requireAllTopologies: boolean,
  kept?: KeptCounts,
): PreScoreState {
  const ignoredNodes = new Set<string>()
  const counts = constraints.map(() => new Map<string, number>())
  for (const ni of filteredNodes) {
    const node = ni.node
    if (requireAllTopologies && !nodeHasAllTopologyKeys(node, constraints)) {
      ignoredNodes.add(ni.name)
      continue
    }
    const labels = node?.metadata?.labels
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i] as Constraint
      // Hostname counts are per node, taken in Score.
      if (c.topologyKey === LABEL_HOSTNAME) continue
      // A node without the key (possible with the system defaults) adds the domain '' (Go map read).
      const value = labels && Object.hasOwn(labels, c.topologyKey) ? (labels[c.topologyKey] as string) : ''
      const m = counts[i] as Map<string, number>
      if (!m.has(value)) m.set(value, 0)
    }
  }
  const weights = constraints.map((c, i) =>
    topologyNormalizingWeight(
      c.topologyKey === LABEL_HOSTNAME
        ? filteredNodes.length - ignoredNodes.size
        : (counts[i] as Map<string, number>).size,
    ),
  )
  // The constraints left to the walk: those with domains to count that are not kept.
  const walked: number[] = []
  for (let i = 0; i < constraints.length; i++) {
    const m = counts[i] as Map<string, number>
    if (m.size === 0) continue
    const totals = kept?.domains(constraints[i] as Constraint)
    if (totals === undefined) walked.push(i)
    else for (const value of m.keys()) m.set(value, totals.get(value) ?? 0)
  }
  if (walked.length > 0) walkAllNodes(pod, constraints, walked, counts, allNodes, requireAllTopologies)
  const hostCounts = constraints.map((c) => (c.topologyKey === LABEL_HOSTNAME ? kept?.hosts(c) : undefined))
  return {
    constraints,
    ignoredNodes,
    topologyValueToPodCounts: counts,
    topologyNormalizingWeight: weights,
    hostCounts,
  }
}

/** Adds the matching pods of every node to the domains of the feasible nodes, for `walked` constraints. */
function walkAllNodes(
  pod: Pod,
  constraints: readonly Constraint[],
  walked: readonly number[],
  counts: readonly Map<string, number>[],
  allNodes: readonly NodeInfo[],
  requireAllTopologies: boolean,
): void {
  const namespace = pod.metadata?.namespace ?? ''
  for (const ni of allNodes) {
    const node = ni.node
    if (!node) continue
    if (requireAllTopologies && !nodeHasAllTopologyKeys(node, constraints)) continue
    const labels = node.metadata?.labels
    for (const i of walked) {
      const c = constraints[i] as Constraint
      const value = labels && Object.hasOwn(labels, c.topologyKey) ? (labels[c.topologyKey] as string) : ''
      const m = counts[i] as Map<string, number>
      // Only domains of feasible nodes are counted (never the hostname ones: they stay empty).
      const current = m.get(value)
      if (current === undefined || !matchNodeInclusionPolicies(c, pod, node)) continue
      m.set(value, current + countPodsMatchSelector(ni, c.selector, namespace))
    }
  }
}

/** Score for one feasible node (an integer before normalizing). */
export function scoreNode(s: PreScoreState, pod: Pod, nodeInfo: NodeInfo): number {
  if (s.ignoredNodes.has(nodeInfo.name)) return 0
  const labels = nodeInfo.node?.metadata?.labels
  const namespace = pod.metadata?.namespace ?? ''
  let score = 0
  for (let i = 0; i < s.constraints.length; i++) {
    const c = s.constraints[i] as Constraint
    if (!labels || !Object.hasOwn(labels, c.topologyKey)) continue
    const count =
      c.topologyKey === LABEL_HOSTNAME
        ? (s.hostCounts[i]?.on(nodeInfo) ?? countPodsMatchSelector(nodeInfo, c.selector, namespace))
        : ((s.topologyValueToPodCounts[i] as Map<string, number>).get(labels[c.topologyKey] as string) ?? 0)
    score += scoreForCount(count, c.maxSkew, s.topologyNormalizingWeight[i] as number)
  }
  // Go's math.Round (half away from zero) equals Math.round here: scores are never negative.
  return Math.round(score)
}

/** NormalizeScore, in place over the scores of `nodes`. */
export function normalizeScores(s: PreScoreState, nodes: readonly NodeInfo[], scores: number[]): void {
  let min = Number.MAX_SAFE_INTEGER
  let max = 0
  for (let i = 0; i < scores.length; i++) {
    if (s.ignoredNodes.has((nodes[i] as NodeInfo).name)) continue
    const v = scores[i] as number
    if (v < min) min = v
    if (v > max) max = v
  }
  for (let i = 0; i < scores.length; i++) {
    if (s.ignoredNodes.has((nodes[i] as NodeInfo).name)) {
      scores[i] = 0
    } else if (max === 0) {
      scores[i] = MAX_NODE_SCORE
    } else {
      scores[i] = Math.trunc((MAX_NODE_SCORE * (max + min - (scores[i] as number))) / max)
    }
  }
}
