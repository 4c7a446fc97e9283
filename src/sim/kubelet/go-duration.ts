/**
 * Go's time.Duration.String() for whole milliseconds: `812ms`, `3.215s`, `1m2.5s`, `5m0s`,
 * `1h0m0s`. The kubelet prints durations this way in events and status messages
 * (`Successfully pulled image "nginx" in 3.215s …`, `back-off 5m0s restarting …`).
 */
export function formatGoDuration(ms: number): string {
  const total = Math.trunc(ms)
  if (total === 0) return '0s'
  const sign = total < 0 ? '-' : ''
  const abs = Math.abs(total)
  if (abs < 1000) return `${sign}${abs}ms`
  const h = Math.floor(abs / 3_600_000)
  const m = Math.floor((abs % 3_600_000) / 60_000)
  const sMs = abs % 60_000
  const whole = Math.floor(sMs / 1000)
  const frac = String(sMs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  const s = frac ? `${whole}.${frac}s` : `${whole}s`
  if (h > 0) return `${sign}${h}h${m}m${s}`
  if (m > 0) return `${sign}${m}m${s}`
  return `${sign}${s}`
}
