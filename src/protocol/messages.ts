/**
 * The typed protocol between the UI (main thread) and the simulation worker. Commands go UI →
 * worker, events worker → UI; both are discriminated by `type`.
 *
 * The UI is a function of (trace, cursor time). The worker owns the scenario and the simulation;
 * it computes the trace ahead of the cursor and streams it in frames (at most one post per
 * animation frame). Playback (the cursor, play/pause, speed) lives in the UI; the worker is told
 * where the cursor is so that it computes far enough ahead. A user action at a past time forks
 * the future: the worker recomputes from the action's inputs and sends a `reset` that drops
 * everything from that time on, then new frames.
 */

import type { OutputLine } from '../api/kubectl/drain-output'
import type { KubeObject, Node, Status } from '../api/types'
import type { FaultAction } from '../sim/faults/fault'
import type { CompactedTrace } from '../sim/kernel/retention'
import type { ComponentId, Message, MessageKind, ObjectRef, Stage } from '../sim/kernel/trace'
import type { NodeAction } from '../sim/scenario/scenario'
import type { SchedulingAttempt } from '../sim/scheduler/recording/attempts'
import type { ObjectDelta } from './delta'
import type { PackedMessages } from './message-pack'

/**
 * For the UI, before it offers a message fault: why a message cannot be dropped
 * (`dropProblem(view)`), and why a drop-message or delay-message fault cannot act on the message it
 * names (`messageFaultProblem(fault, view)`: not in flight at the fault's time, a step, …).
 */
export { dropProblem, messageFaultProblem } from '../sim/faults/wire'
/** The component ids both sides use (`kubelet/<node>`, `runtime/<node>` per node). */
export {
  APISERVER,
  CONTROLLER_MANAGER,
  ETCD,
  KUBECTL,
  kubeletId,
  REGISTRY,
  ROUTINE_STAGES,
  runtimeId,
  SCHEDULER,
  STAGE_STEP,
  WEBHOOKS,
} from '../sim/kernel/trace'
/** kubectl's user when an action names none (kubeadm's admin.conf). */
export { ADMIN_USER } from '../sim/scenario/cluster-objects'
export type {
  CompactedTrace,
  ComponentId,
  MessageKind,
  ObjectDelta,
  ObjectRef,
  OutputLine,
  SchedulingAttempt,
  Stage,
}

/**
 * A trace message without its payload (the inspector fetches that on demand). `lostAtMs`: a
 * drop-message fault lost it on the wire then (draw it up to that time, never arriving);
 * `delayedByMs`: a delay-message fault held it that long (already in `deliverAtMs`).
 */
export type MessageView = Omit<Message, 'payload'> & {
  /** HTTP status of an http-response, so the UI can colour failures without the payload. */
  readonly code?: number
}

/** A full trace message, payload included (answer to a `message` command). */
export interface MessageDetail extends MessageView {
  readonly payload: unknown
}

/** One revision of one object in etcd: how the UI knows any object's state at any time. */
export interface ObjectRevision {
  /** etcd key, `/registry/pods/default/nginx`. */
  readonly key: string
  readonly resource: string
  readonly namespace?: string
  readonly name: string
  readonly revision: number
  /** Virtual time of the write; -1 for objects that existed before the scenario began. */
  readonly atMs: number
  /** The etcd request that wrote it, or null for the initial state. */
  readonly messageId: number | null
  /** The object as stored (resourceVersion filled in), or null when this revision deleted it. */
  readonly object: KubeObject | null
}

/**
 * A revision as a `frame` carries it: whole (`object`), or as a `delta` against the previous
 * revision of the same key that the UI holds (the last one it was sent that a reset has not
 * dropped), which it applies to rebuild the object (see delta.ts). Most writes change a few fields
 * of a large object (a Pod's status, a Node's heartbeat), so frames stay small. A new object may
 * come as a delta against the last object the UI holds for another key, `base` (a ReplicaSet's
 * new Pod against the one before it, an Event against the last Event).
 */
export type WireRevision =
  | ObjectRevision
  | (Omit<ObjectRevision, 'object'> & {
      readonly object?: undefined
      readonly delta: ObjectDelta
      readonly base?: string
    })

/**
 * `kubectl cordon|uncordon <node>` (`{type, atMs, as?, node}`), or `kubectl drain <node>` with its
 * flags (`force`, `ignoreDaemonsets`, `deleteEmptydirData`, `gracePeriodSeconds` (-1: each pod's
 * own), `timeoutSeconds` (0: none)); absent flags are kubectl's defaults.
 */
export type NodeActionInput = NodeAction

/**
 * A user action, as the scenario records it (see src/sim/scenario/scenario.ts); `as` is one of
 * the cluster's users (absent: the admin, kubernetes-admin).
 */
export type UserActionInput =
  | { readonly type: 'apply'; readonly atMs: number; readonly yaml: string; readonly as?: string }
  | {
      readonly type: 'delete'
      readonly atMs: number
      readonly as?: string
      readonly apiVersion: string
      readonly kind: string
      readonly namespace?: string
      readonly name: string
    }
  | NodeActionInput

/**
 * A what-if fault injected at virtual time `atMs` (src/sim/faults: one module per fault, with what
 * real failure it stands for). Like a user action it joins the scenario and forks the future.
 *
 * - `{type: 'node-down', atMs, node, mode: 'stop' | 'unreachable'}`: a Node's machine stops, or is
 *   cut off from kube-apiserver.
 * - `{type: 'drop-message', atMs, messageId}`: a message on the wire at atMs (sentAtMs ≤ atMs <
 *   deliverAtMs) is lost with its connection; the client notices 45 s later (client-go's HTTP/2
 *   health check): its call fails with `http2: client connection lost`, or its watch lists and
 *   watches again. Only HTTP requests to kube-apiserver and their responses, watch events and
 *   admission webhook calls can be dropped (see `dropProblem`).
 * - `{type: 'delay-message', atMs, messageId, delayMs}`: a message on the wire at atMs arrives
 *   delayMs later; what follows it on the same link waits behind it.
 * - `{type: 'image-pull-failure', atMs, image, node?, mode: 'not-found' | 'unauthorized' |
 *   'unavailable'}`: from atMs the registry answers pulls of `image` (a reference such as
 *   `nginx:1.27`, or a bare repository for every tag) with 404, 401 or 503, on `node` or every node.
 * - `{type: 'crash-container', atMs, namespace, pod, container, exitCode?}`: the running
 *   container's process exits with exitCode (default 1; 137 for a kill).
 * - `{type: 'webhook-timeout', atMs, server}`: from atMs the WebhookServer named `server` (or
 *   `namespace/name`) stops answering; calls time out after the webhook's timeoutSeconds.
 * - `{type: 'slow-etcd', atMs, factor?, latencyMs?}`: from atMs every etcd request's latency is
 *   multiplied by factor and latencyMs is added to it.
 *
 * The id of a message is stable in a deterministic replay up to the fork time, which is what lets
 * a fault name it.
 */
export type FaultInput = FaultAction

/** One action of a scenario: something the user does through kubectl, or a fault. */
export type ScenarioActionInput = UserActionInput | FaultInput

/** Everything that determines a run, in the form the UI edits it. */
export interface ScenarioInput {
  readonly seed: number
  /**
   * The cluster tab: Node objects, at most one KubeSchedulerConfiguration, Users (podflow.dev/v1alpha1),
   * RBAC objects and ServiceAccounts, as YAML; empty for the default cluster and the default scheduler.
   */
  readonly clusterYaml: string
  readonly actions: readonly ScenarioActionInput[]
}

export interface ParseProblem {
  readonly line: number
  readonly column?: number
  readonly message: string
  /** The message is kubectl's whole error line (`error parsing STDIN: …`): print it as it is. */
  readonly kubectl?: true
}

/** What kubectl answered for one object of an apply or delete. */
export interface ObjectResult {
  readonly kind: string
  /** API group, for kubectl's `deployment.apps/web`; absent for the core group. */
  readonly group?: string
  /** A client-side error (kubectl refused before sending), e.g. generateName with apply. */
  readonly error?: string
  readonly namespace?: string
  readonly name: string
  readonly code: number
  readonly action?: string
  readonly status?: Status
  /** Line in the applied YAML where this object's document starts (for editor markers). */
  readonly line?: number
  /** The apiserver's warnings (kubectl prints `Warning: <text>`). */
  readonly warnings?: readonly string[]
  /**
   * For an object kubectl created or changed: the simulated components that read its resource to
   * act on it (`kube-controller-manager`, `kubelet/worker-1`, `kube-apiserver` for what admission
   * reads…); empty when none does, so nothing in the simulation acts on it (it is stored, listed
   * and watched, as on a real cluster).
   */
  readonly watchedBy?: readonly string[]
  /** The object's resource, plural (`ingresses`), given with `watchedBy`. */
  readonly resource?: string
}

export type Command =
  /**
   * Start over with this scenario (the cluster tab changed, a share link, reset). With a
   * `requestId`, the answer is the `reset` carrying it, or a `parse-error` (bad cluster YAML or
   * action YAML; the current scenario stays).
   */
  | {
      readonly type: 'load'
      readonly scenario: ScenarioInput
      readonly requestId?: number
      /**
       * Messages a run keeps in full before it compacts older ones (the worker's default when
       * absent); the page's `?trace-keep=N` sets it, so a test can see a large run's compaction
       * without thousands of Pods.
       */
      readonly traceKeepMessages?: number
    }
  /**
   * `kubectl apply -f` of the editor's YAML at virtual time `atMs` (forks the future), as the
   * cluster's user `as` (absent: the admin).
   */
  | {
      readonly type: 'apply'
      readonly requestId: number
      readonly yaml: string
      readonly atMs: number
      readonly as?: string
    }
  /** `kubectl delete` at virtual time `atMs`, as the cluster's user `as` (absent: the admin). */
  | {
      readonly type: 'delete'
      readonly requestId: number
      readonly as?: string
      readonly apiVersion: string
      readonly kind: string
      readonly namespace?: string
      readonly name: string
      readonly atMs: number
    }
  /**
   * `kubectl cordon`, `uncordon` or `drain` of a Node at `action.atMs` (forks the future), answered
   * by `applied` with kubectl's output once the command has finished.
   */
  | { readonly type: 'node-action'; readonly requestId: number; readonly action: NodeActionInput }
  /**
   * Inject a fault at `fault.atMs` (forks the future). Answered by `applied` (no results; `output`
   * says what was injected, `fault: message #412 dropped (…)`, or on stderr why it did nothing)
   * once the fault's time has been computed; a malformed fault, or one naming a node, webhook
   * server or message the run does not have (for a message: not on the wire at atMs), by
   * `parse-error`.
   */
  | { readonly type: 'fault'; readonly requestId: number; readonly fault: FaultInput }
  /**
   * The workload editor's text, before it is applied: the worker reads it now, so that an Apply
   * of this text does not wait for the reading (a first apply's YAML library runs cold). Not
   * answered; a text that does not parse is answered when it is applied, as any other.
   */
  | { readonly type: 'read-ahead'; readonly yaml: string }
  /** Where playback is; the worker keeps the trace computed ahead of it. */
  | {
      readonly type: 'cursor'
      readonly atMs: number
      readonly playing: boolean
      readonly speed: number
      /**
       * Playback skips quiet time: while playing, compute ahead (up to QUIET_LOOKAHEAD_MS) until
       * the next non-routine message is known, so the UI can fast-forward to it.
       */
      readonly skipQuiet?: boolean
    }
  /**
   * The UI has taken in the last `frame` (once per animation frame): the worker posts the next one
   * only then, so at most one frame reaches the main thread per animation frame, and a busy main
   * thread gets fewer, bigger frames instead of a backlog.
   */
  | { readonly type: 'frame-ack' }
  /** Fetch one message with its payload. */
  | { readonly type: 'message'; readonly requestId: number; readonly id: number }
  /**
   * Fetch the scheduling attempts of one Pod (`namespace/name`) in the trace the UI holds: the
   * scheduler's per-node Filter verdicts and Score tables, from its `filter` and `score` steps.
   */
  | { readonly type: 'scheduling'; readonly requestId: number; readonly pod: string }
  /**
   * Are you alive? Answered by `pong` between two slices of computing, ahead of the queued trace.
   * The UI pings every few seconds: a worker that does not answer for long is hung (see
   * src/app/worker-watchdog.ts) and is replaced.
   */
  | { readonly type: 'ping'; readonly requestId: number }
  /**
   * For tests of the UI's recovery only: the worker crashes (an uncaught error) or hangs (a loop
   * that never yields). Handled by sim.worker.ts itself, never by the simulation.
   */
  | { readonly type: 'fail'; readonly how: 'crash' | 'hang' }

export type WorkerEvent =
  /** The answer to a `ping`. */
  | { readonly type: 'pong'; readonly requestId: number }
  /**
   * Drop every message with id ≥ `fromMessageId` and every revision with atMs ≥ `fromMs`; what
   * follows belongs to `generation`. Sent on load (fromMessageId 0, fromMs -1: the objects that
   * existed before time 0 go too, as the cluster may differ) and on every fork.
   */
  | {
      readonly type: 'reset'
      /** The load, apply or delete that caused this reset, when it carried one. */
      readonly requestId?: number
      readonly generation: number
      readonly fromMs: number
      readonly fromMessageId: number
      readonly nodes: readonly Node[]
      /** The cluster's users by name (kubectl may act as any of them; the admin is not listed). */
      readonly users: readonly string[]
      readonly scenario: ScenarioInput
      /** The scenario declares admission webhook servers: the graph shows their component. */
      readonly webhooks?: boolean
    }
  /** New trace and revisions, in order. */
  | {
      readonly type: 'frame'
      readonly generation: number
      readonly messages: readonly MessageView[]
      readonly revisions: readonly ObjectRevision[]
      /** Virtual time up to which the trace is complete. */
      readonly computedUntilMs: number
      /** Virtual time after which nothing happens unless background work runs (undefined while busy). */
      readonly idleAtMs?: number
      /**
       * A large run compacted its old messages (kernel traceRetention): the UI drops the ones it
       * holds up to `throughId` and says that the detail before `untilMs` is gone. Sent when it
       * changes.
       */
      readonly compacted?: CompactedTrace
    }
  | {
      readonly type: 'applied'
      readonly requestId: number
      readonly atMs: number
      /** One per object of an apply or delete; empty for a node action and a fault. */
      readonly results: readonly ObjectResult[]
      /**
       * What kubectl printed for a node action, exactly and in order, stdout and stderr
       * interleaved as a terminal shows them; for a fault, what it did (`fault: …` on stdout) or
       * why it did nothing (on stderr).
       */
      readonly output?: readonly OutputLine[]
    }
  | { readonly type: 'parse-error'; readonly requestId: number; readonly problems: readonly ParseProblem[] }
  | { readonly type: 'message-detail'; readonly requestId: number; readonly message: MessageDetail | null }
  | {
      readonly type: 'scheduling-attempts'
      readonly requestId: number
      readonly attempts: readonly SchedulingAttempt[]
    }
  /** Something went wrong in the worker; `requestId` when it was answering that command. */
  | { readonly type: 'error'; readonly message: string; readonly requestId?: number }
  /**
   * How far a long computation has got, about every PROGRESS_INTERVAL_MS of the worker's wall time
   * once computing has taken that long (small runs send none), then once with `computing: false`
   * when the worker has caught up.
   */
  | WorkerProgress

/**
 * What the worker posts: a WorkerEvent, except that a frame goes as a WireFrame, and a reset may
 * leave out its Nodes (WireReset).
 */
export type WirePost = WireEvent | WireFrame

/** A posted event other than a frame. */
export type WireEvent = Exclude<WorkerEvent, { type: 'frame' | 'reset' }> | WireReset

/** A `reset` as posted: without `nodes` when they are the ones the last reset carried (a fork). */
export type WireReset = Omit<Extract<WorkerEvent, { type: 'reset' }>, 'nodes'> & {
  readonly nodes?: readonly Node[]
  /**
   * Events queued right behind the reset (its fork's `applied`), riding on it rather than waiting
   * for a post of their own; the UI handles them, in order, after the reset.
   */
  readonly followedBy?: readonly WireEvent[]
}

/**
 * A `frame` as posted: its messages packed (message-pack.ts: ~60 bytes each instead of ~280), its
 * revisions as WireRevisions.
 */
export interface WireFrame extends Omit<Extract<WorkerEvent, { type: 'frame' }>, 'revisions' | 'messages'> {
  readonly packed: PackedMessages
  readonly revisions: readonly WireRevision[]
  /**
   * The worker's latest `progress` report, riding on the frame rather than posted on its own (the
   * worker posts at most once per animation frame); the UI takes it as it takes a `progress`.
   */
  readonly progress?: WorkerProgress
  /**
   * Events queued right behind this frame's trace (an apply's `applied`, a `reset`), riding on it
   * rather than waiting for a post of their own; the UI handles them, in order, once the frame is
   * in (as if each had been posted after it).
   */
  readonly followedBy?: readonly WireEvent[]
}

/** A posted frame with its messages unpacked (in post order): what the UI takes in. */
export interface ReceivedFrame extends Omit<WireFrame, 'packed' | 'followedBy'> {
  readonly messages: readonly MessageView[]
}

/** See WorkerEvent `progress`. */
export interface WorkerProgress {
  readonly type: 'progress'
  readonly generation: number
  readonly computing: boolean
  /** Virtual time the simulation has reached. */
  readonly simulatedMs: number
  /** Messages in the trace so far (posted or not yet). */
  readonly messages: number
  /** Pods that exist now, and how many of them are Running or finished. */
  readonly pods: number
  readonly podsRunning: number
  /** Pods the workload asks for: the ReplicaSets' replicas plus the Pods no ReplicaSet owns. */
  readonly podsWanted: number
}

/** Wall milliseconds between two `progress` events. */
export const PROGRESS_INTERVAL_MS = 100
