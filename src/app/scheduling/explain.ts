/**
 * "Why is my Pod Pending?" / "Why that node?", answered from a scheduling attempt's record (the
 * per-node Filter verdicts, the Score table, the FailedScheduling text), never from guesses: a
 * one-line answer and a per-node table. Pure: the panel renders what these return.
 */
import type { SchedulingAttempt } from '../../protocol/messages'
import { listOf, type Translate, t } from '../i18n/i18n'
import { countedReason } from './plugin-names'

/**
 * How many attempts were made at or before the cursor (an attempt is made at its Filter step's
 * time). Attempts come in trace order, which is time order, so they are a prefix.
 */
export function countAt(attempts: readonly SchedulingAttempt[], cursorMs: number): number {
  let n = 0
  while (n < attempts.length && (attempts[n] as SchedulingAttempt).atMs <= cursorMs) n++
  return n
}

/** The attempts made at or before the cursor. */
export function attemptsAt(attempts: readonly SchedulingAttempt[], cursorMs: number): SchedulingAttempt[] {
  return attempts.slice(0, countAt(attempts, cursorMs))
}

/** The Filter verdict of a rejected node: the plugin that said no and its reasons. */
export interface Rejection {
  readonly plugin: string
  readonly reasons: readonly string[]
}

/**
 * The first plugin that rejected `node` (Filter stops there, so it is the only one), or undefined
 * when the node passed. attempts.ts joins a plugin's reasons with ", "; no upstream Filter reason
 * contains ", ", so splitting gives them back (NodeResourcesFit can give several: cpu and memory).
 */
export function rejectionOf(attempt: SchedulingAttempt, node: string): Rejection | undefined {
  for (const [plugin, verdict] of Object.entries(attempt.filter[node] ?? {})) {
    if (verdict !== 'passed') return { plugin, reasons: verdict.split(', ') }
  }
  return undefined
}

/**
 * The one-line answer, in the language of `tr` (the current one by default). Kubernetes' own
 * texts in it (Filter reasons, the FailedScheduling message, plugin names) stay as upstream
 * writes them.
 */
export function explainAttempt(attempt: SchedulingAttempt, tr: Translate = t): string {
  switch (attempt.result) {
    case 'Scheduled':
      return explainScheduled(attempt, tr)
    case 'Unschedulable': {
      const pending = explainPending(attempt, tr)
      const preemption = preemptionOutcome(attempt, tr)
      return preemption === ''
        ? pending
        : tr('scheduling.answer.twoSentences', { first: pending, second: preemption })
    }
    case 'Error':
      return tr('scheduling.answer.error', { message: attempt.message ?? tr('scheduling.answer.noMessage') })
  }
}

/** How many nodes share one reason under one plugin. */
interface ReasonCount {
  readonly reason: string
  readonly count: number
}

interface PluginGroup {
  readonly plugin: string
  /** Nodes this plugin rejected. */
  nodes: number
  readonly reasons: Map<string, number>
}

/**
 * Rejected nodes grouped by the plugin that rejected them, each reason counted over the nodes as
 * FitError.Error() counts it (a node with two reasons counts in both), so the line agrees with
 * the FailedScheduling text. Nodes absent from the table (a PreFilter result narrowed the
 * candidates) are a "PreFilter" group, with upstream's reason for them taken from the message.
 * Groups come most nodes first; reasons most nodes first, then in the message's (sorted) order.
 */
export function rejectionGroups(
  attempt: SchedulingAttempt,
  tr: Translate = t,
): Array<{ plugin: string; reasons: ReasonCount[] }> {
  const groups = new Map<string, PluginGroup>()
  const nodes = Object.keys(attempt.filter)
  for (const node of nodes) {
    const r = rejectionOf(attempt, node)
    if (!r) continue
    let g = groups.get(r.plugin)
    if (!g) groups.set(r.plugin, (g = { plugin: r.plugin, nodes: 0, reasons: new Map() }))
    g.nodes++
    for (const reason of r.reasons) g.reasons.set(reason, (g.reasons.get(reason) ?? 0) + 1)
  }
  const absent = nodes.length > 0 ? (attempt.numAllNodes ?? nodes.length) - nodes.length : 0
  if (absent > 0) {
    const reason =
      histogram(attempt.message).find((h) => h.reason.startsWith("node(s) didn't satisfy plugin"))?.reason ??
      tr('scheduling.answer.preFilterNarrowed')
    groups.set('PreFilter', { plugin: 'PreFilter', nodes: absent, reasons: new Map([[reason, absent]]) })
  }
  return [...groups.values()]
    .sort((a, b) => b.nodes - a.nodes)
    .map((g) => ({
      plugin: g.plugin,
      reasons: [...g.reasons]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0)),
    }))
}

/** The FailedScheduling text before PostFilter's part (what preemption said comes after it). */
function filterPart(message: string): string {
  const i = message.indexOf(' preemption: ')
  return i < 0 ? message : message.slice(0, i)
}

/** "0/4 nodes are available: 1 a, 3 b." → [{count 1, a}, {count 3, b}] (FitError.Error()'s format). */
function histogram(message: string | undefined): ReasonCount[] {
  const m = /^0\/\d+ nodes are available: (.*)\.$/.exec(filterPart(message ?? ''))
  if (!m) return []
  return (m[1] as string).split(', ').flatMap((item) => {
    const n = /^(\d+) (.*)$/.exec(item)
    return n ? [{ count: Number(n[1]), reason: n[2] as string }] : []
  })
}

function explainPending(a: SchedulingAttempt, tr: Translate): string {
  const groups = rejectionGroups(a, tr)
  // Nothing rejected per node (PreFilter turned the Pod away, a summary-mode record) or a later
  // extension point failed with nodes feasible: upstream's own text is the answer.
  if (groups.length === 0 || (a.feasibleNodes ?? 0) > 0)
    return tr('scheduling.answer.pending', { message: filterPart(a.message ?? '') })
  const all = a.numAllNodes ?? Object.keys(a.filter).length
  const why = groups
    .map((g) =>
      tr('scheduling.answer.pluginReasons', {
        plugin: g.plugin,
        reasons: g.reasons.map((r) => countedReason(r.count, r.reason, tr)).join(tr('common.listSep')),
      }),
    )
    .join(tr('scheduling.answer.groupSep'))
  return tr('scheduling.answer.pendingFit', { all, why })
}

/** What PostFilter (DefaultPreemption) did: nominated a node, or why it could not help. */
function preemptionOutcome(a: SchedulingAttempt, tr: Translate): string {
  if (a.preemption) {
    const { nominatedNode, victims } = a.preemption
    return victims.length === 0
      ? tr('scheduling.answer.nominatedWaits', { node: nominatedNode })
      : tr('scheduling.answer.nominatedEvicts', { node: nominatedNode, victims: listOf(tr, victims, 3) })
  }
  const i = a.message?.indexOf(' preemption: ') ?? -1
  if (i < 0) return ''
  const said = (a.message as string).slice(i + ' preemption: '.length)
  // "0/N nodes are available: …" is preemption's own FitError: no node where evicting
  // lower-priority Pods would let this one fit. Anything else (not eligible…) is said as is.
  if (said.startsWith('0/')) return tr('scheduling.answer.cannotHelp')
  return tr('scheduling.answer.preemption', { said: said.endsWith('.') ? said : `${said}.` })
}

function explainScheduled(a: SchedulingAttempt, tr: Translate): string {
  const node = a.selectedNode ?? tr('scheduling.answer.aNode')
  const total = a.total ?? {}
  const others = Object.keys(total)
    .filter((n) => n !== node && !a.tieBreak?.candidates.includes(n))
    .sort((x, y) => (total[y] as number) - (total[x] as number) || (x < y ? -1 : 1))
  const ahead =
    others.length > 0
      ? tr('scheduling.answer.ahead', {
          nodes: listOf(
            tr,
            others.map((n) => tr('scheduling.answer.nodeScore', { node: n, score: total[n] as number })),
            3,
          ),
        })
      : ''
  let line: string
  if (a.tieBreak) {
    // Stated as a tie-break, not a win: the seeded RNG picked among equals.
    const { candidates, count, maxScore } = a.tieBreak
    const between = count <= 3 ? listOf(tr, candidates) : tr('scheduling.answer.nodeCount', { count })
    const tie = { node, between, score: maxScore }
    line = ahead ? tr('scheduling.answer.tieAhead', { ...tie, ahead }) : tr('scheduling.answer.tie', tie)
  } else if (a.total && total[node] !== undefined) {
    const scored = { node, total: total[node] as number }
    line = ahead
      ? tr('scheduling.answer.totalAhead', { ...scored, ahead })
      : tr('scheduling.answer.total', scored)
  } else if (a.feasibleNodes === 1) {
    // With nodes left unevaluated (a nominated node is tried first) "the only one" would be untrue.
    const only =
      a.numAllNodes === 1
        ? tr('scheduling.answer.onlyNode')
        : a.evaluatedNodes === a.numAllNodes
          ? tr('scheduling.answer.onlyFeasibleOf', { all: a.numAllNodes ?? 0 })
          : tr('scheduling.answer.oneFeasible')
    line = tr('scheduling.answer.only', { node, only })
  } else {
    line = tr('scheduling.answer.plain', { node })
  }
  line = tr('scheduling.answer.sentence', { text: line })
  const { numAllNodes: all, evaluatedNodes: seen } = a
  if (all !== undefined && seen !== undefined && seen < all)
    line = tr('scheduling.answer.evaluated', { text: line, seen, all })
  return line
}

export type ScoreMode = 'raw' | 'normalized' | 'weighted'

/** One node Filter looked at, as a table row. */
export interface NodeRow {
  readonly node: string
  readonly feasible: boolean
  readonly winner: boolean
  /** One of the nodes that shared the top score (the RNG broke the tie). */
  readonly tieCandidate: boolean
  /**
   * Plugin → "passed" or its reasons. A plugin after the rejecting one is absent: Filter stops at
   * the first plugin that says no.
   */
  readonly filter: Readonly<Record<string, string>>
  readonly rejection?: Rejection
  /** Feasible nodes when Score ran: per mode, plugin → score. */
  readonly scores?: Readonly<Record<ScoreMode, Readonly<Record<string, number>>>>
  /** Sum of the weighted scores. */
  readonly total?: number
}

export interface AttemptTable {
  /** Filter plugins that appear in the record, in the order they ran. */
  readonly filterPlugins: readonly string[]
  /** Score plugins, in the order they ran; empty when Score did not run. */
  readonly scorePlugins: readonly string[]
  /** Winner, then feasible nodes by total (highest first), then rejected nodes in Filter order. */
  readonly rows: readonly NodeRow[]
}

/** Keys of the inner records, in first-seen order (the framework's plugin order). */
function columns(table: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined): string[] {
  const seen = new Set<string>()
  for (const row of Object.values(table ?? {})) for (const k of Object.keys(row)) seen.add(k)
  return [...seen]
}

export function explainTable(a: SchedulingAttempt): AttemptTable {
  const ties = new Set(a.tieBreak?.candidates ?? [])
  const rows: NodeRow[] = Object.keys(a.filter).map((node) => {
    const rejection = rejectionOf(a, node)
    const total = a.total?.[node]
    const raw = a.score?.[node]
    return {
      node,
      feasible: rejection === undefined,
      winner: a.result === 'Scheduled' && node === a.selectedNode,
      tieCandidate: ties.has(node),
      filter: a.filter[node] ?? {},
      ...(rejection ? { rejection } : {}),
      ...(raw
        ? { scores: { raw, normalized: a.normalized?.[node] ?? {}, weighted: a.weighted?.[node] ?? {} } }
        : {}),
      ...(total !== undefined ? { total } : {}),
    }
  })
  const rank = (r: NodeRow) => (r.winner ? 0 : r.feasible ? 1 : 2)
  // Array.prototype.sort is stable: equal rows keep Filter's order.
  rows.sort((x, y) => rank(x) - rank(y) || (rank(x) === 1 ? (y.total ?? 0) - (x.total ?? 0) : 0))
  return { filterPlugins: columns(a.filter), scorePlugins: columns(a.score), rows }
}
