/**
 * Helpers the InterPodAffinity plugin shares between Filter, Score and its queueing hints: matching
 * a pod against all terms, unrolling an incoming pod's namespaceSelector into namespace names, the
 * incoming pod's namespace labels, and a node's value for a topology key.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/interpodaffinity/plugin.go
 * (mergeAffinityTermNamespacesIfNotEmpty, GetNamespaceLabelsSnapshot) and filtering.go
 * (podMatchesAllAffinityTerms).
 */
import type { Labels } from '../../../../api/labels'
import { matches } from '../../../../api/labels'
import type { Namespace, Pod } from '../../../../api/types'
import { type AffinityTerm, termMatches } from '../../framework/affinity-term'
import type { Lister } from '../../framework/listers'

/**
 * True when `pod` matches every term (false for no terms). The terms are an incoming pod's, whose
 * namespaceSelector was unrolled (or is empty, selecting every namespace), so no namespace labels
 * are needed.
 */
export function podMatchesAllAffinityTerms(terms: readonly AffinityTerm[], pod: Pod): boolean {
  if (terms.length === 0) return false
  for (const t of terms) if (!termMatches(t, pod, undefined)) return false
  return true
}

/**
 * mergeAffinityTermNamespacesIfNotEmpty: a non-empty namespaceSelector of an incoming pod's term is
 * replaced by the names of the namespaces it selects now. An empty selector (`{}`, every
 * namespace) and an absent one are kept as they are.
 */
export function mergeTermNamespaces<T extends AffinityTerm>(term: T, namespaces: Lister<Namespace>): T {
  const sel = term.namespaceSelector
  if (sel === undefined || sel.length === 0) return term
  const names = new Set(term.namespaces)
  for (const ns of namespaces.list()) {
    if (matches(ns.metadata?.labels, sel)) names.add(ns.metadata?.name ?? '')
  }
  return { ...term, namespaces: names, namespaceSelector: undefined }
}

/** GetNamespaceLabelsSnapshot: a copy of the namespace's labels; none when it is not known. */
export function namespaceLabelsSnapshot(namespaces: Lister<Namespace>, name: string): Labels {
  const labels = namespaces.get('', name)?.metadata?.labels
  return labels ? { ...labels } : undefined
}

/** The node's value for a topology key, or undefined when the node has no such label. */
export function topologyValue(labels: Labels, key: string): string | undefined {
  return labels !== undefined && Object.hasOwn(labels, key) ? labels[key] : undefined
}
