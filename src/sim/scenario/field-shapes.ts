/**
 * A value of the wrong JSON type (`replicas: "three"`, `image: 42`, `containers: nginx`), and how
 * Go's encoding/json words it when the real decoder meets it: `json: cannot unmarshal string
 * into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32` (the
 * struct that holds the field, the field's path of JSON names without list indices, its Go type).
 * kubectl decodes an object's metadata itself (`unable to decode "pod.yaml": …`); everything else
 * reaches the apiserver, whose decoder refuses the body with a 400 (handlers/decode.ts). Fields
 * the table does not list (unknown ones: strict field validation answers those) are not checked;
 * `null` is always accepted (Go decodes it as the zero value).
 */

import { KIND_TYPES } from '../apiserver/known-fields'
import { FIELD_TYPES } from './field-types'

export interface ShapeProblem {
  /** `spec.containers[0].image`, as fieldLine reads it. */
  readonly path: string
  /** Go's text: `json: cannot unmarshal string into Go struct field … of type int32`. */
  readonly message: string
  /** Whether the field is in the object's metadata (kubectl's own decoding finds those). */
  readonly inMetadata: boolean
}

const parsed = new Map<string, ReadonlyMap<string, string>>()

function fieldsOf(type: string): ReadonlyMap<string, string> | undefined {
  const cached = parsed.get(type)
  if (cached) return cached
  const line = FIELD_TYPES[type]
  if (line === undefined) return undefined
  const map = new Map<string, string>()
  for (const item of line.split(' ')) {
    const colon = item.indexOf(':')
    map.set(item.slice(0, colon), item.slice(colon + 1))
  }
  parsed.set(type, map)
  return map
}

/**
 * Integer fields that are int64 in the Go types (every other integer field of the table is an
 * int32; floats do not occur in the built-in kinds' fields the table lists).
 */
const INT64_FIELDS: ReadonlySet<string> = new Set([
  'activeDeadlineSeconds',
  'deletionGracePeriodSeconds',
  'expirationSeconds',
  'fsGroup',
  'generation',
  'observedGeneration',
  'runAsGroup',
  'runAsUser',
  'startingDeadlineSeconds',
  'supplementalGroups',
  'terminationGracePeriodSeconds',
  'tolerationSeconds',
])

/** Go type names of object types outside the core/v1 package. */
const GO_PACKAGES: Readonly<Record<string, string>> = {
  Quantity: 'resource',
  IntOrString: 'intstr',
}

/** The first field of `obj` (a `apiVersion`/`kind` the apiserver serves) with a value of the wrong type. */
export function shapeProblem(obj: { apiVersion?: unknown; kind?: unknown }): ShapeProblem | undefined {
  const type = KIND_TYPES[`${String(obj.apiVersion)}/${String(obj.kind)}`] ?? KIND_TYPES[String(obj.kind)]
  return type ? check(obj, `=${type}`, { path: '', goPath: '', struct: type, field: '' }) : undefined
}

/** Where the walk is: the indexed path, Go's path of names, the struct holding the field, its name. */
interface At {
  readonly path: string
  readonly goPath: string
  readonly struct: string
  readonly field: string
}

function check(value: unknown, code: string, at: At): ShapeProblem | undefined {
  if (value === null || value === undefined || code === '*') return undefined
  const c = code[0]
  if (c === 's') return typeof value === 'string' ? undefined : wrong(at, code, value)
  if (c === 'n') return isInteger(value, at.field) ? undefined : wrong(at, code, value)
  if (c === 'b') return typeof value === 'boolean' ? undefined : wrong(at, code, value)
  if (c === '[') {
    if (!Array.isArray(value)) return wrong(at, code, value)
    const item = code.slice(1)
    for (let i = 0; i < value.length; i++) {
      // Go names a list element by its list's field, with the element's type.
      const p = check(value[i], item, { ...at, path: `${at.path}[${i}]` })
      if (p) return p
    }
    return undefined
  }
  if (typeof value !== 'object' || Array.isArray(value)) return wrong(at, code, value)
  const obj = value as Record<string, unknown>
  if (c === 'o') return undefined
  if (c === '{') {
    const item = code.slice(1)
    for (const k of Object.keys(obj)) {
      const p = check(obj[k], item, { ...at, path: join(at.path, k) })
      if (p) return p
    }
    return undefined
  }
  const type = code.slice(1)
  const fields = fieldsOf(type)
  if (!fields) return undefined
  for (const k of Object.keys(obj)) {
    const f = fields.get(k)
    if (f === undefined) continue
    const p = check(obj[k], f, { path: join(at.path, k), goPath: join(at.goPath, k), struct: type, field: k })
    if (p) return p
  }
  return undefined
}

/** An integer the field's Go type holds (int32, or int64 for INT64_FIELDS). */
function isInteger(value: unknown, field: string): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false
  return INT64_FIELDS.has(field)
    ? Math.abs(value) <= 2 ** 63 - 1
    : value >= -2_147_483_648 && value <= 2_147_483_647
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

function wrong(at: At, code: string, value: unknown): ShapeProblem {
  const into = at.goPath ? `Go struct field ${at.struct}.${at.goPath}` : `Go value`
  return {
    path: at.path,
    message: `json: cannot unmarshal ${goValue(value, code)} into ${into} of type ${goType(code, at.field)}`,
    inMetadata: at.goPath === 'metadata' || at.goPath.startsWith('metadata.'),
  }
}

/** encoding/json's name for what it found: `string`, `number` (`number 1.5` into an integer), `bool`, `array`, `object`. */
function goValue(value: unknown, code: string): string {
  if (typeof value === 'string') return 'string'
  if (typeof value === 'number') return code[0] === 'n' ? `number ${goNumber(value)}` : 'number'
  if (typeof value === 'boolean') return 'bool'
  return Array.isArray(value) ? 'array' : 'object'
}

/** A number as it was written, as near as a JavaScript number says it (`1.5`, `1e+21`). */
function goNumber(n: number): string {
  return String(n)
}

/** The Go type of a field with this code: `int32`, `string`, `[]v1.Container`, `map[string]string`. */
function goType(code: string, field: string): string {
  const c = code[0]
  if (c === 's') return 'string'
  if (c === 'b') return 'bool'
  if (c === 'n') return INT64_FIELDS.has(field) ? 'int64' : 'int32'
  if (c === '[') return `[]${goType(code.slice(1), field)}`
  if (c === '{') return `map[string]${goType(code.slice(1), field)}`
  if (c === '=') {
    const type = code.slice(1)
    return `${GO_PACKAGES[type] ?? 'v1'}.${type}`
  }
  return 'interface {}'
}
