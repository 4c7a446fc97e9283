/**
 * What a scenario's cluster may hold besides its Nodes and the scheduler's configuration: users
 * (a podflow document, `kind: User`, standing in for the apiserver's static token file or an
 * identity provider) and the RBAC objects and ServiceAccounts written at bootstrap, as an
 * administrator would have created them before the scenario began.
 */
import { resourceForKind } from '../../api/resources'
import type { KubeObject } from '../../api/types'
import type { TokenUser } from '../apiserver/authn'
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
const CLUSTER_KINDS: readonly (readonly [string, string])[] = [
  ['v1', 'ServiceAccount'],
  ['rbac.authorization.k8s.io/v1', 'Role'],
  ['rbac.authorization.k8s.io/v1', 'RoleBinding'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding'],
]

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
 * bootstrap (no namespace means `default`).
 */
export function readClusterObjects<T extends { readonly object: KubeObject }>(
  items: readonly T[],
): ClusterObjectsRead<T> {
  const users: TokenUser[] = []
  const objects: KubeObject[] = []
  const problems: { item: T; message: string }[] = []
  const seen = new Set<string>()
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
      users.push({ name, token: userToken(name), ...(groups?.length ? { groups: [...groups] } : {}) })
      continue
    }
    const info = resourceForKind(object.apiVersion, object.kind)
    if (!info) continue
    if (!name) {
      fail(`a ${object.kind} needs metadata.name`)
      continue
    }
    const namespace = info.namespaced ? object.metadata?.namespace || 'default' : undefined
    if (namespace !== undefined && !(SYSTEM_NAMESPACES as readonly string[]).includes(namespace)) {
      fail(
        `${object.kind} "${name}": namespace "${namespace}" does not exist when the cluster starts (only ${SYSTEM_NAMESPACES.join(', ')} do); create it with an apply instead`,
      )
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
