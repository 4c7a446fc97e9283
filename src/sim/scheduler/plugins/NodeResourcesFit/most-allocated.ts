/**
 * MostAllocated: prefer nodes that are already busy (bin packing), so that whole nodes stay free.
 *
 * Per resource: min(requested, allocatable) × 100 / allocatable — a request above what the node
 * has counts as full, since pods without requests are counted with the non-zero defaults. The node
 * score is the weighted mean over the resources the node has (integer division).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/most_allocated.go.
 */
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { ResourceSpec, Scorer } from './resource-allocation'

/** mostRequestedScore. */
export function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0
  return Math.trunc((Math.min(requested, capacity) * MAX_NODE_SCORE) / capacity)
}

/** mostResourceScorer. */
export function mostResourceScorer(resources: readonly ResourceSpec[]): Scorer {
  return (requested, allocatable) => {
    let nodeScore = 0
    let weightSum = 0
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i] as number
      if (alloc === 0) continue
      const weight = (resources[i] as ResourceSpec).weight
      nodeScore += mostRequestedScore(requested[i] as number, alloc) * weight
      weightSum += weight
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum)
  }
}
