/**
 * The RBAC authorizer (plugin/pkg/auth/authorizer/rbac/rbac.go) over the Roles, ClusterRoles,
 * RoleBindings and ClusterRoleBindings in the apiserver's watch caches. Like upstream's
 * VisitRulesFor (pkg/registry/rbac/validation/rule.go) it visits the ClusterRoleBindings, then
 * the RoleBindings of the request's namespace; the first rule that allows the request decides.
 * Aggregated ClusterRoles are not expanded (their stored rules are used as they are).
 */
import type { KubeObject } from '../../../api/types'
import type { UserInfo } from '../authn'
import type { Attributes, Authorizer, Decision, Lister, PolicyRule, RbacGrant, Subject } from './types'

export const RBAC_GROUP = 'rbac.authorization.k8s.io'

interface RoleRef {
  readonly apiGroup?: string
  readonly kind: 'Role' | 'ClusterRole'
  readonly name: string
}

type Binding = KubeObject & { readonly subjects?: readonly Subject[]; readonly roleRef: RoleRef }
type Role = KubeObject & { readonly rules?: readonly PolicyRule[] | null }

// rbac/v1 helpers.go: VerbMatches, APIGroupMatches, ResourceMatches, ResourceNameMatches,
// NonResourceURLMatches; rbac.go RuleAllows.

const has = (list: readonly string[] | undefined, value: string): boolean =>
  !!list && (list.includes('*') || list.includes(value))

function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true
    // `*/status` matches the status subresource of any resource.
    if (subresource && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource))
      return true
  }
  return false
}

function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true
    if (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))) return true
  }
  return false
}

/** Whether one PolicyRule allows the request (rbac.go RuleAllows). */
export function ruleAllows(attrs: Attributes, rule: PolicyRule): boolean {
  if (!has(rule.verbs, attrs.verb)) return false
  if (!attrs.resource) return nonResourceURLMatches(rule, attrs.path ?? '')
  const combined = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource
  return (
    has(rule.apiGroups, attrs.apiGroup) &&
    resourceMatches(rule, combined, attrs.subresource) &&
    (!rule.resourceNames?.length || rule.resourceNames.includes(attrs.name))
  )
}

/** The user name of a ServiceAccount (serviceaccount.MakeUsername). */
export const serviceAccountUser = (namespace: string, name: string): string =>
  `system:serviceaccount:${namespace}:${name}`

/** rule.go appliesToUser: `namespace` is the RoleBinding's ('' for ClusterRoleBindings). */
export function appliesToUser(user: UserInfo, subject: Subject, namespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name
    case 'Group':
      return user.groups.includes(subject.name)
    case 'ServiceAccount': {
      const ns = subject.namespace || namespace
      return !!ns && user.name === serviceAccountUser(ns, subject.name)
    }
    default:
      return false
  }
}

/** rule.go describeSubject: `User "alice"`, `ServiceAccount "name/namespace"`. */
function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} "${s.name}/${s.namespace || bindingNamespace}"`
  return `${s.kind} "${s.name}"`
}

/** rule.go clusterRoleBindingDescriber / roleBindingDescriber String(), after `RBAC: allowed by `. */
export function describeGrant(g: RbacGrant): string {
  const ns = g.binding.namespace ?? ''
  const binding = g.binding.kind === 'RoleBinding' ? `${g.binding.name}/${ns}` : g.binding.name
  return `${g.binding.kind} "${binding}" of ${g.role.kind} "${g.role.name}" to ${describeSubject(g.subject, ns)}`
}

export class RbacAuthorizer implements Authorizer {
  constructor(private readonly lister: Lister) {}

  authorize(user: UserInfo, attrs: Attributes): Decision {
    const errors: string[] = []
    const visit = (binding: Binding, namespace: string): Decision | undefined => {
      const subject = (binding.subjects ?? []).find((s) => appliesToUser(user, s, namespace))
      if (!subject) return undefined
      const ref = binding.roleRef
      const role = this.role(ref, namespace)
      if (!role) {
        // GetRoleReferenceRules: the lister's NotFound error.
        errors.push(`${ref.kind.toLowerCase()}.${RBAC_GROUP} "${ref.name}" not found`)
        return undefined
      }
      const rule = (role.rules ?? []).find((r) => ruleAllows(attrs, r))
      if (!rule) return undefined
      const bindingName = binding.metadata?.name ?? ''
      const grant: RbacGrant = {
        binding: namespace
          ? { kind: 'RoleBinding', name: bindingName, namespace }
          : { kind: 'ClusterRoleBinding', name: bindingName },
        role: { kind: ref.kind, name: ref.name },
        subject,
        rule,
      }
      return { allowed: true, authorizer: 'RBAC', reason: `RBAC: allowed by ${describeGrant(grant)}`, grant }
    }
    for (const b of this.lister.list(RBAC_GROUP, 'clusterrolebindings') as Binding[]) {
      // A ClusterRoleBinding can only reference a ClusterRole.
      if (b.roleRef?.kind !== 'ClusterRole') continue
      const d = visit(b, '')
      if (d) return d
    }
    if (attrs.namespace) {
      for (const b of this.lister.list(RBAC_GROUP, 'rolebindings', attrs.namespace) as Binding[]) {
        const d = visit(b, attrs.namespace)
        if (d) return d
      }
    }
    // rbac.go: `RBAC: ` + utilerrors.NewAggregate(errors) (one error as is, several in brackets).
    const unique = [...new Set(errors)]
    const reason =
      unique.length === 0 ? '' : unique.length === 1 ? `RBAC: ${unique[0]}` : `RBAC: [${unique.join(', ')}]`
    return { allowed: false, reason }
  }

  private role(ref: RoleRef, namespace: string): Role | undefined {
    if (ref.kind === 'ClusterRole')
      return this.lister.get(RBAC_GROUP, 'clusterroles', undefined, ref.name) as Role | undefined
    if (ref.kind === 'Role' && namespace)
      return this.lister.get(RBAC_GROUP, 'roles', namespace, ref.name) as Role | undefined
    return undefined
  }
}
