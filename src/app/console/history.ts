/**
 * The console's command history, as a shell keeps it: ↑ goes to older commands, ↓ back toward
 * what was being typed (kept as the draft), consecutive repeats are stored once. Pure values.
 */
export interface History {
  readonly entries: readonly string[]
  /** Which entry the input shows; entries.length: the draft. */
  readonly index: number
  /** What was typed before ↑ was first pressed. */
  readonly draft: string
}

export const EMPTY_HISTORY: History = { entries: [], index: 0, draft: '' }

/** After running `command`: remember it, and go back to an empty draft. */
export function remember(h: History, command: string): History {
  const entries =
    command.trim() === '' || h.entries[h.entries.length - 1] === command ? h.entries : [...h.entries, command]
  return { entries, index: entries.length, draft: '' }
}

/** ↑ with `current` in the input: the older entry, or undefined at the oldest. */
export function older(h: History, current: string): { history: History; text: string } | undefined {
  if (h.index === 0) return undefined
  const draft = h.index === h.entries.length ? current : h.draft
  const index = h.index - 1
  return { history: { ...h, index, draft }, text: h.entries[index] as string }
}

/** ↓: the newer entry, then the draft; undefined when already at the draft. */
export function newer(h: History): { history: History; text: string } | undefined {
  if (h.index >= h.entries.length) return undefined
  const index = h.index + 1
  return {
    history: { ...h, index },
    text: index === h.entries.length ? h.draft : (h.entries[index] as string),
  }
}
