/**
 * Go-style durations (`250ms`, `30s`, `5m`, `1h30m`, `1.5s`, `.5s`, `0`) to milliseconds, as
 * time.ParseDuration reads them (without a sign: a negative time makes no sense here).
 */
const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3, // U+00B5 micro sign
  μs: 1e-3, // U+03BC Greek small letter mu
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

export function parseDuration(text: string): number | undefined {
  // time.ParseDuration: "0" is the one number allowed without a unit.
  if (text === '0') return 0
  // Digits before or after the point (at least one of them), then a unit.
  const re = /(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g
  let total = 0
  let consumed = 0
  for (const m of text.matchAll(re)) {
    if (m.index !== consumed) return undefined
    consumed += m[0].length
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number)
  }
  return consumed === text.length && consumed > 0 ? Math.round(total) : undefined
}
