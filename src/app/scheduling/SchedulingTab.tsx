/**
 * The Scheduling tab: which Pod (the focused one; choosing another focuses it everywhere), then
 * its scheduling explanation.
 */
import { useMemo } from 'react'
import { useT } from '../i18n/i18n'
import { podKeys } from '../model/pods-view'
import { useStore } from '../store/store'
import { SchedulingPanel } from './SchedulingPanel'

const PREFIX = '/registry/pods/'

export function SchedulingTab() {
  const focused = useStore((s) => s.focusedPodKey)
  const revisions = useStore((s) => s.revisions)
  const t = useT()
  const keys = useMemo(() => podKeys(revisions), [revisions])
  return (
    <div className="scheduling-tab">
      <label className="scheduling-pick">
        {t('scheduling.pod')}{' '}
        <select
          data-testid="scheduling-pod"
          value={focused ?? ''}
          onChange={(e) => useStore.setState({ focusedPodKey: e.target.value || undefined })}
        >
          {!focused && <option value="">{t('scheduling.choose')}</option>}
          {keys.map((k) => (
            <option key={k} value={k}>
              {k.slice(PREFIX.length)}
            </option>
          ))}
        </select>
      </label>
      {focused ? (
        <SchedulingPanel pod={focused.slice(PREFIX.length)} />
      ) : (
        <p className="muted">{t('scheduling.chooseHint')}</p>
      )}
    </div>
  )
}
