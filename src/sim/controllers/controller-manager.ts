/**
 * kube-controller-manager: one process hosting many controllers over shared informers. Here it
 * runs the two that turn a Deployment into Pods, the Deployment controller and the ReplicaSet
 * controller, the garbage collector that removes them again when their owner is deleted, and the
 * two that react to a node failing: the node lifecycle controller (heartbeats → conditions and
 * taints) and the taint eviction controller (NoExecute taints → pod deletions).
 * (A bare Pod has no controller: it is seen by the pod informer and left alone.)
 *
 * Identities, as kubeadm runs it (--use-service-account-credentials=true): the shared informers
 * list and watch as `system:kube-controller-manager`; each controller writes with its own service
 * account, `system:serviceaccount:kube-system:<controller>`, so RBAC checks the controller's own
 * role and its requests carry the controller in their user agent. All three clients belong to the
 * one component, so every request leaves from the kube-controller-manager node of the graph.
 *
 * kube-controller-manager: cmd/kube-controller-manager/app/apps.go (startDeploymentController,
 * startReplicaSetController), app/core.go (the node lifecycle and taint eviction controllers, both
 * with the node-controller client), app/controllermanager.go (the client builder per controller).
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import type { ConfigMap, Namespace, ServiceAccount } from 'kubernetes-types/core/v1'
import {
  DEPLOYMENTS,
  NAMESPACES,
  NODES,
  PODS,
  REPLICA_SETS,
  type ResourceInfo,
  resourceByName,
  SERVICE_ACCOUNTS,
} from '../../api/resources'
import type { Deployment, Node, Pod, ReplicaSet } from '../../api/types'
import { ApiClient } from '../client/client'
import { EventRecorder } from '../client/events'
import { Informer } from '../client/informer'
import { ClientComponent } from '../component'
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import { CONTROLLER_MANAGER } from '../kernel/trace'
import type { ControllerDeps } from './base'
import { DeploymentController } from './deployment/controller'
import { GarbageCollector } from './garbage-collector'
import { NodeLifecycleController, type NodeLifecycleOptions } from './node-lifecycle/controller'
import { ReplicaSetController } from './replicaset/controller'
import {
  RESOURCE_QUOTA_WORKERS,
  RESOURCE_QUOTAS,
  type ResourceQuota,
  ResourceQuotaController,
} from './resourcequota/controller'
import { RootCACertPublisher, ServiceAccountsController } from './serviceaccount/controller'
import type { ControllerName } from './steps'
import { TAINT_EVICTION_WORKERS, TaintEvictionController } from './taint-eviction/controller'

const LEASES = resourceByName('coordination.k8s.io', 'leases') as ResourceInfo
const CONFIG_MAPS = resourceByName('', 'configmaps') as ResourceInfo

/** The release the simulation follows. */
export const KUBE_VERSION = 'v1.33.0'
/** As the binary reports itself (v1.33.0's git commit, as kubectl's user agent in this project). */
const USER_AGENT = `kube-controller-manager/${KUBE_VERSION} (linux/amd64) kubernetes/60a317e`

/** The controllers this simulation can run (names as in --controllers). */
export type ControllerKind =
  | 'deployment'
  | 'replicaset'
  | 'garbagecollector'
  | 'nodelifecycle'
  | 'taint-eviction-controller'
  | 'resourcequota'
  | 'serviceaccount'
  | 'root-ca-cert-publisher'

const ALL_CONTROLLERS: readonly ControllerKind[] = [
  'deployment',
  'replicaset',
  'garbagecollector',
  'nodelifecycle',
  'taint-eviction-controller',
  'resourcequota',
  'serviceaccount',
  'root-ca-cert-publisher',
]

export interface ControllerManagerOptions {
  /** --controllers; all of them by default. */
  readonly controllers?: readonly ControllerKind[]
  /** --concurrent-deployment-syncs (default 5). */
  readonly concurrentDeploymentSyncs?: number
  /** --concurrent-replicaset-syncs (default 5). */
  readonly concurrentReplicaSetSyncs?: number
  /** --concurrent-gc-syncs (default 20). */
  readonly concurrentGCSyncs?: number
  /** --node-monitor-period, --node-monitor-grace-period and the eviction rates. */
  readonly nodeLifecycle?: NodeLifecycleOptions
  /**
   * Owners (by uid) that exist outside the simulated cluster: the garbage collector takes them as
   * alive (see GarbageCollector). The cluster passes the owners its bootstrap Pods name.
   */
  readonly externalOwners?: ReadonlySet<string>
}

export class ControllerManager extends ClientComponent {
  readonly deployments: Informer<Deployment>
  readonly replicaSets: Informer<ReplicaSet>
  readonly pods: Informer<Pod>
  readonly nodes: Informer<Node>
  readonly leases: Informer<Lease>
  readonly resourceQuotas: Informer<ResourceQuota>
  readonly namespaces: Informer<Namespace>
  readonly serviceAccounts: Informer<ServiceAccount>
  readonly configMaps: Informer<ConfigMap>
  readonly deploymentController?: DeploymentController
  readonly replicaSetController?: ReplicaSetController
  readonly garbageCollector?: GarbageCollector
  readonly nodeLifecycleController?: NodeLifecycleController
  readonly taintEvictionController?: TaintEvictionController
  readonly resourceQuotaController?: ResourceQuotaController
  readonly serviceAccountsController?: ServiceAccountsController
  readonly rootCACertPublisher?: RootCACertPublisher

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
    this.nodes = new Informer<Node>(this.client, NODES, {}, 'reconcile')
    this.leases = new Informer<Lease>(this.client, LEASES, {}, 'reconcile')
    this.resourceQuotas = new Informer<ResourceQuota>(this.client, RESOURCE_QUOTAS, {}, 'reconcile')
    this.namespaces = new Informer<Namespace>(this.client, NAMESPACES, {}, 'reconcile')
    this.serviceAccounts = new Informer<ServiceAccount>(this.client, SERVICE_ACCOUNTS, {}, 'reconcile')
    this.configMaps = new Informer<ConfigMap>(this.client, CONFIG_MAPS, {}, 'reconcile')
    const enabled = new Set(options.controllers ?? ALL_CONTROLLERS)
    // app/core.go startResourceQuotaController (--concurrent-resource-quota-syncs, default 5).
    if (enabled.has('resourcequota')) {
      this.resourceQuotaController = new ResourceQuotaController(
        this.deps('resourcequota-controller', RESOURCE_QUOTA_WORKERS),
        this.resourceQuotas,
        this.pods,
      )
    }
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
        options.externalOwners,
      )
    }
    if (enabled.has('nodelifecycle')) {
      // nodeUpdateWorkerSize: 8
      this.nodeLifecycleController = new NodeLifecycleController(
        this.deps('node-controller', 8),
        this.nodes,
        this.leases,
        this.pods,
        options.nodeLifecycle,
      )
    }
    if (enabled.has('taint-eviction-controller')) {
      // "taint-manager uses existing cluster role from node-controller"
      this.taintEvictionController = new TaintEvictionController(
        this.deps('taint-eviction-controller', TAINT_EVICTION_WORKERS, 'node-controller'),
        this.pods,
        this.nodes,
      )
    }
    // app/core.go startServiceAccountController, app/certificates.go
    // startRootCACertPublisher: one worker each.
    if (enabled.has('serviceaccount')) {
      this.serviceAccountsController = new ServiceAccountsController(
        this.deps('service-account-controller', 1),
        this.namespaces,
        this.serviceAccounts,
      )
    }
    if (enabled.has('root-ca-cert-publisher')) {
      this.rootCACertPublisher = new RootCACertPublisher(
        this.deps('root-ca-cert-publisher', 1),
        this.namespaces,
        this.configMaps,
      )
    }
  }

  /**
   * A controller's own client and event recorder (source component = the controller's name; the
   * client is the service account `serviceAccount`, the controller's name unless it borrows one).
   */
  private deps(name: ControllerName, workers: number, serviceAccount: string = name): ControllerDeps {
    const user = `system:serviceaccount:kube-system:${serviceAccount}`
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

  /** LIST then WATCH the shared informers' resources, wait for the caches to sync, then start the workers. */
  start(): void {
    this.kernel.spawn(this.run(), 'kube-controller-manager')
  }

  private *run(): Proc {
    const informers = [
      this.deployments,
      this.replicaSets,
      this.pods,
      this.nodes,
      this.leases,
      this.resourceQuotas,
      this.namespaces,
      this.serviceAccounts,
      this.configMaps,
    ]
    const running = informers.map((inf) => this.kernel.spawn(inf.run(), `informer ${inf.info.resource}`))
    // WaitForNamedCacheSync
    const synced = new Signal()
    for (const p of running) p.whenDone(() => this.kernel.notify(synced))
    while (!running.every((p) => p.done)) yield* wait(synced)
    this.deploymentController?.startWorkers()
    this.replicaSetController?.startWorkers()
    this.garbageCollector?.startWorkers()
    this.nodeLifecycleController?.startWorkers()
    this.nodeLifecycleController?.run()
    this.taintEvictionController?.startWorkers()
    this.resourceQuotaController?.startWorkers()
    this.serviceAccountsController?.startWorkers()
    this.rootCACertPublisher?.startWorkers()
  }
}
