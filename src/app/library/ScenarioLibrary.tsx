/**
 * The top bar's "Scenarios" button and the library dialog: every scenario with its title and goal
 * in the current language, and a button to load it.
 */
import './library.css'
import { useRef } from 'react'
import { SCENARIOS } from '../../scenarios/library'
import { useLang, useT } from '../i18n/i18n'
import { loadLibraryScenario } from './load'

export function ScenarioLibrary() {
  const t = useT()
  const lang = useLang((s) => s.lang)
  const dialog = useRef<HTMLDialogElement>(null)
  return (
    <>
      <button
        type="button"
        data-testid="scenarios-open"
        title={t('library.openHint')}
        onClick={() => dialog.current?.showModal()}
      >
        {t('library.open')}
      </button>
      <dialog ref={dialog} className="library" aria-labelledby="library-title" data-testid="scenario-library">
        <header>
          <h2 id="library-title">{t('library.title')}</h2>
          <button type="button" onClick={() => dialog.current?.close()} data-testid="scenarios-close">
            {t('library.close')}
          </button>
        </header>
        <p className="muted">{t('library.intro')}</p>
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
                  dialog.current?.close()
                  void loadLibraryScenario(s)
                }}
              >
                {t('library.load')}
              </button>
            </li>
          ))}
        </ol>
      </dialog>
    </>
  )
}
