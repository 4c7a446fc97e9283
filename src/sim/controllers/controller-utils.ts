/**
 * Helpers every workload controller shares: controller references, pod activity, readiness and
 * availability, and the order in which surplus pods are chosen for deletion.
 *
 * kube-controller-manager: pkg/controller/controller_utils.go, pkg/api/v1/pod/util.go,
 * staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/controller_ref.go.
 */
import type { OwnerReference } from 'kubernetes-types/meta/v1'
import { timeMs } from '../../api/time'
import type { KubeObject, Pod } from '../../api/types'
import { factsOf } from './object-facts'

/** metav1.GetControllerOf: the owner reference with `controller: true`, if any. */
export function getControllerOf(obj: KubeObject): OwnerReference | undefined {
  return factsOf(obj).controller
}

/**
 * The pod index controllers look their Pods up by (controller_utils.go's PodControllerUIDIndex):
 * a Pod with a controller is under its controller's uid, an orphan under its namespace's orphan
 * key, so a ReplicaSet's sync reads its own Pods and the orphans it may adopt, not every Pod.
 */
export const POD_CONTROLLER_UID_INDEX = 'podControllerUID'

export const orphanPodIndexKey = (namespace: string | undefined): string => `_ORPHAN_POD/${namespace ?? ''}`

export function podControllerUIDIndex(pod: KubeObject): readonly string[] {
  const ref = getControllerOf(pod)
  return [ref ? ref.uid : orphanPodIndexKey(pod.metadata?.namespace)]
}

/** metav1.IsControlledBy: is `owner` (by uid) the controller of `obj`? */
export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  const ref = getControllerOf(obj)
  return ref !== undefined && ref.uid === owner.metadata?.uid
}

/** metav1.NewControllerRef: controller and blockOwnerDeletion are both true. */
export function newControllerRef(owner: KubeObject, apiVersion: string, kind: string): OwnerReference {
  return {
    apiVersion,
    kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  }
}

/** controller.IsPodActive: not terminal and not being deleted. */
export function isPodActive(pod: Pod): boolean {
  return factsOf(pod).active
}

export function filterActivePods(pods: readonly Pod[]): Pod[] {
  const out: Pod[] = []
  for (let i = 0; i < pods.length; i++) if (factsOf(pods[i] as Pod).active) out.push(pods[i] as Pod)
  return out
}

function readyCondition(pod: Pod) {
  return factsOf(pod).readyCondition
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return readyCondition(pod)?.status === 'True'
}

/**
 * podutil.IsPodAvailable: ready, and ready for at least minReadySeconds (strictly before now).
 * `nowMs` is wall-clock epoch milliseconds.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, nowMs: number): boolean {
  return factsOf(pod).availableAt(minReadySeconds, nowMs)
}

const PHASE_ORDINAL: Readonly<Record<string, number>> = { Pending: 0, Unknown: 1, Running: 2 }

function podReadyTimeMs(pod: Pod): number | undefined {
  const c = readyCondition(pod)
  return c?.status === 'True' ? timeMs(c.lastTransitionTime) : undefined
}

function maxContainerRestarts(pod: Pod): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0))
}

function deletionCost(pod: Pod): number {
  const v = pod.metadata?.annotations?.['controller.kubernetes.io/pod-deletion-cost']
  const n = v === undefined ? 0 : Number.parseInt(v, 10)
  return Number.isNaN(n) ? 0 : n
}

/** afterOrZero: a zero time sorts first, otherwise the later time does. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined
  return t1 > t2
}

/** logarithmicRankDiff (LogarithmicScaleDown, on by default since v1.22): log2 buckets of age. */
function logRankDiff(t1: number, t2: number, nowMs: number): number {
  const rank = (t: number): number => {
    const dNanos = (nowMs - t) * 1e6
    return dNanos > 0 ? Math.floor(Math.log2(dNanos)) : -1
  }
  return rank(t1) - rank(t2)
}

/**
 * controller.ActivePodsWithRanks.Less: should pod `a` be deleted before pod `b`? `rankA`/`rankB`
 * count the related active pods on the same node (doubled-up pods go first).
 */
export function preferForDeletion(a: Pod, rankA: number, b: Pod, rankB: number, nowMs: number): boolean {
  const nodeA = a.spec?.nodeName ?? ''
  const nodeB = b.spec?.nodeName ?? ''
  // 1. Unassigned < assigned.
  if (nodeA !== nodeB && (nodeA === '' || nodeB === '')) return nodeA === ''
  // 2. Pending < Unknown < Running.
  const pa = PHASE_ORDINAL[a.status?.phase ?? ''] ?? 0
  const pb = PHASE_ORDINAL[b.status?.phase ?? ''] ?? 0
  if (pa !== pb) return pa < pb
  // 3. Not ready < ready.
  if (isPodReady(a) !== isPodReady(b)) return !isPodReady(a)
  // 4. Lower pod-deletion-cost < higher.
  if (deletionCost(a) !== deletionCost(b)) return deletionCost(a) < deletionCost(b)
  // 5. Doubled up < not doubled up.
  if (rankA !== rankB) return rankA > rankB
  // 6. Ready for a shorter time < longer (log2 buckets; uid breaks ties).
  if (isPodReady(a) && isPodReady(b)) {
    const ra = podReadyTimeMs(a)
    const rb = podReadyTimeMs(b)
    if (ra !== rb) {
      if (ra === undefined || rb === undefined) return afterOrZero(ra, rb)
      const diff = logRankDiff(ra, rb, nowMs)
      if (diff === 0) return (a.metadata?.uid ?? '') < (b.metadata?.uid ?? '')
      return diff < 0
    }
  }
  // 7. More container restarts < fewer.
  if (maxContainerRestarts(a) !== maxContainerRestarts(b))
    return maxContainerRestarts(a) > maxContainerRestarts(b)
  // 8. Newer < older (log2 buckets; uid breaks ties).
  const ca = timeMs(a.metadata?.creationTimestamp)
  const cb = timeMs(b.metadata?.creationTimestamp)
  if (ca !== cb) {
    if (ca === undefined || cb === undefined) return afterOrZero(ca, cb)
    const diff = logRankDiff(ca, cb, nowMs)
    if (diff === 0) return (a.metadata?.uid ?? '') < (b.metadata?.uid ?? '')
    return diff < 0
  }
  return false
}

/**
 * replica_set.go getPodsToDelete: the `count` pods to delete first, ranked by how many of
 * `relatedPods` (all pods of the same owner's ReplicaSets) share their node.
 */
export function podsToDelete(
  pods: readonly Pod[],
  relatedPods: readonly Pod[],
  count: number,
  nowMs: number,
): Pod[] {
  if (count >= pods.length) return pods.slice(0, count)
  const onNode = new Map<string, number>()
  for (const p of relatedPods) {
    if (!isPodActive(p)) continue
    const n = p.spec?.nodeName ?? ''
    onNode.set(n, (onNode.get(n) ?? 0) + 1)
  }
  const ranked = pods.map((pod) => ({ pod, rank: onNode.get(pod.spec?.nodeName ?? '') ?? 0 }))
  ranked.sort((x, y) =>
    preferForDeletion(x.pod, x.rank, y.pod, y.rank, nowMs)
      ? -1
      : preferForDeletion(y.pod, y.rank, x.pod, x.rank, nowMs)
        ? 1
        : 0,
  )
  return ranked.slice(0, count).map((r) => r.pod)
}

/** Sort by creation time, then name (controller.ReplicaSetsByCreationTimestamp and friends). */
export function byCreation<T extends KubeObject>(a: T, b: T): number {
  const ta = timeMs(a.metadata?.creationTimestamp) ?? 0
  const tb = timeMs(b.metadata?.creationTimestamp) ?? 0
  if (ta !== tb) return ta - tb
  const na = a.metadata?.name ?? ''
  const nb = b.metadata?.name ?? ''
  return na < nb ? -1 : na > nb ? 1 : 0
}
