/**
 * InterPodAffinity's scoring: PreScore sums term weights per topology pair over existing pods,
 * Score adds up the pairs of a node, NormalizeScore maps [min, max] onto [0, 100].
 *
 * For each existing pod (every pod when the incoming pod has preferred terms, else only pods with
 * affinity terms, on the nodes that have such pods), in the pairs of the existing pod's node:
 * - + weight of each incoming preferred affinity term that selects the existing pod,
 *   − weight of each incoming preferred anti-affinity term that selects it;
 * - + hardPodAffinityWeight for each *required* affinity term of the existing pod that selects the
 *   incoming pod;
 * - + weight / − weight of the existing pod's preferred affinity / anti-affinity terms that select
 *   the incoming pod.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/interpodaffinity/scoring.go (processTerm,
 * processExistingPod, PreScore, Score, NormalizeScore).
 */
import type { Labels } from '../../../../api/labels'
import type { Pod } from '../../../../api/types'
import { type AffinityTerm, termMatches, type WeightedAffinityTerm } from '../../framework/affinity-term'
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import type { PodInfo } from '../../framework/pod-info'
import { topologyValue } from './terms'

/** scoreMap: topology key → value → summed weight. */
export type TopologyScore = Map<string, Map<string, number>>

/** What PreScore leaves for Score: shared, not copied, when the CycleState is cloned (as upstream). */
export interface PreScoreState {
  readonly topologyScore: TopologyScore
}

/** The incoming pod's side of scoring. */
export interface IncomingPod {
  readonly pod: Pod
  /** Preferred terms, namespaceSelector unrolled into namespace names. */
  readonly preferredAffinityTerms: readonly WeightedAffinityTerm[]
  readonly preferredAntiAffinityTerms: readonly WeightedAffinityTerm[]
  /** The incoming pod's namespace labels, for existing pods' namespaceSelectors. */
  readonly namespaceLabels: Labels
}

function processTerm(
  m: TopologyScore,
  term: AffinityTerm,
  weight: number,
  pod: Pod,
  nsLabels: Labels,
  nodeLabels: Labels,
  multiplier: number,
): void {
  if (!termMatches(term, pod, nsLabels)) return
  const v = topologyValue(nodeLabels, term.topologyKey)
  if (v === undefined) return
  let values = m.get(term.topologyKey)
  if (values === undefined) {
    values = new Map()
    m.set(term.topologyKey, values)
  }
  values.set(v, (values.get(v) ?? 0) + weight * multiplier)
}

function processTerms(
  m: TopologyScore,
  terms: readonly WeightedAffinityTerm[],
  pod: Pod,
  nsLabels: Labels,
  nodeLabels: Labels,
  multiplier: number,
): void {
  for (const t of terms) processTerm(m, t, t.weight, pod, nsLabels, nodeLabels, multiplier)
}

function hasLabels(labels: Labels): boolean {
  if (labels === undefined) return false
  for (const k in labels) if (Object.hasOwn(labels, k)) return true
  return false
}

/** processExistingPod: one existing pod's contribution, in the pairs of its node (which has labels). */
function processExistingPod(
  m: TopologyScore,
  incoming: IncomingPod,
  existing: PodInfo,
  nodeLabels: Labels,
  hardPodAffinityWeight: number,
): void {
  // The incoming pod's terms had their namespaceSelector unrolled: no namespace labels needed.
  processTerms(m, incoming.preferredAffinityTerms, existing.pod, undefined, nodeLabels, 1)
  processTerms(m, incoming.preferredAntiAffinityTerms, existing.pod, undefined, nodeLabels, -1)
  const ns = incoming.namespaceLabels
  if (hardPodAffinityWeight > 0) {
    for (const t of existing.requiredAffinityTerms) {
      processTerm(m, t, hardPodAffinityWeight, incoming.pod, ns, nodeLabels, 1)
    }
  }
  processTerms(m, existing.preferredAffinityTerms, incoming.pod, ns, nodeLabels, 1)
  processTerms(m, existing.preferredAntiAffinityTerms, incoming.pod, ns, nodeLabels, -1)
}

/**
 * The PreScore walk over `nodes` (all nodes when the incoming pod has preferred terms, else the
 * nodes with affinity pods). An empty map means nothing to score (PreScore returns Skip).
 */
export function topologyScore(
  incoming: IncomingPod,
  nodes: readonly NodeInfo[],
  allPods: boolean,
  hardPodAffinityWeight: number,
): TopologyScore {
  const m: TopologyScore = new Map()
  const incomingHasTerms =
    incoming.preferredAffinityTerms.length > 0 || incoming.preferredAntiAffinityTerms.length > 0
  for (const ni of nodes) {
    let labeled: boolean | undefined
    for (const existing of allPods ? ni.pods : ni.podsWithAffinity) {
      // Without terms of the incoming pod, a pod whose only terms are required anti-affinity (what
      // every pod of an anti-affinity group has) adds nothing: skip it before anything is read.
      if (!incomingHasTerms && !scoresIncoming(existing, hardPodAffinityWeight)) continue
      const nodeLabels = ni.node?.metadata?.labels
      // A node without labels has no topology pair to score.
      labeled ??= hasLabels(nodeLabels)
      if (!labeled) break
      processExistingPod(m, incoming, existing, nodeLabels, hardPodAffinityWeight)
    }
  }
  return m
}

/** Whether an existing pod's own terms can score an incoming pod (see processExistingPod). */
export function scoresIncoming(existing: PodInfo, hardPodAffinityWeight: number): boolean {
  return (
    (hardPodAffinityWeight > 0 && existing.requiredAffinityTerms.length > 0) ||
    existing.preferredAffinityTerms.length > 0 ||
    existing.preferredAntiAffinityTerms.length > 0
  )
}

/** Score: the sum over the node's topology pairs. */
export function scoreNode(m: TopologyScore, nodeLabels: Labels): number {
  let score = 0
  for (const [key, values] of m) {
    const v = topologyValue(nodeLabels, key)
    if (v !== undefined) score += values.get(v) ?? 0
  }
  return score
}

/**
 * NormalizeScore: 100 × (s − min) / (max − min), truncated, with min and max over the scored
 * nodes; all 0 when they are equal. Nothing changes when no pair was scored.
 */
export function normalizeScores(m: TopologyScore, scores: number[]): void {
  if (m.size === 0) return
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const s of scores) {
    if (s > max) max = s
    if (s < min) min = s
  }
  const diff = max - min
  for (let i = 0; i < scores.length; i++) {
    scores[i] = diff > 0 ? Math.trunc(MAX_NODE_SCORE * (((scores[i] as number) - min) / diff)) : 0
  }
}

/** `key=value` → score, sorted by pair (tests, records). */
export function topologyScoreRecord(m: TopologyScore): Record<string, number> {
  const out: [string, number][] = []
  for (const [key, values] of m) for (const [v, n] of values) out.push([`${key}=${v}`, n])
  out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return Object.fromEntries(out)
}
