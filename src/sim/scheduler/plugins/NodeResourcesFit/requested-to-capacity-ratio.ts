/**
 * RequestedToCapacityRatio: score each resource by a piecewise-linear function of its
 * utilization, given as `shape` points (utilization 0–100 → score 0–10). `{0: 0, 100: 10}` packs
 * like MostAllocated; `{0: 10, 100: 0}` spreads like LeastAllocated.
 *
 * Per resource: utilization = requested × 100 / allocatable (integer division), or 100 when the
 * request is above what the node has; score = shape(utilization), with the shape's scores
 * multiplied by 10 to reach the scheduler's 0–100. Resources scoring 0 are left out of the mean
 * (weights included); the node score is the weighted mean, rounded (math.Round).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/noderesources/requested_to_capacity_ratio.go,
 * pkg/scheduler/framework/plugins/helper/shape_score.go.
 */
import { MAX_NODE_SCORE } from '../../framework/interfaces'
import type { ResourceSpec, Scorer } from './resource-allocation'

/** config.MaxCustomPriorityScore: shape scores go up to 10. */
export const MAX_CUSTOM_PRIORITY_SCORE = 10
const MAX_UTILIZATION = 100

/** config.UtilizationShapePoint. */
export interface UtilizationShapePoint {
  readonly utilization: number
  readonly score: number
}

/**
 * helper.BuildBrokenLinearFunction: shape[0].score below the first point, the last point's score
 * above the last one, linear (integer arithmetic, truncated) in between.
 */
export function buildBrokenLinearFunction(shape: readonly UtilizationShapePoint[]): (p: number) => number {
  return (p) => {
    for (let i = 0; i < shape.length; i++) {
      const cur = shape[i] as UtilizationShapePoint
      if (p <= cur.utilization) {
        if (i === 0) return cur.score
        const prev = shape[i - 1] as UtilizationShapePoint
        return (
          prev.score +
          Math.trunc(
            ((cur.score - prev.score) * (p - prev.utilization)) / (cur.utilization - prev.utilization),
          )
        )
      }
    }
    return (shape[shape.length - 1] as UtilizationShapePoint).score
  }
}

/** requestedToCapacityRatioScorer. */
export function requestedToCapacityRatioScorer(
  resources: readonly ResourceSpec[],
  shape: readonly UtilizationShapePoint[],
): Scorer {
  const scale = MAX_NODE_SCORE / MAX_CUSTOM_PRIORITY_SCORE
  const raw = buildBrokenLinearFunction(
    shape.map((p) => ({ utilization: p.utilization, score: p.score * scale })),
  )
  const resourceScore = (requested: number, capacity: number): number =>
    capacity === 0 || requested > capacity
      ? raw(MAX_UTILIZATION)
      : raw(Math.trunc((requested * MAX_UTILIZATION) / capacity))
  return (requested, allocatable) => {
    let nodeScore = 0
    let weightSum = 0
    for (let i = 0; i < requested.length; i++) {
      const alloc = allocatable[i] as number
      if (alloc === 0) continue
      const weight = (resources[i] as ResourceSpec).weight
      const score = resourceScore(requested[i] as number, alloc)
      if (score > 0) {
        nodeScore += score * weight
        weightSum += weight
      }
    }
    return weightSum === 0 ? 0 : Math.round(nodeScore / weightSum)
  }
}
