/**
 * Fixtures for PodTopologySpread's tests: pods with spread constraints or a ReplicaSet owner, the
 * ReplicaSets and Services the default constraints look up, and a plugin over a set of nodes.
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1'
import type { Service, TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import type { Pod } from '../../../../../api/types'
import type { ApiClient } from '../../../../client/client'
import type { Handle } from '../../../framework/interfaces'
import { staticListers } from '../../../framework/listers'
import type { NodeInfo } from '../../../framework/node-info'
import type { PodTopologySpreadArgs } from '../args'
import { PodTopologySpread } from '../pod-topology-spread'

export const ZONE = 'topology.kubernetes.io/zone'
export const HOSTNAME = 'kubernetes.io/hostname'

/** A constraint over `app=<app>` (override any field). */
export function spread(
  topologyKey: string,
  maxSkew: number,
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway',
  extra: Partial<TopologySpreadConstraint> = {},
  app = 'web',
): TopologySpreadConstraint {
  return { topologyKey, maxSkew, whenUnsatisfiable, labelSelector: { matchLabels: { app } }, ...extra }
}

export function withConstraints(pod: Pod, ...constraints: TopologySpreadConstraint[]): Pod {
  return {
    ...pod,
    spec: { ...pod.spec, containers: pod.spec?.containers ?? [], topologySpreadConstraints: constraints },
  }
}

/** The pod with a controller reference to the ReplicaSet `name`. */
export function ownedBy(pod: Pod, name: string, kind = 'ReplicaSet', apiVersion = 'apps/v1'): Pod {
  return {
    ...pod,
    metadata: {
      ...pod.metadata,
      ownerReferences: [{ apiVersion, kind, name, uid: `uid-${name}`, controller: true }],
    },
  }
}

export function replicaSet(
  name: string,
  matchLabels: Record<string, string>,
  namespace = 'default',
): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace },
    spec: { selector: { matchLabels } },
  }
}

export function service(
  name: string,
  selector: Record<string, string> | undefined,
  namespace = 'default',
): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace },
    spec: selector ? { selector } : {},
  }
}

/** A Handle whose snapshot holds `nodes` and whose listers hold these Services and ReplicaSets. */
export function testHandle(
  nodes: readonly NodeInfo[],
  objects: { services?: Service[]; replicaSets?: ReplicaSet[] } = {},
): Handle {
  const byName = new Map(nodes.map((n) => [n.name, n]))
  return {
    client: {} as ApiClient,
    snapshot: {
      list: () => nodes,
      get: (name: string) => byName.get(name),
      havePodsWithAffinityList: () => [],
      havePodsWithRequiredAntiAffinityList: () => [],
      havePodsList: () => nodes.filter((n) => n.pods.length > 0),
    },
    profileName: 'default-scheduler',
    listers: staticListers(objects),
  } as unknown as Handle
}

export function plugin(
  nodes: readonly NodeInfo[],
  objects: { services?: Service[]; replicaSets?: ReplicaSet[] } = {},
  args?: PodTopologySpreadArgs,
): PodTopologySpread {
  return new PodTopologySpread(testHandle(nodes, objects), args)
}
