/**
 * The headless runner behind `npm run sim`: read manifests, build the scenario (Nodes replace the
 * default cluster; a KubeSchedulerConfiguration configures kube-scheduler; Users (podflow.dev/v1alpha1)
 * become the apiserver's token users; NodeFailures are faults; WebhookServers are simulated
 * webhook servers; setup objects (Namespaces, RBAC, ServiceAccounts, ResourceQuotas, LimitRanges,
 * PriorityClasses, webhook configurations) are written at bootstrap, as the cluster tab's are;
 * everything else is the workload, applied at time 0 in file order, as `kubectl apply -f` by the
 * admin or, with `as`, by that user), run the simulation, and format what happened. Pure apart
 * from its inputs, so tests call it.
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
import type { KubeObject, Node } from '../api/types'
import type { TokenUser } from '../sim/apiserver/authn'
import { Cluster } from '../sim/cluster/cluster'
import { DEFAULT_NODES } from '../sim/cluster/default-cluster'
import { DEFAULT_START_TIME, parseStartTime } from '../sim/kernel/clock'
import {
  ADMIN_USER,
  isClusterObject,
  isUserDocument,
  readClusterObjects,
  userToken,
} from '../sim/scenario/cluster-objects'
import { isFaultDocument, readNodeFailure } from '../sim/scenario/faults'
import { fieldLine } from '../sim/scenario/field-line'
import { parseManifests } from '../sim/scenario/parse'
import { type RunResult, runResult } from '../sim/scenario/result'
import { DEFAULT_SEED, type FaultAction, type Scenario } from '../sim/scenario/scenario'
import { isWebhookServerDocument, readWebhookServerItems } from '../sim/scenario/webhook-servers'
import {
  isSchedulerConfiguration,
  type KubeSchedulerConfiguration,
  readSchedulerConfiguration,
} from '../sim/scheduler/config/configuration'
import { schedulingAttempts } from '../sim/scheduler/recording/attempts'
import { formatEventLog } from './event-log'
import { type InputFile, type TextFile, textFiles } from './input-text'
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
}

export type { InputFile } from './input-text'

export interface CliOutput {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

export function runCli(inputs: readonly InputFile[], options: CliOptions): CliOutput {
  const { files, errors } = textFiles(inputs)
  if (errors.length) return failure(errors)
  const objects: { object: KubeObject; file: TextFile; line: number }[] = []
  for (const file of files) {
    const parsed = parseManifests(file.text, file.name)
    if (!parsed.ok) {
      for (const e of parsed.errors) errors.push(`error: ${file.name}:${e.line}: ${e.message}`)
      continue
    }
    for (const p of parsed.objects) objects.push({ object: p.object, file, line: p.line })
  }
  if (errors.length) return failure(errors)
  // kubectl apply -f of files without a single object.
  if (objects.length === 0) return failure(['error: no objects passed to apply'])

  // At most one scheduler configuration, checked as kube-scheduler checks its --config file.
  const configs = objects.filter((o) => isSchedulerConfiguration(o.object))
  for (const extra of configs.slice(1)) {
    const first = configs[0] as (typeof configs)[number]
    errors.push(
      `error: ${extra.file.name}:${extra.line}: a second KubeSchedulerConfiguration (the first is at ${first.file.name}:${first.line}); kube-scheduler reads one`,
    )
  }
  const config = configs[0]
  if (config) {
    const read = readSchedulerConfiguration(config.object)
    if (!read.ok) {
      for (const p of read.problems) {
        const line = fieldLine(config.file.text, config.line, p.field)
        errors.push(`error: ${config.file.name}:${line}: ${p.message}`)
      }
    }
  }
  // Users and the setup objects written at bootstrap (Namespaces first known to all of them).
  const setup = readClusterObjects(
    objects.filter((o) => isUserDocument(o.object) || isClusterObject(o.object)),
  )
  for (const p of setup.problems) errors.push(`error: ${p.item.file.name}:${p.item.line}: ${p.message}`)
  const servers = readWebhookServerItems(objects.filter((o) => isWebhookServerDocument(o.object)))
  for (const p of servers.problems) errors.push(`error: ${p.item.file.name}:${p.item.line}: ${p.message}`)
  if (options.as === ADMIN_USER)
    errors.push(
      `error: --as: "${ADMIN_USER}" is the cluster's administrator (kubeadm's admin.conf); leave --as out to apply as the admin`,
    )
  if (errors.length) return failure(errors)
  const users = actingUser(setup.users, options)

  const isNode = (o: KubeObject) => o.kind === 'Node' && o.apiVersion === 'v1'
  const nodes = objects.filter((o) => isNode(o.object)).map((o) => o.object as Node)
  // NodeFailure documents: faults at virtual times, on this cluster's Nodes (or the default's).
  const nodeNames = new Set(
    nodes.length ? nodes.map((n) => n.metadata?.name ?? '') : DEFAULT_NODES.map((n) => n.name),
  )
  const faults: FaultAction[] = []
  for (const o of objects.filter((x) => isFaultDocument(x.object))) {
    const read = readNodeFailure(o.object, nodeNames)
    if (read.ok) faults.push(read.fault)
    else errors.push(`error: ${o.file.name}:${o.line}: ${read.message}`)
  }
  if (errors.length) return failure(errors)
  const appliedFrom = objects.filter(
    (o) =>
      !isNode(o.object) &&
      !isSchedulerConfiguration(o.object) &&
      !isUserDocument(o.object) &&
      !isFaultDocument(o.object) &&
      !isWebhookServerDocument(o.object) &&
      !isClusterObject(o.object),
  )
  const applied = appliedFrom.map((o) => o.object)
  const as = options.as !== undefined ? { as: options.as } : {}
  const scenario: Scenario = {
    seed: options.seed ?? DEFAULT_SEED,
    ...(nodes.length ? { nodes } : {}),
    ...(config ? { schedulerConfiguration: config.object as KubeSchedulerConfiguration } : {}),
    ...(users.length ? { users } : {}),
    ...(setup.objects.length ? { clusterObjects: setup.objects } : {}),
    ...(servers.servers.length ? { webhookServers: servers.servers } : {}),
    actions: [
      ...(applied.length ? [{ type: 'apply' as const, atMs: 0, objects: applied, ...as }] : []),
      ...faults,
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
  const sources = appliedFrom.map((o) => o.file.name)
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
