/** The banner for a share link that could not be opened: why, in the user's language; dismissible. */
import './share.css'
import { useLang, useT } from '../i18n/i18n'
import { explainProblem } from './explain'
import { dismissShareProblem, useShareLink } from './link-state'

export function ShareErrorBanner() {
  const t = useT()
  const lang = useLang((s) => s.lang)
  const problem = useShareLink((s) => s.problem)
  if (!problem) return null
  return (
    <div className="top-banner" role="alert" data-testid="share-error" data-reason={problem.reason}>
      <p>
        <strong>{t('share.error.title')}</strong>{' '}
        <span data-testid="share-error-reason">{explainProblem(problem, t, lang)}</span>{' '}
        <span className="muted">{t('share.error.fallback')}</span>
      </p>
      <button type="button" data-testid="share-error-dismiss" onClick={dismissShareProblem}>
        {t('share.error.dismiss')}
      </button>
    </div>
  )
}
