/**
 * A scenario as one YAML file a person can read and edit, and back:
 *
 *   apiVersion: podflow.dev/v1alpha1
 *   kind: Scenario
 *   seed: 1
 *   cluster: |            # the cluster tab (Nodes, a KubeSchedulerConfiguration, Users, RBAC, …); "" = default
 *     apiVersion: v1
 *     kind: Node
 *     …
 *   actions:              # what happened, at virtual times (Go durations: 250ms, 1.5s, 2m5s)
 *   - at: 1.5s
 *     type: apply         # apply | delete | cordon | uncordon | drain | a fault (node-down, …)
 *     as: alice           # optional: one of the cluster's users
 *     yaml: |
 *       apiVersion: v1
 *       kind: Pod
 *       …
 *   - at: 30s
 *     type: node-down
 *     node: worker-1
 *     mode: stop
 *   workload: |           # the workload tab (what Apply would send next)
 *     …
 *   clusterDraft: |       # only when the cluster tab holds edits not yet in use
 *
 * An action is its ScenarioInput form with `atMs` written as `at` and the apply's manifest as a
 * block string, so every action the simulation knows (faults included) goes through unchanged;
 * reading checks the shape, with the line of each problem, and the worker checks the rest when the
 * scenario is loaded (its problems are put back at their lines in the file: locateLoadProblems).
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Pair,
  parseAllDocuments,
  Scalar,
  YAMLMap,
  type Node as YamlNode,
} from 'yaml'
import type { ParseProblem, ScenarioActionInput, ScenarioInput } from '../../protocol/messages'
import { formatDuration, parseDuration } from './duration'

export const SCENARIO_API_VERSION = 'podflow.dev/v1alpha1'
export const SCENARIO_KIND = 'Scenario'
export const SCENARIO_FILE_NAME = 'podflow-scenario.yaml'
/** Larger files are refused before parsing (the simulation's own manifest limit). */
export const MAX_SCENARIO_FILE_BYTES = 5 * 1024 * 1024

/** What a scenario file holds: the run's inputs and the editor's two tabs. */
export interface ScenarioFile {
  readonly scenario: ScenarioInput
  /** The workload tab's YAML (what Apply sends next). */
  readonly workload?: string
  /** The cluster tab's text when it differs from the cluster the run uses (edits not yet in use). */
  readonly clusterDraft?: string
}

/** Where things are in a file that was read, to put the worker's problems back at their lines. */
export interface ScenarioFileLines {
  /** The line of `kind:` (or 1): where problems that belong to no field go. */
  readonly top: number
  readonly cluster?: BlockLines
  readonly actions: readonly BlockLines[]
}

export interface BlockLines {
  /** The line of the field (`cluster:`) or of the action's first key. */
  readonly line: number
  /** For a literal block string (`|`): the file line of the string's first line. */
  readonly firstContentLine?: number
}

export type ScenarioFileRead =
  | { readonly ok: true; readonly file: ScenarioFile; readonly lines: ScenarioFileLines }
  | { readonly ok: false; readonly problems: readonly ParseProblem[] }

const USER_ACTIONS = ['apply', 'delete', 'cordon', 'uncordon', 'drain'] as const
const TOP_FIELDS = ['apiVersion', 'kind', 'seed', 'cluster', 'actions', 'workload', 'clusterDraft'] as const

// ---------------------------------------------------------------------------------------------
// Writing

/** The file's text. Deterministic: the same input gives the same bytes. */
export function writeScenarioFile(file: ScenarioFile): string {
  const doc = new Document<YAMLMap>(new YAMLMap())
  doc.commentBefore =
    ' A podflow scenario: everything that determines a run. Same scenario, same run, message for message.\n' +
    ' Edit it freely, then load it with Export ▸ Import scenario….'
  const root = doc.contents as YAMLMap
  const set = (key: string, value: unknown, comment?: string) => {
    const k = new Scalar(key)
    if (comment) k.commentBefore = comment
    root.add(doc.createPair(k, value))
  }
  set('apiVersion', SCENARIO_API_VERSION)
  set('kind', SCENARIO_KIND)
  set('seed', file.scenario.seed, ' The seed of the simulation’s randomness.')
  set(
    'cluster',
    text(file.scenario.clusterYaml),
    ' The cluster tab: Nodes, a KubeSchedulerConfiguration, Users, RBAC objects, …; "" is the default\n' +
      ' cluster (a control-plane node and three workers).',
  )
  set(
    'actions',
    file.scenario.actions.map(writeAction),
    ' What happened, in order, at virtual times (250ms, 1.5s, 2m5s): apply, delete, cordon, uncordon,\n' +
      ' drain, and what-if faults (node-down, drop-message, image-pull-failure, …).',
  )
  if (file.workload !== undefined)
    set('workload', text(file.workload), ' The workload tab (not applied yet).')
  if (file.clusterDraft !== undefined)
    set('clusterDraft', text(file.clusterDraft), ' The cluster tab’s edits, not yet in use.')
  return doc.toString({ lineWidth: 0, indentSeq: false })
}

/** Multi-line strings as literal blocks (`|`), the way manifests are read. */
function text(value: string): Scalar {
  const s = new Scalar(value)
  if (value.includes('\n')) s.type = Scalar.BLOCK_LITERAL
  return s
}

function writeAction(action: ScenarioActionInput): YAMLMap {
  const map = new YAMLMap()
  const fields = action as unknown as Readonly<Record<string, unknown>>
  map.set('at', formatDuration(action.atMs))
  map.set('type', action.type)
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'atMs' || key === 'type' || key === 'yaml' || value === undefined) continue
    map.set(key, value)
  }
  if (action.type === 'apply') map.set('yaml', text(action.yaml))
  return map
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Read a scenario file: the scenario and the editor's tabs, or every problem found, with lines. */
export function readScenarioFile(source: string): ScenarioFileRead {
  const bytes = new TextEncoder().encode(source).length
  if (bytes > MAX_SCENARIO_FILE_BYTES)
    return fail(1, `the file is ${bytes} bytes; the limit is ${MAX_SCENARIO_FILE_BYTES} bytes`)
  const lineCounter = new LineCounter()
  const docs = parseAllDocuments(source, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const list = (Array.isArray(docs) ? docs : [docs]).filter((d) => d.contents !== null || d.errors.length)
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line)
  const problems: ParseProblem[] = []
  for (const doc of list) {
    for (const e of doc.errors) {
      const pos = lineCounter.linePos(e.pos[0])
      problems.push({ line: pos.line, column: pos.col, message: firstLine(e.message) })
    }
  }
  if (problems.length) return { ok: false, problems }
  const doc = list[0]
  if (!doc) return fail(1, 'the file is empty; a scenario starts with apiVersion: podflow.dev/v1alpha1')
  if (list.length > 1)
    return fail(lineOf(list[1]?.range[0]), 'a scenario file holds one YAML document; found another here')
  const root = doc.contents
  if (!isMap(root))
    return fail(lineOf(root?.range?.[0]), 'a scenario file is a mapping (apiVersion, kind, seed, …)')

  const reader = new Reader(lineOf, problems)
  const fields = reader.fields(root, TOP_FIELDS, 'the scenario')
  const top = lineOf((fields.get('kind') ?? fields.get('apiVersion'))?.key.range?.[0] ?? root.range?.[0])

  const apiVersion = fields.get('apiVersion')
  const kind = fields.get('kind')
  if (!apiVersion || !kind) {
    reader.problem(
      root,
      `a scenario file starts with apiVersion: ${SCENARIO_API_VERSION} and kind: ${SCENARIO_KIND}`,
    )
  } else {
    const v = reader.string(apiVersion.value, 'apiVersion')
    if (v !== undefined && v !== SCENARIO_API_VERSION)
      reader.problem(apiVersion.value, `apiVersion must be ${SCENARIO_API_VERSION}, not "${v}"`)
    const k = reader.string(kind.value, 'kind')
    if (k !== undefined && k !== SCENARIO_KIND)
      reader.problem(kind.value, `kind must be ${SCENARIO_KIND}, not "${k}"`)
  }

  let seed = 1
  const seedField = fields.get('seed')
  if (seedField) {
    const n = reader.scalar(seedField.value)
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      reader.problem(seedField.value, `seed must be a whole number ≥ 0, not ${show(n)}`)
    else seed = n
  }

  let clusterYaml = ''
  let cluster: BlockLines | undefined
  const clusterField = fields.get('cluster')
  if (clusterField) {
    const value = reader.string(clusterField.value, 'cluster', true)
    if (value !== undefined) clusterYaml = value
    cluster = reader.blockLines(clusterField)
  }

  const actions: ScenarioActionInput[] = []
  const actionLines: BlockLines[] = []
  const actionsField = fields.get('actions')
  if (actionsField && !(isScalar(actionsField.value) && actionsField.value.value === null)) {
    const seq = actionsField.value
    if (!isSeq(seq))
      reader.problem(seq, 'actions must be a list (one item per action, each with at and type)')
    else
      seq.items.forEach((item, i) => {
        const read = reader.action(item as YamlNode | null, i + 1)
        if (read) {
          actions.push(read.action)
          actionLines.push(read.lines)
        }
      })
  }

  const optionalText = (name: 'workload' | 'clusterDraft') => {
    const field = fields.get(name)
    return field ? reader.string(field.value, name, true) : undefined
  }
  const workload = optionalText('workload')
  const clusterDraft = optionalText('clusterDraft')

  if (problems.length) return { ok: false, problems: [...problems].sort((a, b) => a.line - b.line) }
  return {
    ok: true,
    file: {
      scenario: { seed, clusterYaml, actions },
      ...(workload !== undefined ? { workload } : {}),
      ...(clusterDraft !== undefined ? { clusterDraft } : {}),
    },
    lines: { top, ...(cluster ? { cluster } : {}), actions: actionLines },
  }
}

interface Field {
  readonly key: Scalar
  readonly value: YamlNode | null
  readonly pair: Pair
}

/** Reads values out of the document, recording a problem (with its line) for each bad one. */
class Reader {
  constructor(
    private readonly lineOf: (offset: number | undefined) => number,
    private readonly problems: ParseProblem[],
  ) {}

  problem(node: YamlNode | null | undefined, message: string): void {
    this.problems.push({ line: this.lineOf(node?.range?.[0]), message })
  }

  /** The fields of a mapping by name; unknown and non-string keys are problems. */
  fields(map: YAMLMap, known: readonly string[] | undefined, what: string): Map<string, Field> {
    const out = new Map<string, Field>()
    for (const pair of map.items) {
      const key = pair.key
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.problem(key as YamlNode | null, `${what}: field names are plain words`)
        continue
      }
      if (known && !known.includes(key.value)) {
        this.problem(key, `${what}: unknown field "${key.value}" (known: ${known.join(', ')})`)
        continue
      }
      out.set(key.value, { key, value: pair.value as YamlNode | null, pair })
    }
    return out
  }

  /** A scalar's value (string, number, boolean, null); a problem and undefined for a list or map. */
  scalar(node: YamlNode | null, name?: string): unknown {
    if (node === null) return null
    if (isScalar(node)) return node.value
    if (name) this.problem(node, `${name} must be a single value, not a ${isSeq(node) ? 'list' : 'mapping'}`)
    return undefined
  }

  string(node: YamlNode | null, name: string, emptyIfNull = false): string | undefined {
    const v = this.scalar(node, name)
    if (typeof v === 'string') return v
    if (v === null && emptyIfNull) return ''
    if (v !== undefined) {
      const hint = typeof v === 'number' || typeof v === 'boolean' ? ` (quote it: "${String(v)}")` : ''
      this.problem(node, `${name} must be a string, not ${show(v)}${hint}`)
    }
    return undefined
  }

  blockLines(field: Field): BlockLines {
    const line = this.lineOf(field.key.range?.[0])
    const v = field.value
    if (isScalar(v) && v.type === Scalar.BLOCK_LITERAL && v.range)
      return { line, firstContentLine: this.lineOf(v.range[0]) + 1 }
    return { line }
  }

  action(
    node: YamlNode | null,
    n: number,
  ): { readonly action: ScenarioActionInput; readonly lines: BlockLines } | undefined {
    const what = `action ${n}`
    if (!isMap(node)) {
      this.problem(node, `${what} must be a mapping with at, type and the action's fields`)
      return undefined
    }
    const before = this.problems.length
    const fields = this.fields(node, undefined, what)
    const lines = { line: this.lineOf(node.range?.[0]) }
    const typeField = fields.get('type')
    const atField = fields.get('at')
    if (!typeField)
      this.problem(node, `${what}: type is missing (${USER_ACTIONS.join(', ')} or a fault type)`)
    if (!atField) this.problem(node, `${what}: at is missing (the virtual time, e.g. at: 1.5s)`)
    const type = typeField ? this.string(typeField.value, `${what}: type`) : undefined
    let atMs: number | undefined
    if (atField) {
      const at = this.scalar(atField.value, `${what}: at`)
      atMs = at === 0 ? 0 : typeof at === 'string' ? parseDuration(at) : undefined
      if (atMs === undefined && at !== undefined)
        this.problem(
          atField.value,
          `${what}: at must be a duration such as 250ms, 1.5s or 2m5s, not ${show(at)}`,
        )
    }
    const out: Record<string, unknown> = {}
    for (const [key, field] of fields) {
      if (key === 'type' || key === 'at') continue
      if (key === 'atMs') {
        this.problem(field.key, `${what}: write the time as at (e.g. at: 1.5s), not atMs`)
        continue
      }
      const v = this.scalar(field.value, `${what}: ${key}`)
      if (v !== undefined && v !== null) out[key] = v
    }
    let block: BlockLines = lines
    if (type === 'apply') {
      const yamlField = fields.get('yaml')
      if (!yamlField) this.problem(node, `${what}: an apply needs yaml (the manifests, as a block string)`)
      else block = { ...lines, ...omitLine(this.blockLines(yamlField)) }
    } else if (type === 'delete') {
      for (const key of ['apiVersion', 'kind', 'name'])
        if (!fields.has(key)) this.problem(node, `${what}: a delete needs ${key}`)
    } else if (type === 'cordon' || type === 'uncordon' || type === 'drain') {
      if (!fields.has('node')) this.problem(node, `${what}: ${type} needs node (the Node's name)`)
    }
    for (const key of ['yaml', 'apiVersion', 'kind', 'namespace', 'name', 'node', 'as']) {
      const field = fields.get(key)
      if (field && typeof out[key] !== 'string' && out[key] !== undefined)
        this.string(field.value, `${what}: ${key}`)
    }
    if (this.problems.length > before || type === undefined || atMs === undefined) return undefined
    return { action: { ...out, type, atMs } as unknown as ScenarioActionInput, lines: block }
  }
}

const omitLine = ({ firstContentLine }: BlockLines) =>
  firstContentLine === undefined ? {} : { firstContentLine }

function show(v: unknown): string {
  return typeof v === 'string' ? `"${v}"` : v === undefined ? 'nothing' : JSON.stringify(v)
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message
}

function fail(line: number, message: string): ScenarioFileRead {
  return { ok: false, problems: [{ line, message }] }
}

// ---------------------------------------------------------------------------------------------
// The worker's problems, back in the file

/**
 * The worker reports a bad cluster as `cluster: …` at a line of the cluster YAML, and a bad action
 * as `action N: …` at a line of that action's manifest (or line 1): put each at its line in the file.
 */
export function locateLoadProblems(
  problems: readonly ParseProblem[],
  lines: ScenarioFileLines,
): ParseProblem[] {
  return problems.map((p) => {
    const inBlock = (b: BlockLines | undefined) =>
      b === undefined
        ? lines.top
        : b.firstContentLine !== undefined
          ? b.firstContentLine + p.line - 1
          : b.line
    let line = lines.top
    if (p.message.startsWith('cluster: ')) line = inBlock(lines.cluster)
    else {
      const m = /^action (\d+): /.exec(p.message)
      if (m) line = inBlock(lines.actions[Number(m[1]) - 1])
    }
    return { line, message: p.message }
  })
}
