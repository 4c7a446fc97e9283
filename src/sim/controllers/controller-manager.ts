/**
 * kube-controller-manager: one process hosting many controllers over shared informers. Here it
 * runs the two that turn a Deployment into Pods, the Deployment controller and the ReplicaSet
 * controller, and the garbage collector that removes them again when their owner is deleted.
 * (A bare Pod has no controller: it is seen by the pod informer and left alone.)
 *
 * Identities, as kubeadm runs it (--use-service-account-credentials=true): the shared informers
 * list and watch as `system:kube-controller-manager`; each controller writes with its own service
 * account, `system:serviceaccount:kube-system:<controller>`, so RBAC checks the controller's own
 * role and its requests carry the controller in their user agent. All three clients belong to the
 * one component, so every request leaves from the kube-controller-manager node of the graph.
 *
 * kube-controller-manager: cmd/kube-controller-manager/app/apps.go (startDeploymentController,
 * startReplicaSetController), app/controllermanager.go (the client builder per controller).
 */
import { DEPLOYMENTS, PODS, REPLICA_SETS } from '../../api/resources'
import type { Deployment, Pod, ReplicaSet } from '../../api/types'
import { ApiClient } from '../client/client'
import { EventRecorder } from '../client/events'
import { Informer } from '../client/informer'
import { ClientComponent } from '../component'
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import { CONTROLLER_MANAGER } from '../kernel/trace'
import type { ControllerDeps } from './base'
import { DeploymentController } from './deployment/controller'
import { GarbageCollector } from './garbage-collector'
import { ReplicaSetController } from './replicaset/controller'
import type { ControllerName } from './steps'

/** The release the simulation follows. */
export const KUBE_VERSION = 'v1.33.0'
/** As the binary reports itself (v1.33.0's git commit, as kubectl's user agent in this project). */
const USER_AGENT = `kube-controller-manager/${KUBE_VERSION} (linux/amd64) kubernetes/60a317e`

/** The controllers this simulation can run (names as in --controllers). */
export type ControllerKind = 'deployment' | 'replicaset' | 'garbagecollector'

export interface ControllerManagerOptions {
  /** --controllers; all three by default. */
  readonly controllers?: readonly ControllerKind[]
  /** --concurrent-deployment-syncs (default 5). */
  readonly concurrentDeploymentSyncs?: number
  /** --concurrent-replicaset-syncs (default 5). */
  readonly concurrentReplicaSetSyncs?: number
  /** --concurrent-gc-syncs (default 20). */
  readonly concurrentGCSyncs?: number
}

export class ControllerManager extends ClientComponent {
  readonly deployments: Informer<Deployment>
  readonly replicaSets: Informer<ReplicaSet>
  readonly pods: Informer<Pod>
  readonly deploymentController?: DeploymentController
  readonly replicaSetController?: ReplicaSetController
  readonly garbageCollector?: GarbageCollector

  constructor(kernel: Kernel, options: ControllerManagerOptions = {}) {
    super(
      kernel,
      CONTROLLER_MANAGER,
      { clientCert: { commonName: 'system:kube-controller-manager' } },
      USER_AGENT,
    )
    // Shared informers (stage `reconcile`): one cache per resource, read by both controllers.
    this.deployments = new Informer<Deployment>(this.client, DEPLOYMENTS, {}, 'reconcile')
    this.replicaSets = new Informer<ReplicaSet>(this.client, REPLICA_SETS, {}, 'reconcile')
    this.pods = new Informer<Pod>(this.client, PODS, {}, 'reconcile')
    const enabled = new Set(options.controllers ?? ['deployment', 'replicaset', 'garbagecollector'])
    if (enabled.has('deployment')) {
      this.deploymentController = new DeploymentController(
        this.deps('deployment-controller', options.concurrentDeploymentSyncs ?? 5),
        this.deployments,
        this.replicaSets,
        this.pods,
      )
    }
    if (enabled.has('replicaset')) {
      this.replicaSetController = new ReplicaSetController(
        this.deps('replicaset-controller', options.concurrentReplicaSetSyncs ?? 5),
        this.replicaSets,
        this.pods,
      )
    }
    if (enabled.has('garbagecollector')) {
      this.garbageCollector = new GarbageCollector(
        this.deps('generic-garbage-collector', options.concurrentGCSyncs ?? 20),
        this.deployments,
        this.replicaSets,
        this.pods,
      )
    }
  }

  /** A controller's own client and event recorder (source component = the controller's name). */
  private deps(name: ControllerName, workers: number): ControllerDeps {
    const user = `system:serviceaccount:kube-system:${name}`
    const client = new ApiClient(
      this.kernel,
      CONTROLLER_MANAGER,
      {
        clientCert: {
          commonName: user,
          organizations: ['system:serviceaccounts', 'system:serviceaccounts:kube-system'],
        },
      },
      `${USER_AGENT}/${user}`,
    )
    return { kernel: this.kernel, client, recorder: new EventRecorder(client, { component: name }), workers }
  }

  /** LIST then WATCH the three resources, wait for the caches to sync, then start the workers. */
  start(): void {
    this.kernel.spawn(this.run(), 'kube-controller-manager')
  }

  private *run(): Proc {
    const informers = [this.deployments, this.replicaSets, this.pods]
    const running = informers.map((inf) => this.kernel.spawn(inf.run(), `informer ${inf.info.resource}`))
    // WaitForNamedCacheSync
    const synced = new Signal()
    for (const p of running) p.whenDone(() => this.kernel.notify(synced))
    while (!running.every((p) => p.done)) yield* wait(synced)
    this.deploymentController?.startWorkers()
    this.replicaSetController?.startWorkers()
    this.garbageCollector?.startWorkers()
  }
}
