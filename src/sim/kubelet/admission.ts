/**
 * Node admission (pkg/kubelet/lifecycle/predicate.go, generalFilter → noderesources.Fits): before
 * running a Pod, the kubelet checks that it fits the node's allocatable next to the pods already
 * admitted. A pod that does not fit is rejected: phase Failed, reason `OutOf<resource>`.
 */
import { intValue, milliValue } from '../../api/quantity'
import type { Container, Node, Pod } from '../../api/types'

export interface PodRequests {
  readonly milliCpu: number
  readonly memory: number
  readonly ephemeralStorage: number
}

const ZERO: PodRequests = { milliCpu: 0, memory: 0, ephemeralStorage: 0 }

function containerRequests(c: Container): PodRequests {
  const r = c.resources?.requests ?? {}
  const l = c.resources?.limits ?? {}
  // Requests default to limits (the apiserver's defaulting does this too; be safe for raw pods).
  return {
    milliCpu: milliValue(r.cpu ?? l.cpu),
    memory: intValue(r.memory ?? l.memory),
    ephemeralStorage: intValue(r['ephemeral-storage'] ?? l['ephemeral-storage']),
  }
}

const add = (a: PodRequests, b: PodRequests): PodRequests => ({
  milliCpu: a.milliCpu + b.milliCpu,
  memory: a.memory + b.memory,
  ephemeralStorage: a.ephemeralStorage + b.ephemeralStorage,
})
const max = (a: PodRequests, b: PodRequests): PodRequests => ({
  milliCpu: Math.max(a.milliCpu, b.milliCpu),
  memory: Math.max(a.memory, b.memory),
  ephemeralStorage: Math.max(a.ephemeralStorage, b.ephemeralStorage),
})

/** A pod's effective requests: max(sum of containers, largest init container) + overhead. */
export function podRequests(pod: Pod): PodRequests {
  const spec = pod.spec
  const regular = (spec?.containers ?? []).map(containerRequests).reduce(add, ZERO)
  const init = (spec?.initContainers ?? []).map(containerRequests).reduce(max, ZERO)
  const overhead = spec?.overhead
    ? {
        milliCpu: milliValue(spec.overhead.cpu),
        memory: intValue(spec.overhead.memory),
        ephemeralStorage: intValue(spec.overhead['ephemeral-storage']),
      }
    : ZERO
  return add(max(regular, init), overhead)
}

export interface Rejection {
  /** `OutOfcpu`, `OutOfmemory`, `OutOfpods`, `OutOfephemeral-storage`. */
  readonly reason: string
  /** `Node didn't have enough resource: cpu, requested: 5000, used: 1200, capacity: 3800` */
  readonly message: string
}

/** Check `pod` against the node's allocatable, given the pods already admitted there. */
export function admitPod(pod: Pod, admitted: readonly Pod[], node: Node): Rejection | undefined {
  const alloc = node.status?.allocatable ?? {}
  const used = admitted.map(podRequests).reduce(add, ZERO)
  const want = podRequests(pod)
  const insufficient = (
    resource: string,
    requested: number,
    usedAmount: number,
    capacity: number,
  ): Rejection => ({
    reason: `OutOf${resource}`,
    message: `Node didn't have enough resource: ${resource}, requested: ${requested}, used: ${usedAmount}, capacity: ${capacity}`,
  })
  const allowedPods = alloc.pods !== undefined ? intValue(alloc.pods) : 110
  if (admitted.length + 1 > allowedPods) return insufficient('pods', 1, admitted.length, allowedPods)
  const cpu = milliValue(alloc.cpu)
  if (want.milliCpu > 0 && want.milliCpu > cpu - used.milliCpu)
    return insufficient('cpu', want.milliCpu, used.milliCpu, cpu)
  const memory = intValue(alloc.memory)
  if (want.memory > 0 && want.memory > memory - used.memory)
    return insufficient('memory', want.memory, used.memory, memory)
  const storage = intValue(alloc['ephemeral-storage'])
  if (
    alloc['ephemeral-storage'] !== undefined &&
    want.ephemeralStorage > 0 &&
    want.ephemeralStorage > storage - used.ephemeralStorage
  )
    return insufficient('ephemeral-storage', want.ephemeralStorage, used.ephemeralStorage, storage)
  return undefined
}

/** The status the kubelet sets on a rejected pod (kubelet.go rejectPod). */
export const rejectionMessage = (r: Rejection): string => `Pod was rejected: ${r.message}`
