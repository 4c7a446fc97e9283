/**
 * A scrollable region the keyboard reaches (tabIndex 0: the inspector's payload, the console's
 * output, a revision in the history) scrolls with the arrows, Home / End, Page Up / Down and
 * Space. Those keys are also the playback shortcuts (shortcuts.ts, on window); stopping them here
 * lets the region have them while it has focus.
 */
import type { KeyboardEvent } from 'react'

const SCROLL_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  ' ',
])

export function keepScrollKeys(e: KeyboardEvent): void {
  if (e.target === e.currentTarget && SCROLL_KEYS.has(e.key)) e.stopPropagation()
}
