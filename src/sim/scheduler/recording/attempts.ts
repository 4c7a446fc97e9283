/**
 * Scheduling attempts as a flat, stable shape for readers outside the simulation (the CLI's
 * `--output json` `scheduling` array): one entry per attempt, joining the attempt's `filter`
 * and `score` trace steps. A Filter verdict is "passed" or the plugin's reasons joined with ", ";
 * nodes Filter did not look at (sampling) are absent, and `evaluatedNodes` says how many it did.
 */
import type { Message } from '../../kernel/trace'
import type { FilterRecord, ScoreRecord } from './record'

type Table<T> = Record<string, Record<string, T>>

export interface SchedulingAttempt {
  /** `namespace/name`. */
  readonly pod: string
  readonly attempt: number
  readonly atMs: number
  readonly result: FilterRecord['result']
  readonly selectedNode?: string
  /** The FailedScheduling text, when not scheduled. */
  readonly message?: string
  readonly numAllNodes?: number
  readonly evaluatedNodes?: number
  readonly feasibleNodes?: number
  readonly filter: Table<string>
  /** Raw scores per node and plugin; absent when Score did not run (one feasible node). */
  readonly score?: Table<number>
  readonly normalized?: Table<number>
  readonly weighted?: Table<number>
  readonly total?: Record<string, number>
  readonly tieBreak?: ScoreRecord['tieBreak']
  readonly preemption?: FilterRecord['preemption']
}

function isStep(m: Message, stage: 'filter' | 'score'): boolean {
  return m.kind === 'step' && m.from === 'kube-scheduler' && m.stage === stage
}

export function schedulingAttempts(trace: readonly Message[]): SchedulingAttempt[] {
  const out: SchedulingAttempt[] = []
  const open = new Map<string, number>()
  for (const m of trace) {
    if (isStep(m, 'filter')) {
      const f = m.payload as FilterRecord
      const filter: Table<string> = {}
      for (const [node, plugins] of Object.entries(f.filter ?? {})) {
        const row: Record<string, string> = {}
        for (const [plugin, v] of Object.entries(plugins))
          row[plugin] = v === 'passed' ? v : v.reasons.join(', ')
        filter[node] = row
      }
      open.set(`${f.pod}#${f.attempt}`, out.length)
      out.push({
        pod: f.pod,
        attempt: f.attempt,
        atMs: f.atMs,
        result: f.result,
        ...(f.message !== undefined ? { message: f.message } : {}),
        ...(f.search
          ? {
              numAllNodes: f.search.numAllNodes,
              evaluatedNodes: f.search.evaluatedNodes,
              feasibleNodes: f.search.feasibleNodes,
            }
          : {}),
        filter,
        ...(f.preemption ? { preemption: f.preemption } : {}),
      })
    } else if (isStep(m, 'score')) {
      const s = m.payload as ScoreRecord
      const i = open.get(`${s.pod}#${s.attempt}`)
      if (i === undefined) continue
      out[i] = {
        ...(out[i] as SchedulingAttempt),
        selectedNode: s.selectedNode,
        ...(s.score ? { score: s.score as Table<number> } : {}),
        ...(s.normalized ? { normalized: s.normalized as Table<number> } : {}),
        ...(s.weighted ? { weighted: s.weighted as Table<number> } : {}),
        ...(s.total ? { total: s.total } : {}),
        ...(s.tieBreak ? { tieBreak: s.tieBreak } : {}),
      }
    }
  }
  return out
}
