/**
 * The panels under the graph, as tabs: the Pods' timeline, the kubectl console, the focused Pod's
 * scheduling explanation, and an object's history in etcd. The console stays mounted (its
 * scrollback survives switching tabs); the others render only while shown.
 */
import type { KeyboardEvent, ReactNode } from 'react'
import { KubectlConsole } from './console/KubectlConsole'
import { DockResizer } from './DockResizer'
import { HistoryPanel } from './history/HistoryPanel'
import { play } from './playback'
import { SchedulingTab } from './scheduling/SchedulingTab'
import { type DockTab, useStore } from './store/store'
import { Timeline } from './timeline/Timeline'

const TABS: ReadonlyArray<{ id: DockTab; label: string }> = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'console', label: 'kubectl' },
  { id: 'scheduling', label: 'Scheduling' },
  { id: 'history', label: 'History' },
]

/** After a write from the console, play from its time, as after Apply. */
function playFrom(result: { readonly atMs: number; readonly exitCode: number }): void {
  useStore.setState({ cursorMs: result.atMs, selectedMessageId: undefined })
  play()
}

export function Dock() {
  const tab = useStore((s) => s.dockTab)
  const select = (dockTab: DockTab) => useStore.setState({ dockTab })
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    e.preventDefault()
    e.stopPropagation()
    const i = TABS.findIndex((t) => t.id === tab)
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]
    if (next) {
      select(next.id)
      document.getElementById(`dock-tab-${next.id}`)?.focus()
    }
  }
  const panel = (id: DockTab, content: ReactNode) => (
    <div
      role="tabpanel"
      id={`dock-panel-${id}`}
      aria-labelledby={`dock-tab-${id}`}
      className="dock-panel"
      hidden={tab !== id}
    >
      {content}
    </div>
  )
  return (
    <section className="dock" aria-label="Details" data-testid="dock">
      <DockResizer />
      <div className="dock-tabs" role="tablist" aria-label="Details" onKeyDown={onKeyDown} tabIndex={-1}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`dock-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`dock-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            data-testid={`dock-tab-${t.id}`}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {panel('timeline', tab === 'timeline' && <Timeline />)}
      {panel('console', <KubectlConsole onWrite={playFrom} />)}
      {panel('scheduling', tab === 'scheduling' && <SchedulingTab />)}
      {panel('history', tab === 'history' && <HistoryPanel />)}
    </section>
  )
}
