/**
 * Node selector matching for node affinity: nodeSelector plus required terms, and preferred terms.
 *
 * Source: staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go
 * (GetRequiredNodeAffinity, LazyErrorNodeSelector, PreferredSchedulingTerms). Terms are ORed; the
 * expressions and fields inside a term are ANDed; a term with neither matches nothing. The only
 * field is `metadata.name`. A malformed requirement makes its term match nothing, as upstream
 * ignores parse errors for compatibility.
 */
import type {
  NodeSelector,
  NodeSelectorRequirement,
  NodeSelectorTerm,
  PreferredSchedulingTerm,
} from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'

function matchRequirement(value: string | undefined, r: NodeSelectorRequirement): boolean {
  const values = r.values ?? []
  switch (r.operator) {
    case 'In':
      return values.length > 0 && value !== undefined && values.includes(value)
    case 'NotIn':
      return values.length > 0 && (value === undefined || !values.includes(value))
    case 'Exists':
      return values.length === 0 && value !== undefined
    case 'DoesNotExist':
      return values.length === 0 && value === undefined
    case 'Gt':
    case 'Lt': {
      if (values.length !== 1 || value === undefined) return false
      const want = parseInteger(values[0] as string)
      const have = parseInteger(value)
      if (want === undefined || have === undefined) return false
      return r.operator === 'Gt' ? have > want : have < want
    }
    default:
      return false
  }
}

function parseInteger(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number.parseInt(s, 10) : undefined
}

function isEmptyTerm(t: NodeSelectorTerm): boolean {
  return (t.matchExpressions?.length ?? 0) === 0 && (t.matchFields?.length ?? 0) === 0
}

export function matchTerm(node: Node, t: NodeSelectorTerm): boolean {
  if (isEmptyTerm(t)) return false
  const labels = node.metadata?.labels ?? {}
  for (const r of t.matchExpressions ?? []) {
    const v = Object.hasOwn(labels, r.key) ? labels[r.key] : undefined
    if (!matchRequirement(v, r)) return false
  }
  for (const r of t.matchFields ?? []) {
    // A field requirement is `metadata.name` In or NotIn exactly one value.
    const values = r.values ?? []
    if (r.key !== 'metadata.name' || values.length !== 1) return false
    const equal = (node.metadata?.name ?? '') === values[0]
    if (r.operator === 'In' ? !equal : r.operator === 'NotIn' ? equal : true) return false
  }
  return true
}

/** A NodeSelector (ORed terms) matches the node. */
export function matchNodeSelector(node: Node, sel: NodeSelector): boolean {
  for (const t of sel.nodeSelectorTerms) if (matchTerm(node, t)) return true
  return false
}

/** RequiredNodeAffinity.Match: spec.nodeSelector and the required node affinity both hold. */
export function matchRequiredNodeAffinity(pod: Pod, node: Node): boolean {
  const selector = pod.spec?.nodeSelector
  if (selector) {
    const labels = node.metadata?.labels ?? {}
    for (const k in selector) if (!Object.hasOwn(labels, k) || labels[k] !== selector[k]) return false
  }
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution
  return required ? matchNodeSelector(node, required) : true
}

/** PreferredSchedulingTerms.Score: the sum of the weights of the terms the node matches. */
export function preferredScore(node: Node, terms: readonly PreferredSchedulingTerm[]): number {
  let score = 0
  for (const t of terms) {
    if (t.weight === 0 || isEmptyTerm(t.preference)) continue
    if (matchTerm(node, t.preference)) score += t.weight
  }
  return score
}
