/**
 * Whether a webhook is called for a request (generic/webhook.go ShouldCallHook): its
 * namespaceSelector (predicates/namespace), its objectSelector (predicates/object), and one of its
 * rules (predicates/rules: scope, operation, group, version, resource/subresource with `*`).
 */

import type { LabelSelector } from 'kubernetes-types/meta/v1'
import { selectorMatches } from '../../../../api/labels'
import { notFound } from '../../../../api/status'
import type { KubeObject, Status } from '../../../../api/types'
import type { AdmissionAttributes, AdmissionLister } from '../types'
import { ADMISSION_REGISTRATION, type RuleWithOperations, type Webhook } from './config'

/** The parts of a request the predicates look at. */
export interface MatchAttributes {
  readonly operation: string
  readonly group: string
  readonly version: string
  readonly resource: string
  readonly subresource: string
  /** The request's namespace; for a Namespace itself, its name. '' for cluster-scoped objects. */
  readonly namespace: string
  readonly object?: KubeObject
  readonly oldObject?: KubeObject
}

export function matchAttributes(a: AdmissionAttributes): MatchAttributes {
  const r = a.request
  const isNamespace = r.apiGroup === '' && r.resource === 'namespaces'
  return {
    operation: a.operation,
    group: r.apiGroup,
    version: r.apiVersion,
    resource: r.resource,
    subresource: r.subresource,
    namespace: isNamespace ? r.name || (a.object.metadata?.name ?? '') : r.namespace,
    object: a.object,
    ...(a.oldObject ? { oldObject: a.oldObject } : {}),
  }
}

const exactOrWildcard = (items: readonly string[] | undefined, requested: string): boolean =>
  (items ?? []).some((i) => i === '*' || i === requested)

const isNamespaceResource = (a: MatchAttributes): boolean =>
  a.group === '' && a.version === 'v1' && a.resource === 'namespaces'

export function ruleMatches(rule: RuleWithOperations, a: MatchAttributes): boolean {
  const scope = rule.scope ?? '*'
  const scoped =
    scope === '*' ||
    (scope === 'Namespaced' && !isNamespaceResource(a) && a.namespace !== '') ||
    (scope === 'Cluster' && (isNamespaceResource(a) || a.namespace === ''))
  if (!scoped) return false
  if (!exactOrWildcard(rule.operations, a.operation)) return false
  if (!exactOrWildcard(rule.apiGroups, a.group)) return false
  if (!exactOrWildcard(rule.apiVersions, a.version)) return false
  return (rule.resources ?? []).some((r) => {
    const slash = r.indexOf('/')
    const res = slash < 0 ? r : r.slice(0, slash)
    const sub = slash < 0 ? '' : r.slice(slash + 1)
    return (res === '*' || res === a.resource) && (sub === '*' || sub === a.subresource)
  })
}

const isEmpty = (s: LabelSelector): boolean =>
  Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0

/** Undefined when the selector matches; a Status when the namespace is missing (a 404). */
function namespaceSelectorMatches(w: Webhook, a: MatchAttributes, lister: AdmissionLister): boolean | Status {
  // A cluster-scoped object other than a Namespace is never exempted.
  if (a.namespace === '' && a.resource !== 'namespaces') return true
  if (isEmpty(w.namespaceSelector)) return true
  let labels: Record<string, string> | undefined
  if (
    a.resource === 'namespaces' &&
    a.subresource === '' &&
    (a.operation === 'CREATE' || a.operation === 'UPDATE')
  ) {
    labels = a.object?.metadata?.labels
  } else {
    const ns = lister.get('', 'namespaces', undefined, a.namespace)
    if (!ns) return notFound('namespaces', a.namespace)
    labels = ns.metadata?.labels
  }
  return selectorMatches(w.namespaceSelector, labels ?? {})
}

function objectSelectorMatches(w: Webhook, a: MatchAttributes): boolean {
  if (isEmpty(w.objectSelector)) return true
  const m = (o: KubeObject | undefined) =>
    o !== undefined && selectorMatches(w.objectSelector, o.metadata?.labels ?? {})
  return m(a.object) || m(a.oldObject)
}

/** Webhook configurations (and admission policies) are never sent to webhooks (rules.go). */
export function isExemptConfigurationResource(a: MatchAttributes): boolean {
  return (
    a.group === ADMISSION_REGISTRATION &&
    [
      'validatingwebhookconfigurations',
      'mutatingwebhookconfigurations',
      'validatingadmissionpolicies',
      'validatingadmissionpolicybindings',
      'mutatingadmissionpolicies',
      'mutatingadmissionpolicybindings',
    ].includes(a.resource)
  )
}

/**
 * ShouldCallHook: `true` to call the webhook, `false` to skip it, or the error to fail the request
 * with (a namespace that does not exist, when a rule matches).
 */
export function shouldCall(w: Webhook, a: MatchAttributes, lister: AdmissionLister): boolean | Status {
  const ns = namespaceSelectorMatches(w, a, lister)
  if (ns === false) return false
  if (!objectSelectorMatches(w, a)) return false
  if (!w.rules.some((r) => ruleMatches(r, a))) return false
  return ns
}
