/**
 * Kubernetes resource quantities (`100m`, `1.5`, `128Mi`, `1e3`, `2G`), as in
 * apimachinery's resource.Quantity. Amounts are kept as plain numbers in base units; CPU is
 * usually handled in millicores via milliValue, as the scheduler does.
 */

const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
}
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
}

const QUANTITY = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)|[eE]([+-]?\d+))?$/

/** Parse a quantity to its value in base units, or undefined when it is not a valid quantity. */
export function parseQuantity(q: string | number | undefined | null): number | undefined {
  if (q === undefined || q === null) return undefined
  if (typeof q === 'number') return Number.isFinite(q) ? q : undefined
  const m = QUANTITY.exec(q.trim())
  if (!m) return undefined
  const n = Number(m[1])
  if (m[2] !== undefined) return n * (BINARY[m[2]] ?? DECIMAL[m[2]] ?? 1)
  if (m[3] !== undefined) return n * 10 ** Number(m[3])
  return n
}

export function isQuantity(q: unknown): boolean {
  return (typeof q === 'string' || typeof q === 'number') && parseQuantity(q) !== undefined
}

/** Value × 1000 rounded up, as Quantity.MilliValue does (CPU in millicores). */
export function milliValue(q: string | number | undefined | null): number {
  const v = parseQuantity(q)
  return v === undefined ? 0 : Math.ceil(Math.round(v * 1e9) / 1e6)
}

/** Value rounded up to an integer, as Quantity.Value does (memory in bytes, pod counts). */
export function intValue(q: string | number | undefined | null): number {
  const v = parseQuantity(q)
  return v === undefined ? 0 : Math.ceil(Math.round(v * 1e6) / 1e6)
}

/** Format millicores the way kubectl prints CPU: `250m`, `2`. */
export function formatMilliCpu(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`
}

/** Format bytes the way kubectl prints memory when it is a whole binary multiple: `128Mi`. */
export function formatBytes(bytes: number): string {
  for (const suffix of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const) {
    const unit = BINARY[suffix] as number
    if (bytes >= unit && bytes % unit === 0) return `${bytes / unit}${suffix}`
  }
  return String(bytes)
}
