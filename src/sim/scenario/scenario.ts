/**
 * A scenario: everything that determines a run. The cluster (nodes, the scheduler's
 * configuration), the user's actions with their virtual times, and the seed. Same scenario ⇒ same
 * trace, byte for byte; share links and golden tests carry scenarios, never state.
 */
import type { KubeObject, Node, Pod } from '../../api/types'
import type { TokenUser } from '../apiserver/authn'
import type { FaultAction } from '../faults/fault'
import type { NetworkConfig } from '../network/network'
import type { KubeSchedulerConfiguration } from '../scheduler/config/kind'
import type { WebhookServerSpec } from '../webhook/server'

/**
 * What the user does with kubectl, at a virtual time. `as` names one of the scenario's users:
 * kubectl then authenticates with that user's bearer token; absent, it uses the admin's client
 * certificate (kubeadm's admin.conf, user `kubernetes-admin`).
 */
export type UserAction =
  | {
      readonly type: 'apply'
      readonly atMs: number
      readonly objects: readonly KubeObject[]
      readonly as?: string
    }
  | {
      readonly type: 'delete'
      readonly atMs: number
      readonly as?: string
      readonly apiVersion: string
      readonly kind: string
      readonly namespace?: string
      readonly name: string
    }
  | NodeAction

/**
 * `kubectl cordon|uncordon <node>`, or `kubectl drain <node>` with its flags (absent: kubectl's
 * defaults). `gracePeriodSeconds` is `--grace-period` (negative, the default: each pod's own);
 * `timeoutSeconds` is `--timeout` (0, the default: no limit — the simulated kubectl still stops
 * waiting after DRAIN_WAIT_LIMIT_MS of virtual time, see src/sim/kubectl/drain.ts).
 */
export type NodeAction =
  | {
      readonly type: 'cordon' | 'uncordon'
      readonly atMs: number
      readonly as?: string
      /** The Node's name. */
      readonly node: string
    }
  | ({
      readonly type: 'drain'
      readonly atMs: number
      readonly as?: string
      /** The Node's name. */
      readonly node: string
    } & DrainFlags)

/** `kubectl drain`'s flags that the simulation takes. */
export interface DrainFlags {
  /** --force: also delete pods that declare no controller. */
  readonly force?: boolean
  /** --ignore-daemonsets: skip DaemonSet-managed pods instead of refusing to drain. */
  readonly ignoreDaemonsets?: boolean
  /** --delete-emptydir-data: also delete pods with emptyDir volumes. */
  readonly deleteEmptydirData?: boolean
  /** --grace-period (default -1: the pod's terminationGracePeriodSeconds). */
  readonly gracePeriodSeconds?: number
  /** --timeout in seconds (default 0: infinite). */
  readonly timeoutSeconds?: number
}

/** The actions that act on one Node through kubectl. */
export const NODE_ACTION_TYPES: ReadonlySet<string> = new Set(['cordon', 'uncordon', 'drain'])

/**
 * A failure injected at a virtual time (what-if faults: src/sim/faults/fault.ts lists them, one
 * module each). Not a kubectl action: it acts on the simulated machines, network and servers, and
 * nothing about it goes through the apiserver. Like a user action it is part of the scenario, so
 * injecting one at a past time forks the future.
 */
export type { FaultAction } from '../faults/fault'

/** What a scenario schedules: the user's kubectl actions and injected faults. */
export type ScenarioAction = UserAction | FaultAction

export interface Scenario {
  /** The one seed of the run's randomness; DEFAULT_SEED when absent. */
  readonly seed?: number | string
  /** Wall-clock time of virtual time 0 (RFC 3339). */
  readonly startTime?: string
  /** Nodes of the cluster; the default cluster (a control plane and three workers) when absent. */
  readonly nodes?: readonly Node[]
  /**
   * kube-scheduler's `--config` (kind KubeSchedulerConfiguration, apiVersion
   * kubescheduler.config.k8s.io/v1), as written; the v1.33 default profile when absent. An invalid
   * one makes the Cluster constructor throw (read it with readSchedulerConfiguration to report
   * its problems first).
   */
  readonly schedulerConfiguration?: KubeSchedulerConfiguration
  readonly network?: NetworkConfig
  /**
   * Users the apiserver knows by bearer token (a kubeconfig-like list). They have no rights
   * until RBAC objects grant them some.
   */
  readonly users?: readonly TokenUser[]
  /**
   * Setup objects that exist when the scenario begins, written at bootstrap like the Nodes:
   * Namespaces, RBAC objects (Role, ClusterRole, RoleBinding, ClusterRoleBinding),
   * ServiceAccounts, ResourceQuotas (with their status), LimitRanges, PriorityClasses and
   * Mutating/ValidatingWebhookConfigurations (cluster-objects.ts CLUSTER_KINDS). A namespaced one
   * goes to a system namespace or to one of these Namespaces (`default` when it names none).
   */
  readonly clusterObjects?: readonly KubeObject[]
  /**
   * Pods that exist when the scenario begins (bootstrap Pods, src/sim/cluster/bootstrap-pods.ts):
   * one bound to a node and Running (or with no phase) is running there at time 0, its runtime
   * and kubelet holding it as their own; one bound and Pending is started by its kubelet; one not
   * bound is Pending and scheduled at time 0; a finished one stays as it is. Each names a node of
   * the cluster (if any) and a namespace that exists at bootstrap.
   */
  readonly pods?: readonly Pod[]
  /**
   * Admission webhook servers (WebhookServer documents, read by scenario/webhook-servers.ts): the
   * `webhooks` component answers the AdmissionReviews kube-apiserver sends to their Services.
   */
  readonly webhookServers?: readonly WebhookServerSpec[]
  readonly actions: readonly ScenarioAction[]
}

export const DEFAULT_SEED = 1
