/**
 * The kubelet's status manager (pkg/kubelet/status/status_manager.go): the pod workers hand it the
 * status they computed; it stamps condition transition times and startTime, and a loop of its own
 * writes changes to the apiserver: GET the pod, merge, PATCH `pods/{name}/status` with a strategic
 * merge patch (only when something changed). Once a deleted pod's containers are gone, it sends the
 * final DELETE with grace period 0, which removes the Pod from etcd.
 */
import { storedPodCondition } from '../../api/pod-condition'
import { PODS } from '../../api/resources'
import type { Pod, PodCondition, PodStatus } from '../../api/types'
import type { ApiClient } from '../client/client'
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import { KUBELET_CONDITIONS } from './generate-status'
import { podStatusPatch } from './status-patch'

interface Entry {
  readonly namespace: string
  readonly name: string
  status: PodStatus
  /** Containers stopped and resources reclaimed: the pod may be removed once it is deleted. */
  terminated: boolean
}

/**
 * Keep lastTransitionTime of each kubelet condition whose status did not change, stamp `now` on
 * the others, and keep the first startTime (status_manager.go updateStatusInternal).
 */
export function withTransitionTimes(status: PodStatus, old: PodStatus, now: string): PodStatus {
  // Conditions in the shape the apiserver stores (lastProbeTime: null, Go field order), so the
  // status read back compares equal to the one written and no empty patch follows.
  const conditions = (status.conditions ?? []).map((c): PodCondition => {
    if (!KUBELET_CONDITIONS.includes(c.type) || c.lastTransitionTime) return storedPodCondition(c)
    const prev = (old.conditions ?? []).find((o) => o.type === c.type)
    const lastTransitionTime =
      prev && prev.status === c.status && prev.lastTransitionTime ? prev.lastTransitionTime : now
    return storedPodCondition({ ...c, lastTransitionTime })
  })
  return { ...status, conditions, startTime: old.startTime ?? status.startTime ?? now }
}

/** mergePodStatus: conditions the kubelet does not own stay as the apiserver has them, first. */
export function mergePodStatus(apiStatus: PodStatus, kubeletStatus: PodStatus): PodStatus {
  const conditions = [
    ...(apiStatus.conditions ?? []).filter((c) => !KUBELET_CONDITIONS.includes(c.type)),
    ...(kubeletStatus.conditions ?? []).filter((c) => KUBELET_CONDITIONS.includes(c.type)),
  ]
  return { ...kubeletStatus, conditions }
}

export class StatusManager {
  private readonly entries = new Map<string, Entry>()
  private readonly queue: string[] = []
  private readonly ready = new Signal()

  constructor(
    private readonly kernel: Kernel,
    private readonly client: ApiClient,
  ) {}

  start(): void {
    this.kernel.spawn(this.loop(), `${this.client.owner} status manager`)
  }

  /** The status last set for a pod, if any. */
  get(uid: string): PodStatus | undefined {
    return this.entries.get(uid)?.status
  }

  /** Set a pod's status; it is written to the apiserver when it differs from the last one set. */
  setPodStatus(pod: Pod, status: PodStatus): void {
    const uid = pod.metadata?.uid ?? ''
    const entry = this.entries.get(uid)
    const old = entry?.status ?? pod.status ?? {}
    const stamped = withTransitionTimes(status, old, this.kernel.wallTime())
    if (entry && JSON.stringify(entry.status) === JSON.stringify(stamped)) return
    if (entry) entry.status = stamped
    else
      this.entries.set(uid, {
        namespace: pod.metadata?.namespace ?? 'default',
        name: pod.metadata?.name ?? '',
        status: stamped,
        terminated: false,
      })
    this.enqueue(uid)
  }

  /**
   * The status this kubelet last wrote for a Pod that was already running when the scenario
   * began (a bootstrap Pod): known, not written again. Transition times and startTime come from
   * the Pod's status as the apiserver has it.
   */
  restore(pod: Pod, status: PodStatus): void {
    const uid = pod.metadata?.uid ?? ''
    this.entries.set(uid, {
      namespace: pod.metadata?.namespace ?? 'default',
      name: pod.metadata?.name ?? '',
      status: withTransitionTimes(status, pod.status ?? {}, this.kernel.wallTime()),
      terminated: false,
    })
  }

  /** The pod's containers and sandbox are stopped: once deleted, it may be removed. */
  markTerminated(uid: string): void {
    const entry = this.entries.get(uid)
    if (!entry) return
    entry.terminated = true
    this.enqueue(uid)
  }

  /** Write again (e.g. after the pod got a deletionTimestamp). */
  requestSync(uid: string): void {
    if (this.entries.has(uid)) this.enqueue(uid)
  }

  forget(uid: string): void {
    this.entries.delete(uid)
  }

  private enqueue(uid: string): void {
    if (!this.queue.includes(uid)) this.queue.push(uid)
    this.kernel.notify(this.ready)
  }

  private *loop(): Proc {
    for (;;) {
      while (this.queue.length === 0) yield* wait(this.ready)
      const uid = this.queue.shift() as string
      yield* this.syncPod(uid)
    }
  }

  private *syncPod(uid: string): Proc {
    const entry = this.entries.get(uid)
    if (!entry) return
    const got = yield* this.client.get<Pod>(PODS, entry.namespace, entry.name, 'status')
    if (!got.ok || got.object.metadata?.uid !== uid) {
      // Deleted (or deleted and re-created under the same name): nothing to write.
      this.entries.delete(uid)
      return
    }
    const apiPod = got.object
    const merged = mergePodStatus(apiPod.status ?? {}, entry.status)
    const patch = podStatusPatch(uid, apiPod.status ?? {}, merged)
    if (patch) {
      yield* this.client.patch<Pod>(
        PODS,
        entry.namespace,
        entry.name,
        patch,
        'application/strategic-merge-patch+json',
        'status',
        'status',
      )
    }
    if (entry.terminated && apiPod.metadata?.deletionTimestamp) {
      yield* this.client.delete<Pod>(PODS, entry.namespace, entry.name, 'delete', {
        gracePeriodSeconds: 0,
        uid,
      })
      this.entries.delete(uid)
    }
  }
}
