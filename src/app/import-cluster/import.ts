/**
 * Importing a cluster dump: convert it (convert.ts), then load it as the cluster tab's text, as
 * "Use this cluster" does. Nothing changes unless it loads; what the tab held before is kept so
 * the import can be undone.
 */
import { create } from 'zustand'
import { reloadCluster } from '../actions'
import { useStore } from '../store/store'
import { type DumpProblem, type DumpSummary, dumpToClusterYaml } from './convert'

/** What the cluster tab held before an import: the running cluster and the unsaved draft, if any. */
export interface BeforeImport {
  readonly clusterYaml: string
  readonly clusterDraft: string | undefined
}

export type ImportOutcome =
  | {
      readonly ok: true
      readonly summary: DumpSummary
      readonly before: BeforeImport
      /** The cluster tab's text it loaded. */
      readonly yaml: string
    }
  | {
      readonly ok: false
      readonly problem: DumpProblem | { readonly kind: 'notLoaded'; readonly detail: string }
    }

export async function importClusterDump(text: string): Promise<ImportOutcome> {
  const converted = dumpToClusterYaml(text)
  if (!converted.ok) return converted
  const state = useStore.getState()
  const before: BeforeImport = { clusterYaml: state.clusterYaml, clusterDraft: state.clusterDraft }
  const { clusterProblems, applyLog } = state
  await reloadCluster(converted.yaml)
  const after = useStore.getState()
  if (after.clusterYaml !== converted.yaml) {
    // It did not load: the tab keeps the user's text, and its markers, as they were.
    const detail = after.applyLog.map((l) => l.text).join('\n')
    useStore.setState({ clusterProblems, applyLog })
    return { ok: false, problem: { kind: 'notLoaded', detail } }
  }
  return { ok: true, summary: converted.summary, before, yaml: converted.yaml }
}

/**
 * The last import, while it can be undone: its summary, what the tab held before and what it
 * loaded (once the cluster is another one, the note goes). Kept here, not in the dialog's
 * component, so the note outlives a switch to the Workload tab.
 */
export const useLastImport = create<{
  last?: { readonly summary: DumpSummary; readonly before: BeforeImport; readonly yaml: string }
}>(() => ({}))

/** Back to the cluster the tab had before the import (and its unsaved draft). */
export async function undoImport(before: BeforeImport): Promise<void> {
  await reloadCluster(before.clusterYaml)
  if (before.clusterDraft !== undefined) useStore.setState({ clusterDraft: before.clusterDraft })
}
