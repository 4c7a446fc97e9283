/**
 * kubectl's ages: `5s`, `2m3s`, `3m`, `5h2m`, `3d4h`, `<unknown>`, `<invalid>`.
 *
 * kubectl: staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go (HumanDuration,
 * ShortHumanDuration), pkg/printers/internalversion/printers.go (translateTimestampSince).
 * Printers take `nowMs` (wall-clock epoch milliseconds) as an argument: the UI passes the
 * cursor's time, so a view shows the ages a user would have seen at that instant.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** Go's integer division of durations truncates toward zero. */
const div = (ms: number, unit: number): number => Math.trunc(ms / unit)

/** duration.HumanDuration: about two or three significant figures. */
export function humanDuration(ms: number): string {
  const seconds = div(ms, SECOND)
  // Up to two seconds in the future counts as now (clock skew between machines).
  if (seconds < -1) return '<invalid>'
  if (seconds < 0) return '0s'
  if (seconds < 60 * 2) return `${seconds}s`
  const minutes = div(ms, MINUTE)
  if (minutes < 10) {
    const s = seconds % 60
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`
  }
  if (minutes < 60 * 3) return `${minutes}m`
  const hours = div(ms, HOUR)
  if (hours < 8) {
    const m = minutes % 60
    return m === 0 ? `${hours}h` : `${hours}h${m}m`
  }
  if (hours < 48) return `${hours}h`
  if (hours < 24 * 8) {
    const h = hours % 24
    return h === 0 ? `${div(hours, 24)}d` : `${div(hours, 24)}d${h}h`
  }
  if (hours < 24 * 365 * 2) return `${div(hours, 24)}d`
  if (hours < 24 * 365 * 8) {
    const dy = div(hours, 24) % 365
    return dy === 0 ? `${div(hours, 24 * 365)}y` : `${div(hours, 24 * 365)}y${dy}d`
  }
  return `${div(hours, 24 * 365)}y`
}

/** duration.ShortHumanDuration: one unit only. */
export function shortHumanDuration(ms: number): string {
  const seconds = div(ms, SECOND)
  if (seconds < -1) return '<invalid>'
  if (seconds < 0) return '0s'
  if (seconds < 60) return `${seconds}s`
  const minutes = div(ms, MINUTE)
  if (minutes < 60) return `${minutes}m`
  const hours = div(ms, HOUR)
  if (hours < 24) return `${hours}h`
  if (hours < 24 * 365) return `${div(hours, 24)}d`
  return `${div(hours, 24 * 365)}y`
}

/** Epoch milliseconds of a metav1.Time / MicroTime string; undefined when absent or invalid. */
export function parseTimeMs(t: string | null | undefined): number | undefined {
  if (!t) return undefined
  const ms = Date.parse(t)
  return Number.isNaN(ms) ? undefined : ms
}

/** translateTimestampSince: the age of a timestamp, or `<unknown>` when there is none. */
export function translateTimestampSince(t: string | null | undefined, nowMs: number): string {
  const ms = parseTimeMs(t)
  return ms === undefined ? '<unknown>' : humanDuration(nowMs - ms)
}
