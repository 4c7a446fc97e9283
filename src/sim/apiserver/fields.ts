/**
 * Field selectors (`spec.nodeName=worker-1,status.phase!=Succeeded`). Each resource supports a
 * few fields, as its registry's GetAttrs/SelectableFields do; unknown fields are a 400.
 */
import type { KubeObject } from '../../api/types'

export interface FieldRequirement {
  readonly field: string
  readonly op: '=' | '!='
  readonly value: string
}

const COMMON = ['metadata.name', 'metadata.namespace']

/** Selectable fields per resource (pkg/registry/core/pod/strategy.go PodToSelectableFields, …). */
const SELECTABLE: Record<string, readonly string[]> = {
  pods: [
    ...COMMON,
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  nodes: [...COMMON, 'spec.unschedulable'],
  events: [
    ...COMMON,
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
}

export function parseFieldSelector(resource: string, text: string | undefined): FieldRequirement[] {
  if (!text) return []
  const allowed = SELECTABLE[resource] ?? COMMON
  return text.split(',').map((part) => {
    const m = /^\s*([\w.]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(part)
    if (!m) throw new Error(`invalid selector: '${text}'; can't understand '${part}'`)
    const field = m[1] as string
    if (!allowed.includes(field)) {
      throw new Error(`field label not supported: ${field}`)
    }
    return { field, op: m[2] === '!=' ? '!=' : '=', value: m[3] as string }
  })
}

/**
 * Boolean fields the registries print even when unset: NodeToSelectableFields uses
 * fmt.Sprint(node.Spec.Unschedulable), PodToSelectableFields strconv.FormatBool(hostNetwork).
 */
const BOOLEAN_FIELDS = new Set(['spec.unschedulable', 'spec.hostNetwork'])

/** A field's path, split once: a watch with a field selector tests every event it might get. */
const FIELD_PATHS = new Map<string, readonly string[]>()

function fieldPath(field: string): readonly string[] {
  let path = FIELD_PATHS.get(field)
  if (path === undefined) {
    path = field.split('.')
    // Only selectable fields pass parseFieldSelector; the bound is for any other caller.
    if (FIELD_PATHS.size >= 256) FIELD_PATHS.clear()
    FIELD_PATHS.set(field, path)
  }
  return path
}

export function fieldValue(obj: KubeObject, field: string): string {
  let v: unknown = obj
  for (const part of fieldPath(field)) {
    if (v === null || typeof v !== 'object') {
      v = undefined
      break
    }
    v = (v as Record<string, unknown>)[part]
  }
  if (field === 'source' && v && typeof v === 'object')
    return String((v as { component?: string }).component ?? '')
  if (v === undefined || v === null) return BOOLEAN_FIELDS.has(field) ? 'false' : ''
  return String(v)
}

export function matchesFields(obj: KubeObject, reqs: readonly FieldRequirement[]): boolean {
  for (const r of reqs) {
    const actual = fieldValue(obj, r.field)
    if (r.op === '=' ? actual !== r.value : actual === r.value) return false
  }
  return true
}
