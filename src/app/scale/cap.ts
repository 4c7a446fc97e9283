/**
 * Capping long lists: the first `max` items, plus any later item `keep` wants (the focused Pod,
 * the selected object), in their original order, and how many were left out.
 */
export function capList<T>(
  items: readonly T[],
  max: number,
  keep: (item: T) => boolean = () => false,
): { shown: readonly T[]; hidden: number } {
  if (items.length <= max) return { shown: items, hidden: 0 }
  const shown = items.slice(0, max)
  for (let i = max; i < items.length; i++) {
    const item = items[i] as T
    if (keep(item)) shown.push(item)
  }
  return { shown, hidden: items.length - shown.length }
}

/** Options per group in an object picker (a <select>) before it asks for a filter. */
export const PICKER_OPTIONS = 200

/**
 * An object picker's groups narrowed to keys containing `filter` (case-insensitive) and capped at `max`
 * per resource; `current` always stays. `hidden` counts what the cap left out.
 */
export function pickerGroups(
  groups: readonly { resource: string; keys: readonly string[] }[],
  filter: string,
  current: string | undefined,
  max = PICKER_OPTIONS,
): { groups: { resource: string; keys: string[] }[]; shown: number; total: number } {
  const needle = filter.trim().toLowerCase()
  let shown = 0
  let total = 0
  const out = groups.map((g) => {
    total += g.keys.length
    const keys: string[] = []
    for (const k of g.keys) {
      const match = needle === '' || k.toLowerCase().includes(needle)
      if (k === current || (match && keys.length < max)) keys.push(k)
    }
    shown += keys.length
    return { resource: g.resource, keys }
  })
  return { groups: out.filter((g) => g.keys.length > 0), shown, total }
}
