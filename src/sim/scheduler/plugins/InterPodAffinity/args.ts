/**
 * InterPodAffinityArgs: the plugin's `pluginConfig[].args`, defaulted and validated as
 * kube-scheduler does (hardPodAffinityWeight defaults to 1 and must be in [0, 100];
 * ignorePreferredTermsOfExistingPods defaults to false).
 *
 * kube-scheduler: pkg/scheduler/apis/config/types_pluginargs.go (InterPodAffinityArgs),
 * pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_InterPodAffinityArgs),
 * pkg/scheduler/apis/config/validation/validation_pluginargs.go (ValidateInterPodAffinityArgs).
 */
import type { ProblemList } from '../../config/read'

export interface InterPodAffinityArgs {
  /**
   * The score an existing pod's *required* affinity term adds when the incoming pod matches it
   * (0 turns that part of scoring off).
   */
  readonly hardPodAffinityWeight?: number
  /** Score only with the incoming pod's preferred terms, never with existing pods' terms. */
  readonly ignorePreferredTermsOfExistingPods?: boolean
}

export const DEFAULT_HARD_POD_AFFINITY_WEIGHT = 1
export const MIN_HARD_POD_AFFINITY_WEIGHT = 0
export const MAX_HARD_POD_AFFINITY_WEIGHT = 100

export const HARD_POD_AFFINITY_WEIGHT_RANGE = `not in valid range [${MIN_HARD_POD_AFFINITY_WEIGHT}, ${MAX_HARD_POD_AFFINITY_WEIGHT}]`

/** The args with the v1 defaults filled in. */
export function defaultInterPodAffinityArgs(args: InterPodAffinityArgs = {}): Required<InterPodAffinityArgs> {
  return {
    hardPodAffinityWeight: args.hardPodAffinityWeight ?? DEFAULT_HARD_POD_AFFINITY_WEIGHT,
    ignorePreferredTermsOfExistingPods: args.ignorePreferredTermsOfExistingPods ?? false,
  }
}

export function validHardPodAffinityWeight(w: number): boolean {
  return w >= MIN_HARD_POD_AFFINITY_WEIGHT && w <= MAX_HARD_POD_AFFINITY_WEIGHT
}

/** Reads `args` at `path` (`profiles[0].pluginConfig[1].args`), reporting problems to `r`. */
export function readInterPodAffinityArgs(
  r: ProblemList,
  value: unknown,
  path: string,
): Required<InterPodAffinityArgs> {
  const o = r.object(value, path) ?? {}
  const wPath = `${path}.hardPodAffinityWeight`
  const weight = r.int(o.hardPodAffinityWeight, wPath) ?? DEFAULT_HARD_POD_AFFINITY_WEIGHT
  if (!validHardPodAffinityWeight(weight)) r.invalid(wPath, weight, HARD_POD_AFFINITY_WEIGHT_RANGE)
  const iPath = `${path}.ignorePreferredTermsOfExistingPods`
  const ignore = o.ignorePreferredTermsOfExistingPods
  let ignorePreferred = false
  if (typeof ignore === 'boolean') ignorePreferred = ignore
  else if (ignore !== undefined && ignore !== null) r.invalid(iPath, ignore, 'must be a boolean')
  return { hardPodAffinityWeight: weight, ignorePreferredTermsOfExistingPods: ignorePreferred }
}
