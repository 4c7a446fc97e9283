/**
 * How informer events reach the scheduler's cache and queue.
 *
 * kube-scheduler: pkg/scheduler/eventhandlers.go (addAllEventHandlers). Pods are split by a
 * filtering handler, as client-go's FilteringResourceEventHandler does: a pod that stops matching
 * a filter is "deleted" for that handler, one that starts matching is "added". So a pod that gets
 * bound leaves the queue and enters the cache in the same update.
 */
import type { Node, Pod } from '../../api/types'
import type { EventHandlers } from '../client/informer'
import type { Message } from '../kernel/trace'
import type { SchedulerCache } from './cache/cache'
import {
  EVENT_ASSIGNED_POD_ADD,
  EVENT_ASSIGNED_POD_DELETE,
  EVENT_NODE_ADD,
  nodeSchedulingPropertiesChange,
  podSchedulingPropertiesChange,
} from './framework/events'
import type { PodNominator } from './framework/nominator'
import type { SchedulingQueue } from './queue/scheduling-queue'

/** client-go FilteringResourceEventHandler. */
export function filtering<T>(
  filter: (obj: T) => boolean,
  h: EventHandlers<T & object>,
): EventHandlers<T & object> {
  return {
    add(obj, m) {
      if (filter(obj)) h.add?.(obj, m)
    },
    update(oldObj, newObj, m) {
      const was = filter(oldObj)
      const is = filter(newObj)
      if (was && is) h.update?.(oldObj, newObj, m)
      else if (!was && is) h.add?.(newObj, m)
      else if (was && !is) h.delete?.(oldObj, m as Message)
    },
    delete(obj, m) {
      if (filter(obj)) h.delete?.(obj, m)
    },
  }
}

export function assignedPod(pod: Pod): boolean {
  return Boolean(pod.spec?.nodeName)
}

/**
 * Terminal pods hold no resources. The scheduler's pod informer excludes them with the field
 * selector `status.phase!=Succeeded,status.phase!=Failed`; the same test here makes a pod that
 * turns terminal leave the cache even if a watch reports it as MODIFIED.
 */
export function terminalPod(pod: Pod): boolean {
  const phase = pod.status?.phase
  return phase === 'Succeeded' || phase === 'Failed'
}

export const POD_FIELD_SELECTOR = 'status.phase!=Succeeded,status.phase!=Failed'

export interface HandlerTarget {
  readonly cache: SchedulerCache
  readonly queue: SchedulingQueue
  /** Optional: pods nominated by preemption follow their pod's updates (the queue's nominator upstream). */
  readonly nominator?: PodNominator
  /** A profile has this schedulerName. */
  responsibleForPod(pod: Pod): boolean
}

/** Unscheduled pods of our profiles → the queue; bound pods → the cache. */
export function podHandlers(t: HandlerTarget): EventHandlers<Pod>[] {
  const unscheduled = filtering<Pod>((p) => !assignedPod(p) && !terminalPod(p) && t.responsibleForPod(p), {
    add: (pod) => {
      t.queue.add(pod)
      t.nominator?.add(pod)
    },
    update: (oldPod, newPod) => {
      // Identical objects (a resync) must not requeue the pod; an assumed pod is being bound.
      if (oldPod.metadata?.resourceVersion === newPod.metadata?.resourceVersion) return
      if (t.cache.isAssumedPod(newPod)) return
      t.queue.update(oldPod, newPod)
      t.nominator?.update(oldPod, newPod)
    },
    delete: (pod) => {
      t.queue.delete(pod)
      t.nominator?.delete(pod)
    },
  })
  const scheduled = filtering<Pod>((p) => assignedPod(p) && !terminalPod(p), {
    add: (pod) => {
      t.cache.addPod(pod)
      t.queue.assignedPodAdded(EVENT_ASSIGNED_POD_ADD, pod)
    },
    update: (oldPod, newPod) => {
      t.cache.updatePod(oldPod, newPod)
      for (const event of podSchedulingPropertiesChange(newPod, oldPod)) {
        t.queue.assignedPodUpdated(oldPod, newPod, event)
      }
    },
    delete: (pod) => {
      t.cache.removePod(pod)
      // Its resources are free now: pods waiting for room may fit.
      t.queue.moveAllToActiveOrBackoffQueue(EVENT_ASSIGNED_POD_DELETE, pod, undefined)
    },
  })
  return [scheduled, unscheduled]
}

export function nodeHandlers(t: HandlerTarget): EventHandlers<Node> {
  return {
    add: (node) => {
      t.cache.addNode(node)
      t.queue.moveAllToActiveOrBackoffQueue(EVENT_NODE_ADD, undefined, node)
    },
    update: (oldNode, newNode) => {
      t.cache.updateNode(oldNode, newNode)
      for (const event of nodeSchedulingPropertiesChange(newNode, oldNode)) {
        t.queue.moveAllToActiveOrBackoffQueue(event, oldNode, newNode)
      }
    },
    delete: (node) => t.cache.removeNode(node),
  }
}
