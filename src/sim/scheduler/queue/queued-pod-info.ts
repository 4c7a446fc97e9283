/**
 * framework.QueuedPodInfo: a pod waiting in the scheduling queue, with what the queue needs to
 * order it, back it off and decide when to retry it.
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (QueuedPodInfo).
 */
import type { Pod } from '../../../api/types'
import type { ClusterEvent } from '../framework/events'
import type { QueuedPodInfoView } from '../framework/interfaces'
import { podKey } from '../framework/pod-info'
import { podPriority } from '../plugins/PrioritySort/priority-sort'

export class QueuedPodInfo implements QueuedPodInfoView {
  readonly key: string
  readonly uid: string
  /** Virtual ms of the last time the pod was added (or re-added after a failure). */
  timestamp: number
  /** Virtual ms of the first time it entered activeQ. */
  initialAttemptTimestamp: number | null = null
  /** Scheduling attempts so far (incremented on pop). Drives the backoff. */
  attempts = 0
  /** Plugins that rejected the pod in its last attempt; only their events can requeue it. */
  unschedulablePlugins = new Set<string>()
  /** The PreEnqueue plugin holding the pod, '' when none. */
  gatingPlugin = ''
  gatingPluginEvents: readonly ClusterEvent[] = []
  /** Cached backoff expiry (virtual ms), null until computed. */
  backoffExpiration: number | null = null

  private current: Pod
  private currentPriority: number

  constructor(pod: Pod, nowMs: number) {
    this.current = pod
    this.currentPriority = podPriority(pod)
    this.key = podKey(pod)
    this.uid = pod.metadata?.uid ?? this.key
    this.timestamp = nowMs
  }

  get pod(): Pod {
    return this.current
  }

  /** The newer version of the pod (an informer update): its priority is read again. */
  set pod(pod: Pod) {
    this.current = pod
    this.currentPriority = podPriority(pod)
  }

  /**
   * The pod's spec.priority, read when the pod is set. The queue's heap compares it at every
   * step, and a queue of thousands of Pods made each comparison follow QueuedPodInfo → Pod →
   * spec through memory that is rarely in cache (a pop of 45,000 took ~9 µs, 0.5 in isolation).
   */
  get priority(): number {
    return this.currentPriority
  }

  get gated(): boolean {
    return this.gatingPlugin !== ''
  }
}
