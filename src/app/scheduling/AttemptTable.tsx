/**
 * One attempt as a table: a row per node Filter looked at, a column per Filter plugin (✓ or its
 * reason), the verdict, then — when Score ran — the total (next to the verdict, so it shows in a
 * narrow panel without scrolling) and a column per Score plugin in the chosen mode. The winner and tie-break candidates are marked; the caption says what the table
 * cannot show (nodes Filter skipped, a skipped Score, a tie broken at random).
 */
import { useMemo } from 'react'
import type { SchedulingAttempt } from '../../protocol/messages'
import { explainTable, type NodeRow, type ScoreMode } from './explain'
import { shortPluginName, shortVerdict } from './plugin-names'

const MODE_TITLE: Readonly<Record<ScoreMode, string>> = {
  raw: 'what each Score plugin returned',
  normalized: 'after NormalizeScore, 0–100',
  weighted: 'normalized × the plugin’s weight; the total is their sum',
}

export function AttemptTable({ attempt, mode }: { attempt: SchedulingAttempt; mode: ScoreMode }) {
  const { filterPlugins, scorePlugins, rows } = useMemo(() => explainTable(attempt), [attempt])
  const scored = scorePlugins.length > 0
  return (
    <div className="sched-scroll">
      <table className="sched-table" data-testid="scheduling-table">
        <caption>
          <Caption attempt={attempt} shown={rows.length} />
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="sched-node">
              Node
            </th>
            {filterPlugins.length > 0 && (
              <th scope="colgroup" colSpan={filterPlugins.length} className="sched-group">
                Filter
              </th>
            )}
            <th scope="col" rowSpan={2}>
              Verdict
            </th>
            {scored && (
              <th scope="col" rowSpan={2} className="num" title="sum of the weighted scores">
                Total
              </th>
            )}
            {scored && (
              <th
                scope="colgroup"
                colSpan={scorePlugins.length}
                className="sched-group"
                title={MODE_TITLE[mode]}
              >
                Score ({mode})
              </th>
            )}
          </tr>
          <tr>
            {filterPlugins.map((p) => (
              <th key={`f-${p}`} scope="col" title={p} data-plugin={p}>
                {shortPluginName(p)}
              </th>
            ))}
            {scorePlugins.map((p) => (
              <th key={`s-${p}`} scope="col" title={p} data-score-plugin={p} className="num">
                {shortPluginName(p)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row key={r.node} row={r} filterPlugins={filterPlugins} scorePlugins={scorePlugins} mode={mode} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Caption({ attempt: a, shown }: { attempt: SchedulingAttempt; shown: number }) {
  const notes: string[] = [`Attempt ${a.attempt} at ${seconds(a.atMs)}: Filter and Score, node by node.`]
  if (a.numAllNodes !== undefined && shown < a.numAllNodes)
    notes.push(`${a.numAllNodes - shown} of ${a.numAllNodes} nodes were not evaluated and are not listed.`)
  if (a.result === 'Scheduled' && !a.total && a.feasibleNodes === 1)
    notes.push('Score was skipped: only one node was feasible.')
  if (a.tieBreak) {
    const { candidates, maxScore } = a.tieBreak
    notes.push(
      `Tie-break: ${candidates.length} nodes shared the top total ${maxScore}; the scheduler picked ${a.selectedNode} among them at random (seeded).`,
    )
  }
  return <>{notes.join(' ')}</>
}

function Row({
  row: r,
  filterPlugins,
  scorePlugins,
  mode,
}: {
  row: NodeRow
  filterPlugins: readonly string[]
  scorePlugins: readonly string[]
  mode: ScoreMode
}) {
  const cls = ['sched-row', r.winner && 'winner', r.tieCandidate && 'tie', !r.feasible && 'rejected']
  return (
    <tr
      className={cls.filter(Boolean).join(' ')}
      data-testid="scheduling-row"
      data-node={r.node}
      data-winner={String(r.winner)}
      data-feasible={String(r.feasible)}
    >
      <th scope="row" className="sched-node">
        {r.node}
        {r.winner && <span className="sched-badge win">selected</span>}
        {r.tieCandidate && (
          <span className="sched-badge tie" title="shared the top total: a tie-break candidate">
            tie
          </span>
        )}
      </th>
      {filterPlugins.map((p) => (
        <FilterCell key={p} plugin={p} verdict={r.filter[p]} />
      ))}
      <Verdict row={r} />
      {scorePlugins.length > 0 &&
        (r.scores ? (
          <>
            <td className="num total">{r.total ?? ''}</td>
            {scorePlugins.map((p) => (
              <td key={p} className="num" data-score-plugin={p}>
                {r.scores?.[mode][p] ?? ''}
              </td>
            ))}
          </>
        ) : (
          <td colSpan={scorePlugins.length + 1} className="muted">
            {r.feasible ? 'not scored' : ''}
          </td>
        ))}
    </tr>
  )
}

/** Selected, feasible, or which plugin rejected the node (short; the full story in the title). */
function Verdict({ row: r }: { row: NodeRow }) {
  if (!r.rejection) return <td className="ok">{r.winner ? 'selected' : 'feasible'}</td>
  const { plugin, reasons } = r.rejection
  return (
    <td className="fail" data-rejected-by={plugin} title={`rejected by ${plugin}: ${reasons.join(', ')}`}>
      <span aria-hidden="true">✗ </span>
      <span className="visually-hidden">rejected by </span>
      {shortPluginName(plugin)}
    </td>
  )
}

function FilterCell({ plugin, verdict }: { plugin: string; verdict: string | undefined }) {
  if (verdict === undefined)
    return (
      <td
        data-plugin={plugin}
        className="muted"
        title="not run: Filter stops at the first plugin that says no"
      >
        –
      </td>
    )
  if (verdict === 'passed')
    return (
      <td data-plugin={plugin} className="ok" title={`${plugin}: passed`}>
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">passed</span>
      </td>
    )
  return (
    <td data-plugin={plugin} className="fail reason" title={`${plugin}: ${verdict}`}>
      {shortVerdict(verdict)}
    </td>
  )
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3)} s`
}
