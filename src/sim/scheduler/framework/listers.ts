/**
 * Read access to the cluster objects plugins look up besides pods and nodes, from the scheduler's
 * informer caches (kube-scheduler's SharedInformerFactory listers).
 *
 * Which plugin reads what: InterPodAffinity reads Namespaces (namespaceSelector); VolumeBinding,
 * VolumeZone and VolumeRestrictions read PersistentVolumeClaims and PersistentVolumes;
 * PodTopologySpread's system default constraints read Services and ReplicaSets (the owners whose
 * selectors say which pods are "the same kind" as the incoming one).
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1'
import type { PersistentVolume, PersistentVolumeClaim, Service } from 'kubernetes-types/core/v1'
import type { Namespace } from '../../../api/types'

export interface Lister<T> {
  /** `namespace` is '' for cluster-scoped objects. */
  get(namespace: string, name: string): T | undefined
  /** Every object, or those of one namespace. */
  list(namespace?: string): readonly T[]
}

export interface Listers {
  readonly namespaces: Lister<Namespace>
  readonly persistentVolumeClaims: Lister<PersistentVolumeClaim>
  readonly persistentVolumes: Lister<PersistentVolume>
  readonly services: Lister<Service>
  readonly replicaSets: Lister<ReplicaSet>
}

interface Named {
  readonly metadata?: { readonly namespace?: string; readonly name?: string }
}

/** A lister over a fixed array (tests) or a function returning the current objects (informers). */
export function listerOf<T extends Named>(objects: () => readonly T[]): Lister<T> {
  return {
    get: (namespace, name) =>
      objects().find((o) => (o.metadata?.namespace ?? '') === namespace && o.metadata?.name === name),
    list: (namespace) =>
      namespace === undefined ? objects() : objects().filter((o) => o.metadata?.namespace === namespace),
  }
}

/** Listers with nothing in them, or with the given objects. */
export function staticListers(objects: Partial<{ [K in keyof Listers]: readonly unknown[] }> = {}): Listers {
  const of = <T extends Named>(list: readonly unknown[] | undefined) => {
    const items = (list ?? []) as readonly T[]
    return listerOf<T>(() => items)
  }
  return {
    namespaces: of(objects.namespaces),
    persistentVolumeClaims: of(objects.persistentVolumeClaims),
    persistentVolumes: of(objects.persistentVolumes),
    services: of(objects.services),
    replicaSets: of(objects.replicaSets),
  }
}
