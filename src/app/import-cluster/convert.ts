/**
 * From `kubectl get nodes,pods -A -o yaml` (or `-o json`) to the cluster tab's YAML: the dump's
 * Nodes, and its Pods as plain `kind: Pod` documents (in the cluster tab a Pod is one that is
 * already there when the scenario begins: running on its `spec.nodeName`, or Pending), with a
 * Namespace document for each namespace the Pods use that the cluster does not have from the
 * start. Pure: text in, text (or a problem) out.
 *
 * What the conversion changes:
 * - Times move, all by the same amount, so that the moment of the dump (its newest timestamp:
 *   a node heartbeat, a condition, a container start) is the simulation's time 0
 *   (DEFAULT_START_TIME). Ages, restarts' "ago" and every interval stay as they were.
 * - `metadata.managedFields` and `metadata.resourceVersion` go: bookkeeping of the real
 *   apiserver, which the simulated one keeps for itself. Everything else stays as kubectl printed
 *   it, ownerReferences to the ReplicaSets and DaemonSets the dump does not list included.
 * - Left out: Pods that finished (Succeeded, Failed: they hold nothing), Pods being deleted
 *   (`deletionTimestamp`), Pods bound to a node the dump does not have, and objects that are
 *   neither Nodes nor Pods. The summary counts them.
 */
import { isMap, isSeq, LineCounter, parseAllDocuments, stringify } from 'yaml'
import { DEFAULT_START_MS } from '../../api/time'

/** Namespaces every cluster has from the start (the simulated one writes them at bootstrap). */
const SYSTEM_NAMESPACES: readonly string[] = ['default', 'kube-node-lease', 'kube-public', 'kube-system']

/** Keys whose value is a point in time, in Nodes and Pods. */
const TIME_KEYS: ReadonlySet<string> = new Set([
  'creationTimestamp',
  'deletionTimestamp',
  'lastHeartbeatTime',
  'lastTransitionTime',
  'lastProbeTime',
  'lastUpdateTime',
  'startTime',
  'startedAt',
  'finishedAt',
  'time',
])

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** Why a text is not a dump the app can import. */
export type DumpProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'notYaml'; readonly line: number; readonly detail: string }
  /** The text is YAML, but not a List of Nodes and Pods: `found` is what it is (`v1 Service "web"`). */
  | { readonly kind: 'notList'; readonly line: number; readonly found: string }
  | { readonly kind: 'badItem'; readonly line: number; readonly detail: string }
  | { readonly kind: 'noNodes' }

export interface DumpSummary {
  /** The moment of the dump (its newest timestamp), RFC 3339; undefined when it has no times. */
  readonly dumpTime?: string
  /** How far times moved (ms; negative: back), so that the dump's moment is time 0. */
  readonly shiftMs: number
  readonly nodes: number
  /** Pods bound to a node and running there. */
  readonly running: number
  /** Pods not running yet: waiting for the scheduler, or for their kubelet. */
  readonly pending: number
  /** Namespace documents added for the Pods' namespaces. */
  readonly namespaces: readonly string[]
  readonly skipped: {
    readonly finished: number
    readonly terminating: number
    /** Bound to a node the dump does not have. */
    readonly elsewhere: number
    /** Neither a Node nor a Pod, by kind. */
    readonly other: Readonly<Record<string, number>>
  }
}

export type DumpConversion =
  | { readonly ok: true; readonly yaml: string; readonly summary: DumpSummary }
  | { readonly ok: false; readonly problem: DumpProblem }

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

interface Item {
  readonly object: Obj
  readonly line: number
}

const describeObject = (o: Obj): string => {
  const kind = str(o.kind) ?? 'an object without kind'
  const name = isObj(o.metadata) ? str(o.metadata.name) : undefined
  return `${str(o.apiVersion) ? `${o.apiVersion} ` : ''}${kind}${name ? ` "${name}"` : ''}`
}

/** The items of the text's documents: a List's items, or the documents themselves. */
function readItems(text: string): { items: Item[] } | { problem: DumpProblem } {
  const lineCounter = new LineCounter()
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: false })
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line)
  const items: Item[] = []
  for (const doc of docs) {
    const error = doc.errors[0]
    if (error)
      return { problem: { kind: 'notYaml', line: lineOf(error.pos[0]), detail: firstLine(error.message) } }
    const value: unknown = doc.toJS({ maxAliasCount: 1000 })
    if (value === null || value === undefined) continue
    const line = lineOf(doc.contents?.range[0])
    if (!isObj(value)) {
      return {
        problem: { kind: 'notList', line, found: Array.isArray(value) ? 'a list' : `"${String(value)}"` },
      }
    }
    const kind = str(value.kind)
    if (kind === 'Node' || kind === 'Pod') {
      items.push({ object: value, line })
      continue
    }
    if (!kind?.endsWith('List') || !Array.isArray(value.items)) {
      return { problem: { kind: 'notList', line, found: describeObject(value) } }
    }
    const seq = isMap(doc.contents) ? doc.contents.get('items', true) : undefined
    value.items.forEach((item, i) => {
      const node = isSeq(seq) ? seq.items[i] : undefined
      const range = (node as { range?: [number, number, number] } | undefined)?.range
      items.push({ object: item as Obj, line: range ? lineOf(range[0]) : line })
    })
  }
  return { items }
}

const firstLine = (message: string): string => message.split('\n')[0] ?? message

/** Every timestamp of an object's time fields, in ms. */
function times(value: unknown, out: number[]): void {
  if (Array.isArray(value)) for (const v of value) times(v, out)
  else if (isObj(value))
    for (const [k, v] of Object.entries(value)) {
      if (TIME_KEYS.has(k) && typeof v === 'string' && RFC3339.test(v)) out.push(Date.parse(v))
      else if (typeof v === 'object') times(v, out)
    }
}

const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

/** Move every time field by `shiftMs`, keeping second precision (and fractions, when given). */
function shifted(value: unknown, shiftMs: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shifted(v, shiftMs))
  if (!isObj(value)) return value
  const out: Obj = {}
  for (const [k, v] of Object.entries(value)) {
    if (TIME_KEYS.has(k) && typeof v === 'string' && RFC3339.test(v)) {
      const moved = new Date(Date.parse(v) + shiftMs).toISOString()
      const fraction = /\.(\d+)/.exec(v)?.[1]
      out[k] = fraction
        ? moved.replace(/\.\d+Z$/, `.${fraction.padEnd(3, '0').slice(0, 3)}Z`)
        : moved.replace(/\.\d+Z$/, 'Z')
    } else out[k] = shifted(v, shiftMs)
  }
  return out
}

/** Without the real apiserver's bookkeeping: managedFields, resourceVersion. */
function withoutBookkeeping(o: Obj): Obj {
  const metadata = isObj(o.metadata) ? { ...o.metadata } : {}
  delete metadata.managedFields
  delete metadata.resourceVersion
  return { ...o, metadata }
}

/** `-42d4h3m27s`: how far times moved. */
export function formatShift(ms: number): string {
  if (ms === 0) return '0s'
  let s = Math.round(Math.abs(ms) / 1000)
  const parts: string[] = []
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    if (s >= size) {
      parts.push(`${Math.floor(s / size)}${unit}`)
      s %= size
    }
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}s`)
  return `${ms < 0 ? '-' : '+'}${parts.join('')}`
}

/**
 * Convert a dump to the cluster tab's YAML. Problems: an empty text, text that is not YAML (at
 * its line), YAML that is not a List of Nodes and Pods (at the line of what it is), an item that
 * is not an object or has no name (at its line), a dump without Nodes.
 */
export function dumpToClusterYaml(text: string): DumpConversion {
  if (text.trim() === '') return { ok: false, problem: { kind: 'empty' } }
  const read = readItems(text)
  if ('problem' in read) return { ok: false, problem: read.problem }
  const nodes: Item[] = []
  const pods: Item[] = []
  const other: Record<string, number> = {}
  for (const item of read.items) {
    const o = item.object
    if (!isObj(o)) {
      return {
        ok: false,
        problem: { kind: 'badItem', line: item.line, detail: 'an item of the List is not an object' },
      }
    }
    const kind = str(o.kind)
    if (kind !== 'Node' && kind !== 'Pod') {
      const k = kind ?? '(no kind)'
      other[k] = (other[k] ?? 0) + 1
      continue
    }
    if (!isObj(o.metadata) || !str(o.metadata.name)) {
      return {
        ok: false,
        problem: { kind: 'badItem', line: item.line, detail: `a ${kind} without metadata.name` },
      }
    }
    ;(kind === 'Node' ? nodes : pods).push(item)
  }
  if (nodes.length === 0) return { ok: false, problem: { kind: 'noNodes' } }

  const stamps: number[] = []
  for (const { object } of [...nodes, ...pods]) times(object, stamps)
  const dumpMs = stamps.length ? Math.ceil(Math.max(...stamps) / 1000) * 1000 : undefined
  const shiftMs = dumpMs === undefined ? 0 : DEFAULT_START_MS - dumpMs

  const nodeNames = new Set(nodes.map((n) => str((n.object.metadata as Obj).name) as string))
  const skipped = { finished: 0, terminating: 0, elsewhere: 0 }
  let running = 0
  let pending = 0
  const kept: Obj[] = []
  const namespaces: string[] = []
  for (const { object } of pods) {
    const meta = object.metadata as Obj
    const spec = isObj(object.spec) ? object.spec : {}
    const phase = isObj(object.status) ? str(object.status.phase) : undefined
    const nodeName = str(spec.nodeName)
    if (phase === 'Succeeded' || phase === 'Failed' || phase === 'Unknown') skipped.finished++
    else if (meta.deletionTimestamp) skipped.terminating++
    else if (nodeName && !nodeNames.has(nodeName)) skipped.elsewhere++
    else {
      if (nodeName && phase !== 'Pending') running++
      else pending++
      const ns = str(meta.namespace) || 'default'
      if (!SYSTEM_NAMESPACES.includes(ns) && !namespaces.includes(ns)) namespaces.push(ns)
      kept.push(object)
    }
  }

  const summary: DumpSummary = {
    ...(dumpMs !== undefined ? { dumpTime: rfc3339(dumpMs) } : {}),
    shiftMs,
    nodes: nodes.length,
    running,
    pending,
    namespaces,
    skipped: { ...skipped, other },
  }
  const header = [
    dumpMs !== undefined
      ? `# Imported from \`kubectl get nodes,pods -A -o yaml\`, taken at about ${rfc3339(dumpMs)} (its\n` +
        `# newest timestamp). Times are moved by ${formatShift(shiftMs)} so that this moment is time 0\n` +
        `# (${rfc3339(DEFAULT_START_MS)}); ages are as they were.`
      : '# Imported from `kubectl get nodes,pods -A -o yaml`.',
    `# ${nodes.length} Nodes; ${running} Pods running on them, ${pending} Pending. In the cluster tab a Pod`,
    '# is one already there when the scenario begins (managedFields and resourceVersion left out).',
    ...(skipped.finished || skipped.terminating || skipped.elsewhere
      ? [
          `# Left out: ${skipped.finished} finished, ${skipped.terminating} being deleted, ${skipped.elsewhere} on Nodes not in the dump.`,
        ]
      : []),
  ]
  const docs: Obj[] = [
    ...namespaces.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } })),
    ...nodes.map((n) => shifted(withoutBookkeeping(n.object), shiftMs) as Obj),
    ...kept.map((p) => shifted(withoutBookkeeping(p), shiftMs) as Obj),
  ]
  const body = docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n')
  return { ok: true, yaml: `${header.join('\n')}\n${body}`, summary }
}
