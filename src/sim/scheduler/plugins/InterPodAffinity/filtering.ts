/**
 * InterPodAffinity's PreFilter state and Filter checks, as counts per topology pair (a node label
 * key and value, e.g. `topology.kubernetes.io/zone=a`):
 * - existingAntiAffinityCounts: how many required anti-affinity terms of existing pods select the
 *   incoming pod, in each pair of the existing pod's node;
 * - affinityCounts: existing pods matching *all* the incoming pod's required affinity terms, per
 *   pair of each term's topology key;
 * - antiAffinityCounts: existing pods matching each required anti-affinity term of the incoming
 *   pod, per pair.
 * AddPod/RemovePod (preemption's dry runs, nominated pods) update the counts with one pod (±1).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/interpodaffinity/filtering.go (preFilterState,
 * updateWithPod, getExistingAntiAffinityCounts, getIncomingAffinityAntiAffinityCounts,
 * satisfyExistingPodsAntiAffinity, satisfyPodAntiAffinity, satisfyPodAffinity).
 */
import type { Labels } from '../../../../api/labels'
import type { Node, Pod } from '../../../../api/types'
import { type AffinityTerm, termMatches } from '../../framework/affinity-term'
import type { StateData } from '../../framework/cycle-state'
import type { NodeInfo } from '../../framework/node-info'
import type { PodInfo } from '../../framework/pod-info'
import { CountsSnapshot } from './counts-snapshot'
import { podMatchesAllAffinityTerms, topologyValue } from './terms'

/** topologyToMatchedTermCount: topology key → value → count; pairs at 0 are removed. */
export class TopologyCounts {
  /** Per key, the counts: a map of its own, or a snapshot lent by the kept walks until changed. */
  private readonly byKey = new Map<string, Map<string, number> | CountsSnapshot>()
  private pairs = 0
  /** The map of the key added to last (still in byKey). */
  private lastKey: string | undefined
  private lastValues: Map<string, number> | undefined

  /** The number of topology pairs with a (non-zero) count. */
  get size(): number {
    return this.pairs
  }

  get(key: string, value: string): number {
    return this.byKey.get(key)?.get(value) ?? 0
  }

  /** Adds `delta` to the pair (key, the node's value for key); nothing when the node lacks the label. */
  update(nodeLabels: Labels, key: string, delta: number): void {
    const value = topologyValue(nodeLabels, key)
    if (value !== undefined) this.add(key, value, delta)
  }

  add(key: string, value: string, delta: number): void {
    // Walks add to one key (a term's topology key) over and over: remember its map.
    let values = key === this.lastKey ? this.lastValues : this.ownMap(key)
    if (values === undefined) {
      values = new Map()
      this.byKey.set(key, values)
    }
    this.lastKey = key
    this.lastValues = values
    const before = values.get(value)
    const after = (before ?? 0) + delta
    if (after === 0) {
      if (before !== undefined) {
        values.delete(value)
        this.pairs--
        if (values.size === 0) {
          this.byKey.delete(key)
          this.lastKey = undefined
          this.lastValues = undefined
        }
      }
      return
    }
    if (before === undefined) this.pairs++
    values.set(value, after)
  }

  /** The key's counts as a map of this object's own (a lent snapshot is copied first). */
  private ownMap(key: string): Map<string, number> | undefined {
    const values = this.byKey.get(key)
    if (!(values instanceof CountsSnapshot)) return values
    const own = values.toMap()
    this.byKey.set(key, own)
    return own
  }

  /**
   * Adds counts under `key`: the snapshot itself when the key has no pairs yet (the common case:
   * one term per topology key; it is copied only if these counts change), pair by pair otherwise.
   */
  addCounts(key: string, counts: CountsSnapshot): void {
    if (counts.size === 0) return
    if (!this.byKey.has(key)) {
      this.byKey.set(key, counts)
      this.pairs += counts.size
      return
    }
    for (const [value, n] of counts.entries()) this.add(key, value, n)
  }

  /** True when a label of the node names a pair with a positive count. */
  anyPositiveOn(nodeLabels: Labels): boolean {
    if (nodeLabels === undefined) return false
    for (const [key, values] of this.byKey) {
      const v = topologyValue(nodeLabels, key)
      if (v !== undefined && (values.get(v) ?? 0) > 0) return true
    }
    return false
  }

  clone(): TopologyCounts {
    const c = new TopologyCounts()
    // A lent snapshot never changes: the copy shares it.
    for (const [key, values] of this.byKey)
      c.byKey.set(key, values instanceof CountsSnapshot ? values : new Map(values))
    c.pairs = this.pairs
    return c
  }

  /** `key=value` → count, sorted by pair (tests, records). */
  toRecord(): Record<string, number> {
    const out: [string, number][] = []
    for (const [key, values] of this.byKey)
      for (const [v, n] of values.entries()) out.push([`${key}=${v}`, n])
    out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(out)
  }
}

function labelsOf(node: Node | null): Labels {
  return node?.metadata?.labels
}

/** For each term of `terms` when `pod` matches all of them: the term's pair on the node ± value. */
function updateWithAffinityTerms(
  m: TopologyCounts,
  terms: readonly AffinityTerm[],
  pod: Pod,
  nodeLabels: Labels,
  value: number,
): void {
  if (!podMatchesAllAffinityTerms(terms, pod)) return
  for (const t of terms) m.update(nodeLabels, t.topologyKey, value)
}

/** For each term of `terms` that selects `pod`: the term's pair on the node ± value. */
function updateWithAntiAffinityTerms(
  m: TopologyCounts,
  terms: readonly AffinityTerm[],
  pod: Pod,
  nsLabels: Labels,
  nodeLabels: Labels,
  value: number,
): void {
  for (const t of terms) if (termMatches(t, pod, nsLabels)) m.update(nodeLabels, t.topologyKey, value)
}

/** preFilterState: what PreFilter computed for one pod; cloned (counts copied) with the CycleState. */
export class PreFilterState implements StateData {
  constructor(
    readonly pod: Pod,
    /** The incoming pod's required terms, namespaceSelector unrolled into namespace names. */
    readonly requiredAffinityTerms: readonly AffinityTerm[],
    readonly requiredAntiAffinityTerms: readonly AffinityTerm[],
    /** The incoming pod's namespace labels, for existing pods' namespaceSelectors. */
    readonly namespaceLabels: Labels,
    readonly existingAntiAffinityCounts: TopologyCounts,
    readonly affinityCounts: TopologyCounts,
    readonly antiAffinityCounts: TopologyCounts,
  ) {}

  clone(): PreFilterState {
    return new PreFilterState(
      this.pod,
      this.requiredAffinityTerms,
      this.requiredAntiAffinityTerms,
      this.namespaceLabels,
      this.existingAntiAffinityCounts.clone(),
      this.affinityCounts.clone(),
      this.antiAffinityCounts.clone(),
    )
  }

  /** updateWithPod: count (multiplier 1) or uncount (−1) one pod on `node`. */
  updateWithPod(pi: PodInfo, node: Node | null, multiplier: number): void {
    const nodeLabels = labelsOf(node)
    updateWithAntiAffinityTerms(
      this.existingAntiAffinityCounts,
      pi.requiredAntiAffinityTerms,
      this.pod,
      this.namespaceLabels,
      nodeLabels,
      multiplier,
    )
    updateWithAffinityTerms(this.affinityCounts, this.requiredAffinityTerms, pi.pod, nodeLabels, multiplier)
    updateWithAntiAffinityTerms(
      this.antiAffinityCounts,
      this.requiredAntiAffinityTerms,
      pi.pod,
      undefined,
      nodeLabels,
      multiplier,
    )
  }
}

/**
 * getExistingAntiAffinityCounts: walks only the nodes that run pods with required anti-affinity,
 * and only those pods.
 */
export function existingAntiAffinityCounts(
  pod: Pod,
  nsLabels: Labels,
  nodesWithRequiredAntiAffinityPods: readonly NodeInfo[],
): TopologyCounts {
  const m = new TopologyCounts()
  // Pods of one group share their parsed terms (internedAffinityTerm): whether a term selects the
  // incoming pod is decided once per run of the same term, not once per existing pod.
  let lastTerm: AffinityTerm | undefined
  let lastMatches = false
  for (const ni of nodesWithRequiredAntiAffinityPods) {
    if (ni.node === null) continue
    const nodeLabels = labelsOf(ni.node)
    for (const existing of ni.podsWithRequiredAntiAffinity) {
      for (const t of existing.requiredAntiAffinityTerms) {
        if (t !== lastTerm) {
          lastTerm = t
          lastMatches = termMatches(t, pod, nsLabels)
        }
        if (lastMatches) m.update(nodeLabels, t.topologyKey, 1)
      }
    }
  }
  return m
}

/**
 * getIncomingAffinityAntiAffinityCounts: every pod of every node against the incoming pod's
 * required terms; nothing is walked when the pod has none.
 */
export function incomingAffinityAntiAffinityCounts(
  affinityTerms: readonly AffinityTerm[],
  antiAffinityTerms: readonly AffinityTerm[],
  allNodes: readonly NodeInfo[],
): { affinity: TopologyCounts; antiAffinity: TopologyCounts } {
  const affinity = new TopologyCounts()
  const antiAffinity = new TopologyCounts()
  if (affinityTerms.length === 0 && antiAffinityTerms.length === 0) return { affinity, antiAffinity }
  for (const ni of allNodes) {
    // Most of a large cluster's nodes may run nothing yet: skip them before reading labels.
    if (ni.node === null || ni.pods.length === 0) continue
    const nodeLabels = labelsOf(ni.node)
    for (const existing of ni.pods) {
      updateWithAffinityTerms(affinity, affinityTerms, existing.pod, nodeLabels, 1)
      updateWithAntiAffinityTerms(antiAffinity, antiAffinityTerms, existing.pod, undefined, nodeLabels, 1)
    }
  }
  return { affinity, antiAffinity }
}

/** No existing pod's required anti-affinity selects the incoming pod in any pair of this node. */
export function satisfyExistingPodsAntiAffinity(s: PreFilterState, node: Node): boolean {
  if (s.existingAntiAffinityCounts.size === 0) return true
  return !s.existingAntiAffinityCounts.anyPositiveOn(labelsOf(node))
}

/** No pod selected by a required anti-affinity term of the incoming pod is in the term's pair of this node. */
export function satisfyPodAntiAffinity(s: PreFilterState, node: Node): boolean {
  if (s.antiAffinityCounts.size === 0) return true
  const nodeLabels = labelsOf(node)
  for (const t of s.requiredAntiAffinityTerms) {
    const v = topologyValue(nodeLabels, t.topologyKey)
    if (v !== undefined && s.antiAffinityCounts.get(t.topologyKey, v) > 0) return false
  }
  return true
}

/**
 * The node has every term's topology key, and each term's pair holds a pod matching all terms —
 * or no pod anywhere matches and the incoming pod matches its own terms (the first pod of a group
 * with affinity to itself).
 */
export function satisfyPodAffinity(s: PreFilterState, node: Node): boolean {
  let podsExist = true
  const nodeLabels = labelsOf(node)
  for (const t of s.requiredAffinityTerms) {
    const v = topologyValue(nodeLabels, t.topologyKey)
    if (v === undefined) return false
    if (s.affinityCounts.get(t.topologyKey, v) <= 0) podsExist = false
  }
  if (podsExist) return true
  return s.affinityCounts.size === 0 && podMatchesAllAffinityTerms(s.requiredAffinityTerms, s.pod)
}
