/**
 * The views a user opens on demand, each fetched as its own chunk the first time it is shown, so
 * the first load carries only what is on screen: the top bar, the graph, playback, the inspector
 * and the timeline (issue 10: initial JS ≤ 200 kB gzipped, measured by `npm run bench:bundle`;
 * e2e/bundle.spec.ts checks that none of these is fetched before it is opened). Monaco is lazy in
 * EditorPanel.tsx, the Chinese catalog in i18n/i18n.ts, the export actions in export/ExportMenu.
 */
import { lazy, type ReactNode, Suspense } from 'react'
import { useT } from './i18n/i18n'

// Dock tabs other than the timeline (Dock.tsx).
export const KubectlConsole = lazy(() =>
  import('./console/KubectlConsole').then((m) => ({ default: m.KubectlConsole })),
)
export const SchedulingTab = lazy(() =>
  import('./scheduling/SchedulingTab').then((m) => ({ default: m.SchedulingTab })),
)
export const HistoryPanel = lazy(() =>
  import('./history/HistoryPanel').then((m) => ({ default: m.HistoryPanel })),
)
export const WhatIfPanel = lazy(() =>
  import('./faults/WhatIfPanel').then((m) => ({ default: m.WhatIfPanel })),
)

// The inspector's teaching narration (with its glossary) and the loaded library scenario's card.
export const TeachingPanel = lazy(() =>
  import('./teaching/TeachingPanel').then((m) => ({ default: m.TeachingPanel })),
)
export const ScenarioCard = lazy(() =>
  import('./library/ScenarioCard').then((m) => ({ default: m.ScenarioCard })),
)

// The inspector's panels for a "why?" and for the Pod in focus (Inspector.tsx).
export const WhyPanel = lazy(() => import('./inspector/WhyPanel').then((m) => ({ default: m.WhyPanel })))
export const PodPanel = lazy(() => import('./inspector/PodPanel').then((m) => ({ default: m.PodPanel })))

// The library dialog's list (the 18 scenarios are data the first paint does not need).
export const LibraryList = lazy(() =>
  import('./library/LibraryList').then((m) => ({ default: m.LibraryList })),
)

// The editor's Cluster tab: the Nodes as YAML and the import of a real cluster.
export const ClusterTab = lazy(() => import('./editor/ClusterTab').then((m) => ({ default: m.ClusterTab })))

// The Export menu's Mermaid dialog (the menu's actions are fetched by ExportMenu on first use).
export const MermaidDialog = lazy(() =>
  import('./export/MermaidDialog').then((m) => ({ default: m.MermaidDialog })),
)

// A share link's banner, only when a link could not be opened.
export const ShareErrorBanner = lazy(() =>
  import('./share/ShareErrorBanner').then((m) => ({ default: m.ShareErrorBanner })),
)

/** A lazy view with a short "loading…" while its chunk arrives. */
export function Loading({ children }: { readonly children: ReactNode }) {
  const t = useT()
  return (
    <Suspense
      fallback={
        <p className="muted" data-testid="view-loading">
          {t('common.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  )
}
