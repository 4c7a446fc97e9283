/**
 * The Scheduling tab: which Pod (the focused one; choosing another focuses it everywhere), then
 * its scheduling explanation.
 */
import { useMemo, useState } from 'react'
import { useT } from '../i18n/i18n'
import { podKeys } from '../model/pods-view'
import { pickerGroups } from '../scale/cap'
import { PickerFilter } from '../scale/PickerFilter'
import { useStore } from '../store/store'
import { SchedulingPanel } from './SchedulingPanel'

const PREFIX = '/registry/pods/'

export function SchedulingTab() {
  const focused = useStore((s) => s.focusedPodKey)
  const revisions = useStore((s) => s.revisions)
  const t = useT()
  const all = useMemo(() => podKeys(revisions), [revisions])
  // Thousands of Pods: PICKER_OPTIONS of them in the list, and a filter to find the others.
  const [filter, setFilter] = useState('')
  const picker = useMemo(
    () => pickerGroups([{ resource: 'pods', keys: all }], filter, focused),
    [all, filter, focused],
  )
  const keys = picker.groups[0]?.keys ?? []
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
      <PickerFilter
        className="scheduling-pick"
        testId="scheduling-filter"
        filter={filter}
        onFilter={setFilter}
        shown={picker.shown}
        total={picker.total}
      />
      {focused ? (
        <SchedulingPanel pod={focused.slice(PREFIX.length)} />
      ) : (
        <p className="muted">{t('scheduling.chooseHint')}</p>
      )}
    </div>
  )
}
