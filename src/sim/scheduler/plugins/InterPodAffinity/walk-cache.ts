/**
 * InterPodAffinity's PreFilter walks, kept from one scheduling cycle to the next. Upstream walks
 * every existing pod for every incoming pod (on 16 goroutines): with 3,000 pods in an anti-affinity
 * group, that walk was most of a cycle. Here each node's share of the counts is kept with the
 * NodeInfo generation it was taken at, and a cycle only takes again the share of the nodes that
 * changed since (usually the one node the last pod went to), then adds up the shares.
 *
 * The counts are the walks' counts exactly (filtering.ts keeps the walks, used when a term cannot
 * be kept: see isInterned; the tests compare both): only the order in which pairs went into the
 * maps differs, and nothing reads that order.
 */
import type { Labels } from '../../../../api/labels'
import type { Pod } from '../../../../api/types'
import { type AffinityTerm, isInterned, termMatches } from '../../framework/affinity-term'
import type { NodeInfo, NodeInfoLister } from '../../framework/node-info'
import { NodeShares } from '../../framework/node-shares'
import type { PodInfo } from '../../framework/pod-info'
import { LendableCounts } from './counts-snapshot'
import { TopologyCounts } from './filtering'
import { scoresIncoming } from './scoring'
import { podMatchesAllAffinityTerms, topologyValue } from './terms'

/**
 * getExistingAntiAffinityCounts, kept: for each required anti-affinity term of the existing pods,
 * how many pods hold it per value of its topology key on their node. The incoming pod's counts
 * add up the terms that select it.
 */
export class ExistingAntiAffinityShares {
  /** Per term, per value of the term's topology key: how many (pod, term) there. */
  private readonly byTerm = new Map<AffinityTerm, LendableCounts>()
  /**
   * Sums of several terms' counts under one topology key, kept as the terms' are: when more than
   * one term selects the incoming pod (a group's pods in two namespaces have two terms), the
   * counts lent are one sum, not terms added up pair by pair every cycle.
   */
  private readonly sums = new Map<string, Sum>()
  private readonly sumsOf = new Map<AffinityTerm, Sum[]>()
  private readonly ids = new TermIds()
  private readonly nodes = new NodeShares<readonly (readonly [AffinityTerm, string])[]>(
    // The walk's nodes: those with pods with required anti-affinity (and a Node object).
    (ni) => ni.node !== null && ni.podsWithRequiredAntiAffinity.length > 0,
    (ni) => termValues(ni),
    (share, sign) => {
      for (const [term, value] of share) {
        let counts = this.byTerm.get(term)
        if (counts === undefined) {
          counts = new LendableCounts()
          this.byTerm.set(term, counts)
        }
        counts.bump(value, sign)
        if (counts.size === 0) this.byTerm.delete(term)
        const sums = this.sumsOf.get(term)
        if (sums !== undefined) for (const sum of sums) sum.counts.bump(value, sign)
      }
    },
  )

  /** The counts for `pod` (whose namespace has `nsLabels`), over the snapshot's nodes with such pods. */
  counts(pod: Pod, nsLabels: Labels, snapshot: NodeInfoLister): TopologyCounts {
    this.nodes.sync(snapshot, () => snapshot.havePodsWithRequiredAntiAffinityList())
    // The terms that select the pod, by topology key.
    const selecting = new Map<string, AffinityTerm[]>()
    for (const term of this.byTerm.keys()) {
      if (!termMatches(term, pod, nsLabels)) continue
      const list = selecting.get(term.topologyKey)
      if (list === undefined) selecting.set(term.topologyKey, [term])
      else list.push(term)
    }
    const m = new TopologyCounts()
    for (const [key, terms] of selecting) {
      const counts = terms.length === 1 ? this.byTerm.get(terms[0] as AffinityTerm) : this.sumOf(key, terms)
      if (counts !== undefined) m.addCounts(key, counts.lend())
    }
    return m
  }

  /** The kept sum of these terms' counts (made from theirs the first time). */
  private sumOf(key: string, terms: readonly AffinityTerm[]): LendableCounts {
    const signature = `${key}\n${terms.map((t) => this.ids.of(t)).join(',')}`
    let sum = this.sums.get(signature)
    if (sum !== undefined) {
      // Most recently used last.
      this.sums.delete(signature)
      this.sums.set(signature, sum)
      return sum.counts
    }
    const counts = new LendableCounts()
    for (const t of terms)
      this.byTerm.get(t)?.forEach((value, n) => {
        counts.bump(value, n)
      })
    sum = { signature, terms, counts }
    this.sums.set(signature, sum)
    for (const t of terms) {
      const list = this.sumsOf.get(t)
      if (list === undefined) this.sumsOf.set(t, [sum])
      else list.push(sum)
    }
    if (this.sums.size > MAX_SUMS) this.dropSum(this.sums.values().next().value as Sum)
    return counts
  }

  private dropSum(sum: Sum): void {
    this.sums.delete(sum.signature)
    for (const t of sum.terms) {
      const list = (this.sumsOf.get(t) ?? []).filter((s) => s !== sum)
      if (list.length === 0) this.sumsOf.delete(t)
      else this.sumsOf.set(t, list)
    }
  }
}

/** A kept sum of several terms' counts (see ExistingAntiAffinityShares.sums). */
interface Sum {
  readonly signature: string
  readonly terms: readonly AffinityTerm[]
  readonly counts: LendableCounts
}

/** How many sums of terms are kept (least recently used ones are dropped). */
const MAX_SUMS = 16

/** A number per term object, for keys made of terms. */
class TermIds {
  private readonly ids = new WeakMap<AffinityTerm, number>()
  private next = 0

  of(term: AffinityTerm): number {
    let id = this.ids.get(term)
    if (id === undefined) {
      id = this.next++
      this.ids.set(term, id)
    }
    return id
  }
}

/** Each required anti-affinity term of the node's pods, with the node's value for its key. */
function termValues(ni: NodeInfo): (readonly [AffinityTerm, string])[] {
  const labels = ni.node?.metadata?.labels
  const out: (readonly [AffinityTerm, string])[] = []
  for (const pi of ni.podsWithRequiredAntiAffinity) {
    for (const term of pi.requiredAntiAffinityTerms) {
      const value = topologyValue(labels, term.topologyKey)
      if (value !== undefined) out.push([term, value])
    }
  }
  return out
}

/** A node's share of an incoming query: (topology key, value, count). */
type PairCounts = readonly (readonly [string, string, number])[]

/**
 * What one incoming term list asks of every existing pod: `all` — pods matching every term count
 * once per term (the required affinity terms); one term — pods matching it (an anti-affinity term).
 */
class IncomingQuery {
  /** Per topology key, per value: the count. */
  readonly byKey = new Map<string, LendableCounts>()
  readonly nodes: NodeShares<PairCounts>

  constructor(readonly terms: readonly AffinityTerm[]) {
    this.nodes = new NodeShares<PairCounts>(
      // The walk's nodes: those with pods (and a Node object).
      (ni) => ni.node !== null && ni.pods.length > 0,
      (ni) => this.share(ni),
      (share, sign) => {
        for (const [key, value, n] of share) {
          let counts = this.byKey.get(key)
          if (counts === undefined) {
            counts = new LendableCounts()
            this.byKey.set(key, counts)
          }
          counts.bump(value, sign * n)
          if (counts.size === 0) this.byKey.delete(key)
        }
      },
    )
  }

  /** The node's pods that match, counted under each term's pair on the node. */
  private share(ni: NodeInfo): PairCounts {
    let matching = 0
    for (const pi of ni.pods) if (this.matches(pi)) matching++
    if (matching === 0) return []
    const labels = ni.node?.metadata?.labels
    const out: (readonly [string, string, number])[] = []
    for (const term of this.terms) {
      const value = topologyValue(labels, term.topologyKey)
      if (value !== undefined) out.push([term.topologyKey, value, matching])
    }
    return out
  }

  private matches(pi: PodInfo): boolean {
    const terms = this.terms
    if (terms.length === 1) return termMatches(terms[0] as AffinityTerm, pi.pod, undefined)
    return podMatchesAllAffinityTerms(terms, pi.pod)
  }
}

/** How many incoming term lists are kept (least recently used ones are dropped). */
const MAX_QUERIES = 16

/**
 * getIncomingAffinityAntiAffinityCounts, kept per incoming term list: the required affinity terms
 * of a Deployment's Pods, or one anti-affinity term, are asked about again by every Pod of it.
 */
export class IncomingShares {
  private readonly queries = new Map<string, IncomingQuery>()
  private readonly ids = new TermIds()

  /**
   * The counts of the existing pods on `nodesWithPods` that the terms select, or undefined when a
   * term cannot be kept (a namespaceSelector resolved for this cycle): the caller walks instead.
   */
  counts(
    affinityTerms: readonly AffinityTerm[],
    antiAffinityTerms: readonly AffinityTerm[],
    snapshot: NodeInfoLister,
  ): { affinity: TopologyCounts; antiAffinity: TopologyCounts } | undefined {
    if (!affinityTerms.every(isInterned) || !antiAffinityTerms.every(isInterned)) return undefined
    const affinity = new TopologyCounts()
    const antiAffinity = new TopologyCounts()
    if (affinityTerms.length > 0) this.add(affinity, affinityTerms, snapshot)
    for (const term of antiAffinityTerms) this.add(antiAffinity, [term], snapshot)
    return { affinity, antiAffinity }
  }

  private add(m: TopologyCounts, terms: readonly AffinityTerm[], snapshot: NodeInfoLister): void {
    const q = this.query(terms)
    q.nodes.sync(snapshot, () => snapshot.havePodsList())
    for (const [key, counts] of q.byKey) m.addCounts(key, counts.lend())
  }

  private query(terms: readonly AffinityTerm[]): IncomingQuery {
    const key = terms.map((t) => this.ids.of(t)).join(',')
    let q = this.queries.get(key)
    if (q === undefined) {
      q = new IncomingQuery(terms)
      if (this.queries.size >= MAX_QUERIES) this.queries.delete(this.queries.keys().next().value as string)
    } else this.queries.delete(key)
    // Most recently used last.
    this.queries.set(key, q)
    return q
  }
}

/**
 * How many existing pods could add to the score of an incoming pod that has no preferred terms of
 * its own (see processExistingPod): pods with required affinity terms (when hardPodAffinityWeight
 * counts them) or preferred terms. With none, PreScore's walk would find nothing, so it is not
 * made. An anti-affinity group's pods have only required anti-affinity terms: none of them count.
 */
export class ScoringPods {
  private total = 0
  private readonly nodes = new NodeShares<number>(
    (ni) => ni.node !== null && ni.podsWithAffinity.length > 0,
    (ni) => {
      let n = 0
      for (const pi of ni.podsWithAffinity) if (scoresIncoming(pi, this.hardPodAffinityWeight)) n++
      return n
    },
    (share, sign) => {
      this.total += sign * share
    },
  )

  constructor(private readonly hardPodAffinityWeight: number) {}

  count(snapshot: NodeInfoLister): number {
    this.nodes.sync(snapshot, () => snapshot.havePodsWithAffinityList())
    return this.total
  }
}
