/**
 * The part of NodeResourcesFit's scoring shared by its three strategies: for each configured
 * resource, what the node can allocate and what would be requested on it with this pod; then the
 * strategy's scorer turns the two lists into one node score.
 *
 * Requested counts the node's pods with the non-zero defaults for cpu and memory (100m, 200Mi for
 * a container that requests neither), plus this pod's non-zero request. A resource the node does
 * not have (allocatable 0) is left out, and so is an extended resource the pod does not request.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/resource_allocation.go
 * (resourceAllocationScorer.score, calculateResourceAllocatableRequest).
 */
import type { NodeInfo } from '../../framework/node-info'
import { isScalarResourceName, scalarOf } from '../../framework/resource'

/** config.ResourceSpec: a resource and its weight in the node score (1–100). */
export interface ResourceSpec {
  readonly name: string
  readonly weight: number
}

/**
 * Turns per-resource requested and allocatable amounts (index i is `resources[i]`; allocatable 0
 * means "leave out") into a node score in [0, 100].
 */
export type Scorer = (requested: ArrayLike<number>, allocatable: ArrayLike<number>) => number

/**
 * Fills `requested` and `allocatable` for `nodeInfo` (calculateResourceAllocatableRequest per
 * resource). The arrays are the caller's, reused across nodes so the Score loop does not allocate.
 */
export function fillAllocatableRequest(
  nodeInfo: NodeInfo,
  resources: readonly ResourceSpec[],
  podRequests: readonly number[],
  requested: number[] | Float64Array,
  allocatable: number[] | Float64Array,
): void {
  const alloc = nodeInfo.allocatable
  for (let i = 0; i < resources.length; i++) {
    const name = (resources[i] as ResourceSpec).name
    const podRequest = podRequests[i] as number
    let a = 0
    let r = 0
    switch (name) {
      case 'cpu':
        a = alloc.milliCPU
        r = nodeInfo.nonZeroRequested.milliCPU + podRequest
        break
      case 'memory':
        a = alloc.memory
        r = nodeInfo.nonZeroRequested.memory + podRequest
        break
      case 'ephemeral-storage':
        a = alloc.ephemeralStorage
        r = nodeInfo.requested.ephemeralStorage + podRequest
        break
      default:
        // An extended resource the pod does not request does not count.
        if (!(podRequest === 0 && isScalarResourceName(name))) {
          a = scalarOf(alloc, name)
          r = scalarOf(nodeInfo.requested, name) + podRequest
        }
    }
    allocatable[i] = a
    requested[i] = a === 0 ? 0 : r
  }
}

/**
 * The weighted mean of per-resource scores over the resources the node has, truncated: how
 * LeastAllocated and MostAllocated combine their per-resource scores (least_allocated.go,
 * most_allocated.go).
 */
export function weightedMeanScorer(
  resources: readonly ResourceSpec[],
  resourceScore: (requested: number, allocatable: number) => number,
): Scorer {
  return (requested, allocatable) => {
    let nodeScore = 0
    let weightSum = 0
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i] as number
      if (alloc === 0) continue
      const weight = (resources[i] as ResourceSpec).weight
      nodeScore += resourceScore(requested[i] as number, alloc) * weight
      weightSum += weight
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum)
  }
}
