/**
 * Quantities as the apiserver stores them. Decoding a body turns every resource.Quantity into
 * its value (Quantity.UnmarshalJSON keeps no text), and encoding writes Quantity.String(), so a
 * stored object never holds what the user typed: `cpu: 0.5` is stored as `500m`, `"1.0"` as `1`,
 * `1024Mi` as `1Gi`. ResourceLists (requests, limits, overhead, a quota's hard, a LimitRange's
 * items, a Node's capacity) are first rounded up to milli scale by SetDefaults_ResourceList
 * (pkg/apis/core/v1/defaults.go); a lone Quantity (emptyDir sizeLimit, resourceFieldRef divisor)
 * is not.
 *
 * The walk follows the generated field table (known-fields.ts) and only enters the types that can
 * hold a quantity, so metadata, labels and most of a spec cost nothing.
 */
import { fieldsOf } from '../strict-fields'
import { canonicalQuantity, canonicalResourceQuantity } from './quantity-canonical'

const holdsQuantity = new Map<string, boolean>()

/** Whether a value of `type` can contain a quantity somewhere below it. */
function typeHoldsQuantity(type: string): boolean {
  const known = holdsQuantity.get(type)
  if (known !== undefined) return known
  holdsQuantity.set(type, false) // a cycle through this type adds nothing
  let holds = false
  const fields = fieldsOf(type)
  if (fields) {
    for (const child of fields.values()) {
      if (child === '~' || (child !== '' && typeHoldsQuantity(child))) {
        holds = true
        break
      }
    }
  }
  holdsQuantity.set(type, holds)
  return holds
}

/** Rewrite, in place, every quantity of `value` (an object of `type`) in its stored form. */
export function canonicalizeQuantities(value: unknown, type: string): void {
  if (value === null || typeof value !== 'object' || !typeHoldsQuantity(type)) return
  if (Array.isArray(value)) {
    for (const item of value) canonicalizeQuantities(item, type)
    return
  }
  const fields = fieldsOf(type)
  if (!fields) return
  const obj = value as Record<string, unknown>
  for (const key of Object.keys(obj)) {
    const child = fields.get(key)
    if (child === undefined || child === '') continue
    const v = obj[key]
    if (child !== '~') canonicalizeQuantities(v, child)
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const list = v as Record<string, unknown>
      for (const name of Object.keys(list)) {
        const q = list[name]
        if (q !== null && q !== undefined) list[name] = canonicalResourceQuantity(q)
      }
    } else if (v !== null && v !== undefined) obj[key] = canonicalQuantity(v)
  }
}
