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

/**
 * A binding that applies to a user, as VisitRulesFor meets it: the binding (its namespace, '' for
 * a ClusterRoleBinding), the subject that matched, and the role's rules — or, when the role does
 * not exist, the lister's NotFound text (an error of the decision, and the visit goes on).
 */
interface Applicable {
  readonly binding: Binding
  readonly namespace: string
  readonly subject: Subject
  readonly rules: readonly PolicyRule[]
  readonly missing?: string
  /** The decision each rule gave (one object per grant, shared by the requests it allows). */
  decisions?: Map<PolicyRule, Decision>
}

/** The RBAC resources whose changes invalidate what was derived from them. */
const RBAC_RESOURCES = ['clusterrolebindings', 'rolebindings', 'clusterroles', 'roles'] as const

export class RbacAuthorizer implements Authorizer {
  /**
   * What applies to a user in a namespace, in visit order, per user (authentication hands out one
   * frozen object per credential): the bindings whose subjects name the user, with their roles'
   * rules. Each request then tries only those rules, instead of walking every binding of the
   * cluster with every subject. Dropped as soon as any RBAC object changes (the watch caches'
   * versions); a lister without versions gets no cache.
   */
  private cache = new WeakMap<UserInfo, Map<string, readonly Applicable[]>>()
  private readonly cachedVersions = RBAC_RESOURCES.map(() => Number.NaN)

  constructor(private readonly lister: Lister) {}

  authorize(user: UserInfo, attrs: Attributes): Decision {
    const errors: string[] = []
    for (const a of this.applicable(user, attrs.namespace)) {
      if (a.missing !== undefined) {
        errors.push(a.missing)
        continue
      }
      const rule = firstAllowing(a.rules, attrs)
      if (rule) return allowedBy(a, rule)
    }
    // rbac.go: `RBAC: ` + utilerrors.NewAggregate(errors) (one error as is, several in brackets).
    const unique = [...new Set(errors)]
    const reason =
      unique.length === 0 ? '' : unique.length === 1 ? `RBAC: ${unique[0]}` : `RBAC: [${unique.join(', ')}]`
    return { allowed: false, reason }
  }

  /** The bindings that apply to `user` for a request in `namespace` (see `cache`). */
  private applicable(user: UserInfo, namespace: string): readonly Applicable[] {
    if (!this.lister.version) return this.resolve(user, namespace)
    if (!this.cacheIsCurrent()) this.cache = new WeakMap()
    let byNamespace = this.cache.get(user)
    if (!byNamespace) {
      byNamespace = new Map()
      this.cache.set(user, byNamespace)
    }
    let list = byNamespace.get(namespace)
    if (!list) {
      list = this.resolve(user, namespace)
      byNamespace.set(namespace, list)
    }
    return list
  }

  /** Whether the RBAC caches are as they were when `cache` was filled; notes their versions. */
  private cacheIsCurrent(): boolean {
    const version = this.lister.version as NonNullable<Lister['version']>
    let current = true
    for (let i = 0; i < RBAC_RESOURCES.length; i++) {
      const v = version.call(this.lister, RBAC_GROUP, RBAC_RESOURCES[i] as string)
      if (v !== this.cachedVersions[i]) {
        current = false
        this.cachedVersions[i] = v
      }
    }
    return current
  }

  /** VisitRulesFor's walk: the ClusterRoleBindings, then the RoleBindings of the namespace. */
  private resolve(user: UserInfo, namespace: string): Applicable[] {
    const out: Applicable[] = []
    for (const b of this.lister.list(RBAC_GROUP, 'clusterrolebindings') as Binding[]) {
      // A ClusterRoleBinding can only reference a ClusterRole.
      if (b.roleRef?.kind !== 'ClusterRole') continue
      this.visit(out, user, b, '')
    }
    if (namespace) {
      for (const b of this.lister.list(RBAC_GROUP, 'rolebindings', namespace) as Binding[])
        this.visit(out, user, b, namespace)
    }
    return out
  }

  private visit(out: Applicable[], user: UserInfo, binding: Binding, namespace: string): void {
    const subject = (binding.subjects ?? []).find((s) => appliesToUser(user, s, namespace))
    if (!subject) return
    const ref = binding.roleRef
    const role = this.role(ref, namespace)
    if (!role) {
      // GetRoleReferenceRules: the lister's NotFound error.
      const missing = `${ref.kind.toLowerCase()}.${RBAC_GROUP} "${ref.name}" not found`
      out.push({ binding, namespace, subject, rules: [], missing })
      return
    }
    out.push({ binding, namespace, subject, rules: role.rules ?? [] })
  }

  private role(ref: RoleRef, namespace: string): Role | undefined {
    if (ref.kind === 'ClusterRole')
      return this.lister.get(RBAC_GROUP, 'clusterroles', undefined, ref.name) as Role | undefined
    if (ref.kind === 'Role' && namespace)
      return this.lister.get(RBAC_GROUP, 'roles', namespace, ref.name) as Role | undefined
    return undefined
  }
}

/** The decision of a rule of an applicable binding (made once, then shared). */
function allowedBy(a: Applicable, rule: PolicyRule): Decision {
  a.decisions ??= new Map()
  let d = a.decisions.get(rule)
  if (d === undefined) {
    const bindingName = a.binding.metadata?.name ?? ''
    const ref = a.binding.roleRef
    const grant: RbacGrant = {
      binding: a.namespace
        ? { kind: 'RoleBinding', name: bindingName, namespace: a.namespace }
        : { kind: 'ClusterRoleBinding', name: bindingName },
      role: { kind: ref.kind, name: ref.name },
      subject: a.subject,
      rule,
    }
    d = { allowed: true, authorizer: 'RBAC', reason: `RBAC: allowed by ${describeGrant(grant)}`, grant }
    a.decisions.set(rule, d)
  }
  return d
}

function firstAllowing(rules: readonly PolicyRule[], attrs: Attributes): PolicyRule | undefined {
  for (const r of rules) if (ruleAllows(attrs, r)) return r
  return undefined
}
