/**
 * Records scheduling attempts by decoration, as kube-scheduler-simulator does: in `full` mode each
 * plugin is wrapped so that its PreFilter, Filter, PreScore and Score results are written down
 * as they happen; plugins themselves know nothing about it. In `summary` mode nothing is wrapped
 * (no cost in the Filter loop) and the record keeps what the algorithm returns anyway.
 *
 * Weighted scores, totals and the tie-break come from the algorithm's result (they are the
 * framework's, not a plugin's), so the recorder only adds the raw scores and per-node verdicts.
 */
import type { Pod, Writable } from '../../../api/types'
import type { ScheduleOutcome } from '../algorithm/schedule-pod'
import type { CycleState } from '../framework/cycle-state'
import type { PriorityList } from '../framework/framework'
import type {
  FilterPlugin,
  Plugin,
  PreFilterOutcome,
  PreFilterPlugin,
  PreScorePlugin,
  ScorePlugin,
} from '../framework/interfaces'
import type { NodeInfo } from '../framework/node-info'
import type { Status } from '../framework/status'
import type {
  AttemptRecord,
  AttemptResult,
  FilterOutcome,
  FilterRecord,
  PreOutcome,
  RecordingMode,
  ScoreRecord,
} from './record'

/** Methods a wrapper passes through unchanged. */
const PASS_THROUGH = [
  'preEnqueue',
  'less',
  'postFilter',
  'reserve',
  'unreserve',
  'permit',
  'preBind',
  'bind',
  'postBind',
  'eventsToRegister',
] as const

type Table<T> = Record<string, Record<string, T>>

interface Draft {
  preFilter: Record<string, PreOutcome>
  filter: Table<FilterOutcome>
  preScore: Record<string, PreOutcome>
  score: Table<number>
}

function outcomeOf(s: Status | null): FilterOutcome {
  return s === null || s.code === 'Success' ? 'passed' : { code: s.code, reasons: s.reasons }
}

function cell<T>(table: Table<T>, row: string): Record<string, T> {
  let r = table[row]
  if (!r) {
    r = {}
    table[row] = r
  }
  return r
}

export interface AttemptContext {
  readonly pod: Pod
  readonly podKey: string
  readonly podUid: string
  readonly attempt: number
  readonly cycle: number
  readonly atMs: number
}

export interface AttemptEnd {
  readonly result: AttemptResult
  readonly message?: string
  readonly unschedulablePlugins?: readonly string[]
  readonly postFilter?: { readonly plugin: string; readonly message: string }
  readonly preemption?: { readonly nominatedNode: string; readonly victims: readonly string[] }
}

export class AttemptRecorder {
  private draft: Draft | null = null
  /** PostFilter re-runs Filter on copies of nodes (preemption's dry run): those are not the attempt's verdicts. */
  private filterDone = false

  constructor(public mode: RecordingMode = 'full') {}

  /** The framework decorator for the current mode (undefined in summary mode: no wrapping). */
  get decorator(): ((p: Plugin) => Plugin) | undefined {
    return this.mode === 'full' ? (p) => this.wrap(p) : undefined
  }

  /** From now until the next attempt, Filter calls are preemption's, not the attempt's. */
  postFilterStarted(): void {
    this.filterDone = true
  }

  begin(): void {
    this.filterDone = false
    this.draft = this.mode === 'full' ? { preFilter: {}, filter: {}, preScore: {}, score: {} } : null
  }

  /** Build the record from what the wrappers saw and what the algorithm returned. */
  finish(ctx: AttemptContext, outcome: ScheduleOutcome, end: AttemptEnd): AttemptRecord {
    const d = this.draft
    this.draft = null
    // Built by assignment in the order the spreads used to give (the trace's JSON is the same):
    // one object each, not a spread of a temporary per optional field, for every attempt.
    const filter: Writable<FilterRecord> = {
      pod: ctx.podKey,
      podUid: ctx.podUid,
      attempt: ctx.attempt,
      atMs: ctx.atMs,
      mode: this.mode,
      cycle: ctx.cycle,
      search: outcome.kind === 'no-nodes' ? null : outcome.search,
      result: end.result,
    }
    if (end.message !== undefined) filter.message = end.message
    if (d) {
      filter.preFilter = d.preFilter
      filter.filter = d.filter
    }
    if (end.unschedulablePlugins) filter.unschedulablePlugins = end.unschedulablePlugins
    if (end.postFilter) filter.postFilter = end.postFilter
    if (end.preemption) filter.preemption = end.preemption
    if (outcome.kind !== 'scheduled' || end.result !== 'Scheduled') return { filter }
    const p = outcome.priorities
    const sel = outcome.selection
    const score: Writable<ScoreRecord> = {
      pod: ctx.podKey,
      podUid: ctx.podUid,
      attempt: ctx.attempt,
      atMs: ctx.atMs,
      mode: this.mode,
      scored: p !== null,
      selectedNode: outcome.suggestedHost,
    }
    if (d && p) {
      score.preScore = d.preScore
      score.score = d.score
      const columns = this.columns(p)
      score.normalized = columns.normalized
      score.weighted = columns.weighted
      score.total = columns.total
      score.weights = columns.weights
    }
    if (sel && p && sel.ties.length > 1) {
      score.tieBreak = {
        candidates: (this.mode === 'full' ? sel.ties : sel.ties.slice(0, 3)).map(
          (i) => (p.nodes[i] as NodeInfo).name,
        ),
        count: sel.ties.length,
        maxScore: sel.maxScore,
      }
    }
    return { filter, score }
  }

  private columns(p: PriorityList) {
    const total: Record<string, number> = {}
    const normalized: Table<number> = {}
    const weighted: Table<number> = {}
    const weights: Record<string, number> = {}
    p.plugins.forEach((name, i) => {
      weights[name] = p.weights[i] as number
    })
    p.nodes.forEach((ni, n) => {
      total[ni.name] = p.totals[n] as number
      const nRow = cell(normalized, ni.name)
      const wRow = cell(weighted, ni.name)
      p.plugins.forEach((name, i) => {
        const v = (p.scores[i] as readonly number[])[n] as number
        nRow[name] = v
        wRow[name] = v * (p.weights[i] as number)
      })
    })
    return { normalized, weighted, total, weights }
  }

  /** The recording wrapper around one plugin. */
  private wrap(inner: Plugin): Plugin {
    const src = inner as unknown as Record<string, unknown>
    const w: Record<string, unknown> = { name: inner.name }
    for (const m of PASS_THROUGH) {
      const fn = src[m]
      if (typeof fn === 'function') w[m] = fn.bind(inner)
    }
    const name = inner.name
    if (typeof src.preFilter === 'function') {
      const pl = inner as PreFilterPlugin
      w.preFilter = (state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): PreFilterOutcome => {
        const out = pl.preFilter(state, pod, nodes)
        if (this.draft) {
          const s = out.status
          this.draft.preFilter[name] =
            s !== null && s.code === 'Skip'
              ? 'skipped'
              : s !== null && s.code !== 'Success'
                ? outcomeOf(s)
                : out.result
                  ? { nodeNames: [...out.result.nodeNames] }
                  : 'passed'
        }
        return out
      }
    }
    if (typeof src.filter === 'function') {
      const pl = inner as FilterPlugin
      w.filter = (state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null => {
        const s = pl.filter(state, pod, nodeInfo)
        if (this.draft && !this.filterDone) cell(this.draft.filter, nodeInfo.name)[name] = outcomeOf(s)
        return s
      }
    }
    if (typeof src.preScore === 'function') {
      const pl = inner as PreScorePlugin
      w.preScore = (state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): Status | null => {
        const s = pl.preScore(state, pod, nodes)
        if (this.draft) {
          this.draft.preScore[name] =
            s !== null && s.code === 'Skip' ? 'skipped' : s === null ? 'passed' : outcomeOf(s)
        }
        return s
      }
    }
    if (typeof src.score === 'function') {
      const pl = inner as ScorePlugin
      w.score = (state: CycleState, pod: Pod, nodeInfo: NodeInfo): number => {
        const v = pl.score(state, pod, nodeInfo)
        if (this.draft) cell(this.draft.score, nodeInfo.name)[name] = v
        return v
      }
      if (pl.scoreExtensions) w.scoreExtensions = pl.scoreExtensions
    }
    if ((inner as PreFilterPlugin).preFilterExtensions) {
      w.preFilterExtensions = (inner as PreFilterPlugin).preFilterExtensions
    }
    return w as unknown as Plugin
  }
}
