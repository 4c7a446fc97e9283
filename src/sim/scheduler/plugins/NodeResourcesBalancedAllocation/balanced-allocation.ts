/**
 * NodeResourcesBalancedAllocation: favours nodes whose resources would be used evenly with the pod
 * on them.
 * - PreScore: the pod's request for each configured resource (default cpu and memory), as
 *   requested — no 100m / 200Mi defaults for missing requests. A pod requesting none of them
 *   (best-effort) gets Skip, so the plugin does not score it (v1.33+, #130260; before, such a pod
 *   scored 100 everywhere).
 * - Score: for each resource the node has (allocatable > 0; an extended resource only when the pod
 *   requests it), fraction = (node's requested + pod's request) / allocatable, capped at 1. With two
 *   fractions std = |f1 − f2| / 2; with more, the population standard deviation; with fewer, 0.
 *   Score = int64((1 − std) × 100). No normalization. Resource weights are validated to be 1 and
 *   otherwise unused.
 * - No EnqueueExtensions: a Score plugin never rejects a pod.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go and
 * resource_allocation.go (useRequested: true); args: NodeResourcesBalancedAllocationArgs.
 */
import type { Pod } from '../../../../api/types'
import { ProblemList } from '../../config/read'
import { type CycleState, StateKey } from '../../framework/cycle-state'
import { MAX_NODE_SCORE, type PreScorePlugin, type ScorePlugin } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { podRequests } from '../../framework/pod-requests'
import { isScalarResourceName, type Resource, scalarOf } from '../../framework/resource'
import { SKIP, type Status } from '../../framework/status'
import type { ResourceSpec } from '../NodeResourcesFit/resource-allocation'
import {
  DEFAULT_BALANCED_ALLOCATION_RESOURCES,
  type NodeResourcesBalancedAllocationArgs,
  validateBalancedAllocationArgs,
} from './args'

export const NAME = 'NodeResourcesBalancedAllocation'
const PRE_SCORE_STATE = new StateKey<readonly number[]>(`PreScore${NAME}`)

export type { NodeResourcesBalancedAllocationArgs, ResourceSpec }

/** The pod's request for one resource, in the scheduler's units (CPU in millicores). */
function requestOf(r: Resource, name: string): number {
  switch (name) {
    case 'cpu':
      return r.milliCPU
    case 'memory':
      return r.memory
    case 'ephemeral-storage':
      return r.ephemeralStorage
    default:
      return scalarOf(r, name)
  }
}

/** isBestEffortPod: the pod requests none of the configured resources. */
function requestsNothing(requests: readonly number[]): boolean {
  for (let i = 0; i < requests.length; i++) if (requests[i] !== 0) return false
  return true
}

export class BalancedAllocation implements PreScorePlugin, ScorePlugin {
  readonly name = NAME
  readonly resources: readonly ResourceSpec[]
  /** Per-node scratch for Score (one node at a time), so scoring does not allocate. */
  private readonly fractions: Float64Array

  /**
   * `args` as SetDefaults_NodeResourcesBalancedAllocationArgs leaves them: no resources means cpu
   * and memory; weight 0 means 1. Invalid args are refused, as NewBalancedAllocation validates; the
   * scheduler configuration reports them with their field paths first.
   */
  constructor(args: NodeResourcesBalancedAllocationArgs = {}) {
    const resources = args.resources?.length
      ? args.resources.map((r) => ({ name: r.name, weight: r.weight || 1 }))
      : DEFAULT_BALANCED_ALLOCATION_RESOURCES
    const problems = new ProblemList()
    validateBalancedAllocationArgs(problems, { resources }, '')
    if (problems.size > 0) {
      const messages = problems.problems.map((p) => p.message)
      throw new Error(messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`)
    }
    this.resources = resources
    this.fractions = new Float64Array(resources.length)
  }

  /** calculatePodResourceRequestList with the actual requests (useRequested). */
  private podRequestList(pod: Pod): number[] {
    const r = podRequests(pod)
    return this.resources.map(({ name }) => requestOf(r, name))
  }

  preScore(state: CycleState, pod: Pod): Status | null {
    const requests = this.podRequestList(pod)
    if (requestsNothing(requests)) return SKIP
    PRE_SCORE_STATE.write(state, requests)
    return null
  }

  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    let requests = PRE_SCORE_STATE.read(state)
    if (requests === undefined) {
      requests = this.podRequestList(pod)
      if (requestsNothing(requests)) return 0
    }
    return this.balancedScore(nodeInfo, requests)
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: readonly NodeInfo[], scores: number[]): void {
    let requests = PRE_SCORE_STATE.read(state)
    if (requests === undefined) {
      requests = this.podRequestList(pod)
      if (requestsNothing(requests)) {
        scores.fill(0, 0, nodes.length)
        return
      }
    }
    for (let i = 0; i < nodes.length; i++) scores[i] = this.balancedScore(nodes[i] as NodeInfo, requests)
  }

  /** resourceAllocationScorer.score with balancedResourceScorer, over NodeInfo.requested. */
  private balancedScore(nodeInfo: NodeInfo, requests: readonly number[]): number {
    const alloc = nodeInfo.allocatable
    const used = nodeInfo.requested
    const fractions = this.fractions
    let n = 0
    let total = 0
    for (let i = 0; i < this.resources.length; i++) {
      const name = (this.resources[i] as ResourceSpec).name
      const podRequest = requests[i] as number
      // An extended resource the pod does not request does not count.
      if (podRequest === 0 && isScalarResourceName(name)) continue
      const allocatable = requestOf(alloc, name)
      if (allocatable === 0) continue
      let fraction = (requestOf(used, name) + podRequest) / allocatable
      if (fraction > 1) fraction = 1
      total += fraction
      fractions[n++] = fraction
    }
    let std = 0
    if (n === 2) {
      std = Math.abs(((fractions[0] as number) - (fractions[1] as number)) / 2)
    } else if (n > 2) {
      const mean = total / n
      let sum = 0
      for (let i = 0; i < n; i++) {
        const d = (fractions[i] as number) - mean
        sum += d * d
      }
      std = Math.sqrt(sum / n)
    }
    return Math.trunc((1 - std) * MAX_NODE_SCORE)
  }
}
