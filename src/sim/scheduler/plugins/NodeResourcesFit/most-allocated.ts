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
import { type ResourceSpec, type Scorer, weightedMeanScorer } from './resource-allocation'

/** mostRequestedScore. */
export function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0
  return Math.trunc((Math.min(requested, capacity) * MAX_NODE_SCORE) / capacity)
}

/** mostResourceScorer. */
export function mostResourceScorer(resources: readonly ResourceSpec[]): Scorer {
  return weightedMeanScorer(resources, mostRequestedScore)
}
