/**
 * Checks a library scenario's documented outcome against the real simulation, run as the app runs
 * it: the worker's Session loads the scenario with the cursor at `outcome.untilMs` and computes
 * until it is caught up; the objects are read from the etcd revisions it streams, as of the
 * cursor, the way the app's views read them (the last revision of each key at or before the
 * cursor), and the Pods' STATUS is kubectl's (podSummary). kubectl's answers to the actions are
 * the cluster's action results, as the worker reports them.
 */

import { eventView } from '../api/kubectl/events'
import { nodeStatus } from '../api/kubectl/nodes'
import { podSummary } from '../api/kubectl/pods'
import { DEFAULT_START_MS } from '../api/time'
import type { Event, Node, Pod } from '../api/types'
import type { ObjectResult, ObjectRevision, ScenarioInput, WorkerEvent } from '../protocol/messages'
import { Session } from '../worker/session'
import { objectResult } from '../worker/views'
import type { LibraryScenario, NodeMatch, Outcome, PodOutcome } from './types'

/** A Pod as the app shows it at the cursor. */
export interface PodView {
  readonly namespace: string
  readonly name: string
  readonly status: string
  readonly ready: string
  /** RESTARTS without the age: the count. */
  readonly restarts: number
  readonly node: string
  /** STATUS after each revision up to the cursor, repeats removed (the timeline's segments). */
  readonly path: readonly string[]
}

export interface EventRow {
  readonly type: string
  readonly reason: string
  /** `pod/nginx`, as kubectl get events prints OBJECT. */
  readonly object: string
  readonly message: string
}

/** What the app shows of a run with its cursor at `atMs`. */
export interface RunView {
  readonly atMs: number
  readonly pods: readonly PodView[]
  readonly events: readonly EventRow[]
  readonly nodes: ReadonlyMap<string, string>
  /** kubectl's answers, per action of the scenario (empty until the action ran). */
  readonly results: readonly (readonly ObjectResult[])[]
  /** What kubectl printed for each action (node actions), as its lines. */
  readonly output: readonly (readonly string[])[]
  /** Problems of the run itself: the scenario did not load, the worker reported an error. */
  readonly errors: readonly string[]
}

const BUDGET = 5_000
const MAX_SLICES = 100_000

/** A Session run as the app runs it, and the etcd revisions it streamed, by key, in order. */
export interface StreamedRun {
  readonly session: Session
  readonly revisions: ReadonlyMap<string, readonly ObjectRevision[]>
  /** Problems of the run itself: the scenario did not load, the worker reported an error. */
  readonly errors: readonly string[]
}

/**
 * Load `input` in a worker Session with the cursor at `atMs` and compute until it is caught up,
 * keeping every revision its frames carried (what the app's views read).
 */
export function streamScenario(input: ScenarioInput, atMs: number): StreamedRun {
  // No forks here: spares (for fast forks) would be work for nothing.
  const session = new Session({ spares: { count: 0 } })
  session.cursor(atMs, false, 1)
  const errors: string[] = []
  const revisions = new Map<string, ObjectRevision[]>()
  const take = (events: readonly WorkerEvent[]) => {
    for (const e of events) {
      if (e.type === 'error') errors.push(e.message)
      else if (e.type === 'parse-error') errors.push(...e.problems.map((p) => `line ${p.line}: ${p.message}`))
      else if (e.type === 'frame') {
        for (const r of e.revisions) {
          const list = revisions.get(r.key)
          if (list) list.push(r)
          else revisions.set(r.key, [r])
        }
      }
    }
  }
  take(session.load(input))
  for (let i = 0; i < MAX_SLICES && errors.length === 0; i++) {
    const r = session.computeSome(BUDGET)
    take(r.events)
    if (!r.more) break
  }
  return { session, revisions, errors }
}

/** Run `input` in a worker Session with the cursor at `atMs` and read what the app shows there. */
export function runScenario(input: ScenarioInput, atMs: number): RunView {
  const { session, revisions, errors } = streamScenario(input, atMs)
  const nowMs = DEFAULT_START_MS + atMs
  const pods: PodView[] = []
  const events: EventRow[] = []
  const nodes = new Map<string, string>()
  for (const list of revisions.values()) {
    const upTo = list.filter((r) => r.atMs <= atMs)
    const last = upTo[upTo.length - 1]
    if (!last?.object) continue
    if (last.resource === 'pods') {
      const pod = last.object as Pod
      const summary = podSummary(pod, nowMs)
      const path: string[] = []
      for (const r of upTo) {
        const s = r.object ? podSummary(r.object as Pod, DEFAULT_START_MS + r.atMs).status : undefined
        if (s !== undefined && s !== path[path.length - 1]) path.push(s)
      }
      pods.push({
        namespace: last.namespace ?? '',
        name: last.name,
        status: summary.status,
        ready: summary.ready,
        restarts: Number.parseInt(summary.restarts, 10),
        node: pod.spec?.nodeName ?? '',
        path,
      })
    } else if (last.resource === 'events') {
      const v = eventView(last.object as Event)
      events.push({
        type: v.type,
        reason: v.reason,
        object: `${v.kind.toLowerCase()}/${v.objectName}`,
        message: v.message,
      })
    } else if (last.resource === 'nodes') {
      nodes.set(last.name, nodeStatus(last.object as Node))
    }
  }
  pods.sort((a, b) => (a.namespace + a.name < b.namespace + b.name ? -1 : 1))
  const cluster = session.cluster
  // The answers of the actions sent by the cursor's time (the session computes a little past it).
  const entries = input.actions.map((a, i) => {
    const action = cluster?.scenario.actions[i]
    return a.atMs <= atMs ? cluster?.actionResults.find((e) => e.action === action) : undefined
  })
  const results = entries.map((e) => (e ? e.results.map((r) => objectResult(r, undefined)) : []))
  const output = entries.map((e) => (e ? e.output.map((l) => l.text) : []))
  return { atMs, pods, events, nodes, results, output, errors }
}

/** The differences between `outcome` and `view`; empty when the outcome holds. */
export function compareOutcome(outcome: Outcome, view: RunView): string[] {
  const out: string[] = view.errors.map((e) => `run: ${e}`)
  const counted = new Set<PodView>()
  for (const expected of outcome.pods ?? []) out.push(...comparePods(expected, view.pods, counted))
  if (outcome.pods && !outcome.otherPods) {
    for (const p of view.pods) {
      if (!counted.has(p))
        out.push(`unexpected pod ${p.namespace}/${p.name} (${p.status} on ${p.node || '<none>'})`)
    }
  }
  for (const e of outcome.events ?? []) {
    const found = view.events.some(
      (v) =>
        v.reason === e.reason &&
        (e.type === undefined || v.type === e.type) &&
        (e.object === undefined || v.object.startsWith(e.object)) &&
        (e.messageIncludes === undefined || v.message.includes(e.messageIncludes)),
    )
    if (!found) {
      const same = view.events.filter((v) => v.reason === e.reason).map((v) => `${v.object}: ${v.message}`)
      out.push(
        `no ${e.type ? `${e.type} ` : ''}event ${e.reason}${e.object ? ` on ${e.object}` : ''}${
          e.messageIncludes ? ` with "${e.messageIncludes}"` : ''
        }; ${e.reason} events: ${same.length ? same.join(' | ') : 'none'}`,
      )
    }
  }
  if (outcome.noWarnings) {
    for (const v of view.events) {
      if (v.type === 'Warning') out.push(`unexpected Warning ${v.reason} on ${v.object}: ${v.message}`)
    }
  }
  for (const a of outcome.applyResults ?? []) {
    const r = view.results[a.action]?.[a.object ?? 0]
    const what = `action ${a.action}${a.object ? ` object ${a.object}` : ''}`
    if (!r) {
      out.push(`${what}: no answer from kubectl`)
      continue
    }
    if (r.code !== a.code) out.push(`${what}: code ${r.code}, expected ${a.code}`)
    const message = r.status?.message ?? r.error ?? ''
    if (a.messageIncludes !== undefined && !message.includes(a.messageIncludes))
      out.push(`${what}: message "${message}" lacks "${a.messageIncludes}"`)
  }
  for (const o of outcome.output ?? []) {
    const printed = view.output[o.action] ?? []
    if (!isSubsequence(o.lines, printed, (want, line) => line.includes(want)))
      out.push(
        `action ${o.action}: kubectl printed ${JSON.stringify(printed)}, expected ${JSON.stringify(o.lines)}`,
      )
  }
  for (const n of outcome.nodes ?? []) {
    const status = view.nodes.get(n.name)
    if (status !== n.status) out.push(`node ${n.name}: ${status ?? 'absent'}, expected ${n.status}`)
  }
  return out
}

function comparePods(expected: PodOutcome, pods: readonly PodView[], counted: Set<PodView>): string[] {
  const ns = expected.namespace ?? 'default'
  const label = `pods ${ns}/${expected.name ?? `${expected.namePrefix ?? ''}*`} ${expected.status}`
  const chosen = pods.filter(
    (p) =>
      p.namespace === ns &&
      (expected.name === undefined || p.name === expected.name) &&
      (expected.namePrefix === undefined || p.name.startsWith(expected.namePrefix)),
  )
  const matching = chosen.filter(
    (p) =>
      p.status === expected.status &&
      (expected.ready === undefined || p.ready === expected.ready) &&
      (expected.node === undefined || nodeMatches(expected.node, p.node)) &&
      (expected.minRestarts === undefined || p.restarts >= expected.minRestarts),
  )
  for (const p of matching) counted.add(p)
  const out: string[] = []
  const want = expected.count ?? 1
  if (matching.length !== want) {
    const seen = chosen.map(
      (p) => `${p.name} ${p.ready} ${p.status} restarts ${p.restarts} on ${p.node || '<none>'}`,
    )
    out.push(`${label}: ${matching.length} match, expected ${want}; found: ${seen.join(' | ') || 'none'}`)
  }
  if (expected.maxPerNode !== undefined) {
    const perNode = new Map<string, number>()
    for (const p of matching) perNode.set(p.node, (perNode.get(p.node) ?? 0) + 1)
    for (const [node, n] of perNode) {
      if (n > expected.maxPerNode)
        out.push(`${label}: ${n} on ${node}, at most ${expected.maxPerNode} expected`)
    }
  }
  if (expected.path) {
    for (const p of matching) {
      if (!isSubsequence(expected.path, p.path))
        out.push(`${label}: ${p.name} went ${p.path.join(' → ')}, expected ${expected.path.join(' → ')}`)
    }
  }
  return out
}

function nodeMatches(m: NodeMatch, node: string): boolean {
  if (typeof m === 'string') return node === m
  if ('not' in m) return node !== '' && node !== m.not
  return m.oneOf.includes(node)
}

/** Whether `wanted` appear in `seen` in order, each matching (by default: equal to) one entry. */
function isSubsequence(
  wanted: readonly string[],
  seen: readonly string[],
  matches: (want: string, s: string) => boolean = (a, b) => a === b,
): boolean {
  let i = 0
  for (const s of seen) if (i < wanted.length && matches(wanted[i] as string, s)) i++
  return i === wanted.length
}

/** Run a scenario and compare: the list of mismatches, empty when its outcome holds. */
export function checkScenario(scenario: LibraryScenario): string[] {
  return compareOutcome(scenario.outcome, runScenario(scenario.input, scenario.outcome.untilMs))
}

/** The view as text, for a failing test's message or a look at a run while writing a scenario. */
export function formatView(view: RunView): string {
  const lines = [`at ${view.atMs} ms`]
  for (const p of view.pods)
    lines.push(
      `pod ${p.namespace}/${p.name} ${p.ready} ${p.status} restarts ${p.restarts} node ${p.node || '<none>'} path ${p.path.join(' → ')}`,
    )
  for (const [name, status] of view.nodes) lines.push(`node ${name} ${status}`)
  for (const e of view.events) lines.push(`event ${e.type} ${e.reason} ${e.object}: ${e.message}`)
  view.results.forEach((rs, i) => {
    for (const r of rs)
      lines.push(`action ${i}: ${r.kind} ${r.name} ${r.code} ${r.status?.message ?? r.action ?? ''}`)
  })
  view.output.forEach((printed, i) => {
    for (const l of printed) lines.push(`action ${i} printed: ${l}`)
  })
  for (const e of view.errors) lines.push(`error ${e}`)
  return lines.join('\n')
}
