/**
 * framework.Resource: the resource amounts the scheduler adds up, in the units it compares them
 * (CPU in millicores, memory and ephemeral-storage in bytes, extended resources as integers).
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (Resource, NewResource, Add), and
 * pkg/scheduler/util/utils.go (IsScalarResourceName) with pkg/apis/core/v1/helper/helpers.go.
 */
import { intValue, milliValue } from '../../../api/quantity'

export interface Resource {
  milliCPU: number
  memory: number
  ephemeralStorage: number
  /** Only meaningful for a node's allocatable (`pods`). */
  allowedPodNumber: number
  /** Extended resources, hugepages-*, attachable-volumes-*; null until one is seen. */
  scalar: Map<string, number> | null
}

export type ResourceList = Readonly<Record<string, string | number | undefined>>

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: null }
}

/** Native resources have no domain, or a `kubernetes.io/` domain. */
function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/')
}

/** A device-plugin resource like `nvidia.com/gpu` (v1helper.IsExtendedResourceName). */
export function isExtendedResourceName(name: string): boolean {
  return !isNativeResource(name) && !name.startsWith('requests.')
}

/** Resources the scheduler keeps in Resource.scalar. */
export function isScalarResourceName(name: string): boolean {
  return (
    isExtendedResourceName(name) || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-')
  )
}

export function scalarOf(r: Resource, name: string): number {
  return r.scalar?.get(name) ?? 0
}

export function addScalar(r: Resource, name: string, value: number): void {
  r.scalar ??= new Map()
  r.scalar.set(name, (r.scalar.get(name) ?? 0) + value)
}

/** Resource.Add for one quantity, in the unit the scheduler uses for that resource. */
export function addQuantity(r: Resource, name: string, q: string | number | undefined): void {
  switch (name) {
    case 'cpu':
      r.milliCPU += milliValue(q)
      return
    case 'memory':
      r.memory += intValue(q)
      return
    case 'ephemeral-storage':
      r.ephemeralStorage += intValue(q)
      return
    case 'pods':
      r.allowedPodNumber += intValue(q)
      return
    default:
      if (isScalarResourceName(name)) addScalar(r, name, intValue(q))
  }
}

/** NewResource(list): a node's allocatable, for example. */
export function resourceFromList(list: ResourceList | undefined): Resource {
  const r = emptyResource()
  if (list) for (const name in list) addQuantity(r, name, list[name])
  return r
}

/** a += b (pods count excluded: it only describes allocatable). */
export function addResource(a: Resource, b: Resource): void {
  a.milliCPU += b.milliCPU
  a.memory += b.memory
  a.ephemeralStorage += b.ephemeralStorage
  if (b.scalar) for (const [k, v] of b.scalar) addScalar(a, k, v)
}

/** a -= b. */
export function subtractResource(a: Resource, b: Resource): void {
  a.milliCPU -= b.milliCPU
  a.memory -= b.memory
  a.ephemeralStorage -= b.ephemeralStorage
  if (b.scalar) for (const [k, v] of b.scalar) addScalar(a, k, -v)
}
