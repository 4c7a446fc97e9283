/**
 * The apiserver's authorizer chain as a kubeadm v1.33 cluster configures it
 * (pkg/kubeapiserver/authorizer/config.go with `--authorization-mode=Node,RBAC`): the
 * `system:masters` privileged-group authorizer first, then Node, then RBAC; the first to allow
 * decides (union authorizer). Denial reasons are joined as upstream's union does ("\n").
 */
import type { UserInfo } from '../authn'
import { NodeAuthorizer } from './node'
import { RbacAuthorizer } from './rbac'
import type { Attributes, Authorizer, Decision, Lister } from './types'

export type {
  Attributes,
  Authorizer,
  AuthorizerName,
  Decision,
  Lister,
  PolicyRule,
  RbacGrant,
  Subject,
} from './types'

/** user.SystemPrivilegedGroup: members are allowed everything, before any authorizer runs. */
export const SYSTEM_MASTERS = 'system:masters'

/** authorizerfactory.NewPrivilegedGroups' decision: allow, no reason (one shared object). */
const PRIVILEGED: Decision = Object.freeze({ allowed: true, reason: '', authorizer: 'SystemPrivilegedGroup' })

export class AuthorizerChain implements Authorizer {
  private readonly chain: readonly Authorizer[]

  constructor(lister: Lister) {
    this.chain = [new NodeAuthorizer(lister), new RbacAuthorizer(lister)]
  }

  authorize(user: UserInfo, attrs: Attributes): Decision {
    // authorizerfactory.NewPrivilegedGroups: allow, no reason.
    if (user.groups.includes(SYSTEM_MASTERS)) return PRIVILEGED
    const reasons: string[] = []
    for (const a of this.chain) {
      const d = a.authorize(user, attrs)
      if (d.allowed) return d
      if (d.reason) reasons.push(d.reason)
    }
    return { allowed: false, reason: reasons.join('\n') }
  }
}

/**
 * The 403 text (apiserver/pkg/endpoints/handlers/responsewriters/errors.go forbiddenMessage and
 * ForbiddenStatusError): the authorizer's reason, if any, follows after `: `; apierrors.NewForbidden
 * puts in front the group-qualified resource without its subresource (`pods "x"`,
 * `deployments.apps "web"`), or `forbidden` for a non-resource path.
 */
export function forbiddenText(user: UserInfo, req: Attributes, reason = ''): string {
  const subject = `User "${user.name}"`
  let msg: string
  if (!req.resource) {
    msg = `forbidden: ${subject} cannot ${req.verb} path "${req.path ?? ''}"`
  } else {
    const resource = req.subresource ? `${req.resource}/${req.subresource}` : req.resource
    const scope = req.namespace ? `in the namespace "${req.namespace}"` : 'at the cluster scope'
    const qualified = req.apiGroup ? `${req.resource}.${req.apiGroup}` : req.resource
    const named = req.name ? `${qualified} "${req.name}"` : qualified
    msg = `${named} is forbidden: ${subject} cannot ${req.verb} resource "${resource}" in API group "${req.apiGroup}" ${scope}`
  }
  return reason ? `${msg}: ${reason}` : msg
}
