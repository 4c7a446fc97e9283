/** The library dialog's list: every scenario with its title and goal in the current language, and a button to load it. */
import { SCENARIOS } from '../../scenarios/library'
import { useLang, useT } from '../i18n/i18n'
import { loadLibraryScenario } from './load'

/** `onLoad` runs before the chosen scenario loads (the dialog closes). */
export function LibraryList({ onLoad }: { readonly onLoad: () => void }) {
  const t = useT()
  const lang = useLang((s) => s.lang)
  return (
    <ol className="library-list">
      {SCENARIOS.map((s) => (
        <li key={s.id} data-testid="scenario-item" data-id={s.id}>
          <div>
            <strong>{s.title[lang]}</strong>
            <p className="muted">{s.goal[lang]}</p>
          </div>
          <button
            type="button"
            data-testid="scenario-load"
            data-id={s.id}
            onClick={() => {
              onLoad()
              void loadLibraryScenario(s)
            }}
          >
            {t('library.load')}
          </button>
        </li>
      ))}
    </ol>
  )
}
