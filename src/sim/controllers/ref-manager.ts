/**
 * ControllerRefManager: which objects a controller owns. An object it controls and still selects is
 * kept; one it controls but no longer selects is released; an orphan it selects is adopted.
 * Objects controlled by someone else are never touched.
 *
 * kube-controller-manager: pkg/controller/controller_ref_manager.go (ClaimObject, AdoptPod,
 * ReleasePod and the strategic merge patches they send).
 */
import type { LabelSelector, OwnerReference } from 'kubernetes-types/meta/v1'
import { parsedLabelSelector } from '../../api/labels'
import type { KubeObject } from '../../api/types'
import { factsOf, type ObjectFacts } from './object-facts'

export interface ClaimPlan<T extends KubeObject> {
  /** Objects already controlled by the owner and still selected. */
  readonly owned: T[]
  /** What was read of each of `owned`, in the same order (for the caller's own pass over them). */
  readonly ownedFacts: ObjectFacts[]
  readonly adopt: T[]
  readonly release: T[]
}

export function planClaims<T extends KubeObject>(
  owner: KubeObject,
  selector: LabelSelector | undefined,
  candidates: readonly T[],
  /** Leave out inactive Pods (controller.FilterActivePods first), in the same pass. */
  activeOnly = false,
): ClaimPlan<T> {
  const plan: ClaimPlan<T> = { owned: [], ownedFacts: [], adopt: [], release: [] }
  const ownerDeleting = owner.metadata?.deletionTimestamp !== undefined
  const parsed = parsedLabelSelector(selector)
  const ownerUid = owner.metadata?.uid
  for (let i = 0; i < candidates.length; i++) {
    const obj = candidates[i] as T
    const facts = factsOf(obj)
    if (activeOnly && !facts.active) continue
    const ref = facts.controller
    const selected = parsed !== undefined && facts.selectedBy(parsed)
    if (ref) {
      if (ref.uid !== ownerUid) continue
      if (selected) {
        plan.owned.push(obj)
        plan.ownedFacts.push(facts)
      } else if (!ownerDeleting) plan.release.push(obj)
      continue
    }
    if (ownerDeleting || !selected) continue
    if (obj.metadata?.deletionTimestamp) continue
    if (obj.metadata?.namespace !== owner.metadata?.namespace) continue
    plan.adopt.push(obj)
  }
  return plan
}

/** ownerRefControllerPatch: the strategic merge patch that adopts an object. */
export function adoptPatch(ref: OwnerReference, obj: KubeObject): unknown {
  return { metadata: { ownerReferences: [ref], uid: obj.metadata?.uid } }
}

/** GenerateDeleteOwnerRefStrategicMergeBytes: the patch that releases an object. */
export function releasePatch(ownerUid: string, obj: KubeObject): unknown {
  return { metadata: { ownerReferences: [{ $patch: 'delete', uid: ownerUid }], uid: obj.metadata?.uid } }
}
