/**
 * NodeResourcesFit.
 * - PreFilter computes the pod's request (containers + sidecars vs. init containers, + overhead).
 * - Filter rejects a node when the request does not fit in allocatable − requested, with one reason
 *   per short resource (`Too many pods`, `Insufficient cpu`, `Insufficient memory`,
 *   `Insufficient ephemeral-storage`, `Insufficient <extended>`), code Unschedulable.
 *   (v1.34 reports UnschedulableAndUnresolvable when the request exceeds the whole node; v1.33 not.)
 * - Score: the scoring strategy — LeastAllocated (the default, cpu:1 memory:1), MostAllocated or
 *   RequestedToCapacityRatio (`scoringStrategy` in the plugin's args).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/fit.go, resource_allocation.go.
 */
import type { Node, Pod } from '../../../../api/types'
import { type CycleState, StateKey } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  FilterPlugin,
  PreFilterOutcome,
  PreFilterPlugin,
  PreScorePlugin,
  ScorePlugin,
} from '../../framework/interfaces'
import { NodeInfo } from '../../framework/node-info'
import { isZeroRequest, podRequests } from '../../framework/pod-requests'
import { isExtendedResourceName, type Resource, scalarOf } from '../../framework/resource'
import { newStatus, type Status } from '../../framework/status'
import { leastResourceScorer } from './least-allocated'
import { mostResourceScorer } from './most-allocated'
import { requestedToCapacityRatioScorer, type UtilizationShapePoint } from './requested-to-capacity-ratio'
import { fillAllocatableRequest, type ResourceSpec, type Scorer } from './resource-allocation'

export const NAME = 'NodeResourcesFit'
const PRE_FILTER_STATE = new StateKey<Resource>(`PreFilter${NAME}`)
const PRE_SCORE_STATE = new StateKey<readonly number[]>(`PreScore${NAME}`)

export type ScoringStrategyType = 'LeastAllocated' | 'MostAllocated' | 'RequestedToCapacityRatio'
export const SCORING_STRATEGY_TYPES: readonly ScoringStrategyType[] = [
  'LeastAllocated',
  'MostAllocated',
  'RequestedToCapacityRatio',
]

export type { ResourceSpec, UtilizationShapePoint }

/** config.ScoringStrategy. */
export interface ScoringStrategy {
  readonly type?: ScoringStrategyType
  readonly resources?: readonly ResourceSpec[]
  /** Only with type RequestedToCapacityRatio. */
  readonly requestedToCapacityRatio?: { readonly shape: readonly UtilizationShapePoint[] }
}

/** NodeResourcesFitArgs (kubescheduler.config.k8s.io/v1), as defaulted. */
export interface NodeResourcesFitArgs {
  readonly ignoredResources?: readonly string[]
  readonly ignoredResourceGroups?: readonly string[]
  readonly scoringStrategy?: ScoringStrategy
}

/** pkg/scheduler/apis/config/v1/defaults.go: LeastAllocated over cpu and memory, weight 1 each. */
export const DEFAULT_FIT_ARGS: { readonly scoringStrategy: ScoringStrategy } = {
  scoringStrategy: {
    type: 'LeastAllocated',
    resources: [
      { name: 'cpu', weight: 1 },
      { name: 'memory', weight: 1 },
    ],
  },
}

export interface InsufficientResource {
  readonly resourceName: string
  readonly reason: string
  readonly requested: number
  readonly used: number
  readonly capacity: number
}

const FITS: readonly InsufficientResource[] = Object.freeze([])

function add(
  out: InsufficientResource[] | null,
  resourceName: string,
  reason: string,
  requested: number,
  used: number,
  capacity: number,
): InsufficientResource[] {
  const list = out ?? []
  list.push({ resourceName, reason, requested, used, capacity })
  return list
}

/**
 * fitsRequest: the pods count first, then (unless the pod requests nothing) cpu, memory,
 * ephemeral-storage and extended resources, each compared with what is left on the node.
 * Returns a shared empty list when everything fits, so passing nodes cost no allocation.
 */
export function fitsRequest(
  podRequest: Resource,
  nodeInfo: NodeInfo,
  ignored: ReadonlySet<string> = new Set(),
  ignoredGroups: ReadonlySet<string> = new Set(),
): readonly InsufficientResource[] {
  let out: InsufficientResource[] | null = null
  const alloc = nodeInfo.allocatable
  const used = nodeInfo.requested
  const pods = nodeInfo.pods.length
  if (pods + 1 > alloc.allowedPodNumber)
    out = add(out, 'pods', 'Too many pods', 1, pods, alloc.allowedPodNumber)
  if (isZeroRequest(podRequest)) return out ?? FITS
  if (podRequest.milliCPU > 0 && podRequest.milliCPU > alloc.milliCPU - used.milliCPU) {
    out = add(out, 'cpu', 'Insufficient cpu', podRequest.milliCPU, used.milliCPU, alloc.milliCPU)
  }
  if (podRequest.memory > 0 && podRequest.memory > alloc.memory - used.memory) {
    out = add(out, 'memory', 'Insufficient memory', podRequest.memory, used.memory, alloc.memory)
  }
  const eph = podRequest.ephemeralStorage
  if (eph > 0 && eph > alloc.ephemeralStorage - used.ephemeralStorage) {
    out = add(
      out,
      'ephemeral-storage',
      'Insufficient ephemeral-storage',
      eph,
      used.ephemeralStorage,
      alloc.ephemeralStorage,
    )
  }
  if (podRequest.scalar) {
    for (const [name, q] of podRequest.scalar) {
      if (q === 0) continue
      if (
        isExtendedResourceName(name) &&
        (ignored.has(name) || ignoredGroups.has(name.split('/')[0] as string))
      ) {
        continue
      }
      if (q > scalarOf(alloc, name) - scalarOf(used, name)) {
        out = add(out, name, `Insufficient ${name}`, q, scalarOf(used, name), scalarOf(alloc, name))
      }
    }
  }
  return out ?? FITS
}

/** Would the pod fit on this node if it were empty? (isFit, for queueing hints.) */
function fitsEmptyNode(pod: Pod, node: Node): boolean {
  const ni = new NodeInfo(node.metadata?.name ?? '')
  ni.setNode(node)
  return fitsRequest(podRequests(pod), ni).length === 0
}

export class Fit implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions {
  readonly name = NAME
  private readonly ignored: ReadonlySet<string>
  private readonly ignoredGroups: ReadonlySet<string>
  private readonly resources: readonly ResourceSpec[]
  readonly scoringStrategy: ScoringStrategyType
  private readonly scorer: Scorer
  /** Per-node scratch for Score (one node at a time), so scoring does not allocate. */
  private readonly requested: Float64Array
  private readonly allocatable: Float64Array

  /**
   * `args` as SetDefaults_NodeResourcesFitArgs leaves them: no scoringStrategy means
   * LeastAllocated over cpu and memory; no resources means cpu and memory; weight 0 means 1.
   * Invalid args are refused here too (NewFit validates); the scheduler configuration reports
   * them with their field paths first.
   */
  constructor(args: NodeResourcesFitArgs = {}) {
    this.ignored = new Set(args.ignoredResources ?? [])
    this.ignoredGroups = new Set(args.ignoredResourceGroups ?? [])
    const strategy = args.scoringStrategy ?? DEFAULT_FIT_ARGS.scoringStrategy
    const resources = strategy.resources?.length
      ? strategy.resources.map((r) => ({ name: r.name, weight: r.weight || 1 }))
      : (DEFAULT_FIT_ARGS.scoringStrategy.resources as readonly ResourceSpec[])
    this.resources = resources
    this.requested = new Float64Array(resources.length)
    this.allocatable = new Float64Array(resources.length)
    switch (strategy.type) {
      case 'LeastAllocated':
        this.scorer = leastResourceScorer(resources)
        break
      case 'MostAllocated':
        this.scorer = mostResourceScorer(resources)
        break
      case 'RequestedToCapacityRatio': {
        const shape = strategy.requestedToCapacityRatio?.shape
        if (!shape?.length) throw new Error(`${NAME}: requestedToCapacityRatio.shape is required`)
        this.scorer = requestedToCapacityRatioScorer(resources, shape)
        break
      }
      default:
        throw new Error(`scoring strategy ${strategy.type} is not supported`)
    }
    this.scoringStrategy = strategy.type
  }

  preFilter(state: CycleState, pod: Pod): PreFilterOutcome {
    PRE_FILTER_STATE.write(state, podRequests(pod))
    return { result: null, status: null }
  }

  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    const request = PRE_FILTER_STATE.read(state) ?? podRequests(pod)
    const insufficient = fitsRequest(request, nodeInfo, this.ignored, this.ignoredGroups)
    if (insufficient.length === 0) return null
    return newStatus(
      'Unschedulable',
      insufficient.map((r) => r.reason),
      NAME,
    )
  }

  /** The pod's request per scoring resource, with the non-zero defaults for cpu and memory. */
  private podRequestList(pod: Pod): number[] {
    const r = podRequests(pod, true)
    return this.resources.map(({ name }) =>
      name === 'cpu'
        ? r.milliCPU
        : name === 'memory'
          ? r.memory
          : name === 'ephemeral-storage'
            ? r.ephemeralStorage
            : scalarOf(r, name),
    )
  }

  preScore(state: CycleState, pod: Pod): Status | null {
    PRE_SCORE_STATE.write(state, this.podRequestList(pod))
    return null
  }

  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    return this.scoreWith(PRE_SCORE_STATE.read(state) ?? this.podRequestList(pod), nodeInfo)
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): void {
    const requests = PRE_SCORE_STATE.read(state) ?? this.podRequestList(pod)
    for (let i = 0; i < nodes.length; i++) scores[i] = this.scoreWith(requests, nodes[i] as NodeInfo)
  }

  private scoreWith(requests: readonly number[], nodeInfo: NodeInfo): number {
    fillAllocatableRequest(nodeInfo, this.resources, requests, this.requested, this.allocatable)
    return this.scorer(this.requested, this.allocatable)
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Pod', actionType: ActionType.Delete | ActionType.UpdatePodScaleDown },
        hint: (pod, oldObj, newObj) => {
          const before = oldObj as Pod
          const after = newObj as Pod | undefined
          if (after === undefined) {
            // Deleting a pod that held resources somewhere may free room.
            return before.spec?.nodeName || before.status?.nominatedNodeName ? 'Queue' : 'QueueSkip'
          }
          if (after.metadata?.uid === pod.metadata?.uid) return 'Queue'
          return after.spec?.nodeName ? 'Queue' : 'QueueSkip'
        },
      },
      {
        event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeAllocatable },
        hint: (pod, oldObj, newObj) => {
          const after = newObj as Node
          if (!fitsEmptyNode(pod, after)) return 'QueueSkip'
          if (oldObj === undefined) return 'Queue'
          return requestedResourcesIncreased(pod, oldObj as Node, after) ? 'Queue' : 'QueueSkip'
        },
      },
    ]
  }
}

/** haveAnyRequestedResourcesIncreased: more pods, or more of a resource the pod asks for. */
function requestedResourcesIncreased(pod: Pod, before: Node, after: Node): boolean {
  const a = new NodeInfo('')
  a.setNode(before)
  const b = new NodeInfo('')
  b.setNode(after)
  if (b.allocatable.allowedPodNumber > a.allocatable.allowedPodNumber) return true
  const r = podRequests(pod)
  if (isZeroRequest(r)) return false
  if (r.milliCPU > 0 && b.allocatable.milliCPU > a.allocatable.milliCPU) return true
  if (r.memory > 0 && b.allocatable.memory > a.allocatable.memory) return true
  if (r.ephemeralStorage > 0 && b.allocatable.ephemeralStorage > a.allocatable.ephemeralStorage) return true
  if (r.scalar) {
    for (const [name, q] of r.scalar) {
      if (q > 0 && scalarOf(b.allocatable, name) > scalarOf(a.allocatable, name)) return true
    }
  }
  return false
}
