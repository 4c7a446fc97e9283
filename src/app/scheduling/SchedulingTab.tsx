/**
 * The Scheduling tab: which Pod (the focused one; choosing another focuses it everywhere), then
 * its scheduling explanation.
 */
import { useMemo } from 'react'
import { podKeys } from '../model/pods-view'
import { useStore } from '../store/store'
import { SchedulingPanel } from './SchedulingPanel'

const PREFIX = '/registry/pods/'

export function SchedulingTab() {
  const focused = useStore((s) => s.focusedPodKey)
  const revisions = useStore((s) => s.revisions)
  const keys = useMemo(() => podKeys(revisions), [revisions])
  return (
    <div className="scheduling-tab">
      <label className="scheduling-pick">
        Pod{' '}
        <select
          data-testid="scheduling-pod"
          value={focused ?? ''}
          onChange={(e) => useStore.setState({ focusedPodKey: e.target.value || undefined })}
        >
          {!focused && <option value="">choose a Pod…</option>}
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
        <p className="muted">Choose a Pod, or click one on the graph, the status strip or the timeline.</p>
      )}
    </div>
  )
}
