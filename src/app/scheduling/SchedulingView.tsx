/**
 * The scheduling explanation as a function of its inputs (no store, no worker), so it renders in
 * tests: which attempt, the one-line answer, upstream's FailedScheduling text, the score mode and
 * the table.
 */
import type { SchedulingAttempt } from '../../protocol/messages'
import { useT } from '../i18n/i18n'
import { AttemptTable, seconds } from './AttemptTable'
import { explainAttempt, type ScoreMode } from './explain'

export interface SchedulingViewProps {
  /** The attempts before the cursor, oldest first. */
  readonly attempts: readonly SchedulingAttempt[]
  /** Index into `attempts`; undefined (or past the end): the latest. */
  readonly chosen: number | undefined
  readonly onChoose: (index: number | undefined) => void
  readonly mode: ScoreMode
  readonly onMode: (mode: ScoreMode) => void
  /** What to say when `attempts` is empty. */
  readonly emptyText: string
}

const MODES: readonly ScoreMode[] = ['raw', 'normalized', 'weighted']

export function SchedulingView({ attempts, chosen, onChoose, mode, onMode, emptyText }: SchedulingViewProps) {
  const t = useT()
  const latest = attempts.length - 1
  const index = chosen !== undefined && chosen < latest ? chosen : latest
  const attempt = attempts[index]
  if (!attempt)
    return (
      <p className="muted" data-testid="scheduling-empty">
        {emptyText}
      </p>
    )
  const scored = attempt.score !== undefined
  return (
    <>
      <div className="sched-controls">
        <label>
          {t('scheduling.attempt')}{' '}
          <select
            data-testid="scheduling-attempt"
            value={index}
            // The latest stays selected as new attempts come in; an older one stays put.
            onChange={(e) => {
              const i = Number(e.target.value)
              onChoose(i >= latest ? undefined : i)
            }}
          >
            {attempts.map((a, i) => (
              <option key={`${a.atMs}#${a.attempt}`} value={i}>
                #{a.attempt} · {seconds(a.atMs)} · {a.result}
              </option>
            ))}
          </select>
        </label>
        {scored && (
          <label>
            {t('scheduling.scores')}{' '}
            <select
              data-testid="score-mode"
              value={mode}
              onChange={(e) => onMode(e.target.value as ScoreMode)}
            >
              {MODES.map((m) => (
                <option key={m} value={m} title={t(`scheduling.modeTitle.${m}`)}>
                  {t(`scheduling.mode.${m}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className={`sched-answer result-${attempt.result}`} data-testid="scheduling-answer">
        {explainAttempt(attempt, t)}
      </p>
      {attempt.result !== 'Scheduled' && attempt.message && (
        <p className="sched-message muted" data-testid="scheduling-message">
          FailedScheduling: {attempt.message}
        </p>
      )}
      {Object.keys(attempt.filter).length > 0 && <AttemptTable attempt={attempt} mode={mode} />}
    </>
  )
}
