/**
 * The PATCH body the kubelet's status manager sends to `pods/{name}/status`: a two-way strategic
 * merge patch from the status the apiserver holds to the new one, with the pod's uid added as a
 * precondition (pkg/util/pod PatchPodStatus / preparePatchBytesForPodStatus, using
 * strategicpatch.CreateTwoWayMergePatch).
 *
 * Lists with a merge key are diffed element by element and carry `$setElementOrder/<field>`;
 * removed map keys become `null`; other lists and scalars are replaced.
 */
import { mergeKeyOf } from '../../api/merge-keys'
import type { PodStatus } from '../../api/types'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type JsonObject = { [k: string]: Json }

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The diff of two JSON objects; an empty object when they are equal. */
export function twoWayMergePatch(original: unknown, modified: unknown): JsonObject {
  return diffObject(isObject(original) ? original : {}, isObject(modified) ? modified : {})
}

function diffObject(o: JsonObject, m: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [k, mv] of Object.entries(m)) {
    if (mv === undefined) continue
    const ov = o[k]
    if (ov === undefined) {
      out[k] = mv
      continue
    }
    if (same(ov, mv)) continue
    const key = mergeKeyOf(k)
    if (key && Array.isArray(ov) && Array.isArray(mv)) {
      out[`$setElementOrder/${k}`] = mv.map((e) => (isObject(e) ? { [key]: e[key] ?? null } : e))
      out[k] = diffList(ov, mv, key)
    } else if (isObject(ov) && isObject(mv)) {
      out[k] = diffObject(ov, mv)
    } else {
      out[k] = mv
    }
  }
  for (const k of Object.keys(o)) if (!(k in m) || m[k] === undefined) out[k] = null
  return out
}

function diffList(o: Json[], m: Json[], key: string): Json[] {
  const out: Json[] = []
  for (const e of m) {
    if (!isObject(e)) continue
    const prev = o.find((x) => isObject(x) && x[key] === e[key])
    if (!isObject(prev)) out.push(e)
    else if (!same(prev, e)) out.push({ [key]: e[key] ?? null, ...diffObject(prev, e) })
  }
  for (const e of o) {
    if (isObject(e) && !m.some((x) => isObject(x) && x[key] === e[key]))
      out.push({ $patch: 'delete', [key]: e[key] ?? null })
  }
  return out
}

export interface StatusPatch {
  readonly metadata: { readonly uid: string }
  readonly status: JsonObject
}

/** The body of the kubelet's status PATCH, or undefined when nothing changed. */
export function podStatusPatch(
  uid: string,
  oldStatus: PodStatus,
  newStatus: PodStatus,
): StatusPatch | undefined {
  const status = twoWayMergePatch(oldStatus, newStatus)
  if (Object.keys(status).length === 0) return undefined
  return { metadata: { uid }, status }
}
