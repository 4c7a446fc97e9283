/**
 * A read-only window on the scheduler for the UI and the CLI: queue lengths, where a pod waits,
 * and the last recorded attempt of each pod still waiting. Holds no state of its own.
 */
import type { Pod } from '../../api/types'
import type { SchedulerCache } from './cache/cache'
import type { QueueName, SchedulingQueue } from './queue/scheduling-queue'
import type { AttemptRecord } from './recording/record'

export interface QueueLengths {
  readonly active: number
  readonly backoff: number
  readonly unschedulable: number
  /** Pods popped and not finished (scheduling or binding). */
  readonly inFlight: number
}

export class SchedulerView {
  constructor(
    private readonly queue: SchedulingQueue,
    private readonly cache: SchedulerCache,
    private readonly attempts: ReadonlyMap<string, AttemptRecord>,
  ) {}

  get queueLengths(): QueueLengths {
    return this.queue.lengths
  }

  /** Which queue the pod is in, if any. */
  queueOf(pod: Pod): QueueName | 'inFlight' | undefined {
    return this.queue.where(pod)
  }

  /** The last attempt of `namespace/name` while it waits (a scheduled Pod's is in the trace only). */
  lastAttempt(podKey: string): AttemptRecord | undefined {
    return this.attempts.get(podKey)
  }

  /** Every waiting pod's last attempt, by `namespace/name`. */
  get lastAttempts(): ReadonlyMap<string, AttemptRecord> {
    return this.attempts
  }

  get numNodes(): number {
    return this.cache.numNodes
  }

  /** Pods the cache counts on nodes (bound and assumed). */
  get numPods(): number {
    return this.cache.numPods
  }
}
