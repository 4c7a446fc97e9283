/** What the user sees now, as a share link's view, and the link that opens it. */
import { ADMIN_USER } from '../../protocol/messages'
import { useLang } from '../i18n/i18n'
import { cursorNow } from '../playback'
import { useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'
import { encodeShare, type SharedView, shareUrl } from './codec'

/** The view to share, or undefined before the first scenario has loaded. */
export function currentView(): SharedView | undefined {
  const s = useStore.getState()
  if (!s.scenario) return undefined
  return {
    scenario: s.scenario,
    // A hint: the library scenario the user loaded, when the scenario still starts with it.
    ...(s.scenarioId !== undefined ? { libraryId: s.scenarioId, card: s.scenarioId } : {}),
    cursorMs: Math.round(s.cursorMs),
    ...(s.selectedMessageId !== undefined ? { selectedMessageId: s.selectedMessageId } : {}),
    ...(s.focusedPodKey !== undefined ? { focusedPodKey: s.focusedPodKey } : {}),
    ...(s.historyKey !== undefined ? { historyKey: s.historyKey } : {}),
    dockTab: s.dockTab,
    teaching: useTeaching.getState().enabled,
    lang: useLang.getState().lang,
    ...(s.applyAs !== ADMIN_USER ? { applyAs: s.applyAs } : {}),
  }
}

/**
 * The link to what the user sees: the app's address (without a query such as `?scenario=`, which
 * the link replaces) and the fragment. Playback pauses on a whole millisecond first, so the sender
 * sees exactly the instant the link opens at.
 */
export async function makeShareLink(
  href: string = `${location.origin}${location.pathname}`,
): Promise<string | undefined> {
  useStore.setState({ playing: false, cursorMs: Math.round(cursorNow()) })
  const view = currentView()
  return view ? shareUrl(href, await encodeShare(view)) : undefined
}
