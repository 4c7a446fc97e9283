/**
 * The trace: every message between components, as data. The UI is a function of
 * (trace, cursor time); tests compare traces byte for byte.
 */

/**
 * Component ids. Per-node components are `kubelet/<node>` and `runtime/<node>` (containerd);
 * the image registry is `registry`; the user's client is `kubectl`; the scenario's admission
 * webhook servers are `webhooks`.
 */
export type ComponentId = string

export const KUBECTL = 'kubectl'
export const APISERVER = 'kube-apiserver'
export const ETCD = 'etcd'
export const SCHEDULER = 'kube-scheduler'
export const CONTROLLER_MANAGER = 'kube-controller-manager'
export const REGISTRY = 'registry'
/** The admission webhook servers the scenario declares (WebhookServer documents), as one component. */
export const WEBHOOKS = 'webhooks'
export const kubeletId = (node: string): ComponentId => `kubelet/${node}`
export const runtimeId = (node: string): ComponentId => `runtime/${node}`

export type MessageKind =
  | 'http-request'
  | 'http-response'
  | 'watch-event'
  | 'etcd-request'
  | 'etcd-response'
  | 'cri-request'
  | 'cri-response'
  /** Work inside one component (an admission plugin's decision, a filter pass): from === to. */
  | 'step'

/**
 * The step of the seed story (shared/seed) a message belongs to. STAGE_STEP maps each to the
 * story's numbered step; narration and teaching mode key off these.
 */
export type Stage =
  | 'boot' // components connecting: LIST then WATCH
  | 'submit' // 1. kubectl sends the object
  | 'authenticate' // 2. apiserver
  | 'authorize'
  | 'admit'
  | 'validate'
  | 'persist'
  | 'schedule-watch' // 3. scheduler
  | 'filter'
  | 'score'
  | 'bind'
  | 'preempt' // the scheduler evicting lower-priority pods to make room
  | 'kubelet-watch' // 4. kubelet
  | 'pull'
  | 'sandbox'
  | 'containers'
  | 'status' // 5. status flows back
  | 'reconcile' // controller-manager
  | 'event' // Event objects recorded by components
  | 'delete'
  | 'heartbeat' // routine upkeep: node Leases and status reports that keep the cluster alive
  | 'fault' // a failure the scenario injects (src/sim/faults): a node down, a lost or late message, …

export const STAGE_STEP: Readonly<Record<Stage, 0 | 1 | 2 | 3 | 4 | 5>> = {
  boot: 0,
  submit: 1,
  authenticate: 2,
  authorize: 2,
  admit: 2,
  validate: 2,
  persist: 2,
  'schedule-watch': 3,
  filter: 3,
  score: 3,
  bind: 3,
  preempt: 3,
  'kubelet-watch': 4,
  pull: 4,
  sandbox: 4,
  containers: 4,
  status: 5,
  reconcile: 0,
  event: 0,
  delete: 0,
  heartbeat: 0,
  fault: 0,
}

/**
 * Stages of routine upkeep, which repeats while nothing else happens: playback may fast-forward
 * through stretches where they are all there is.
 */
export const ROUTINE_STAGES: ReadonlySet<Stage> = new Set<Stage>(['heartbeat'])

/** Which object a message is about. `resource` is the plural API resource (`pods`, `nodes`). */
export interface ObjectRef {
  readonly resource: string
  readonly namespace?: string
  readonly name: string
  readonly uid?: string
}

export interface Message<P = unknown> {
  readonly id: number
  readonly from: ComponentId
  readonly to: ComponentId
  readonly kind: MessageKind
  /** One line, as a log would show it: `POST /api/v1/namespaces/default/pods`, `RunPodSandbox`. */
  readonly summary: string
  readonly sentAtMs: number
  readonly deliverAtMs: number
  /** The message whose handling caused this one; null for user actions and boot. */
  readonly causeId: number | null
  readonly stage: Stage
  readonly object?: ObjectRef
  /** For responses: the id of the request they answer. */
  readonly replyTo?: number
  /**
   * A drop-message fault lost it on the wire at this time: it is never delivered. `deliverAtMs`
   * stays when it would have arrived, so its path on the graph is the one it was on.
   */
  readonly lostAtMs?: number
  /** A delay-message fault held it this much longer on the wire (included in `deliverAtMs`). */
  readonly delayedByMs?: number
  readonly payload: P
}
