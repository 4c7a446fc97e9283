/**
 * The Node authorizer, simplified (plugin/pkg/auth/authorizer/node/node_authorizer.go): a kubelet
 * (user `system:node:<name>` in group `system:nodes`, nodeidentifier.NodeIdentity) may do what
 * its node needs and no more. Upstream walks a graph of pod → secret/configmap/PVC relationships;
 * here the relationship checked is the one the simulation exercises: a named pod must be bound to
 * the requesting node, a node or lease must be the node's own. A decision is either allow (empty
 * reason, as upstream) or no opinion, so RBAC decides next.
 */
import type { Pod } from '../../../api/types'
import type { UserInfo } from '../authn'
import { ruleAllows } from './rbac'
import type { Attributes, Authorizer, Decision, Lister, PolicyRule } from './types'

const NODE_USER_PREFIX = 'system:node:'
export const NODES_GROUP = 'system:nodes'

/** The node a user is the kubelet of, or undefined (nodeidentifier.go NodeIdentity). */
export function nodeName(user: UserInfo): string | undefined {
  if (!user.name.startsWith(NODE_USER_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined
  return user.name.slice(NODE_USER_PREFIX.length) || undefined
}

const READ = ['get', 'list', 'watch']

/** The rules a kubelet gets (a subset of bootstrappolicy NodeRules for what podflow models). */
export const NODE_RULES: readonly PolicyRule[] = [
  { verbs: READ, apiGroups: [''], resources: ['nodes', 'pods'] },
  { verbs: ['create', 'update', 'patch', 'delete'], apiGroups: [''], resources: ['nodes'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['nodes/status', 'pods/status'] },
  { verbs: ['delete'], apiGroups: [''], resources: ['pods'] },
  { verbs: ['create', 'update', 'patch'], apiGroups: ['', 'events.k8s.io'], resources: ['events'] },
  { verbs: ['get'], apiGroups: [''], resources: ['configmaps', 'secrets'] },
  { verbs: ['get'], apiGroups: [''], resources: ['persistentvolumeclaims', 'persistentvolumes'] },
  { verbs: ['create'], apiGroups: [''], resources: ['serviceaccounts/token'] },
  { verbs: READ, apiGroups: [''], resources: ['services'] },
  {
    verbs: ['get', 'create', 'update', 'patch', 'delete'],
    apiGroups: ['coordination.k8s.io'],
    resources: ['leases'],
  },
]

/** The Node authorizer's two answers (shared objects: a decision is never changed). */
const NO_OPINION: Decision = Object.freeze({ allowed: false, reason: '' })
const ALLOWED: Decision = Object.freeze({ allowed: true, reason: '', authorizer: 'Node' })

export class NodeAuthorizer implements Authorizer {
  constructor(private readonly lister: Lister) {}

  authorize(user: UserInfo, attrs: Attributes): Decision {
    const node = nodeName(user)
    if (node === undefined || !attrs.resource) return NO_OPINION
    if (!this.related(node, attrs)) return NO_OPINION
    return NODE_RULES.some((r) => ruleAllows(attrs, r)) ? ALLOWED : NO_OPINION
  }

  /** Whether a named object is this node's own (pods bound to it, its Node, its Lease). */
  private related(node: string, attrs: Attributes): boolean {
    const group = attrs.apiGroup
    if (group === '' && attrs.resource === 'nodes') {
      // NodeRestriction: a kubelet changes only its own Node object.
      return READ.includes(attrs.verb) || attrs.name === node
    }
    if (group === 'coordination.k8s.io' && attrs.resource === 'leases') {
      // authorizeLease: only its own lease in kube-node-lease (create carries no name).
      return attrs.namespace === 'kube-node-lease' && (attrs.verb === 'create' || attrs.name === node)
    }
    if (group === '' && attrs.resource === 'pods' && attrs.name) {
      // A pod no longer in the cache is let through: the handler answers 404 as it should.
      const pod = this.lister.get('', 'pods', attrs.namespace, attrs.name) as Pod | undefined
      return !pod || pod.spec?.nodeName === node
    }
    return true
  }
}
