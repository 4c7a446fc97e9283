/**
 * Loading a library scenario: its cluster and its actions go to the worker (a new run from time
 * 0), its first manifest goes to the editor, and what the editor held before is kept so the user
 * can restore it (a scenario never silently replaces their work).
 */
import { SCENARIOS } from '../../scenarios/library'
import type { LibraryScenario } from '../../scenarios/types'
import { loadScenario } from '../bridge'
import { play } from '../playback'
import { firstManifest } from '../share/restore'
import { useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'

export function scenarioById(id: string | undefined): LibraryScenario | undefined {
  return id === undefined ? undefined : SCENARIOS.find((s) => s.id === id)
}

/** The manifest the editor shows for a scenario: its first apply. */
function manifestOf(s: LibraryScenario): string {
  return firstManifest(s.input) ?? ''
}

export async function loadLibraryScenario(s: LibraryScenario): Promise<void> {
  const state = useStore.getState()
  const manifest = manifestOf(s)
  // Keep the user's own manifest (not one a previous scenario put there).
  const draftBeforeScenario =
    state.scenarioId === undefined || state.workloadYaml !== manifestOf(scenarioById(state.scenarioId) ?? s)
      ? state.workloadYaml
      : state.draftBeforeScenario
  useStore.setState({
    scenarioId: s.id,
    draftBeforeScenario,
    workloadYaml: manifest,
    clusterYaml: s.input.clusterYaml,
    problems: [],
    clusterProblems: [],
    applyLog: [],
    cursorMs: 0,
    playing: false,
    selectedMessageId: undefined,
    focusedPodKey: undefined,
    why: undefined,
  })
  const outcome = await loadScenario(s.input)
  // In teaching mode the learner steps; otherwise the story plays.
  if (outcome.type === 'loaded' && !useTeaching.getState().enabled) play()
}

export function restoreDraft(): void {
  const { draftBeforeScenario } = useStore.getState()
  if (draftBeforeScenario === undefined) return
  useStore.setState({ workloadYaml: draftBeforeScenario, draftBeforeScenario: undefined })
}
