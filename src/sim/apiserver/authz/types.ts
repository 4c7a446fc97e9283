/**
 * What every authorizer sees and answers (apiserver/pkg/authorization/authorizer/interfaces.go):
 * the request's attributes, and a decision with the reason the audit annotation
 * `authorization.k8s.io/reason` carries.
 */
import type { AdmissionLister } from '../admission/types'
import type { UserInfo } from '../authn'

/**
 * The attributes of a request. A resource request names `resource` (a RequestInfo fits); a
 * non-resource request (`/healthz`, `/version`) has `resource: ''` and its `path`.
 */
export interface Attributes {
  readonly verb: string
  readonly apiGroup: string
  readonly resource: string
  readonly subresource: string
  readonly namespace: string
  readonly name: string
  /** The URL path of a non-resource request. */
  readonly path?: string
}

/** rbac.authorization.k8s.io/v1 PolicyRule. */
export interface PolicyRule {
  readonly verbs: readonly string[]
  readonly apiGroups?: readonly string[]
  readonly resources?: readonly string[]
  readonly resourceNames?: readonly string[]
  readonly nonResourceURLs?: readonly string[]
}

/** rbac.authorization.k8s.io/v1 Subject. */
export interface Subject {
  readonly kind: 'User' | 'Group' | 'ServiceAccount'
  readonly name: string
  readonly apiGroup?: string
  /** ServiceAccounts only; a RoleBinding's subject defaults to the binding's namespace. */
  readonly namespace?: string
}

/** The binding, role, subject and rule that allowed a request (for the trace). */
export interface RbacGrant {
  readonly binding: {
    readonly kind: 'ClusterRoleBinding' | 'RoleBinding'
    readonly name: string
    readonly namespace?: string
  }
  readonly role: { readonly kind: 'ClusterRole' | 'Role'; readonly name: string }
  readonly subject: Subject
  readonly rule: PolicyRule
}

/** Which authorizer of the chain decided (kube-apiserver `--authorization-mode=Node,RBAC`). */
export type AuthorizerName = 'SystemPrivilegedGroup' | 'Node' | 'RBAC'

export interface Decision {
  readonly allowed: boolean
  /**
   * The authorizers' reason, as the audit annotation `authorization.k8s.io/reason` carries it:
   * RBAC's `RBAC: allowed by …` on allow; on denial empty, or `RBAC: <errors>` when a binding
   * referenced a role that does not exist (appended to the 403 text).
   */
  readonly reason: string
  /** The authorizer that allowed the request; absent on denial. */
  readonly authorizer?: AuthorizerName
  /** RBAC only: what allowed the request. */
  readonly grant?: RbacGrant
}

/** Synchronous reads from the apiserver's watch caches (as authorizers read informers). */
export type Lister = Pick<AdmissionLister, 'get' | 'list' | 'version'>

export interface Authorizer {
  authorize(user: UserInfo, attrs: Attributes): Decision
}
