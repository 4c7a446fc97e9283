/**
 * LeastAllocated, NodeResourcesFit's default scoring strategy: prefer nodes with more room left.
 *
 * Per resource: (allocatable − requested) × 100 / allocatable, 0 when the pod would not fit. The
 * node score is the weighted mean over the resources the node has (integer division).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/least_allocated.go.
 */
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import { type ResourceSpec, type Scorer, weightedMeanScorer } from './resource-allocation'

/** leastRequestedScore. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity)
}

/** leastResourceScorer. */
export function leastResourceScorer(resources: readonly ResourceSpec[]): Scorer {
  return weightedMeanScorer(resources, leastRequestedScore)
}
