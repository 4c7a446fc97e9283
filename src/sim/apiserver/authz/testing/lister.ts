/** Test-only: a synchronous lister over fixed objects, as the apiserver's watch caches answer. */
import type { KubeObject } from '../../../../api/types'
import type { Lister } from '../types'

/** A lister over a fixed set of RBAC objects, keyed as the watch caches are. */
export function listerOf(objects: readonly KubeObject[]): Lister {
  const resource: Record<string, string> = {
    Role: 'roles',
    RoleBinding: 'rolebindings',
    ClusterRole: 'clusterroles',
    ClusterRoleBinding: 'clusterrolebindings',
    Pod: 'pods',
  }
  const groupOf = (o: KubeObject) =>
    o.apiVersion?.includes('/') ? (o.apiVersion.split('/')[0] as string) : ''
  const match = (o: KubeObject, group: string, res: string) =>
    groupOf(o) === group && resource[o.kind ?? ''] === res
  return {
    get: (group, res, namespace, name) =>
      objects.find(
        (o) =>
          match(o, group, res) &&
          o.metadata?.name === name &&
          (namespace === undefined || o.metadata?.namespace === namespace),
      ),
    list: (group, res, namespace) =>
      objects.filter((o) => match(o, group, res) && (!namespace || o.metadata?.namespace === namespace)),
  }
}
