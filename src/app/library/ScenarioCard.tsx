/** The loaded scenario in the inspector: its title, its goal, and its teaching notes. */
import { useLang, useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { pieces } from '../teaching/rich-text'
import { restoreDraft, scenarioById } from './load'

export function ScenarioCard() {
  const t = useT()
  const lang = useLang((s) => s.lang)
  const id = useStore((s) => s.scenarioId)
  const draft = useStore((s) => s.draftBeforeScenario)
  const scenario = scenarioById(id)
  if (!scenario) return null
  return (
    <section
      className="scenario-card"
      aria-label={t('library.current')}
      data-testid="scenario-card"
      data-id={scenario.id}
    >
      <header>
        <h3>{scenario.title[lang]}</h3>
        <button
          type="button"
          className="teaching-close"
          aria-label={t('library.leave')}
          title={t('library.leave')}
          onClick={() => useStore.setState({ scenarioId: undefined })}
        >
          ×
        </button>
      </header>
      <p data-testid="scenario-goal">
        <strong>{t('library.goal')}:</strong> {scenario.goal[lang]}
      </p>
      <details>
        <summary>{t('library.notes')}</summary>
        {scenario.notes.map((note) => (
          <p key={note.en} className="scenario-note">
            {pieces(note[lang]).map((p, i) =>
              p.kind === 'code' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one note, in order
                <code key={i}>{p.text}</code>
              ) : p.kind === 'text' ? (
                p.text
              ) : (
                p.term
              ),
            )}
          </p>
        ))}
      </details>
      {draft !== undefined && (
        <button type="button" className="link" data-testid="restore-draft" onClick={restoreDraft}>
          {t('library.restoreDraft')}
        </button>
      )}
    </section>
  )
}
