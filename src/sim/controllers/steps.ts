/**
 * The structured payloads of the `step` messages kube-controller-manager records in the trace
 * (stage `reconcile`). The UI narrates from these facts (the simulation writes no prose for it);
 * each step is also the cause of the requests that follow it, so a "why?" chain reads
 * watch event → decision → POST.
 */
import type { ObjectRef } from '../kernel/trace'

/**
 * Each controller's event source name, which is also its service account, except for the taint
 * eviction controller (it writes as `node-controller`).
 */
export type ControllerName =
  | 'deployment-controller'
  | 'replicaset-controller'
  | 'generic-garbage-collector'
  | 'node-controller'
  | 'taint-eviction-controller'
  | 'resourcequota-controller'
  | 'service-account-controller'
  | 'root-ca-cert-publisher'

/**
 * A Pod whose ownerReferences name no controller. Only the ReplicaSet controller's pod handler
 * looks at it (to see whether some ReplicaSet's selector wants to adopt it); with no such
 * ReplicaSet, kube-controller-manager leaves the Pod alone: no controller manages a bare Pod, the
 * scheduler and the kubelet do all the work. (The seed story's flowchart shows the
 * controller-manager acting on it; this step records what really happens.)
 */
export interface PodWithoutControllerStep {
  readonly type: 'PodWithoutController'
  readonly controller: 'replicaset-controller'
  readonly pod: ObjectRef
  /** Owners that are not controllers (usually none). */
  readonly ownerReferences: readonly { readonly kind: string; readonly name: string }[]
  /** ReplicaSets whose selector matches the Pod's labels: they will try to adopt it. */
  readonly matchingReplicaSets: readonly string[]
  readonly outcome: 'ignored' | 'adoption-candidate'
}

/** One pass of the ReplicaSet controller's sync over a ReplicaSet (replica_set.go syncReplicaSet). */
export interface ReplicaSetSyncStep {
  readonly type: 'ReplicaSetSync'
  readonly controller: 'replicaset-controller'
  readonly replicaSet: ObjectRef
  readonly desired: number
  /** Active pods the ReplicaSet owns (after adoption and release). */
  readonly current: number
  /**
   * `create`/`delete` pods, `none` when the count is right, `wait` while earlier creates or
   * deletes have not been observed through the informer yet (expectations).
   */
  readonly action: 'create' | 'delete' | 'none' | 'wait'
  readonly count: number
  /** Slow-start batch sizes planned for the creates (1, 2, 4, …). */
  readonly batches?: readonly number[]
  /** Outstanding expectations when action is `wait`. */
  readonly expectations?: { readonly add: number; readonly del: number }
  readonly adopted?: readonly string[]
  readonly released?: readonly string[]
}

/** One pass of the Deployment controller's sync (deployment_controller.go syncDeployment). */
export interface DeploymentSyncStep {
  readonly type: 'DeploymentSync'
  readonly controller: 'deployment-controller'
  readonly deployment: ObjectRef
  readonly generation: number
  readonly strategy: 'RollingUpdate' | 'Recreate'
  /**
   * `rollout`: a rolling/recreate rollout step; `scale`: only spec.replicas changed (or paused);
   * `status-only`: being deleted; `selecting-all`: empty selector, rejected with a Warning event.
   */
  readonly path: 'rollout' | 'scale' | 'status-only' | 'selecting-all'
  readonly desired: number
  /** The ReplicaSet whose template matches, if it exists yet. */
  readonly newReplicaSet: string | null
  /** The name it will get when created: `<deployment>-<pod-template-hash>`. */
  readonly newReplicaSetName: string
  readonly podTemplateHash: string
  readonly oldReplicaSets: readonly string[]
}

/**
 * The garbage collector found an object whose owners are all gone (checked with live GETs) and
 * deletes it in the background, as `kubectl delete` (propagationPolicy Background) asks.
 */
export interface GarbageCollectStep {
  readonly type: 'GarbageCollect'
  readonly controller: 'generic-garbage-collector'
  readonly object: ObjectRef
  readonly owners: readonly { readonly kind: string; readonly name: string; readonly uid: string }[]
  readonly propagationPolicy: 'Background'
}

/**
 * The node lifecycle controller found a node silent for longer than its grace period (no Lease
 * renewal, no status report since `lastHeartbeatMs`) and sets its kubelet-owned conditions to
 * Unknown (node_lifecycle_controller.go tryUpdateNodeHealth).
 */
export interface NodeStatusUnknownStep {
  readonly type: 'NodeStatusUnknown'
  readonly controller: 'node-controller'
  readonly node: ObjectRef
  /** Virtual time at which the controller last saw a heartbeat (its probeTimestamp). */
  readonly lastHeartbeatMs: number
  readonly silentForMs: number
  /** nodeMonitorGracePeriod (or nodeStartupGracePeriod for a node that never reported). */
  readonly gracePeriodMs: number
  /** The conditions set to Unknown (Ready, MemoryPressure, DiskPressure, PIDPressure). */
  readonly conditions: readonly string[]
}

/** The node lifecycle controller changes a node's taints (SwapNodeControllerTaint). */
export interface NodeTaintStep {
  readonly type: 'NodeTaint'
  readonly controller: 'node-controller'
  readonly node: ObjectRef
  /** `key:Effect` of each taint added and removed. */
  readonly add: readonly string[]
  readonly remove: readonly string[]
  /**
   * `condition`: NoSchedule taints mirroring the node's conditions (doNoScheduleTaintingPass);
   * `eviction`: the NoExecute not-ready/unreachable taint, rate-limited per zone
   * (doNoExecuteTaintingPass); `reachable`: the node is Ready again (markNodeAsReachable).
   */
  readonly reason: 'condition' | 'eviction' | 'reachable'
}

/** The node lifecycle controller marks the pods of a node that is not Ready as not Ready. */
export interface MarkPodsNotReadyStep {
  readonly type: 'MarkPodsNotReady'
  readonly controller: 'node-controller'
  readonly node: ObjectRef
  readonly pods: readonly string[]
}

/**
 * The taint eviction controller looked at a pod on a node with NoExecute taints: `evict-now`
 * (some taint is not tolerated), `evict-later` (all tolerated, the shortest tolerationSeconds is
 * `tolerationSeconds`), `cancel` (the taints are gone or tolerated for ever).
 */
export interface TaintEvictionStep {
  readonly type: 'TaintEviction'
  readonly controller: 'taint-eviction-controller'
  readonly pod: ObjectRef
  readonly node: string
  /** The node's NoExecute taints, `key:Effect`. */
  readonly taints: readonly string[]
  readonly decision: 'evict-now' | 'evict-later' | 'cancel' | 'deleting'
  readonly tolerationSeconds?: number
  /** Virtual time of the planned deletion. */
  readonly fireAtMs?: number
}

/**
 * A namespace lacks an object its controller keeps in every namespace: the ServiceAccounts
 * controller's `default` ServiceAccount, root-ca-cert-publisher's `kube-root-ca.crt` ConfigMap.
 */
export interface NamespaceObjectStep {
  readonly type: 'EnsureServiceAccount' | 'PublishRootCA'
  readonly controller: 'service-account-controller' | 'root-ca-cert-publisher'
  readonly namespace: string
  readonly name: string
  readonly action: 'create' | 'update'
}

/**
 * The ResourceQuota controller recomputed a quota's status (syncResourceQuota): status.hard from
 * spec.hard, status.used from the pods of the namespace, written when either changed.
 */
export interface ResourceQuotaSyncStep {
  readonly type: 'ResourceQuotaSync'
  readonly controller: 'resourcequota-controller'
  readonly quota: ObjectRef
  readonly hard: Readonly<Record<string, string>>
  readonly used: Readonly<Record<string, string>>
  /** status.used before, null on the quota's first sync. */
  readonly previousUsed: Readonly<Record<string, string>> | null
}

export type ReconcileStep =
  | ResourceQuotaSyncStep
  | NamespaceObjectStep
  | PodWithoutControllerStep
  | ReplicaSetSyncStep
  | DeploymentSyncStep
  | GarbageCollectStep
  | NodeStatusUnknownStep
  | NodeTaintStep
  | MarkPodsNotReadyStep
  | TaintEvictionStep
