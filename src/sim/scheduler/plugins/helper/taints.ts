/**
 * Taint and toleration matching, as the core/v1 helpers define it.
 *
 * Sources: staging/src/k8s.io/api/core/v1/toleration.go (ToleratesTaint),
 * pkg/apis/core/v1/helper/helpers.go (TolerationsTolerateTaint, FindMatchingUntoleratedTaint).
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1'

/** An empty effect or key matches any; operator Exists ignores the value; "" means Equal. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false
  if (t.key && t.key !== taint.key) return false
  switch (t.operator ?? '') {
    case '':
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '')
    case 'Exists':
      return true
    default:
      return false
  }
}

export function tolerationsTolerateTaint(
  tolerations: readonly Toleration[] | undefined,
  taint: Taint,
): boolean {
  if (!tolerations) return false
  for (const t of tolerations) if (toleratesTaint(t, taint)) return true
  return false
}

/** The first taint passing `filter` that no toleration tolerates, if any. */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  filter: (t: Taint) => boolean,
): Taint | undefined {
  if (!taints) return undefined
  for (const taint of taints) {
    if (!filter(taint)) continue
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint
  }
  return undefined
}

/** helper.DoNotScheduleTaintsFilterFunc: the effects that keep a pod off a node. */
export function isDoNotScheduleTaint(t: Taint): boolean {
  return t.effect === 'NoSchedule' || t.effect === 'NoExecute'
}
