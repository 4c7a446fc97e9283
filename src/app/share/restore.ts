/**
 * Opening a share link: at startup (and when the fragment changes to another link), decode
 * `location.hash`, load the link's scenario as a new run, then put the view back as it was: the
 * cursor, the selected message, the focused Pod, the dock tab, teaching mode, the language,
 * kubectl's user, and the link's first manifest in the editor. The trace streams in after the
 * load; the cursor is set at once and the views follow as frames arrive.
 *
 * A link that cannot be opened leaves a banner (useShareLink, link-state.ts) saying why, in the
 * user's language, and the caller starts the app as usual. Nothing here writes the user's saved
 * draft: a link is its own scenario, shown without touching `podflow.draft`; nor the remembered
 * language: the link's language holds for this page only.
 *
 * A chunk of its own with the decoder and the scenario library, fetched only when the address
 * carries a link (fragment.ts).
 */
import { ADMIN_USER, type ScenarioInput } from '../../protocol/messages'
import { loadScenario } from '../bridge'
import { showLang } from '../i18n/i18n'
import { useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'
import { decodeShare, isShareFragment, type SharedView } from './codec'
import { useShareLink } from './link-state'

export { dismissShareProblem, type ShareLinkState, useShareLink } from './link-state'

/** 'none': no share link in the fragment; 'failed': there was one, and the banner says why. */
export type RestoreOutcome = 'none' | 'restored' | 'failed'

/**
 * Open the share link in `hash` (by default the page's). Never throws. On 'none' and 'failed' the
 * caller starts the app as it would without a link.
 */
export async function restoreFromLocation(hash: string = location.hash): Promise<RestoreOutcome> {
  if (!isShareFragment(hash)) return 'none'
  const decoded = await decodeShare(hash)
  if (!decoded.ok) {
    useShareLink.setState({ problem: decoded.problem })
    return 'failed'
  }
  return restoreView(decoded.view)
}

/** The manifest the editor shows for a linked scenario: its first apply, if it has one. */
export function firstManifest(scenario: ScenarioInput): string | undefined {
  for (const a of scenario.actions) if (a.type === 'apply') return a.yaml
  return undefined
}

/** Load `view.scenario` and put the view back once the worker has it. */
export async function restoreView(view: SharedView): Promise<'restored' | 'failed'> {
  useStore.setState({ playing: false })
  const outcome = await loadScenario(view.scenario)
  if (outcome.type !== 'loaded') {
    const message =
      outcome.type === 'error'
        ? outcome.message
        : outcome.problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')
    useShareLink.setState({ problem: { reason: 'rejected', message } })
    return 'failed'
  }
  const manifest = firstManifest(view.scenario)
  const { users } = useStore.getState()
  useStore.setState({
    scenarioId: view.card,
    ...(manifest !== undefined ? { workloadYaml: manifest } : {}),
    clusterYaml: view.scenario.clusterYaml,
    problems: [],
    clusterProblems: [],
    applyLog: [],
    cursorMs: view.cursorMs,
    playing: false,
    selectedMessageId: view.selectedMessageId,
    focusedPodKey: view.focusedPodKey,
    historyKey: view.historyKey,
    dockTab: view.dockTab,
    why: undefined,
    applyAs: view.applyAs !== undefined && users.includes(view.applyAs) ? view.applyAs : ADMIN_USER,
  })
  useTeaching.setState({ enabled: view.teaching })
  // For this page only: the user's remembered choice stays theirs.
  if (view.lang) await showLang(view.lang)
  useShareLink.setState({ problem: undefined })
  return 'restored'
}
