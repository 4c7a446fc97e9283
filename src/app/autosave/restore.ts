/**
 * Startup from the saved draft: the workload editor's text, the cluster tab's unsaved edits, and
 * the cluster the simulation ran (loaded again; if it no longer loads, the default cluster runs
 * and the text stays in the cluster tab to fix).
 */
import { loadScenario } from '../bridge'
import { useStore } from '../store/store'
import { loadDraft } from './draft'

/** The scenario to start with: the saved cluster, or the default (empty) one. */
export function startingCluster(): string {
  return loadDraft()?.cluster ?? ''
}

/** Put the saved editor texts back; true if there was a draft. */
export function restoreEditorDraft(): boolean {
  const draft = loadDraft()
  if (!draft) return false
  useStore.setState({
    ...(draft.workload !== undefined ? { workloadYaml: draft.workload } : {}),
    ...(draft.cluster ? { clusterYaml: draft.cluster } : {}),
    ...(draft.clusterDraft !== undefined ? { clusterDraft: draft.clusterDraft } : {}),
  })
  return true
}

/** Load the saved cluster (or the default); a saved cluster that fails falls back to the default. */
export async function startWithDraftCluster(): Promise<void> {
  const clusterYaml = startingCluster()
  const outcome = await loadScenario({ seed: 1, clusterYaml, actions: [] })
  if (outcome.type !== 'loaded' && clusterYaml !== '') {
    useStore.setState({ clusterYaml: '', clusterDraft: clusterYaml })
    await loadScenario({ seed: 1, clusterYaml: '', actions: [] })
  }
}
