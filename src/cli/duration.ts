/** Go-style durations (`250ms`, `30s`, `5m`, `1h30m`, `1.5s`) to milliseconds. */
export function parseDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g
  let total = 0
  let consumed = 0
  for (const m of text.matchAll(re)) {
    if (m.index !== consumed) return undefined
    consumed += m[0].length
    const n = Number(m[1])
    total += n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h']
  }
  return consumed === text.length && consumed > 0 ? Math.round(total) : undefined
}
