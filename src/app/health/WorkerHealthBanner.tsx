/**
 * Says that the simulation worker crashed or hung, and what became of it: restarted from the last
 * inputs, or (after failing again and again) waiting for the user to restart it. Dismissible; the
 * browser's own words are there for whoever wants them, as text.
 */
import { restartSimulation } from '../bridge'
import { useT } from '../i18n/i18n'
import { dismissWorkerFailure, useWorkerHealth } from './worker-health'

export function WorkerHealthBanner() {
  const t = useT()
  const failure = useWorkerHealth((s) => s.failure)
  if (!failure) return null
  return (
    <div
      className="top-banner"
      role="alert"
      data-testid="worker-failure"
      data-cause={failure.cause}
      data-restarted={failure.restarted}
    >
      <p>
        <strong>{t(failure.cause === 'crash' ? 'worker.crashed' : 'worker.hung')}</strong>{' '}
        {t(failure.restarted ? 'worker.restarted' : 'worker.gaveUp')}
        {failure.detail && <span className="muted"> {t('worker.detail', { detail: failure.detail })}</span>}
      </p>
      {!failure.restarted && (
        <button
          type="button"
          data-testid="worker-restart"
          onClick={() => {
            dismissWorkerFailure()
            restartSimulation()
          }}
        >
          {t('worker.restart')}
        </button>
      )}
      <button type="button" data-testid="worker-failure-dismiss" onClick={dismissWorkerFailure}>
        {t('worker.dismiss')}
      </button>
    </div>
  )
}
