/**
 * Authorization, first cut: the bindings a kubeadm v1.33 cluster bootstraps, as a table of
 * (subject → what it may do), evaluated the way RBAC reports its decision
 * (`RBAC: allowed by ClusterRoleBinding "…" of ClusterRole "…" to User "…"`).
 *
 * The full RBAC evaluator over Role/ClusterRole/bindings stored in etcd replaces this table in
 * the API server fidelity issue; the request attributes and the messages stay the same.
 */
import type { UserInfo } from './authn'
import type { RequestInfo } from './request-info'

export interface Decision {
  readonly allowed: boolean
  /** RBAC's reason, as the audit annotation `authorization.k8s.io/reason` carries it. */
  readonly reason: string
}

interface BootstrapBinding {
  readonly binding: string
  readonly role: string
  readonly subject: { readonly kind: 'User' | 'Group'; readonly name: string }
  /** Resources ("pods", "pods/binding") the role grants; '*' for everything. */
  readonly resources: readonly string[] | '*'
}

const BOOTSTRAP: readonly BootstrapBinding[] = [
  {
    binding: 'cluster-admin',
    role: 'cluster-admin',
    subject: { kind: 'Group', name: 'system:masters' },
    resources: '*',
  },
  {
    binding: 'kubeadm:cluster-admins',
    role: 'cluster-admin',
    subject: { kind: 'Group', name: 'kubeadm:cluster-admins' },
    resources: '*',
  },
  {
    binding: 'system:kube-scheduler',
    role: 'system:kube-scheduler',
    subject: { kind: 'User', name: 'system:kube-scheduler' },
    resources: [
      'pods',
      'pods/binding',
      'pods/status',
      'nodes',
      'events',
      'namespaces',
      'leases',
      'persistentvolumeclaims',
      'persistentvolumes',
      'services',
      'replicasets',
      'statefulsets',
      'replicationcontrollers',
      'poddisruptionbudgets',
      'csinodes',
      'csidrivers',
      'csistoragecapacities',
      'storageclasses',
    ],
  },
  {
    binding: 'system:kube-controller-manager',
    role: 'system:kube-controller-manager',
    subject: { kind: 'User', name: 'system:kube-controller-manager' },
    resources: '*',
  },
  {
    binding: 'system:controller:deployment-controller',
    role: 'system:controller:deployment-controller',
    subject: { kind: 'User', name: 'system:serviceaccount:kube-system:deployment-controller' },
    resources: [
      'deployments',
      'deployments/status',
      'deployments/finalizers',
      'replicasets',
      'pods',
      'events',
    ],
  },
  {
    binding: 'system:controller:replicaset-controller',
    role: 'system:controller:replicaset-controller',
    subject: { kind: 'User', name: 'system:serviceaccount:kube-system:replicaset-controller' },
    resources: ['replicasets', 'replicasets/status', 'replicasets/finalizers', 'pods', 'events'],
  },
  {
    binding: 'system:controller:generic-garbage-collector',
    role: 'system:controller:generic-garbage-collector',
    subject: { kind: 'User', name: 'system:serviceaccount:kube-system:generic-garbage-collector' },
    resources: '*',
  },
  {
    // The Node authorizer, not RBAC, authorizes kubelets; its reason is empty in audit logs.
    binding: 'system:node',
    role: 'system:node',
    subject: { kind: 'Group', name: 'system:nodes' },
    resources: [
      'pods',
      'pods/status',
      'nodes',
      'nodes/status',
      'events',
      'leases',
      'configmaps',
      'secrets',
      'serviceaccounts/token',
      'services',
      'persistentvolumeclaims',
      'persistentvolumes',
    ],
  },
]

export function authorize(user: UserInfo, req: RequestInfo): Decision {
  const resource = req.subresource ? `${req.resource}/${req.subresource}` : req.resource
  for (const b of BOOTSTRAP) {
    const subjectMatches =
      b.subject.kind === 'User' ? b.subject.name === user.name : user.groups.includes(b.subject.name)
    if (!subjectMatches) continue
    if (b.resources !== '*' && !b.resources.includes(resource)) continue
    if (b.binding === 'system:node') return { allowed: true, reason: '' }
    return {
      allowed: true,
      reason: `RBAC: allowed by ClusterRoleBinding "${b.binding}" of ClusterRole "${b.role}" to ${b.subject.kind} "${b.subject.name}"`,
    }
  }
  return { allowed: false, reason: '' }
}

/** The 403 text (apiserver/pkg/endpoints/handlers/responsewriters/errors.go forbiddenMessage). */
export function forbiddenText(user: UserInfo, req: RequestInfo): string {
  const resource = req.subresource ? `${req.resource}/${req.subresource}` : req.resource
  const subject = `User "${user.name}"`
  const scope = req.namespace ? `in the namespace "${req.namespace}"` : 'at the cluster scope'
  const named = req.name ? `${resource} "${req.name}"` : resource
  return `${named} is forbidden: ${subject} cannot ${req.verb} resource "${resource}" in API group "${req.apiGroup}" ${scope}`
}
