/**
 * A value of the wrong JSON type (`replicas: "three"`, `image: 42`, `containers: nginx`), found
 * before anything is sent. The real apiserver refuses such a body when decoding it (`json: cannot
 * unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`, a 400); the
 * simulation's objects are plain JSON, so podflow stops it here instead, at the field's line, and
 * the simulation never holds an object it cannot read. Fields the table does not list (unknown
 * ones: the apiserver's strict field validation answers those) are not checked; `null` is always
 * accepted (Go decodes it as the zero value).
 */

import { KIND_TYPES } from '../apiserver/known-fields'
import { FIELD_TYPES } from './field-types'

export interface ShapeProblem {
  /** `spec.containers[0].image`, as fieldLine reads it. */
  readonly path: string
  readonly message: string
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

/** go-yaml (YAML 1.1, what kubectl reads with) takes these as booleans; the `yaml` library does not. */
const YAML11_BOOLEANS =
  /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE)$/

/** The first field of `obj` (a `apiVersion`/`kind` the apiserver serves) with a value of the wrong type. */
export function shapeProblem(obj: { apiVersion?: unknown; kind?: unknown }): ShapeProblem | undefined {
  const type = KIND_TYPES[`${String(obj.apiVersion)}/${String(obj.kind)}`] ?? KIND_TYPES[String(obj.kind)]
  return type ? check(obj, `=${type}`, '') : undefined
}

function check(value: unknown, code: string, path: string): ShapeProblem | undefined {
  if (value === null || value === undefined || code === '*') return undefined
  const c = code[0]
  if (c === 's') return typeof value === 'string' ? undefined : wrong(path, 'a string', value)
  if (c === 'n') return typeof value === 'number' ? undefined : wrong(path, 'a number', value)
  if (c === 'b')
    return typeof value === 'boolean' || (typeof value === 'string' && YAML11_BOOLEANS.test(value))
      ? undefined
      : wrong(path, 'true or false', value)
  if (c === '[') {
    if (!Array.isArray(value)) return wrong(path, 'a list', value)
    const item = code.slice(1)
    for (let i = 0; i < value.length; i++) {
      const p = check(value[i], item, `${path}[${i}]`)
      if (p) return p
    }
    return undefined
  }
  if (typeof value !== 'object' || Array.isArray(value))
    return wrong(path, c === '{' ? 'a map' : 'an object', value)
  const obj = value as Record<string, unknown>
  if (c === 'o') return undefined
  if (c === '{') {
    const item = code.slice(1)
    for (const k of Object.keys(obj)) {
      const p = check(obj[k], item, join(path, k))
      if (p) return p
    }
    return undefined
  }
  const fields = fieldsOf(code.slice(1))
  if (!fields) return undefined
  for (const k of Object.keys(obj)) {
    const f = fields.get(k)
    if (f === undefined) continue
    const p = check(obj[k], f, join(path, k))
    if (p) return p
  }
  return undefined
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

function wrong(path: string, expected: string, value: unknown): ShapeProblem {
  const got = valueText(value)
  // The usual slip: `value: 3` or `version: 1` where Kubernetes wants text.
  const hint =
    expected === 'a string' && (typeof value === 'number' || typeof value === 'boolean')
      ? `; quote it: "${String(value)}"`
      : ''
  return {
    path,
    message: `error validating data: ${path}: must be ${expected}, not ${got}${hint}`,
  }
}

function valueText(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
    return `a string (${JSON.stringify(shown)})`
  }
  if (typeof value === 'number') return `a number (${value})`
  if (typeof value === 'boolean') return `${value}`
  if (Array.isArray(value)) return 'a list'
  return 'an object'
}
