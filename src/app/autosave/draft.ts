/**
 * Autosave: what the user typed survives a reload and a crashed tab. The workload editor's text,
 * the cluster the simulation runs (as "Use this cluster" last loaded it) and the cluster tab's
 * unsaved edits are written to localStorage shortly after each edit (and at once when the page is
 * hidden), and restored at startup. Only the user's own edits are saved: a share link or a library
 * scenario shown in the editor does not overwrite the draft.
 */
export const DRAFT_KEY = 'podflow.draft'
const DELAY_MS = 300

export interface Draft {
  readonly v: 1
  /** The workload editor's text. */
  readonly workload?: string
  /** The cluster the simulation was running (empty: the default cluster). */
  readonly cluster?: string
  /** The cluster tab's text not yet used. */
  readonly clusterDraft?: string
  readonly savedAt: number
}

type Patch = Partial<Omit<Draft, 'v' | 'savedAt'>>

interface Storage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage refused (privacy settings): nothing is saved, nothing breaks
  }
}

let pending: Patch = {}
let timer: ReturnType<typeof setTimeout> | undefined

/** Parse a stored draft; anything unexpected (another version, a hand edit) is no draft. */
export function parseDraft(text: string | null): Draft | undefined {
  if (!text) return undefined
  try {
    const d = JSON.parse(text) as Partial<Draft>
    if (d?.v !== 1) return undefined
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined)
    const workload = str(d.workload)
    const cluster = str(d.cluster)
    const clusterDraft = str(d.clusterDraft)
    return {
      v: 1,
      ...(workload !== undefined ? { workload } : {}),
      ...(cluster !== undefined ? { cluster } : {}),
      ...(clusterDraft !== undefined ? { clusterDraft } : {}),
      savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0,
    }
  } catch {
    return undefined
  }
}

export function loadDraft(store: Storage | undefined = storage()): Draft | undefined {
  try {
    return parseDraft(store?.getItem(DRAFT_KEY) ?? null)
  } catch {
    return undefined
  }
}

/** Merge `patch` into the stored draft now. An undefined field is removed. */
export function writeDraft(patch: Patch, store: Storage | undefined = storage(), now = Date.now()): void {
  if (!store) return
  const before = loadDraft(store) ?? { v: 1 as const, savedAt: 0 }
  const next: Record<string, unknown> = { ...before, ...patch, v: 1, savedAt: now }
  for (const k of Object.keys(patch)) if ((patch as Record<string, unknown>)[k] === undefined) delete next[k]
  try {
    store.setItem(DRAFT_KEY, JSON.stringify(next))
  } catch {
    // Quota exceeded or storage refused: the edit stays on screen; there is nothing better to do.
  }
}

/** Save `patch` shortly (edits come keystroke by keystroke). */
export function saveDraft(patch: Patch): void {
  pending = { ...pending, ...patch }
  if (timer !== undefined) clearTimeout(timer)
  timer = setTimeout(flushDraft, DELAY_MS)
}

/** Write what is pending now (the page is going away). */
export function flushDraft(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  if (Object.keys(pending).length === 0) return
  const patch = pending
  pending = {}
  writeDraft(patch)
}

/** Flush when the page is hidden or unloaded (a crash loses at most the last 300 ms). */
export function installDraftFlush(): () => void {
  const onHide = () => flushDraft()
  window.addEventListener('pagehide', onHide)
  document.addEventListener('visibilitychange', onHide)
  return () => {
    window.removeEventListener('pagehide', onHide)
    document.removeEventListener('visibilitychange', onHide)
  }
}
