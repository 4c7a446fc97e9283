/** The top bar's "Teach" button: teaching mode on or off (stepping then follows the story). */
// With the first paint: the toggle's own style, and the close button the scenario card shares
// (the panel itself is a lazy chunk, lazy.tsx).
import './teaching.css'
import { useT } from '../i18n/i18n'
import { useStore } from '../store/store'
import { useTeaching } from './teaching-store'

export function TeachingToggle() {
  const t = useT()
  const enabled = useTeaching((s) => s.enabled)
  return (
    <button
      type="button"
      className={`teaching-toggle${enabled ? ' on' : ''}`}
      aria-pressed={enabled}
      title={t('teaching.toggleHint')}
      data-testid="teaching-toggle"
      onClick={() => {
        useTeaching.setState({ enabled: !enabled })
        // Narration follows the selected message: start from where the learner is, paused.
        if (!enabled) useStore.setState({ playing: false })
      }}
    >
      {t('teaching.toggle')}
    </button>
  )
}

/** The panel, only while teaching mode is on. */
export function TeachingSlot({ children }: { children: React.ReactNode }) {
  const enabled = useTeaching((s) => s.enabled)
  return enabled ? children : null
}
