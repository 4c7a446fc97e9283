/**
 * The scheduling framework's extension points, one interface each, as kube-scheduler defines them
 * (staging/src/k8s.io/kube-scheduler/framework/interface.go; older pkg/scheduler/framework).
 *
 * A plugin implements any subset. Contracts shared by all of them:
 * - Plugins are pure with respect to the cluster: they read the pod, the NodeInfo snapshot and the
 *   CycleState, and return a Status (`null` = Success). Only Bind/PreBind talk to the apiserver.
 * - Plugins never record what they did; the framework's recording decorator does (see
 *   recording/decorate.ts). That keeps teaching out of scheduling logic.
 */
import type { Pod } from '../../../api/types'
import type { ApiClient } from '../../client/client'
import type { EventRecorder } from '../../client/events'
import type { Proc } from '../../kernel/kernel'
import type { Rng } from '../../kernel/rng'
import type { CycleState } from './cycle-state'
import type { ClusterEvent } from './events'
import type { Listers } from './listers'
import type { NodeInfo, NodeInfoLister } from './node-info'
import type { NodeToStatus } from './node-to-status'
import type { PodNominatorView } from './nominator'
import type { PodInfo } from './pod-info'
import type { Status } from './status'

/** MaxNodeScore / MinNodeScore: the range every normalized score must fall in. */
export const MAX_NODE_SCORE = 100
export const MIN_NODE_SCORE = 0

export interface Plugin {
  /** The upstream plugin name (`NodeResourcesFit`): what profiles, records and messages use. */
  readonly name: string
}

/** What the scheduler gives a framework to build its plugins with (framework.Handle, minus the framework). */
export interface HandleBase {
  readonly client: ApiClient
  readonly snapshot: NodeInfoLister
  /** The profile's schedulerName (`default-scheduler`). */
  readonly profileName: string
  /** Namespaces, PVCs, PVs, Services, ReplicaSets from the scheduler's informers. */
  readonly listers: Listers
  /** The simulation's one seeded RNG (preemption's random offset). */
  readonly rng: Rng
  /** Pods nominated to nodes by preemption (the scheduling queue's); none when absent. */
  readonly nominator?: PodNominatorView
  /** The profile's event recorder (reportingController = schedulerName); absent in unit tests. */
  readonly eventRecorder?: EventRecorder
}

/**
 * The framework's own operations, for plugins that run other plugins: DefaultPreemption's dry run
 * removes victims (PreFilterExtensions) and re-runs Filter (with nominated pods).
 */
export interface FrameworkRunner {
  runPreFilterExtensionAddPod(
    state: CycleState,
    podToSchedule: Pod,
    podInfoToAdd: PodInfo,
    nodeInfo: NodeInfo,
  ): Status | null
  runPreFilterExtensionRemovePod(
    state: CycleState,
    podToSchedule: Pod,
    podInfoToRemove: PodInfo,
    nodeInfo: NodeInfo,
  ): Status | null
  runFilterPluginsWithNominatedPods(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null
}

/** What a plugin gets at construction: the way to the apiserver, the snapshot, the framework. */
export interface Handle extends HandleBase {
  readonly nominator: PodNominatorView
  readonly framework: FrameworkRunner
}

/** A PreEnqueue plugin keeps a pod out of activeQ until it passes (SchedulingGates). */
export interface PreEnqueuePlugin extends Plugin {
  preEnqueue(pod: Pod): Status | null
}

/** Items the queue sorts: enough for QueueSort plugins. */
export interface QueuedPodInfoView {
  readonly pod: Pod
  /** corev1helpers.PodPriority(pod): spec.priority, 0 without one. */
  readonly priority: number
  /** Virtual ms when the pod was (re)added to the queue. */
  readonly timestamp: number
}

export interface QueueSortPlugin extends Plugin {
  /** True when `a` should be scheduled before `b`. */
  less(a: QueuedPodInfoView, b: QueuedPodInfoView): boolean
}

/** A PreFilter may narrow the nodes to look at (NodeAffinity with a metadata.name field). */
export interface PreFilterResult {
  readonly nodeNames: ReadonlySet<string>
}

export interface PreFilterOutcome {
  /** null = all nodes. */
  readonly result: PreFilterResult | null
  readonly status: Status | null
}

export const PRE_FILTER_OK: PreFilterOutcome = Object.freeze({ result: null, status: null })

/**
 * PreFilterExtensions: keep a PreFilter's precomputed state right when a pod is added to or
 * removed from a node after PreFilter ran — preemption's dry run removes victims, and Filter adds
 * pods nominated to the node. Plugins whose PreFilter state depends on other pods (PodTopologySpread,
 * InterPodAffinity) implement it; `nodeInfo` is the node the pod is added to / removed from.
 */
export interface PreFilterExtensions {
  addPod(state: CycleState, podToSchedule: Pod, podInfoToAdd: PodInfo, nodeInfo: NodeInfo): Status | null
  removePod(
    state: CycleState,
    podToSchedule: Pod,
    podInfoToRemove: PodInfo,
    nodeInfo: NodeInfo,
  ): Status | null
}

export interface PreFilterPlugin extends Plugin {
  preFilter(state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): PreFilterOutcome
  readonly preFilterExtensions?: PreFilterExtensions
}

export interface FilterPlugin extends Plugin {
  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null
}

export interface PostFilterResult {
  /**
   * Set when PostFilter decided the pod's nomination (NominatingInfo with mode Override): the
   * node preemption chose, or '' to clear an earlier one. Absent: keep it (mode Noop).
   */
  readonly nominatedNodeName?: string
  /** The victims preemption chose (`namespace/name`), for the attempt's record; not upstream API. */
  readonly victims?: readonly string[]
}

export interface PostFilterOutcome {
  readonly result: PostFilterResult | null
  readonly status: Status | null
}

/** Runs only when no node passed Filter: preemption. */
export interface PostFilterPlugin extends Plugin {
  postFilter(state: CycleState, pod: Pod, statuses: NodeToStatus): PostFilterOutcome
}

export interface PreScorePlugin extends Plugin {
  preScore(state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): Status | null
}

export interface ScoreExtensions {
  /**
   * Rewrite the raw scores of all scored nodes in place into [0, 100]. `scores[i]` belongs to
   * `nodes[i]`.
   */
  normalizeScore(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): Status | null
}

export interface ScorePlugin extends Plugin {
  /** The raw score of one feasible node (an integer). Errors are thrown as PluginError. */
  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number
  /**
   * Optional: `scores[i] = score(state, pod, nodes[i])` for every node, in order. The framework
   * calls it instead of `score` per node: the loop over a few hundred nodes then runs inside the
   * plugin (one receiver, its PreScore state read once) instead of dispatching to every Score
   * plugin from one call site in the framework. Upstream's Score is per node too; this is only
   * how the same calls are made.
   */
  scoreNodes?(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): void
  readonly scoreExtensions?: ScoreExtensions
}

export interface ReservePlugin extends Plugin {
  reserve(state: CycleState, pod: Pod, nodeName: string): Status | null
  unreserve(state: CycleState, pod: Pod, nodeName: string): void
}

export interface PermitOutcome {
  readonly status: Status | null
  readonly timeoutMs: number
}

export interface PermitPlugin extends Plugin {
  permit(state: CycleState, pod: Pod, nodeName: string): PermitOutcome
}

export interface PreBindPlugin extends Plugin {
  preBind(state: CycleState, pod: Pod, nodeName: string): Proc<Status | null>
}

/** Returns Skip to let the next Bind plugin bind. */
export interface BindPlugin extends Plugin {
  bind(state: CycleState, pod: Pod, nodeName: string): Proc<Status | null>
}

export interface PostBindPlugin extends Plugin {
  postBind(state: CycleState, pod: Pod, nodeName: string): void
}

export type QueueingHint = 'Queue' | 'QueueSkip'

/** Given the pod a plugin rejected and an event's objects, could the event make it schedulable? */
export type QueueingHintFn = (pod: Pod, oldObj: unknown, newObj: unknown) => QueueingHint

export interface ClusterEventWithHint {
  readonly event: ClusterEvent
  /** Absent: always Queue. */
  readonly hint?: QueueingHintFn
}

/** EnqueueExtensions: the events after which a pod this plugin rejected is worth retrying. */
export interface EnqueueExtensions {
  eventsToRegister(): readonly ClusterEventWithHint[]
}

/** Thrown by Score plugins for an Error status (Score returns a bare number to stay allocation-free). */
export class PluginError extends Error {}

export type ExtensionPoint =
  | 'preEnqueue'
  | 'queueSort'
  | 'preFilter'
  | 'filter'
  | 'postFilter'
  | 'preScore'
  | 'score'
  | 'reserve'
  | 'permit'
  | 'preBind'
  | 'bind'
  | 'postBind'

const METHOD: Readonly<Record<ExtensionPoint, string>> = {
  preEnqueue: 'preEnqueue',
  queueSort: 'less',
  preFilter: 'preFilter',
  filter: 'filter',
  postFilter: 'postFilter',
  preScore: 'preScore',
  score: 'score',
  reserve: 'reserve',
  permit: 'permit',
  preBind: 'preBind',
  bind: 'bind',
  postBind: 'postBind',
}

/** Which extension points a plugin instance implements (checked by method, as Go checks interfaces). */
export function implementsPoint(p: Plugin, point: ExtensionPoint): boolean {
  return typeof (p as unknown as Record<string, unknown>)[METHOD[point]] === 'function'
}

export function hasEnqueueExtensions(p: Plugin): p is Plugin & EnqueueExtensions {
  return typeof (p as Partial<EnqueueExtensions>).eventsToRegister === 'function'
}
