/**
 * The pod nominator: which pods have been promised a node by preemption (status.nominatedNodeName)
 * but are not bound yet. Filter counts them on their node as if they ran there — for pods of
 * lower or equal priority — so that the room preemption made is not taken by someone else.
 *
 * kube-scheduler: pkg/scheduler/backend/queue/nominator.go. Owned by the scheduling queue; read by
 * the framework (RunFilterPluginsWithNominatedPods) and by DefaultPreemption.
 */
import type { Pod } from '../../../api/types'
import { newPodInfo, type PodInfo } from './pod-info'

/**
 * NominatingInfo: what the scheduling cycle says about the pod's nomination. `Override` sets it to
 * `nodeName` ('' clears it); `Noop` keeps whatever the pod's status says.
 */
export interface NominatingInfo {
  readonly mode: 'Override' | 'Noop'
  readonly nodeName: string
}

export interface PodNominatorView {
  /** Pods nominated to `nodeName`, in nomination order. */
  nominatedPodsForNode(nodeName: string): readonly PodInfo[]
  /** True when no pod is nominated anywhere (the Filter loop then skips the lookup). */
  readonly empty: boolean
}

export const NO_NOMINATOR: PodNominatorView = { nominatedPodsForNode: () => [], empty: true }

export class PodNominator implements PodNominatorView {
  private readonly nominatedPods = new Map<string, PodInfo[]>()
  private readonly nodeOf = new Map<string, string>()

  /**
   * @param isBoundOrGone the pod's latest version is gone or already bound: do not nominate it
   *   (upstream checks the pod lister).
   */
  constructor(private readonly isBoundOrGone: (pod: Pod) => boolean = () => false) {}

  get empty(): boolean {
    return this.nodeOf.size === 0
  }

  nominatedPodsForNode(nodeName: string): readonly PodInfo[] {
    return this.nominatedPods.get(nodeName) ?? []
  }

  nominatedNodeOf(pod: Pod): string | undefined {
    return this.nodeOf.get(uidOf(pod))
  }

  /** AddNominatedPod: (re)nominate the pod, replacing any earlier nomination. */
  add(pod: Pod, info?: NominatingInfo, pi?: PodInfo): void {
    this.delete(pod)
    const nodeName = info?.mode === 'Override' ? info.nodeName : (pod.status?.nominatedNodeName ?? '')
    if (nodeName === '' || this.isBoundOrGone(pod)) return
    this.nodeOf.set(uidOf(pod), nodeName)
    let list = this.nominatedPods.get(nodeName)
    if (!list) {
      list = []
      this.nominatedPods.set(nodeName, list)
    }
    // Built only for a Pod it nominates: every Pod the scheduler watches comes through here.
    list.push(pi ?? newPodInfo(pod))
  }

  /** DeleteNominatedPodIfExists. */
  delete(pod: Pod): void {
    const uid = uidOf(pod)
    const nodeName = this.nodeOf.get(uid)
    if (nodeName === undefined) return
    this.nodeOf.delete(uid)
    const list = this.nominatedPods.get(nodeName) ?? []
    const i = list.findIndex((p) => p.uid === uid)
    if (i >= 0) list.splice(i, 1)
    if (list.length === 0) this.nominatedPods.delete(nodeName)
  }

  /**
   * UpdateNominatedPod: when neither version's status names a node, an in-memory nomination is
   * kept (the update may predate the scheduler's own status patch); otherwise the new status
   * decides (a nomination added, changed or removed).
   */
  update(oldPod: Pod, newPod: Pod): void {
    const kept = this.nodeOf.get(uidOf(oldPod))
    const neither = !oldPod.status?.nominatedNodeName && !newPod.status?.nominatedNodeName
    const info: NominatingInfo | undefined =
      neither && kept !== undefined ? { mode: 'Override', nodeName: kept } : undefined
    this.add(newPod, info)
  }
}

function uidOf(pod: Pod): string {
  return pod.metadata?.uid ?? `${pod.metadata?.namespace}/${pod.metadata?.name}`
}
