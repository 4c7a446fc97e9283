/**
 * DefaultNormalizeScore: scale raw scores to [0, maxPriority] by the largest one; `reverse` turns
 * "more is worse" counts (untolerated PreferNoSchedule taints) into "more is better" scores.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/helper/normalize_score.go.
 */
import type { Status } from '../../framework/status'

export function defaultNormalizeScore(
  maxPriority: number,
  reverse: boolean,
  scores: number[],
): Status | null {
  let max = 0
  for (const s of scores) if (s > max) max = s
  if (max === 0) {
    if (reverse) scores.fill(maxPriority)
    return null
  }
  for (let i = 0; i < scores.length; i++) {
    let s = Math.trunc((maxPriority * (scores[i] as number)) / max)
    if (reverse) s = maxPriority - s
    scores[i] = s
  }
  return null
}
