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

  constructor(
    public pod: Pod,
    nowMs: number,
  ) {
    this.key = podKey(pod)
    this.uid = pod.metadata?.uid ?? this.key
    this.timestamp = nowMs
  }

  get gated(): boolean {
    return this.gatingPlugin !== ''
  }
}
