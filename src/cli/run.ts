/**
 * The headless runner behind `npm run sim`: read manifests with the scenario assembler
 * (src/sim/scenario/assemble.ts) — the `--cluster` files as the Cluster tab, and in FILE the
 * Nodes, KubeSchedulerConfiguration, Users, NodeFailures and WebhookServers as the cluster too;
 * every API object of FILE is the workload, applied at time 0 in file order as `kubectl apply -f`
 * does, by the admin or, with `as`, by that user — run the simulation, and format what happened.
 * Pure apart from its inputs, so tests call it.
 */
import {
  type AnyEvent,
  describePod,
  getEvents,
  getNodes,
  getPods,
  noResourcesFound,
  podEvents,
  sortEventsAsListed,
} from '../api/kubectl'
import type { TokenUser } from '../sim/apiserver/authn'
import { Cluster } from '../sim/cluster/cluster'
import { DEFAULT_START_TIME, parseStartTime } from '../sim/kernel/clock'
import {
  assembleCluster,
  isClusterOnlyDocument,
  readDocuments,
  type SourcedProblem,
} from '../sim/scenario/assemble'
import { ADMIN_USER, userToken } from '../sim/scenario/cluster-objects'
import { type RunResult, runResult } from '../sim/scenario/result'
import { DEFAULT_SEED, type Scenario } from '../sim/scenario/scenario'
import { schedulingAttempts } from '../sim/scheduler/recording/attempts'
import { formatEventLog } from './event-log'
import { type InputFile, textFiles } from './input-text'
import { formatResponse, isError } from './responses'

/**
 * `text`: what kubectl printed, the event log and the final Pods; `json`: everything; the others
 * print one kubectl view of the cluster at the end of the run (ages as of that moment):
 * `get-pods` (`kubectl get pods -o wide -A`), `get-nodes` (`-o wide`), `get-events` (`-A`), and
 * `describe` (`kubectl describe pods -A`: every Pod, with its Events).
 */
export const OUTPUT_FORMATS = ['text', 'json', 'get-pods', 'get-nodes', 'get-events', 'describe'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export interface CliOptions {
  readonly seed?: number | string
  readonly untilMs?: number
  readonly output: OutputFormat
  /**
   * `--as`: the user the workload is applied as (the admin when absent). It becomes one of the
   * apiserver's token users (the files' User of that name, if any), with `asGroups` (`--as-group`)
   * among its groups.
   */
  readonly as?: string
  readonly asGroups?: readonly string[]
  /**
   * `--cluster FILE`: documents read as the app's Cluster tab reads them — what exists before the
   * story begins (setup objects an administrator made, the Pods already running), besides the
   * Nodes, users, faults and servers that are the cluster wherever they are written.
   */
  readonly cluster?: readonly InputFile[]
}

export type { InputFile } from './input-text'

export interface CliOutput {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

export function runCli(inputs: readonly InputFile[], options: CliOptions): CliOutput {
  const workloadFiles = textFiles(inputs)
  const clusterFiles = textFiles(options.cluster ?? [])
  const decodeErrors = [...clusterFiles.errors, ...workloadFiles.errors]
  if (decodeErrors.length) return failure(decodeErrors)
  const clusterRead = readDocuments(clusterFiles.files)
  const workloadRead = readDocuments(workloadFiles.files)
  const readErrors = [...clusterRead.problems, ...workloadRead.problems]
  if (readErrors.length) return failure(readErrors.map(cliError))
  // kubectl apply -f of files without a single object.
  if (clusterRead.objects.length + workloadRead.objects.length === 0)
    return failure(['error: no objects passed to apply'])
  // What describes the simulated machines and servers is the cluster wherever it is written;
  // every API object of FILE is the workload, applied in file order.
  const cluster = assembleCluster([
    ...clusterRead.objects,
    ...workloadRead.objects.filter((o) => isClusterOnlyDocument(o.object)),
  ])
  const errors = cluster.ok ? [] : cluster.problems.map(cliError)
  if (options.as === ADMIN_USER)
    errors.push(
      `error: --as: "${ADMIN_USER}" is the cluster's administrator (kubeadm's admin.conf); leave --as out to apply as the admin`,
    )
  if (!cluster.ok || errors.length) return failure(errors)
  const users = actingUser(cluster.users, options)
  const appliedFrom = workloadRead.objects.filter((o) => !isClusterOnlyDocument(o.object))
  const applied = appliedFrom.map((o) => o.object)
  const as = options.as !== undefined ? { as: options.as } : {}
  const scenario: Scenario = {
    seed: options.seed ?? DEFAULT_SEED,
    ...(cluster.nodes.length ? { nodes: cluster.nodes } : {}),
    ...(cluster.schedulerConfiguration ? { schedulerConfiguration: cluster.schedulerConfiguration } : {}),
    ...(users.length ? { users } : {}),
    ...(cluster.objects.length ? { clusterObjects: cluster.objects } : {}),
    ...(cluster.pods.length ? { pods: cluster.pods } : {}),
    ...(cluster.webhookServers.length ? { webhookServers: cluster.webhookServers } : {}),
    actions: [
      ...(applied.length ? [{ type: 'apply' as const, atMs: 0, objects: applied, ...as }] : []),
      ...cluster.faults,
    ],
  }
  let result: RunResult
  try {
    const cluster = new Cluster(scenario)
    cluster.run(options.untilMs !== undefined ? { untilMs: options.untilMs } : {})
    result = runResult(cluster)
  } catch (e) {
    // A bug in the simulation, not the user's input: say so instead of a stack trace.
    return {
      exitCode: 1,
      stdout: '',
      stderr: `error: the simulation failed: ${(e as Error)?.message ?? e}\n`,
    }
  }
  if (options.output === 'json')
    return { exitCode: 0, stdout: `${JSON.stringify(jsonOutput(result))}\n`, stderr: '' }
  // One apply action, one response per applied object in order: the i-th came from this file.
  const sources = appliedFrom.map((o) => o.source.name)
  if (options.output !== 'text') return { exitCode: 0, ...viewOutput(result, sources, options.output) }
  return { exitCode: 0, ...textOutput(result, sources) }
}

/**
 * The token users with `--as`'s user among them: the files' User of that name (its groups, plus
 * `--as-group`'s), or a new one with `--as-group`'s groups.
 */
function actingUser(users: readonly TokenUser[], options: CliOptions): TokenUser[] {
  const name = options.as
  if (name === undefined) return [...users]
  const extra = options.asGroups ?? []
  const existing = users.find((u) => u.name === name)
  const groups = [...new Set([...(existing?.groups ?? []), ...extra])]
  const user: TokenUser = {
    ...existing,
    name,
    token: userToken(name),
    ...(groups.length ? { groups } : {}),
  }
  return existing ? users.map((u) => (u === existing ? user : u)) : [...users, user]
}

/** kubectl's way of naming a place: `error: FILE:LINE: message`. */
function cliError(p: SourcedProblem): string {
  return p.kubectl ? `error: ${p.message}` : `error: ${p.source}:${p.line}: ${p.message}`
}

function failure(errors: readonly string[]): CliOutput {
  return { exitCode: 1, stdout: '', stderr: `${errors.join('\n')}\n` }
}

function jsonOutput(r: RunResult) {
  return {
    responses: r.responses,
    pods: r.pods,
    events: r.events,
    nodes: r.nodes,
    scheduling: schedulingAttempts(r.trace),
    trace: r.trace,
  }
}

/** What kubectl printed on stderr for the applied objects (errors). */
function applyErrors(r: RunResult, files: readonly string[]): string[] {
  const only = r.responses.filter(isError).length === 1
  return r.responses.flatMap((resp, i) => [
    ...(resp.warnings ?? []).map((w) => `Warning: ${w}`),
    ...(isError(resp) ? [formatResponse(resp, files[i], only)] : []),
  ])
}

/** One kubectl view of the cluster at the end of the run. */
function viewOutput(
  r: RunResult,
  files: readonly string[],
  format: Exclude<OutputFormat, 'text' | 'json'>,
): { stdout: string; stderr: string } {
  const err = applyErrors(r, files)
  const nowMs = parseStartTime(DEFAULT_START_TIME) + r.endMs
  const events = r.events as readonly AnyEvent[]
  let stdout = ''
  if (format === 'get-pods') {
    if (r.pods.length) stdout = getPods(r.pods, { nowMs, wide: true, allNamespaces: true })
    else err.push(noResourcesFound())
  } else if (format === 'get-nodes') {
    stdout = getNodes(r.nodes, { nowMs, wide: true })
  } else if (format === 'get-events') {
    if (events.length) stdout = getEvents(sortEventsAsListed(events), { nowMs, allNamespaces: true })
    else err.push(noResourcesFound())
  } else {
    // kubectl describe separates objects with a blank line.
    stdout = r.pods.map((p) => describePod(p, podEvents(p, events), { nowMs })).join('\n\n')
    if (!r.pods.length) err.push(noResourcesFound())
  }
  return { stdout, stderr: err.length ? `${err.join('\n')}\n` : '' }
}

function textOutput(r: RunResult, files: readonly string[]): { stdout: string; stderr: string } {
  const out: string[] = []
  const err: string[] = []
  const only = r.responses.filter(isError).length === 1
  for (const [i, resp] of r.responses.entries()) {
    // kubectl prints the apiserver's warnings on stderr as they arrive, before the result.
    for (const w of resp.warnings ?? []) err.push(`Warning: ${w}`)
    const line = formatResponse(resp, files[i], only)
    if (isError(resp)) err.push(line)
    else out.push(line)
  }
  if (out.length) out.push('')
  const startMs = parseStartTime(DEFAULT_START_TIME)
  out.push(formatEventLog(r.events, r.trace).trimEnd())
  out.push('')
  if (r.pods.length) {
    out.push(getPods(r.pods, { nowMs: startMs + r.endMs, wide: true, allNamespaces: true }).trimEnd())
    out.push('')
  }
  out.push(`simulated ${(r.endMs / 1000).toFixed(3)}s, ${r.trace.length} messages`)
  return { stdout: `${out.join('\n')}\n`, stderr: err.length ? `${err.join('\n')}\n` : '' }
}
