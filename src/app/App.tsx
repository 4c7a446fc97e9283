/**
 * The app: the graph in the middle with playback under it, the editor on the left, the inspector
 * on the right, the Pods' status strip under them, and the dock (timeline, console, scheduling,
 * history) along the bottom. The simulation runs in a Web Worker;
 * everything on screen is a function of (trace, cursor time).
 */
import { type CSSProperties, useEffect } from 'react'
import { followBoot } from './actions'
import { startSimulation } from './bridge'
import { Dock } from './Dock'
import { EditorPanel } from './EditorPanel'
import { TEMPLATES } from './editor/templates'
import { ClusterGraph } from './graph/ClusterGraph'
import { Inspector } from './Inspector'
import { syncDocumentLang, useT } from './i18n/i18n'
import { LanguageSwitch } from './LanguageSwitch'
import { ScenarioLibrary } from './library/ScenarioLibrary'
import { PlaybackBar } from './PlaybackBar'
import { StatusStrip } from './StatusStrip'
import { installShortcuts } from './shortcuts'
import { useStore } from './store/store'
import { ThemeToggle } from './ThemeToggle'
import { TeachingToggle } from './teaching/TeachingToggle'

export function App() {
  useEffect(() => {
    if (!useStore.getState().workloadYaml) useStore.setState({ workloadYaml: TEMPLATES[0]?.yaml ?? '' })
    const unfollow = followBoot()
    startSimulation({ seed: 1, clusterYaml: '', actions: [] })
    const uninstall = installShortcuts()
    const unsyncLang = syncDocumentLang()
    return () => {
      unfollow()
      uninstall()
      unsyncLang()
    }
  }, [])
  const dockHeight = useStore((s) => s.dockHeight)
  const t = useT()
  return (
    <div
      className="app"
      data-testid="app-shell"
      style={dockHeight === undefined ? undefined : ({ '--dock-h': `${dockHeight}px` } as CSSProperties)}
    >
      <header className="topbar">
        <h1>podflow</h1>
        <p className="tagline">{t('app.tagline')}</p>
        <ScenarioLibrary />
        <TeachingToggle />
        <LanguageSwitch />
        <ThemeToggle />
      </header>
      <EditorPanel />
      <main className="stage" aria-label={t('app.stage')}>
        <div className="graph-area">
          <ClusterGraph />
        </div>
        <PlaybackBar />
      </main>
      <Inspector />
      <StatusStrip />
      <Dock />
    </div>
  )
}
