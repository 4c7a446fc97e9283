/**
 * Virtual times as a person writes them in a scenario file: Go-style durations (`0s`, `250ms`,
 * `1.5s`, `2m5.25s`, `1h0m30s`), which src/api/parse-duration.ts reads back to the same
 * millisecond.
 */
export { parseDuration } from '../../api/parse-duration'

/** `1500` → `1.5s`, `250` → `250ms`, `125000` → `2m5s`, `0` → `0s` (as Go's Duration.String). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms)
  if (ms === 0) return '0s'
  const sign = ms < 0 ? '-' : ''
  const abs = Math.abs(ms)
  if (abs < 1000) return `${sign}${abs}ms`
  const h = Math.floor(abs / 3_600_000)
  const m = Math.floor((abs % 3_600_000) / 60_000)
  // An integer number of milliseconds over 1000 prints with at most 3 decimals.
  const s = (abs % 60_000) / 1000
  return `${sign}${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`
}
