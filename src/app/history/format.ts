/**
 * JSON Patch operations as the lines the history view prints: `+ /spec/nodeName: "worker-1"`,
 * `~ /status/phase: "Running"`, `- /metadata/annotations/x`. Values are JSON, shortened to a line.
 */
import type { JsonPatchOp } from '../model/json-diff'

export interface OpLine {
  readonly sign: '+' | '~' | '-'
  readonly path: string
  /** The value, shortened; empty for a removal. */
  readonly value: string
  /** The whole value when it was shortened. */
  readonly full?: string
}

const SIGN = { add: '+', replace: '~', remove: '-' } as const

export function opLine(op: JsonPatchOp, max = 140): OpLine {
  const json = op.op === 'remove' ? '' : (JSON.stringify(op.value) ?? 'undefined')
  const shortened = json.length > max
  return {
    sign: SIGN[op.op],
    path: op.path || '/',
    value: shortened ? `${json.slice(0, max - 1)}…` : json,
    ...(shortened ? { full: json } : {}),
  }
}

/** The etcd keys the history view offers, grouped by resource (`pods`, `nodes`…), in key order. */
export function historyKeys(keys: Iterable<string>): { resource: string; keys: string[] }[] {
  const groups = new Map<string, string[]>()
  for (const key of [...keys].sort()) {
    const resource = key.split('/')[2] ?? ''
    // Events and Leases are many and repetitive: they have their own views (get events, describe).
    if (resource === 'events' || resource === 'leases' || resource === '') continue
    const list = groups.get(resource)
    if (list) list.push(key)
    else groups.set(resource, [key])
  }
  return [...groups].map(([resource, list]) => ({ resource, keys: list }))
}
