/**
 * The panels under the graph, as tabs: the Pods' timeline, the kubectl console, the focused Pod's
 * scheduling explanation, an object's history in etcd, and what-if faults. Every tab but the
 * timeline is a chunk of its own, fetched when first shown (lazy.tsx). The console stays mounted
 * once opened (its scrollback survives switching tabs); the others render only while shown.
 */
import { type KeyboardEvent, type ReactNode, useState } from 'react'
import { DockResizer } from './DockResizer'
import { useT } from './i18n/i18n'
import { HistoryPanel, KubectlConsole, Loading, SchedulingTab, WhatIfPanel } from './lazy'
import { play } from './playback'
import { type DockTab, useStore } from './store/store'
import { Timeline } from './timeline/Timeline'

const TABS: ReadonlyArray<{ id: DockTab }> = [
  { id: 'timeline' },
  { id: 'console' },
  { id: 'scheduling' },
  { id: 'history' },
  { id: 'whatIf' },
]

/** After a write from the console, play from its time, as after Apply. */
function playFrom(result: { readonly atMs: number; readonly exitCode: number }): void {
  useStore.setState({ cursorMs: result.atMs, selectedMessageId: undefined })
  play()
}

export function Dock() {
  const tab = useStore((s) => s.dockTab)
  const t = useT()
  // The console's chunk is fetched when its tab is first opened; from then on it stays mounted.
  const [consoleOpened, setConsoleOpened] = useState(false)
  if (tab === 'console' && !consoleOpened) setConsoleOpened(true)
  const select = (dockTab: DockTab) => useStore.setState({ dockTab })
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    e.preventDefault()
    e.stopPropagation()
    const i = TABS.findIndex((d) => d.id === tab)
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
      {/* A lazy tab says "loading…" while its chunk arrives. */}
      <Loading>{content}</Loading>
    </div>
  )
  return (
    <section className="dock" aria-label={t('dock.label')} data-testid="dock">
      <DockResizer />
      <div
        className="dock-tabs"
        role="tablist"
        aria-label={t('dock.label')}
        onKeyDown={onKeyDown}
        tabIndex={-1}
      >
        {TABS.map((d) => (
          <button
            key={d.id}
            type="button"
            role="tab"
            id={`dock-tab-${d.id}`}
            aria-selected={tab === d.id}
            aria-controls={`dock-panel-${d.id}`}
            tabIndex={tab === d.id ? 0 : -1}
            data-testid={`dock-tab-${d.id}`}
            onClick={() => select(d.id)}
          >
            {t(`dock.${d.id}`)}
          </button>
        ))}
      </div>
      {panel('timeline', tab === 'timeline' && <Timeline />)}
      {panel('console', consoleOpened && <KubectlConsole onWrite={playFrom} />)}
      {panel('scheduling', tab === 'scheduling' && <SchedulingTab />)}
      {panel('history', tab === 'history' && <HistoryPanel />)}
      {panel('whatIf', tab === 'whatIf' && <WhatIfPanel />)}
    </section>
  )
}
