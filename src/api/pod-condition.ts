/**
 * A Pod condition in the shape the apiserver stores and serves it: the fields in the order of the
 * Go struct (k8s.io/api/core/v1 PodCondition: type, observedGeneration, status, lastProbeTime,
 * lastTransitionTime, reason, message), and the two times always present, `null` when unset,
 * because metav1.Time is a struct, not a pointer, and encoding/json does not omit a struct.
 * Every writer of conditions (apiserver, scheduler, kubelet) builds them this way, so a condition
 * read back compares equal to the one written.
 */
import type { PodCondition } from './types'

export function storedPodCondition(c: PodCondition): PodCondition {
  const out: Record<string, unknown> = { type: c.type }
  const generation = (c as { observedGeneration?: number }).observedGeneration
  if (generation) out.observedGeneration = generation
  out.status = c.status
  out.lastProbeTime = c.lastProbeTime ?? null
  out.lastTransitionTime = c.lastTransitionTime ?? null
  if (c.reason) out.reason = c.reason
  if (c.message) out.message = c.message
  return out as unknown as PodCondition
}
