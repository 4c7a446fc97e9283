/**
 * Inter-pod affinity terms, parsed once per pod: which pods a term selects (label selector), in
 * which namespaces (a list, a namespace selector, or by default the pod's own namespace), over
 * which topology (a node label key).
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (AffinityTerm, WeightedAffinityTerm,
 * getAffinityTerms, getNamespacesFromPodAffinityTerm). A nil label selector or nil namespace
 * selector selects nothing; an empty one (`{}`) selects everything.
 */

import type { PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1'
import { fromLabelSelector, type Labels, matches, type Selector } from '../../../api/labels'
import type { Pod } from '../../../api/types'

export interface AffinityTerm {
  /** Namespaces named by the term (or the pod's own when neither list nor selector is given). */
  readonly namespaces: ReadonlySet<string>
  /** undefined: selects no namespace (nil namespaceSelector). */
  readonly namespaceSelector: Selector | undefined
  /** undefined: selects no pod (nil labelSelector). */
  readonly selector: Selector | undefined
  readonly topologyKey: string
}

export interface WeightedAffinityTerm extends AffinityTerm {
  readonly weight: number
}

/** Looks up a namespace's labels (for namespaceSelector); undefined when it is not known. */
export type NamespaceLabels = (namespace: string) => Labels

/**
 * AffinityTerm.Matches: `pod` is selected when its namespace is listed or selected, and its labels
 * match the term's selector.
 */
export function termMatches(term: AffinityTerm, pod: Pod, nsLabels: Labels): boolean {
  const ns = pod.metadata?.namespace ?? ''
  const nsOk =
    term.namespaces.has(ns) ||
    (term.namespaceSelector !== undefined && matches(nsLabels, term.namespaceSelector))
  return nsOk && term.selector !== undefined && matches(pod.metadata?.labels, term.selector)
}

export function newAffinityTerm(pod: Pod, t: PodAffinityTerm): AffinityTerm {
  const listed = t.namespaces ?? []
  const namespaces =
    listed.length === 0 && (t.namespaceSelector === undefined || t.namespaceSelector === null)
      ? new Set([pod.metadata?.namespace ?? ''])
      : new Set(listed)
  return {
    namespaces,
    namespaceSelector: fromLabelSelector(t.namespaceSelector),
    selector: fromLabelSelector(t.labelSelector),
    topologyKey: t.topologyKey,
  }
}

/**
 * The parsed term, shared by every pod whose term says the same thing in the same namespace (a
 * Deployment's Pods, an anti-affinity group): walks over existing pods meet one term object again
 * and again, and can decide it once per walk (see existingAntiAffinityCounts). Parsed terms are
 * never changed, so sharing them is safe.
 */
export function internedAffinityTerm(pod: Pod, t: PodAffinityTerm): AffinityTerm {
  const namespace = pod.metadata?.namespace ?? ''
  const known = byTermObject.get(t)
  if (known !== undefined && known.namespace === namespace) return known.term
  const key = `${namespace}\n${JSON.stringify(t)}`
  let term = interned.get(key)
  if (term === undefined) {
    term = newAffinityTerm(pod, t)
    if (interned.size >= MAX_INTERNED_TERMS) interned.clear()
    interned.set(key, term)
    internedTerms.add(term)
  }
  // A stored term (frozen) is met again each time its pod's PodInfo is built.
  if (Object.isFrozen(t)) byTermObject.set(t, { namespace, term })
  return term
}

/** Whether `term` came from internedAffinityTerm (so an equal term is this very object). */
export function isInterned(term: AffinityTerm): boolean {
  return internedTerms.has(term)
}

const interned = new Map<string, AffinityTerm>()
const internedTerms = new WeakSet<AffinityTerm>()
const MAX_INTERNED_TERMS = 10_000
const byTermObject = new WeakMap<PodAffinityTerm, { namespace: string; term: AffinityTerm }>()

export function affinityTerms(pod: Pod, terms: readonly PodAffinityTerm[] | undefined): AffinityTerm[] {
  return (terms ?? []).map((t) => internedAffinityTerm(pod, t))
}

export function weightedAffinityTerms(
  pod: Pod,
  terms: readonly WeightedPodAffinityTerm[] | undefined,
): WeightedAffinityTerm[] {
  return (terms ?? []).map((t) => ({ ...newAffinityTerm(pod, t.podAffinityTerm), weight: t.weight }))
}
