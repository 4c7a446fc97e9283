/**
 * What a scenario's cluster may hold besides its Nodes and the scheduler's configuration: users
 * (a podflow document, `kind: User`, standing in for the apiserver's static token file or an
 * identity provider) and the setup objects written at bootstrap, as an administrator would have
 * created them before the scenario began: Namespaces (with their labels, e.g. Pod Security's),
 * RBAC objects, ServiceAccounts, ConfigMaps, Secrets, ResourceQuotas, LimitRanges,
 * PriorityClasses and admission webhook configurations.
 */
import { resourceForKind } from '../../api/resources'
import { formatFieldError } from '../../api/status'
import type { KubeObject } from '../../api/types'
import {
  validateWebhookConfiguration,
  type WebhookConfiguration,
} from '../apiserver/admission/webhook/config'
import type { TokenUser } from '../apiserver/authn'
import { parseQuantityStrict } from '../apiserver/registry/quantity-canonical'
import { SYSTEM_NAMESPACES } from '../cluster/bootstrap'

export const USER_API_VERSION = 'podflow.dev/v1alpha1'
export const USER_KIND = 'User'
/** The user of kubeadm's admin.conf: kubectl's identity when an action names no user. */
export const ADMIN_USER = 'kubernetes-admin'

/** A scenario's user document: `apiVersion: podflow.dev/v1alpha1`, `kind: User`. */
export function isUserDocument(obj: { apiVersion?: unknown; kind?: unknown }): boolean {
  return obj.kind === USER_KIND && obj.apiVersion === USER_API_VERSION
}

/** The kinds written at bootstrap when the cluster lists them. */
export const CLUSTER_KINDS: readonly (readonly [string, string])[] = [
  ['v1', 'Namespace'],
  ['v1', 'ServiceAccount'],
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
  ['rbac.authorization.k8s.io/v1', 'Role'],
  ['rbac.authorization.k8s.io/v1', 'RoleBinding'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding'],
  ['v1', 'ResourceQuota'],
  ['v1', 'LimitRange'],
  ['scheduling.k8s.io/v1', 'PriorityClass'],
  ['admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration'],
  ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'],
]

/** The setup kinds, as the cluster tab's message lists them. */
export const CLUSTER_KINDS_TEXT = CLUSTER_KINDS.map(([, kind]) => kind).join(', ')

export function isClusterObject(obj: { apiVersion?: unknown; kind?: unknown }): boolean {
  return CLUSTER_KINDS.some(([v, k]) => obj.apiVersion === v && obj.kind === k)
}

/** The bearer token that identifies a user to the apiserver: derived from the name, so runs repeat. */
export function userToken(name: string): string {
  let hex = ''
  for (let i = 0; i < name.length; i++) hex += name.charCodeAt(i).toString(16).padStart(4, '0')
  return `podflow-user.${hex}`
}

/** The users and bootstrap objects of a cluster's documents, or the problems of each document. */
export interface ClusterObjectsRead<T> {
  readonly users: TokenUser[]
  readonly objects: KubeObject[]
  readonly problems: { readonly item: T; readonly message: string }[]
}

/**
 * Read user documents and cluster objects (the caller passes only those: isUserDocument or
 * isClusterObject): a user needs a name, once, other than the admin's, and `spec.groups` as a list
 * of strings; an object needs a name, once per kind and namespace, and a namespace that exists at
 * bootstrap (no namespace means `default`): a system namespace or one of the items' Namespaces.
 * A few checks the apiserver would make on create are made here, since these objects do not go
 * through it: a PriorityClass's integer `value`, a ResourceQuota's or LimitRange's quantities,
 * the required fields of a webhook configuration.
 */
export function readClusterObjects<T extends { readonly object: KubeObject }>(
  items: readonly T[],
): ClusterObjectsRead<T> {
  const users: TokenUser[] = []
  const objects: KubeObject[] = []
  const problems: { item: T; message: string }[] = []
  const seen = new Set<string>()
  const namespaces = new Set<string>(SYSTEM_NAMESPACES)
  for (const { object } of items) {
    if (
      object.apiVersion === 'v1' &&
      object.kind === 'Namespace' &&
      typeof object.metadata?.name === 'string'
    )
      namespaces.add(object.metadata.name)
  }
  for (const item of items) {
    const { object } = item
    const name = typeof object.metadata?.name === 'string' ? object.metadata.name : ''
    const fail = (message: string) => problems.push({ item, message })
    if (isUserDocument(object)) {
      if (!name) {
        fail('a User needs metadata.name (the Kubernetes user name)')
        continue
      }
      if (name === ADMIN_USER) {
        fail(
          `User "${ADMIN_USER}" is the cluster's administrator (kubeadm's admin.conf); choose another name`,
        )
        continue
      }
      if (seen.has(`User/${name}`)) {
        fail(`User "${name}" is defined twice`)
        continue
      }
      seen.add(`User/${name}`)
      const spec = (object as { spec?: unknown }).spec
      const groups = spec && typeof spec === 'object' ? (spec as { groups?: unknown }).groups : undefined
      if (groups !== undefined && !(Array.isArray(groups) && groups.every((g) => typeof g === 'string'))) {
        fail(`User "${name}": spec.groups must be a list of group names`)
        continue
      }
      const credential =
        spec && typeof spec === 'object' ? (spec as { credential?: unknown }).credential : undefined
      if (credential !== undefined && credential !== 'token' && credential !== 'certificate') {
        fail(`User "${name}": spec.credential must be token or certificate`)
        continue
      }
      users.push({
        name,
        token: userToken(name),
        ...(groups?.length ? { groups: [...groups] } : {}),
        ...(credential === 'certificate' ? { credential } : {}),
      })
      continue
    }
    const info = resourceForKind(object.apiVersion, object.kind)
    if (!info) continue
    if (!name) {
      fail(`a ${object.kind} needs metadata.name`)
      continue
    }
    const namespace = info.namespaced ? object.metadata?.namespace || 'default' : undefined
    if (namespace !== undefined && !namespaces.has(namespace)) {
      fail(
        `${object.kind} "${name}": namespace "${namespace}" does not exist when the cluster starts (only ${SYSTEM_NAMESPACES.join(', ')} and the cluster's Namespaces do); add a Namespace "${namespace}" beside it`,
      )
      continue
    }
    const invalid = setupProblem(object)
    if (invalid) {
      fail(`${object.kind} "${name}": ${invalid}`)
      continue
    }
    const key = `${object.kind}/${namespace ?? ''}/${name}`
    if (seen.has(key)) {
      fail(`${object.kind} "${name}"${namespace ? ` in namespace "${namespace}"` : ''} is defined twice`)
      continue
    }
    seen.add(key)
    objects.push(object)
  }
  return { users, objects, problems }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The first quantity of a resource list that does not parse, as `field: message`. */
function quantityProblem(list: unknown, field: string): string | undefined {
  if (list === undefined) return undefined
  if (!isRecord(list)) return `${field}: must be a map of resource names to quantities`
  for (const [k, v] of Object.entries(list)) {
    const q = parseQuantityStrict(v)
    if ('error' in q) return `${field}[${k}]: Invalid value: ${JSON.stringify(v)}: ${q.error}`
  }
  return undefined
}

/** What the apiserver's validation would refuse in a setup object (the checks that matter here). */
function setupProblem(object: KubeObject): string | undefined {
  const o = object as unknown as Record<string, unknown>
  switch (object.kind) {
    case 'PriorityClass':
      return typeof o.value === 'number' && Number.isInteger(o.value)
        ? undefined
        : 'value: Required value: an integer priority'
    case 'ResourceQuota':
      return quantityProblem(isRecord(o.spec) ? o.spec.hard : undefined, 'spec.hard')
    case 'LimitRange': {
      const limits = isRecord(o.spec) ? o.spec.limits : undefined
      if (!Array.isArray(limits)) return 'spec.limits: Required value'
      for (const [i, l] of limits.entries()) {
        if (!isRecord(l) || typeof l.type !== 'string') return `spec.limits[${i}].type: Required value`
        for (const f of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) {
          const p = quantityProblem(l[f], `spec.limits[${i}].${f}`)
          if (p) return p
        }
      }
      return undefined
    }
    case 'MutatingWebhookConfiguration':
    case 'ValidatingWebhookConfiguration': {
      const errors = validateWebhookConfiguration(
        object as unknown as WebhookConfiguration,
        object.kind === 'MutatingWebhookConfiguration',
      )
      return errors.length ? errors.map(formatFieldError).join(', ') : undefined
    }
    default:
      return undefined
  }
}
