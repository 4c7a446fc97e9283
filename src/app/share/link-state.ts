/**
 * Why the share link in the address could not be opened (the banner), until dismissed. Apart from
 * restore.ts so the page can watch for a problem without fetching the decoder (a lazy chunk).
 */
import { create } from 'zustand'
import type { LinkProblem } from './explain'

export interface ShareLinkState {
  /** Why the link in the address could not be opened (the banner), until dismissed. */
  problem: LinkProblem | undefined
}

export const useShareLink = create<ShareLinkState>(() => ({ problem: undefined }))

export function dismissShareProblem(): void {
  useShareLink.setState({ problem: undefined })
}
