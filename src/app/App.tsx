/**
 * The app: the graph in the middle with playback under it, the editor on the left, the inspector
 * on the right, the Pods' status strip under them, and the dock (timeline, console, scheduling,
 * history) along the bottom. The simulation runs in a Web Worker;
 * everything on screen is a function of (trace, cursor time).
 */
import { type CSSProperties, Suspense, useEffect } from 'react'
import { followBoot } from './actions'
import { installDraftFlush } from './autosave/draft'
import { restoreEditorDraft, startWithDraftCluster } from './autosave/restore'
import { Dock } from './Dock'
import { EditorPanel } from './EditorPanel'
import { TEMPLATES } from './editor/templates'
import { ExportMenu } from './export/ExportMenu'
import { ClusterGraph } from './graph/ClusterGraph'
import { WorkerHealthBanner } from './health/WorkerHealthBanner'
import { Inspector } from './Inspector'
import { syncDocumentLang, useT } from './i18n/i18n'
import { LanguageSwitch } from './LanguageSwitch'
import { ShareErrorBanner } from './lazy'
import { ScenarioLibrary } from './library/ScenarioLibrary'
import { PlaybackBar } from './PlaybackBar'
import { StatusStrip } from './StatusStrip'
import { followShareLinks, isShareFragment } from './share/fragment'
import { useShareLink } from './share/link-state'
import { ShareButton } from './share/ShareButton'
import { installShortcuts } from './shortcuts'
import { useStore } from './store/store'
import { ThemeToggle } from './ThemeToggle'
import { TeachingToggle } from './teaching/TeachingToggle'

export function App() {
  useEffect(() => {
    // A share link brings its own scenario (and leaves the saved draft alone); otherwise the
    // user's draft comes back, or the first template for a first visit.
    const linked = isShareFragment(location.hash)
    // `?scenario=<id>` (the embed view's "Open in podflow") opens a library scenario.
    const libraryId = new URLSearchParams(location.search).get('scenario') ?? undefined
    if (!linked) restoreEditorDraft()
    if (!useStore.getState().workloadYaml) useStore.setState({ workloadYaml: TEMPLATES[0]?.yaml ?? '' })
    const unfollow = followBoot()
    const startAsUsual = () => {
      if (libraryId !== undefined) void startWithLibraryScenario(libraryId)
      else void startWithDraftCluster()
    }
    // A link that cannot be opened says why (its banner) and the app starts as usual, draft and all.
    // The decoder is a chunk of its own, fetched only for a link.
    if (linked)
      void restoreLinked().then((outcome) => {
        if (outcome === 'restored') return
        restoreEditorDraft()
        startAsUsual()
      })
    else startAsUsual()
    const unfollowLinks = followShareLinks()
    const unflush = installDraftFlush()
    const uninstall = installShortcuts()
    const unsyncLang = syncDocumentLang()
    return () => {
      unfollow()
      unfollowLinks()
      unflush()
      uninstall()
      unsyncLang()
    }
  }, [])
  const dockHeight = useStore((s) => s.dockHeight)
  const shareProblem = useShareLink((s) => s.problem !== undefined)
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
        <ExportMenu />
        <ShareButton />
        <TeachingToggle />
        <LanguageSwitch />
        <ThemeToggle />
      </header>
      {shareProblem && (
        <Suspense fallback={null}>
          <ShareErrorBanner />
        </Suspense>
      )}
      <WorkerHealthBanner />
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

/** Open the share link in the address (the decoder's chunk is fetched only then). */
async function restoreLinked(): Promise<'none' | 'restored' | 'failed'> {
  const { restoreFromLocation } = await import('./share/restore')
  return restoreFromLocation()
}

/** `?scenario=<id>`: that library scenario (the library's chunk is fetched only then), else as usual. */
async function startWithLibraryScenario(id: string): Promise<void> {
  const { loadLibraryScenario, scenarioById } = await import('./library/load')
  const scenario = scenarioById(id)
  await (scenario ? loadLibraryScenario(scenario) : startWithDraftCluster())
}
