/**
 * The garbage collector, for the objects this simulation's controllers own: when a Deployment or
 * ReplicaSet is deleted, its dependents (ReplicaSets, Pods) whose owners are all gone are deleted
 * in the background, so `kubectl delete deployment` takes its ReplicaSet and Pods with it.
 *
 * kube-controller-manager: pkg/controller/garbagecollector (graph_builder.go, garbagecollector.go
 * attemptToDeleteItem / classifyReferences / isDangling: an owner is dangling when a live GET
 * returns 404 or another uid; the dependent is deleted with a uid precondition and
 * propagationPolicy Background). It emits no events.
 *
 * Simplifications: only Deployments, ReplicaSets and Pods are tracked (from the shared
 * informers); no foreground deletion (finalizers, blockOwnerDeletion), no orphaning.
 *
 * `externalOwners`: uids of owners that exist in the real cluster but not in the simulated one
 * (the ReplicaSets of Pods imported from `kubectl get nodes,pods -A -o yaml`, which lists no
 * ReplicaSets). Upstream's collector would find them alive with its live GET; here they are
 * taken as alive without asking, so the imported Pods are not collected as orphans.
 */
import type { OwnerReference } from 'kubernetes-types/meta/v1'
import { DEPLOYMENTS, PODS, REPLICA_SETS, type ResourceInfo, resourcePath } from '../../api/resources'
import type { Deployment, KubeObject, Pod, ReplicaSet } from '../../api/types'
import type { Informer } from '../client/informer'
import type { Proc } from '../kernel/kernel'
import { ApiError, type ControllerDeps, QueueController } from './base'

const OWNER_KINDS: Readonly<Record<string, ResourceInfo>> = {
  'apps/Deployment': DEPLOYMENTS,
  'apps/ReplicaSet': REPLICA_SETS,
}

const ownerInfo = (ref: OwnerReference): ResourceInfo | undefined =>
  OWNER_KINDS[`${ref.apiVersion.split('/')[0]}/${ref.kind}`]

export class GarbageCollector extends QueueController {
  constructor(
    deps: ControllerDeps,
    private readonly dInformer: Informer<Deployment>,
    private readonly rsInformer: Informer<ReplicaSet>,
    private readonly podInformer: Informer<Pod>,
    private readonly externalOwners: ReadonlySet<string> = new Set(),
  ) {
    super('generic-garbage-collector', deps)
    dInformer.addEventHandler({ delete: (d) => this.ownerDeleted(d) })
    rsInformer.addEventHandler({
      add: (rs) => this.dependentSeen(REPLICA_SETS, rs),
      delete: (rs) => this.ownerDeleted(rs),
    })
    podInformer.addEventHandler({ add: (pod) => this.dependentSeen(PODS, pod) })
  }

  private key(info: ResourceInfo, obj: KubeObject): string {
    return `${info.resource}/${obj.metadata?.namespace}/${obj.metadata?.name}`
  }

  /** A deleted owner: look at every dependent that names it. */
  private ownerDeleted(owner: KubeObject): void {
    const uid = owner.metadata?.uid
    for (const [info, informer] of [
      [REPLICA_SETS, this.rsInformer],
      [PODS, this.podInformer],
    ] as const) {
      for (const obj of informer.list() as KubeObject[]) {
        if (obj.metadata?.ownerReferences?.some((r) => r.uid === uid)) this.queue.add(this.key(info, obj))
      }
    }
  }

  /** A dependent whose owner this process has not seen (or no longer has): check it live. */
  private dependentSeen(info: ResourceInfo, obj: KubeObject): void {
    const refs = obj.metadata?.ownerReferences ?? []
    const unknown = refs.some((r) => {
      const i = ownerInfo(r)
      if (!i || this.externalOwners.has(r.uid)) return false
      const cache = i === DEPLOYMENTS ? this.dInformer : this.rsInformer
      return cache.get(`${obj.metadata?.namespace}/${r.name}`)?.metadata?.uid !== r.uid
    })
    if (unknown) this.queue.add(this.key(info, obj))
  }

  protected *sync(key: string): Proc {
    const [resource, namespace, name] = key.split('/') as [string, string, string]
    const info = resource === 'pods' ? PODS : REPLICA_SETS
    const informer = (info === PODS ? this.podInformer : this.rsInformer) as Informer<KubeObject>
    const obj = informer.get(`${namespace}/${name}`)
    const refs = obj?.metadata?.ownerReferences ?? []
    if (!obj || refs.length === 0 || obj.metadata?.deletionTimestamp) return
    // classifyReferences: every owner must be dangling (a live GET says it is gone).
    for (const ref of refs) {
      const ownerResource = ownerInfo(ref)
      if (!ownerResource || this.externalOwners.has(ref.uid)) return
      const res = yield* this.client.get<KubeObject>(ownerResource, namespace, ref.name, 'delete')
      if (res.ok && res.object.metadata?.uid === ref.uid) return
      if (!res.ok && res.code !== 404) throw new ApiError(res.code, res.status)
    }
    const object = { resource: info.resource, namespace, name, uid: obj.metadata?.uid }
    this.decide(
      `"Deleting item" item="${info.kind} ${namespace}/${name}" propagationPolicy="Background"`,
      {
        type: 'GarbageCollect',
        controller: 'generic-garbage-collector',
        object,
        owners: refs.map((r) => ({ kind: r.kind, name: r.name, uid: r.uid })),
        propagationPolicy: 'Background',
      },
      object,
    )
    const res = yield* this.client.request('DELETE', resourcePath(info, namespace, name), 'delete', {
      body: {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        preconditions: { uid: obj.metadata?.uid },
        propagationPolicy: 'Background',
      },
      object,
    })
    // Gone already, or replaced by a new object of the same name: nothing to do.
    if (res.code >= 300 && res.code !== 404 && res.code !== 409) {
      throw new ApiError(res.code, res.body as ApiError['status'])
    }
  }
}
