/** The wall-clock instant at which every scenario's virtual time 0 sits, unless it says otherwise. */
export const DEFAULT_START_TIME = '2025-05-01T10:00:00Z'
export const DEFAULT_START_MS = Date.parse(DEFAULT_START_TIME)

/** Epoch milliseconds of a metav1.Time / MicroTime string; undefined when absent or invalid. */
export function timeMs(t: string | undefined): number | undefined {
  if (!t) return undefined
  const ms = Date.parse(t)
  return Number.isNaN(ms) ? undefined : ms
}
