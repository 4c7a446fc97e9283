/**
 * LeastAllocated, NodeResourcesFit's default scoring strategy: prefer nodes with more room left.
 *
 * Per resource: (allocatable − requested) × 100 / allocatable, where requested counts the node's
 * pods with the non-zero defaults plus this pod; 0 when the pod would not fit. The node score is
 * the weighted mean over the resources the node has (integer division). An extended resource the
 * pod does not request is left out.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/least_allocated.go and
 * resource_allocation.go (calculateResourceAllocatableRequest).
 */
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { isScalarResourceName, scalarOf } from '../../framework/resource'

export interface ResourceSpec {
  readonly name: string
  readonly weight: number
}

/** leastRequestedScore. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity)
}

export function leastAllocatedScore(
  nodeInfo: NodeInfo,
  resources: readonly ResourceSpec[],
  podRequests: readonly number[],
): number {
  const allocatable = nodeInfo.allocatable
  let nodeScore = 0
  let weightSum = 0
  for (let i = 0; i < resources.length; i++) {
    const spec = resources[i] as ResourceSpec
    const podRequest = podRequests[i] as number
    // calculateResourceAllocatableRequest, inlined to keep the Score loop allocation-free.
    let alloc = 0
    let req = 0
    switch (spec.name) {
      case 'cpu':
        alloc = allocatable.milliCPU
        req = nodeInfo.nonZeroRequested.milliCPU + podRequest
        break
      case 'memory':
        alloc = allocatable.memory
        req = nodeInfo.nonZeroRequested.memory + podRequest
        break
      case 'ephemeral-storage':
        alloc = allocatable.ephemeralStorage
        req = nodeInfo.requested.ephemeralStorage + podRequest
        break
      default:
        // An extended resource the pod does not request does not count.
        if (podRequest === 0 && isScalarResourceName(spec.name)) continue
        alloc = scalarOf(allocatable, spec.name)
        req = scalarOf(nodeInfo.requested, spec.name) + podRequest
    }
    if (alloc === 0) continue
    nodeScore += leastRequestedScore(req, alloc) * spec.weight
    weightSum += spec.weight
  }
  return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum)
}
