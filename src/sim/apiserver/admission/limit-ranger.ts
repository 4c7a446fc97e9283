/**
 * LimitRanger (plugin/pkg/admission/limitranger/admission.go, v1.33), for Pods and PVCs created
 * in a namespace with LimitRanges.
 *
 * Mutating: each LimitRange's `Container` items give default limits (`default`) and requests
 * (`defaultRequest`); every container and init container that lacks one gets it, and the Pod is
 * annotated `kubernetes.io/limit-ranger: LimitRanger plugin set: cpu, memory request for
 * container nginx; cpu limit for container nginx` (resources sorted, requests before limits,
 * containers then init containers).
 *
 * Validating: min, max and maxLimitRequestRatio per Container (each container and init
 * container) and per Pod (the pod's summed requests and limits), and min/max storage requests per
 * PersistentVolumeClaim; the errors of one LimitRange are joined as utilerrors.NewAggregate joins
 * them (one alone, several as `[a, b]`), and the first LimitRange with errors rejects the object
 * with a 403.
 *
 * The LimitRange's own defaulting (SetDefaults_LimitRangeItem: `default` from `max`,
 * `defaultRequest` from `default`, then from `min`) is applied here when the item is read,
 * since the simulated registry stores LimitRanges as written. Pod updates are not looked at (their
 * containers' resources are immutable), as upstream.
 */
import { forbidden } from '../../../api/status'
import type { KubeObject, Pod } from '../../../api/types'
import { podLimits, podRequests } from '../../quota/pods'
import { format, parseList, type Quantity, type ResourceList, zero } from '../../quota/quantity'
import type { AdmissionAttributes, AdmissionLister, AdmissionPlugin } from './types'

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger'

type RawList = Readonly<Record<string, string | number>>

interface LimitRangeItem {
  readonly type: string
  readonly max?: RawList
  readonly min?: RawList
  readonly default?: RawList
  readonly defaultRequest?: RawList
  readonly maxLimitRequestRatio?: RawList
}

interface LimitRange extends KubeObject {
  readonly spec?: { readonly limits?: readonly LimitRangeItem[] }
}

interface ContainerLike {
  name: string
  resources?: { limits?: Record<string, string>; requests?: Record<string, string> }
}

/** SetDefaults_LimitRangeItem (pkg/apis/core/v1/defaults.go), for Container items. */
export function defaultLimitRangeItem(item: LimitRangeItem): LimitRangeItem {
  if (item.type !== 'Container') return item
  const def: Record<string, string | number> = { ...(item.default ?? {}) }
  const defReq: Record<string, string | number> = { ...(item.defaultRequest ?? {}) }
  for (const [k, v] of Object.entries(item.max ?? {})) if (!(k in def)) def[k] = v
  for (const [k, v] of Object.entries(def)) if (!(k in defReq)) defReq[k] = v
  for (const [k, v] of Object.entries(item.min ?? {})) if (!(k in defReq)) defReq[k] = v
  return { ...item, default: def, defaultRequest: defReq }
}

const itemsOf = (lr: LimitRange): LimitRangeItem[] => (lr.spec?.limits ?? []).map(defaultLimitRangeItem)

const sortedEntries = (list: RawList | undefined): [string, Quantity][] =>
  Object.entries(parseList(list)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

function limitRanges(lister: AdmissionLister, namespace: string): LimitRange[] {
  return lister.list('', 'limitranges', namespace) as LimitRange[]
}

function objectName(a: AdmissionAttributes): string {
  return a.object.metadata?.name || a.object.metadata?.generateName || 'Unknown'
}

// --- mutation ---

/** defaultContainerResourceRequirements: the Container items' defaults (later items win). */
function defaultRequirements(lr: LimitRange): { requests: ResourceList; limits: ResourceList } {
  const requests: Record<string, Quantity> = {}
  const limits: Record<string, Quantity> = {}
  for (const item of itemsOf(lr)) {
    if (item.type !== 'Container') continue
    Object.assign(requests, parseList(item.defaultRequest))
    Object.assign(limits, parseList(item.default))
  }
  return { requests, limits }
}

/** mergeContainerResources: fill in what the container lacks; the annotation's parts. */
function mergeContainer(
  c: ContainerLike,
  defaults: { requests: ResourceList; limits: ResourceList },
  prefix: string,
  annotations: string[],
): void {
  const setLimits: string[] = []
  const setRequests: string[] = []
  for (const [k, v] of Object.entries(defaults.limits)) {
    if (c.resources?.limits?.[k] !== undefined) continue
    const resources = (c.resources ??= {})
    ;(resources.limits ??= {})[k] = format(v)
    setLimits.push(k)
  }
  for (const [k, v] of Object.entries(defaults.requests)) {
    if (c.resources?.requests?.[k] !== undefined) continue
    const resources = (c.resources ??= {})
    ;(resources.requests ??= {})[k] = format(v)
    setRequests.push(k)
  }
  if (setRequests.length) annotations.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`)
  if (setLimits.length) annotations.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`)
}

/** PodMutateLimitFunc: defaults from one LimitRange, and the annotation (replaced, not merged). */
export function podMutateLimit(lr: LimitRange, pod: Pod): void {
  const defaults = defaultRequirements(lr)
  const annotations: string[] = []
  const spec = pod.spec
  for (const c of (spec?.containers ?? []) as ContainerLike[])
    mergeContainer(c, defaults, 'container', annotations)
  for (const c of (spec?.initContainers ?? []) as ContainerLike[])
    mergeContainer(c, defaults, 'init container', annotations)
  if (annotations.length) {
    const meta = (pod.metadata ??= {}) as { annotations?: Record<string, string> }
    meta.annotations = {
      ...(meta.annotations ?? {}),
      [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${annotations.join('; ')}`,
    }
  }
}

// --- validation ---

const q = (list: ResourceList, k: string): Quantity | undefined => list[k]

function minConstraint(
  type: string,
  name: string,
  enforced: Quantity,
  request: ResourceList,
  limit: ResourceList,
): string | undefined {
  const req = q(request, name)
  const lim = q(limit, name)
  if (!req) return `minimum ${name} usage per ${type} is ${format(enforced)}.  No request is specified`
  if (req.milli < enforced.milli)
    return `minimum ${name} usage per ${type} is ${format(enforced)}, but request is ${format(req)}`
  if (lim && lim.milli < enforced.milli)
    return `minimum ${name} usage per ${type} is ${format(enforced)}, but limit is ${format(lim)}`
  return undefined
}

function maxConstraint(
  type: string,
  name: string,
  enforced: Quantity,
  request: ResourceList,
  limit: ResourceList,
): string | undefined {
  const req = q(request, name)
  const lim = q(limit, name)
  if (!lim) return `maximum ${name} usage per ${type} is ${format(enforced)}.  No limit is specified`
  if (lim.milli > enforced.milli)
    return `maximum ${name} usage per ${type} is ${format(enforced)}, but limit is ${format(lim)}`
  if (req && req.milli > enforced.milli)
    return `maximum ${name} usage per ${type} is ${format(enforced)}, but request is ${format(req)}`
  return undefined
}

/** maxRequestConstraint: PVCs have requests only. */
function maxRequestConstraint(type: string, name: string, enforced: Quantity, request: ResourceList) {
  const req = q(request, name)
  if (!req) return `maximum ${name} usage per ${type} is ${format(enforced)}.  No request is specified`
  if (req.milli > enforced.milli)
    return `maximum ${name} usage per ${type} is ${format(enforced)}, but request is ${format(req)}`
  return undefined
}

/** Go's %f: six decimals. */
const goFloat = (x: number): string => x.toFixed(6)

function ratioConstraint(
  type: string,
  name: string,
  enforced: Quantity,
  request: ResourceList,
  limit: ResourceList,
): string | undefined {
  const req = q(request, name) ?? zero()
  const lim = q(limit, name) ?? zero()
  const head = `${name} max limit to request ratio per ${type} is ${format(enforced)}`
  if (req.milli === 0) return `${head}, but no request is specified or request is 0`
  if (lim.milli === 0) return `${head}, but no limit is specified or limit is 0`
  const observed = lim.milli / req.milli
  if (observed * 1000 > enforced.milli) return `${head}, but provided ratio is ${goFloat(observed)}`
  return undefined
}

function checkAll(errs: string[], item: LimitRangeItem, request: ResourceList, limit: ResourceList): void {
  for (const [k, v] of sortedEntries(item.min)) {
    const e = minConstraint(item.type, k, v, request, limit)
    if (e) errs.push(e)
  }
  for (const [k, v] of sortedEntries(item.max)) {
    const e = maxConstraint(item.type, k, v, request, limit)
    if (e) errs.push(e)
  }
  for (const [k, v] of sortedEntries(item.maxLimitRequestRatio)) {
    const e = ratioConstraint(item.type, k, v, request, limit)
    if (e) errs.push(e)
  }
}

/** PodValidateLimitFunc: the errors one LimitRange finds, in upstream's order. */
export function podValidateLimit(lr: LimitRange, pod: Pod): string[] {
  const errs: string[] = []
  for (const item of itemsOf(lr)) {
    if (item.type === 'Container') {
      for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
        const r = c.resources as ContainerLike['resources']
        checkAll(errs, item, parseList(r?.requests), parseList(r?.limits))
      }
    }
    if (item.type === 'Pod') checkAll(errs, item, podRequests(pod.spec, false), podLimits(pod.spec, false))
  }
  return errs
}

/** PersistentVolumeClaimValidateLimitFunc: min/max on the claim's storage request. */
function pvcValidateLimit(lr: LimitRange, pvc: KubeObject): string[] {
  const errs: string[] = []
  const requests = parseList(
    (pvc as { spec?: { resources?: { requests?: RawList } } }).spec?.resources?.requests,
  )
  for (const item of itemsOf(lr)) {
    if (item.type !== 'PersistentVolumeClaim') continue
    for (const [k, v] of sortedEntries(item.min)) {
      const e = minConstraint(item.type, k, v, requests, {})
      if (e) errs.push(e)
    }
    for (const [k, v] of sortedEntries(item.max)) {
      const e = maxRequestConstraint(item.type, k, v, requests)
      if (e) errs.push(e)
    }
  }
  return errs
}

/** utilerrors.NewAggregate(errs).Error(): duplicates dropped; several are bracketed. */
export function aggregate(errs: readonly string[]): string {
  const unique = [...new Set(errs)]
  return unique.length === 1 ? (unique[0] as string) : `[${unique.join(', ')}]`
}

const isPodCreate = (a: AdmissionAttributes) =>
  a.request.resource === 'pods' && a.request.apiGroup === '' && a.operation === 'CREATE'
const isPvc = (a: AdmissionAttributes) =>
  a.request.resource === 'persistentvolumeclaims' &&
  a.request.apiGroup === '' &&
  (a.operation === 'CREATE' || a.operation === 'UPDATE')

export const limitRanger: AdmissionPlugin = {
  name: 'LimitRanger',
  handles: (a) => a.request.subresource === '' && (isPodCreate(a) || isPvc(a)),
  // Only a Pod's defaults from the namespace's LimitRanges change anything.
  mayMutate: (a, lister) => isPodCreate(a) && limitRanges(lister, a.request.namespace).length > 0,
  *admit(a, lister) {
    if (!isPodCreate(a)) return { allowed: true }
    for (const lr of limitRanges(lister, a.request.namespace)) podMutateLimit(lr, a.object as Pod)
    return { allowed: true }
  },
  *validate(a, lister) {
    for (const lr of limitRanges(lister, a.request.namespace)) {
      const errs = isPodCreate(a) ? podValidateLimit(lr, a.object as Pod) : pvcValidateLimit(lr, a.object)
      if (errs.length) {
        return {
          allowed: false,
          status: forbidden(a.request.resource, objectName(a), aggregate(errs)),
        }
      }
    }
    return { allowed: true }
  },
}
