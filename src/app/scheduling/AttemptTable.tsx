/**
 * One attempt as a table: a row per node Filter looked at, a column per Filter plugin (✓ or its
 * reason), the verdict, then — when Score ran — the total (next to the verdict, so it shows in a
 * narrow panel without scrolling) and a column per Score plugin in the chosen mode. The winner and tie-break candidates are marked; the caption says what the table
 * cannot show (nodes Filter skipped, a skipped Score, a tie broken at random).
 */
import { useMemo, useState } from 'react'
import type { SchedulingAttempt } from '../../protocol/messages'
import { formatCount, type Translate, useT } from '../i18n/i18n'
import { capList } from '../scale/cap'
import { explainTable, type NodeRow, type ScoreMode } from './explain'
import { shortPluginName, shortVerdict } from './plugin-names'

/** Node rows listed before "show more" (1,000 nodes make 1,000 rows; the winner always shows). */
export const TABLE_ROWS = 100

export function AttemptTable({ attempt, mode }: { attempt: SchedulingAttempt; mode: ScoreMode }) {
  const { filterPlugins, scorePlugins, rows } = useMemo(() => explainTable(attempt), [attempt])
  const [limit, setLimit] = useState(TABLE_ROWS)
  const { shown, hidden } = useMemo(
    () => capList(rows, limit, (r) => r.winner || r.tieCandidate),
    [rows, limit],
  )
  const scored = scorePlugins.length > 0
  const t = useT()
  return (
    <div className="sched-scroll" data-rows={rows.length}>
      <table className="sched-table" data-testid="scheduling-table">
        <caption>{caption(attempt, rows.length, t)}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="sched-node">
              {t('scheduling.table.node')}
            </th>
            {filterPlugins.length > 0 && (
              <th scope="colgroup" colSpan={filterPlugins.length} className="sched-group">
                {t('scheduling.table.filter')}
              </th>
            )}
            <th scope="col" rowSpan={2}>
              {t('scheduling.table.verdict')}
            </th>
            {scored && (
              <th scope="col" rowSpan={2} className="num" title={t('scheduling.table.totalTitle')}>
                {t('scheduling.table.total')}
              </th>
            )}
            {scored && (
              <th
                scope="colgroup"
                colSpan={scorePlugins.length}
                className="sched-group"
                title={t(`scheduling.modeTitle.${mode}`)}
              >
                {t('scheduling.table.score', { mode: t(`scheduling.mode.${mode}`) })}
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
          {shown.map((r) => (
            <Row key={r.node} row={r} filterPlugins={filterPlugins} scorePlugins={scorePlugins} mode={mode} />
          ))}
        </tbody>
      </table>
      {hidden > 0 && (
        <button
          type="button"
          className="link pf-more-button"
          data-testid="scheduling-more"
          data-hidden={hidden}
          onClick={() => setLimit((n) => n + TABLE_ROWS * 4)}
        >
          {t('scale.list.showMore', { count: formatCount(Math.min(hidden, TABLE_ROWS * 4)) })}
        </button>
      )}
    </div>
  )
}

/** What the table cannot show, in sentences: nodes Filter skipped, a skipped Score, a tie. */
function caption(a: SchedulingAttempt, shown: number, t: Translate): string {
  const notes: string[] = [t('scheduling.caption.attempt', { attempt: a.attempt, time: seconds(a.atMs) })]
  if (a.numAllNodes !== undefined && shown < a.numAllNodes)
    notes.push(t('scheduling.caption.notEvaluated', { count: a.numAllNodes - shown, all: a.numAllNodes }))
  if (a.result === 'Scheduled' && !a.total && a.feasibleNodes === 1)
    notes.push(t('scheduling.caption.scoreSkipped'))
  if (a.tieBreak) {
    const { count, maxScore } = a.tieBreak
    notes.push(
      t('scheduling.caption.tieBreak', {
        count,
        score: maxScore,
        node: a.selectedNode ?? '',
      }),
    )
  }
  return notes.reduce((first, second) => t('scheduling.caption.join', { first, second }))
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
  const t = useT()
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
        {r.winner && <span className="sched-badge win">{t('scheduling.table.selected')}</span>}
        {r.tieCandidate && (
          <span className="sched-badge tie" title={t('scheduling.table.tieTitle')}>
            {t('scheduling.table.tie')}
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
            {r.feasible ? t('scheduling.table.notScored') : ''}
          </td>
        ))}
    </tr>
  )
}

/** Selected, feasible, or which plugin rejected the node (short; the full story in the title). */
function Verdict({ row: r }: { row: NodeRow }) {
  const t = useT()
  if (!r.rejection)
    return (
      <td className="ok">{r.winner ? t('scheduling.table.selected') : t('scheduling.table.feasible')}</td>
    )
  const { plugin, reasons } = r.rejection
  return (
    <td
      className="fail"
      data-rejected-by={plugin}
      title={t('scheduling.table.rejectedBy', { plugin, reasons: reasons.join(', ') })}
    >
      <span aria-hidden="true">✗ </span>
      <span className="visually-hidden">{t('scheduling.table.rejectedByShort')} </span>
      {shortPluginName(plugin)}
    </td>
  )
}

function FilterCell({ plugin, verdict }: { plugin: string; verdict: string | undefined }) {
  const t = useT()
  if (verdict === undefined)
    return (
      <td data-plugin={plugin} className="muted" title={t('scheduling.table.notRun')}>
        –
      </td>
    )
  if (verdict === 'passed')
    return (
      <td data-plugin={plugin} className="ok" title={t('scheduling.table.passedTitle', { plugin })}>
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">{t('scheduling.table.passed')}</span>
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
