/**
 * LeastAllocated, NodeResourcesFit's default scoring strategy: prefer nodes with more room left.
 *
 * Per resource: (allocatable − requested) × 100 / allocatable, 0 when the pod would not fit. The
 * node score is the weighted mean over the resources the node has (integer division).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/least_allocated.go.
 */
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { ResourceSpec, Scorer } from './resource-allocation'

/** leastRequestedScore. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity)
}

/** leastResourceScorer. */
export function leastResourceScorer(resources: readonly ResourceSpec[]): Scorer {
  return (requested, allocatable) => {
    let nodeScore = 0
    let weightSum = 0
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i] as number
      if (alloc === 0) continue
      const weight = (resources[i] as ResourceSpec).weight
      nodeScore += leastRequestedScore(requested[i] as number, alloc) * weight
      weightSum += weight
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum)
  }
}
