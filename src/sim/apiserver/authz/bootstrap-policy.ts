/**
 * The RBAC objects a kubeadm v1.33 cluster has before anyone acts, for what podflow runs: the
 * apiserver's bootstrap policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy policy.go and
 * controller_policy.go, written by the `rbac/bootstrap-roles` post-start hook) and kubeadm's
 * `kubeadm:cluster-admins` binding (cmd/kubeadm/app/phases/kubeconfig). The rules are upstream's,
 * restricted to the API groups podflow serves (no extensions, authentication, authorization,
 * storage beyond the scheduler's reads); the controller ServiceAccounts are the ones
 * kube-controller-manager creates with `--use-service-account-credentials`.
 */
import { clone, type KubeObject } from '../../../api/types'
import { RBAC_GROUP } from './rbac'
import type { PolicyRule, Subject } from './types'

const READ = ['get', 'list', 'watch']
const CORE = ''
const APPS = 'apps'
const COORDINATION = 'coordination.k8s.io'
const EVENTS = 'events.k8s.io'

const rule = (
  verbs: readonly string[],
  apiGroups: readonly string[],
  resources: readonly string[],
  resourceNames?: readonly string[],
): PolicyRule => ({ verbs, apiGroups, resources, ...(resourceNames ? { resourceNames } : {}) })

const nonResource = (verbs: readonly string[], nonResourceURLs: readonly string[]): PolicyRule => ({
  verbs,
  nonResourceURLs,
})

/** policy.go eventsRule. */
const eventsRule = rule(['create', 'update', 'patch'], [CORE, EVENTS], ['events'])

const BOOTSTRAP_META = {
  labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
  annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
}

/** The ClusterRoles, by name. */
export const BOOTSTRAP_CLUSTER_ROLES: Readonly<Record<string, readonly PolicyRule[]>> = {
  'cluster-admin': [rule(['*'], ['*'], ['*']), nonResource(['*'], ['*'])],
  'system:basic-user': [
    rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
  ],
  'system:discovery': [
    nonResource(
      ['get'],
      [
        '/api',
        '/api/*',
        '/apis',
        '/apis/*',
        '/healthz',
        '/livez',
        '/openapi',
        '/openapi/*',
        '/readyz',
        '/version',
        '/version/',
      ],
    ),
  ],
  'system:public-info-viewer': [
    nonResource(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/']),
  ],
  'system:kube-scheduler': [
    eventsRule,
    rule(['create'], [COORDINATION], ['leases']),
    rule(['get', 'update'], [COORDINATION], ['leases'], ['kube-scheduler']),
    rule(READ, [CORE], ['nodes']),
    rule(READ, [CORE], ['namespaces']),
    rule(['get', 'list', 'watch', 'delete'], [CORE], ['pods']),
    rule(['create'], [CORE], ['pods/binding', 'bindings']),
    rule(['patch', 'update'], [CORE], ['pods/status']),
    rule(READ, [CORE], ['services', 'replicationcontrollers']),
    rule(READ, [APPS, 'extensions'], ['replicasets']),
    rule(READ, [APPS], ['statefulsets']),
    rule(READ, ['policy'], ['poddisruptionbudgets']),
    rule(READ, [CORE], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    rule(READ, ['storage.k8s.io'], ['csinodes', 'csidrivers', 'csistoragecapacities', 'storageclasses']),
  ],
  'system:kube-controller-manager': [
    eventsRule,
    rule(['create'], [COORDINATION], ['leases']),
    rule(['get', 'update'], [COORDINATION], ['leases'], ['kube-controller-manager']),
    rule(['create'], [CORE], ['secrets', 'serviceaccounts']),
    rule(['delete'], [CORE], ['secrets']),
    rule(['get'], [CORE], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
    rule(['update'], [CORE], ['secrets', 'serviceaccounts']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    // Needed for all shared informers.
    rule(['list', 'watch'], ['*'], ['*']),
    rule(['create'], [CORE], ['serviceaccounts/token']),
  ],
  'system:controller:deployment-controller': [
    rule(['get', 'list', 'watch', 'update'], ['extensions', APPS], ['deployments']),
    rule(['update'], ['extensions', APPS], ['deployments/finalizers', 'deployments/status']),
    rule(
      ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
      ['extensions', APPS],
      ['replicasets'],
    ),
    rule(['get', 'list', 'watch', 'update'], [CORE], ['pods']),
    eventsRule,
  ],
  'system:controller:replicaset-controller': [
    rule(['get', 'list', 'watch', 'update'], [APPS, 'extensions'], ['replicasets']),
    rule(['update'], [APPS, 'extensions'], ['replicasets/status']),
    rule(['update'], [APPS, 'extensions'], ['replicasets/finalizers']),
    rule(['list', 'watch', 'patch', 'create', 'delete'], [CORE], ['pods']),
    eventsRule,
  ],
  'system:controller:generic-garbage-collector': [
    rule(['get', 'list', 'watch', 'patch', 'update', 'delete'], ['*'], ['*']),
    eventsRule,
  ],
  // The node lifecycle controller's; the taint eviction controller uses it too (its client is the
  // node-controller service account: "taint-manager uses existing cluster role from node-controller").
  'system:controller:node-controller': [
    rule(['get', 'list', 'watch', 'update', 'delete', 'patch'], [CORE], ['nodes']),
    rule(['patch', 'update'], [CORE], ['nodes/status']),
    // used for pod deletion
    rule(['patch', 'update'], [CORE], ['pods/status']),
    rule(['list', 'watch', 'get', 'delete'], [CORE], ['pods']),
    eventsRule,
  ],
  'system:controller:resourcequota-controller': [
    // quota can count quota on anything for reconciliation, so it needs full viewing powers
    rule(['list', 'watch'], ['*'], ['*']),
    rule(['update'], [CORE], ['resourcequotas/status']),
    eventsRule,
  ],
  'system:controller:service-account-controller': [rule(['create'], [CORE], ['serviceaccounts']), eventsRule],
  'system:controller:root-ca-cert-publisher': [
    rule(['create', 'update'], [CORE], ['configmaps']),
    eventsRule,
  ],
}

/** The controllers whose ServiceAccounts exist in kube-system (controller_policy.go). */
export const CONTROLLER_SERVICE_ACCOUNTS = [
  'deployment-controller',
  'generic-garbage-collector',
  'node-controller',
  'replicaset-controller',
  'resourcequota-controller',
  'root-ca-cert-publisher',
  'service-account-controller',
] as const

const user = (name: string): Subject => ({ kind: 'User', apiGroup: RBAC_GROUP, name })
const group = (name: string): Subject => ({ kind: 'Group', apiGroup: RBAC_GROUP, name })
const serviceAccount = (name: string): Subject => ({ kind: 'ServiceAccount', name, namespace: 'kube-system' })

/** The ClusterRoleBindings: binding name → [role, subjects, bootstrap labels?]. */
const BINDINGS: readonly (readonly [string, string, readonly Subject[], boolean])[] = [
  ['cluster-admin', 'cluster-admin', [group('system:masters')], true],
  // kubeadm (since v1.29): admin.conf's group, not system:masters.
  ['kubeadm:cluster-admins', 'cluster-admin', [group('kubeadm:cluster-admins')], false],
  ['system:basic-user', 'system:basic-user', [group('system:authenticated')], true],
  ['system:discovery', 'system:discovery', [group('system:authenticated')], true],
  [
    'system:public-info-viewer',
    'system:public-info-viewer',
    [group('system:authenticated'), group('system:unauthenticated')],
    true,
  ],
  ['system:kube-scheduler', 'system:kube-scheduler', [user('system:kube-scheduler')], true],
  [
    'system:kube-controller-manager',
    'system:kube-controller-manager',
    [user('system:kube-controller-manager')],
    true,
  ],
  ...CONTROLLER_SERVICE_ACCOUNTS.map(
    (sa) => [`system:controller:${sa}`, `system:controller:${sa}`, [serviceAccount(sa)], true] as const,
  ),
]

/** The ClusterRole and ClusterRoleBinding objects, ready to store. */
export function bootstrapPolicy(): KubeObject[] {
  const roles = Object.entries(BOOTSTRAP_CLUSTER_ROLES).map(
    ([name, rules]) =>
      ({
        apiVersion: `${RBAC_GROUP}/v1`,
        kind: 'ClusterRole',
        metadata: { name, ...clone(BOOTSTRAP_META) },
        rules: clone(rules),
      }) as KubeObject,
  )
  const bindings = BINDINGS.map(
    ([name, role, subjects, labelled]) =>
      ({
        apiVersion: `${RBAC_GROUP}/v1`,
        kind: 'ClusterRoleBinding',
        metadata: { name, ...(labelled ? clone(BOOTSTRAP_META) : {}) },
        roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: role },
        subjects: clone(subjects),
      }) as KubeObject,
  )
  return [...roles, ...bindings]
}
