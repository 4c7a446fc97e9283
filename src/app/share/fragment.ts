/**
 * The cheap part of share links, on the page from the start: does the address carry one, and
 * follow a new one pasted into the address bar. Decoding and restoring (codec.ts, restore.ts, with
 * the scenario library) are a chunk fetched only when there is a link to open.
 */

/** The fragment's start: `#s=…`. */
export const SHARE_PREFIX = 's='

/** Cheap: does this fragment claim to be a share link (whatever its state)? */
export function isShareFragment(hash: string): boolean {
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  return h.startsWith(SHARE_PREFIX) || /^s%3d/i.test(h)
}

/** Open another link pasted into the address bar of this page (only the fragment changes). */
export function followShareLinks(): () => void {
  const onHashChange = () => {
    if (!isShareFragment(location.hash)) return
    const hash = location.hash
    void import('./restore').then(({ restoreFromLocation }) => restoreFromLocation(hash))
  }
  window.addEventListener('hashchange', onHashChange)
  return () => window.removeEventListener('hashchange', onHashChange)
}
