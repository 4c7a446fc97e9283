/**
 * Kubernetes object types shared by the simulation and the UI. The shapes come from
 * kubernetes-types (generated from the OpenAPI spec), so every real field is accepted, and the
 * simulation keeps fields it does not model rather than rejecting them.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1'
import type {
  Binding,
  Container,
  ContainerStatus,
  Event,
  Namespace,
  Node,
  Pod,
  PodCondition,
  PodSpec,
  PodStatus,
  ServiceAccount,
} from 'kubernetes-types/core/v1'
import type { ObjectMeta, Status } from 'kubernetes-types/meta/v1'

export type {
  Binding,
  Container,
  ContainerStatus,
  Deployment,
  Event,
  Namespace,
  Node,
  ObjectMeta,
  Pod,
  PodCondition,
  PodSpec,
  PodStatus,
  ReplicaSet,
  ServiceAccount,
  Status,
}

/**
 * Any API object: what the apiserver stores and serves. No index signature, so that every
 * kubernetes-types interface (Pod, Node, ReplicaSet…) is assignable to it; code that reads other
 * fields generically goes through `fields(obj)`.
 */
export interface KubeObject {
  apiVersion?: string
  kind?: string
  metadata?: ObjectMeta
}

/** The object's top-level fields, for generic code (spec, status, data…). */
export function fields(obj: KubeObject): Record<string, unknown> {
  return obj as Record<string, unknown>
}

/** The same object after the apiserver stored it: metadata is always there. */
export type Stored<T extends KubeObject> = T & { metadata: ObjectMeta & { name: string; uid: string } }

/** A key for caches and queues: `namespace/name`, or `name` for cluster-scoped objects. */
export function objectKey(obj: { metadata?: ObjectMeta }): string {
  const m = obj.metadata
  return m?.namespace ? `${m.namespace}/${m.name}` : (m?.name ?? '')
}

/** Deep-freeze a value so that a stored revision can be shared safely by every reader. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) deepFreeze(value[i])
      return value
    }
    // for-in, not Object.keys: no array of keys per object (every stored object is frozen once, a
    // hot path). The same keys in the same order: API objects are plain data, whose prototype
    // (Object.prototype or null) has no enumerable property.
    const obj = value as Record<string, unknown>
    for (const k in obj) deepFreeze(obj[k])
  }
  return value
}

/** A mutable deep copy (stored objects are frozen; writers copy first). */
export function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(clone) as T
  const out: Record<string, unknown> = {}
  const obj = value as Record<string, unknown>
  // for-in over plain data: the keys Object.keys gives, without an array of them (see deepFreeze).
  for (const k in obj) setOwn(out, k, clone(obj[k]))
  return out as T
}

/**
 * `obj[key] = value` as an own data property, whatever the key: assigning `__proto__` would set
 * the prototype instead, and `__proto__` is a valid ConfigMap/Secret data key that JSON and YAML
 * parsing give as an own property.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
  } else obj[key] = value
}

/** kubernetes-types marks server-set fields readonly; the apiserver and writers need them writable. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] }

/** The object's metadata (created if missing), writable. */
export function writableMeta(obj: KubeObject): Writable<ObjectMeta> {
  obj.metadata ??= {}
  return obj.metadata as Writable<ObjectMeta>
}
