/**
 * kubectl's own resource arithmetic on Pods: the requests and limits `describe node` adds up, and
 * the QoS class `describe pod` prints.
 *
 * kubectl: staging/src/k8s.io/kubectl/pkg/util/resource/resource.go (PodRequestsAndLimits: regular
 * containers summed; init containers by max, sidecars (restartPolicy Always) added to everything
 * after them; overhead added), pkg/util/qos/qos.go (GetPodQOS: status.qosClass when set, else
 * computed from cpu and memory of regular and init containers).
 */
import type { Container, Pod } from '../types'
import { addQuantity, cmpQuantity, parseQuantity, type Quantity, ZERO_QUANTITY } from './quantity'

export type ResourceList = Map<string, Quantity>

function toList(r: Readonly<Record<string, string | number>> | undefined): ResourceList {
  const out: ResourceList = new Map()
  for (const [name, q] of Object.entries(r ?? {})) out.set(name, parseQuantity(q) ?? ZERO_QUANTITY)
  return out
}

function addList(list: ResourceList, add: ResourceList): void {
  for (const [name, q] of add) {
    const cur = list.get(name)
    list.set(name, cur === undefined ? q : addQuantity(cur, q))
  }
}

function maxList(list: ResourceList, other: ResourceList): void {
  for (const [name, q] of other) {
    const cur = list.get(name)
    if (cur === undefined || cmpQuantity(q, cur) > 0) list.set(name, q)
  }
}

type Pick = (c: Container) => Readonly<Record<string, string | number>> | undefined

function podTotal(pod: Pod, pick: Pick, overheadOnNonZeroOnly: boolean): ResourceList {
  const total: ResourceList = new Map()
  for (const c of pod.spec?.containers ?? []) addList(total, toList(pick(c)))
  const sidecars: ResourceList = new Map()
  const init: ResourceList = new Map()
  for (const c of pod.spec?.initContainers ?? []) {
    const own = toList(pick(c))
    let effective: ResourceList
    if (c.restartPolicy === 'Always') {
      addList(total, own)
      addList(sidecars, own)
      effective = sidecars
    } else {
      effective = new Map()
      addList(effective, own)
      addList(effective, sidecars)
    }
    maxList(init, effective)
  }
  maxList(total, init)
  const overhead = toList(pod.spec?.overhead as Record<string, string> | undefined)
  for (const [name, q] of overhead) {
    const cur = total.get(name)
    if (overheadOnNonZeroOnly) {
      if (cur !== undefined && cur.nanos !== 0n) total.set(name, addQuantity(cur, q))
    } else total.set(name, cur === undefined ? q : addQuantity(cur, q))
  }
  return total
}

/** PodRequestsAndLimits (without in-place resize, which the simulation does not do). */
export function podRequestsAndLimits(pod: Pod): { requests: ResourceList; limits: ResourceList } {
  return {
    requests: podTotal(pod, (c) => c.resources?.requests, false),
    limits: podTotal(pod, (c) => c.resources?.limits, true),
  }
}

const QOS_RESOURCES = new Set(['cpu', 'memory'])

/** ComputePodQOS: BestEffort, Guaranteed or Burstable. */
export function computePodQOS(pod: Pod): string {
  const requests: ResourceList = new Map()
  const limits: ResourceList = new Map()
  let guaranteed = true
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const [name, q] of toList(c.resources?.requests)) {
      if (QOS_RESOURCES.has(name) && q.nanos > 0n) addList(requests, new Map([[name, q]]))
    }
    const found = new Set<string>()
    for (const [name, q] of toList(c.resources?.limits)) {
      if (QOS_RESOURCES.has(name) && q.nanos > 0n) {
        found.add(name)
        addList(limits, new Map([[name, q]]))
      }
    }
    if (!found.has('cpu') || !found.has('memory')) guaranteed = false
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort'
  if (guaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name)
      if (lim === undefined || cmpQuantity(lim, req) !== 0) {
        guaranteed = false
        break
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable'
}

/** GetPodQOS: the class the kubelet stored, or the computed one. */
export function podQOS(pod: Pod): string {
  return pod.status?.qosClass || computePodQOS(pod)
}
