/**
 * The top bar's "Scenarios" button and the library dialog: every scenario with its title and goal
 * in the current language, and a button to load it. The list (and the scenarios' data) is a chunk
 * of its own, fetched the first time the dialog opens (lazy.tsx).
 */
import './library.css'
import { useRef, useState } from 'react'
import { useT } from '../i18n/i18n'
import { LibraryList, Loading } from '../lazy'

export function ScenarioLibrary() {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const [opened, setOpened] = useState(false)
  return (
    <>
      <button
        type="button"
        data-testid="scenarios-open"
        title={t('library.openHint')}
        onClick={() => {
          setOpened(true)
          dialog.current?.showModal()
        }}
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
        {opened && (
          <Loading>
            <LibraryList onLoad={() => dialog.current?.close()} />
          </Loading>
        )}
      </dialog>
    </>
  )
}
