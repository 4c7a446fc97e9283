/** The glossary entry the narration linked to, shown under the narration until closed. */
// Its `teaching.*` texts, before it renders (catalog-en.ts).
import './catalog-en'
import { type MessageKey, useT } from '../i18n/i18n'
import { useTeaching } from './teaching-store'

export function Glossary() {
  const t = useT()
  const term = useTeaching((s) => s.glossaryTerm)
  if (!term) return null
  return (
    <aside className="glossary-entry" data-testid="glossary-entry" data-term={term} aria-live="polite">
      <header>
        <strong>
          {t('teaching.glossaryTitle')}: {t(`teaching.glossary.${term}.term` as MessageKey)}
        </strong>
        <button
          type="button"
          className="link"
          onClick={() => useTeaching.setState({ glossaryTerm: undefined })}
        >
          {t('teaching.glossaryClose')}
        </button>
      </header>
      <p>{t(`teaching.glossary.${term}.text` as MessageKey)}</p>
    </aside>
  )
}
