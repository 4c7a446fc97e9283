/**
 * From the scenario as the UI edits it (YAML text) to the scenario the simulation runs (objects):
 * the cluster tab read by the scenario assembler (src/sim/scenario/assemble.ts) and every
 * action's manifests read as kubectl would, each problem at its line; the parses are kept, since
 * every fork reads the whole scenario again.
 */
import { resourceForKind } from '../api/resources'
import { deepFreeze, type KubeObject } from '../api/types'
import type {
  NodeActionInput,
  ParseProblem,
  ScenarioActionInput,
  ScenarioInput,
  UserActionInput,
} from '../protocol/messages'
import { DEFAULT_NODES } from '../sim/cluster/default-cluster'
import { FAULT_TYPES } from '../sim/faults/fault'
import { faultTargetProblem, readFault } from '../sim/faults/read'
import {
  type AssembledCluster,
  assembleCluster,
  readDocuments,
  readWorkload,
  type SourcedProblem,
} from '../sim/scenario/assemble'
import {
  type FaultAction,
  NODE_ACTION_TYPES,
  type Scenario,
  type ScenarioAction,
} from '../sim/scenario/scenario'

/** One action of a parsed scenario, with the line where each applied object's document starts. */
export interface ParsedAction {
  readonly action: ScenarioAction
  /** For an apply: one line per object, in apply order; empty for a delete, a node action, a fault. */
  readonly lines: readonly number[]
}

export type ScenarioParse =
  | { readonly ok: true; readonly scenario: Scenario; readonly actions: readonly ParsedAction[] }
  | { readonly ok: false; readonly problems: readonly ParseProblem[] }

/** The objects of an apply, or the problems that stop kubectl before it sends anything. */
export type ApplyParse =
  | { readonly ok: true; readonly objects: readonly KubeObject[]; readonly lines: readonly number[] }
  | { readonly ok: false; readonly problems: readonly ParseProblem[] }

/**
 * The apply texts parsed last, and what they gave (frozen, as the runs that share it must never
 * change it). Every fork parses every apply of the scenario again, and each spare a fork keeps
 * parses the new one: the same few texts, each 5–10 ms to read in a busy worker.
 */
const applyParses = new Map<string, ApplyParse>()
/** Texts kept: more than a scenario's applies usually are (a share link's can be more; it still works). */
const APPLY_PARSES_KEPT = 32

/** The editor's text read before it was applied (readAhead): the newest only. */
let readAheadParse: { readonly yaml: string; readonly parse: ApplyParse } | undefined

/** Longer texts are read when applied only: reading one on every pause in typing would cost more. */
export const READ_AHEAD_MAX_CHARS = 100_000

/**
 * Read `yaml` now, so that parseApply finds it read: the editor's text, before Apply is pressed.
 * It does not join the cache of applied texts until it is applied, so texts typed and never
 * applied do not push a scenario's applies out.
 */
export function readAhead(yaml: string): void {
  if (yaml.length > READ_AHEAD_MAX_CHARS || applyParses.has(yaml) || readAheadParse?.yaml === yaml) return
  readAheadParse = { yaml, parse: deepFreeze(readApply(yaml)) }
}

export function parseApply(yaml: string): ApplyParse {
  let parse = applyParses.get(yaml)
  if (parse) {
    // The newest last: the map's order is which to forget first.
    applyParses.delete(yaml)
  } else {
    parse = readAheadParse?.yaml === yaml ? readAheadParse.parse : deepFreeze(readApply(yaml))
    if (applyParses.size >= APPLY_PARSES_KEPT) applyParses.delete(applyParses.keys().next().value as string)
  }
  applyParses.set(yaml, parse)
  return parse
}

function readApply(yaml: string): ApplyParse {
  const read = readDocuments([{ name: 'STDIN', text: yaml }])
  if (read.problems.length) return { ok: false, problems: read.problems.map(toProblem) }
  const workload = readWorkload(read.objects)
  if (!workload.ok) return { ok: false, problems: workload.problems.map(toProblem) }
  return {
    ok: true,
    objects: workload.objects.map((p) => p.object),
    lines: workload.objects.map((p) => p.line),
  }
}

/** The name of the cluster tab's text in messages, as the file it stands for. */
export const CLUSTER_FILE = 'cluster.yaml'

/**
 * The cluster tab, parsed: its Nodes (empty: the default cluster), the scheduler's configuration,
 * the users (each with its token), the objects written at bootstrap, the Pods already there,
 * faults and webhook servers (see assembleCluster).
 */
export type ClusterParse =
  | ({ readonly ok: true } & AssembledCluster)
  | { readonly ok: false; readonly problems: readonly ParseProblem[] }

/**
 * The cluster tab, read by the scenario assembler (assembleCluster); every problem at its line.
 * Empty text (or only comments) is the default cluster with the default scheduler.
 */
export function parseClusterYaml(yaml: string): ClusterParse {
  // The tab edits the cluster's file: kubectl-style messages name it so.
  const read = readDocuments([{ name: CLUSTER_FILE, text: yaml }])
  if (read.problems.length) return { ok: false, problems: read.problems.map(toProblem) }
  const cluster = assembleCluster(read.objects)
  return cluster.ok ? cluster : { ok: false, problems: cluster.problems.map(toProblem) }
}

/** The whole scenario; problems in an action are prefixed with its place (`action 2: …`). */
export function parseScenario(input: ScenarioInput): ScenarioParse {
  const cluster = parseClusterOnce(input.clusterYaml)
  if (!cluster.ok)
    return { ok: false, problems: cluster.problems.map((p) => ({ ...p, message: `cluster: ${p.message}` })) }
  const problems: ParseProblem[] = []
  const actions: ParsedAction[] = []
  const userNames = new Set(cluster.users.map((u) => u.name))
  // Faults name Nodes and WebhookServers of this cluster (or Nodes of the default one).
  const targets = {
    nodeNames: new Set(
      cluster.nodes.length
        ? cluster.nodes.map((n) => n.metadata?.name ?? '')
        : DEFAULT_NODES.map((n) => n.name),
    ),
    webhookServers: cluster.webhookServers,
  }
  input.actions.forEach((a, i) => {
    const as = 'as' in a ? a.as : undefined
    let parsed: ReturnType<typeof parseAction> =
      as !== undefined && !userNames.has(as)
        ? { ok: false as const, problems: [{ line: 1, message: `no user "${as}" in the cluster` }] }
        : parseAction(a)
    if (parsed.ok && FAULT_TYPES.has(parsed.action.action.type)) {
      const problem = faultTargetProblem(parsed.action.action as FaultAction, targets)
      if (problem) parsed = { ok: false, problems: [{ line: 1, message: problem }] }
    }
    if (parsed.ok) actions.push(parsed.action)
    else problems.push(...parsed.problems.map((p) => ({ ...p, message: `action ${i + 1}: ${p.message}` })))
  })
  if (problems.length) return { ok: false, problems }
  const scenario: Scenario = {
    seed: input.seed,
    ...(cluster.nodes.length ? { nodes: cluster.nodes } : {}),
    ...(cluster.schedulerConfiguration ? { schedulerConfiguration: cluster.schedulerConfiguration } : {}),
    ...(cluster.users.length ? { users: cluster.users } : {}),
    ...(cluster.objects.length ? { clusterObjects: cluster.objects } : {}),
    ...(cluster.pods.length ? { pods: cluster.pods } : {}),
    ...(cluster.webhookServers.length ? { webhookServers: cluster.webhookServers } : {}),
    actions: [...actions.map((a) => a.action), ...cluster.faults],
  }
  return { ok: true, scenario, actions }
}

/**
 * The cluster text parsed last, and what it gave. Every fork parses the whole scenario again, and
 * its cluster text is the same as the last fork's (a 100-node cluster takes 25–130 ms to read,
 * more in a busy worker). Frozen, as the runs that share it must never change it.
 */
let lastCluster: { readonly yaml: string; readonly parse: ClusterParse } | undefined

function parseClusterOnce(yaml: string): ClusterParse {
  if (lastCluster?.yaml !== yaml) lastCluster = { yaml, parse: deepFreeze(parseClusterYaml(yaml)) }
  return lastCluster.parse
}

/**
 * One action; a delete of a kind the apiserver does not serve is refused like kubectl does, a
 * node action without a node or with a malformed flag is refused, and so is a malformed fault
 * (what it names in the cluster is checked by parseScenario; the message a message fault names, by
 * the session against its trace).
 */
export function parseAction(
  input: ScenarioActionInput,
):
  | { readonly ok: true; readonly action: ParsedAction }
  | { readonly ok: false; readonly problems: readonly ParseProblem[] } {
  const atMs = normalizeAtMs(input.atMs)
  if (atMs === undefined) return { ok: false, problems: [{ line: 1, message: `invalid time ${input.atMs}` }] }
  if (isFault(input)) {
    // Read field by field: a fault from a share link is not trusted to have the right shape.
    const read = readFault(input as unknown as { type: string } & Record<string, unknown>, atMs)
    if (!read.ok) return { ok: false, problems: [{ line: 1, message: read.message }] }
    return { ok: true, action: { action: read.fault, lines: [] } }
  }
  if (input.type === 'apply') {
    const parsed = parseApply(input.yaml)
    if (!parsed.ok) return parsed
    return {
      ok: true,
      action: {
        action: {
          type: 'apply',
          atMs,
          objects: parsed.objects,
          ...(input.as !== undefined ? { as: input.as } : {}),
        },
        lines: parsed.lines,
      },
    }
  }
  if (isNodeAction(input)) {
    const problem = nodeActionProblem(input)
    if (problem) return { ok: false, problems: [{ line: 1, message: problem }] }
    return { ok: true, action: { action: nodeAction(input, atMs), lines: [] } }
  }
  if (input.type !== 'delete') {
    const type = JSON.stringify((input as { type?: unknown }).type)
    return { ok: false, problems: [{ line: 1, message: `unknown action type ${type}` }] }
  }
  if (!resourceForKind(input.apiVersion, input.kind)) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          message: `the server doesn't have a resource type "${input.kind}" in "${input.apiVersion}"`,
        },
      ],
    }
  }
  const { type, apiVersion, kind, namespace, name } = input
  return {
    ok: true,
    action: {
      action: {
        type,
        atMs,
        ...(input.as !== undefined ? { as: input.as } : {}),
        apiVersion,
        kind,
        ...(namespace ? { namespace } : {}),
        name,
      },
      lines: [],
    },
  }
}

function isFault(input: ScenarioActionInput): input is FaultAction {
  return FAULT_TYPES.has(input.type)
}

function isNodeAction(input: UserActionInput): input is NodeActionInput {
  return NODE_ACTION_TYPES.has(input.type)
}

/** The action with only the fields the simulation reads (what a share link then carries). */
function nodeAction(input: NodeActionInput, atMs: number): NodeActionInput {
  const base = { atMs, ...(input.as !== undefined ? { as: input.as } : {}), node: input.node }
  if (input.type !== 'drain') return { type: input.type, ...base }
  const flags = (
    ['force', 'ignoreDaemonsets', 'deleteEmptydirData', 'gracePeriodSeconds', 'timeoutSeconds'] as const
  )
    .filter((k) => input[k] !== undefined)
    .map((k) => [k, input[k]])
  return { type: 'drain', ...base, ...Object.fromEntries(flags) }
}

/**
 * What kubectl would refuse before sending anything: no node name (`kubectl drain` needs one), a
 * flag of the wrong type, a grace period that is not a whole number of seconds, a negative
 * timeout. A node the cluster does not have is not a parse problem: kubectl asks the apiserver,
 * which answers NotFound.
 */
function nodeActionProblem(input: NodeActionInput): string | undefined {
  const node: unknown = input.node
  if (typeof node !== 'string' || node === '' || node.includes('/'))
    return `${input.type}: the name of a Node is required (got ${JSON.stringify(node ?? null)})`
  if (input.type !== 'drain') return undefined
  for (const flag of ['force', 'ignoreDaemonsets', 'deleteEmptydirData'] as const) {
    const v: unknown = input[flag]
    if (v !== undefined && typeof v !== 'boolean') return `drain: ${flag} must be true or false`
  }
  const grace: unknown = input.gracePeriodSeconds
  if (grace !== undefined && !Number.isSafeInteger(grace))
    return 'drain: gracePeriodSeconds must be a whole number of seconds (negative: each pod’s own)'
  const timeout: unknown = input.timeoutSeconds
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 0))
    return 'drain: timeoutSeconds must be 0 (no timeout) or more'
  return undefined
}

/**
 * Virtual time is in whole milliseconds. The UI's cursor is fractional; an action at 1234.4 runs
 * at 1235, so nothing the user already saw at the cursor is recomputed differently.
 */
export function normalizeAtMs(atMs: number): number | undefined {
  if (!Number.isFinite(atMs)) return undefined
  return Math.max(0, Math.ceil(atMs))
}

function toProblem(e: SourcedProblem): ParseProblem {
  return {
    line: e.line,
    ...(e.column !== undefined ? { column: e.column } : {}),
    message: e.message,
    ...(e.kubectl ? { kubectl: e.kubectl } : {}),
  }
}
