/**
 * How much a pod asks for, as the scheduler counts it.
 *
 * kube-scheduler uses resourcehelper.PodRequests (staging/src/k8s.io/component-helpers/resource/
 * helpers.go, AggregateContainerRequests): regular containers and sidecars (init containers with
 * restartPolicy Always) run together, so they add up; each plain init container runs alone next to
 * the sidecars started before it; the pod needs the larger of the two, plus spec.overhead.
 *
 * The "non-zero" variant (pkg/scheduler/framework/types.go calculateResource, and the scoring
 * plugins) fills a container's *missing* cpu / memory request with 100m / 200Mi, so that scoring
 * does not treat best-effort pods as free. An explicit 0 is kept. Filter never uses it.
 *
 * Simplification: each container's quantities are converted to integers (millicores, bytes) before
 * being added; Kubernetes adds Quantities first and rounds once. They differ only for requests
 * finer than 1m CPU or 1 byte.
 */
import type { Container, Pod } from '../../../api/types'
import { addQuantity, emptyResource, type Resource } from './resource'

/** pkg/scheduler/util/pod_resources.go: DefaultMilliCPURequest. */
export const DEFAULT_MILLI_CPU_REQUEST = 100
/** pkg/scheduler/util/pod_resources.go: DefaultMemoryRequest (200 MiB). */
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024

/**
 * A container's request, read only by the callers (they add it up or copy it). A stored container
 * is frozen, and the scheduler asks about the same Pod several times per attempt (PreFilter,
 * PreScore, the PodInfo when assumed and again when confirmed): its requests are parsed once.
 */
function containerRequests(c: Container, nonZero: boolean): Resource {
  const requests = c.resources?.requests
  if (!Object.isFrozen(c) || (requests !== undefined && !Object.isFrozen(requests)))
    return computeContainerRequests(c, nonZero)
  let kept = keptRequests.get(c)
  if (kept === undefined) {
    kept = [undefined, undefined]
    keptRequests.set(c, kept)
  }
  const slot = nonZero ? 1 : 0
  let r = kept[slot]
  if (r === undefined) {
    r = Object.freeze(computeContainerRequests(c, nonZero))
    kept[slot] = r
  }
  return r
}

/** Per frozen container: its request as is, and with the non-zero defaults. */
const keptRequests = new WeakMap<Container, [Resource | undefined, Resource | undefined]>()

function computeContainerRequests(c: Container, nonZero: boolean): Resource {
  const r = emptyResource()
  const requests = c.resources?.requests
  if (requests) for (const name in requests) addQuantity(r, name, requests[name])
  if (nonZero) {
    if (requests?.cpu === undefined) r.milliCPU = DEFAULT_MILLI_CPU_REQUEST
    if (requests?.memory === undefined) r.memory = DEFAULT_MEMORY_REQUEST
  }
  return r
}

function add(a: Resource, b: Resource): void {
  a.milliCPU += b.milliCPU
  a.memory += b.memory
  a.ephemeralStorage += b.ephemeralStorage
  if (b.scalar) {
    a.scalar ??= new Map()
    for (const [k, v] of b.scalar) a.scalar.set(k, (a.scalar.get(k) ?? 0) + v)
  }
}

function max(a: Resource, b: Resource): void {
  a.milliCPU = Math.max(a.milliCPU, b.milliCPU)
  a.memory = Math.max(a.memory, b.memory)
  a.ephemeralStorage = Math.max(a.ephemeralStorage, b.ephemeralStorage)
  if (b.scalar) {
    a.scalar ??= new Map()
    for (const [k, v] of b.scalar) a.scalar.set(k, Math.max(a.scalar.get(k) ?? 0, v))
  }
}

function copy(r: Resource): Resource {
  return { ...r, scalar: r.scalar ? new Map(r.scalar) : null }
}

/** PodRequests: the pod's effective request (`nonZero` fills missing cpu/memory per container). */
export function podRequests(pod: Pod, nonZero = false): Resource {
  const spec = pod.spec
  const reqs = emptyResource()
  if (!spec) return reqs
  for (const c of spec.containers ?? []) add(reqs, containerRequests(c, nonZero))
  const sidecars = emptyResource()
  const initMax = emptyResource()
  for (const c of spec.initContainers ?? []) {
    const r = containerRequests(c, nonZero)
    if (c.restartPolicy === 'Always') {
      // A sidecar keeps running: it counts toward the pod's total and toward every later init.
      add(reqs, r)
      add(sidecars, r)
      max(initMax, sidecars)
    } else {
      const during = copy(r)
      add(during, sidecars)
      max(initMax, during)
    }
  }
  max(reqs, initMax)
  const overhead = spec.overhead
  if (overhead) for (const name in overhead) addQuantity(reqs, name, overhead[name])
  return reqs
}

/** True when the pod requests nothing at all (a best-effort pod, for Filter purposes). */
export function isZeroRequest(r: Resource): boolean {
  return r.milliCPU === 0 && r.memory === 0 && r.ephemeralStorage === 0 && (r.scalar?.size ?? 0) === 0
}
