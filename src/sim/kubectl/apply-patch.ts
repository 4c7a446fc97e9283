/**
 * The patch client-side `kubectl apply` sends for an object that exists: a three-way strategic
 * merge patch (apimachinery strategicpatch.CreateThreeWayMergePatch) from
 *
 * - original: the last-applied-configuration annotation of the live object (what was applied
 *   before),
 * - modified: the new manifest, carrying its own new last-applied annotation,
 * - current: the live object.
 *
 * The patch is the difference from current to modified without deletions (so what the cluster
 * added, such as defaults and status, stays), plus the deletions from original to modified (so
 * what the user removed from the manifest goes): a removed map key becomes `null`; a removed
 * element of a list merged by key becomes `{"<key>": …, "$patch": "delete"}`; a changed list
 * merged by key carries `$setElementOrder/<field>` with the manifest's order. `{}` means
 * nothing to do, and kubectl then sends no request at all.
 *
 * Simplification: merge keys are looked up by field name, with the same table as the apiserver's
 * strategic merge patch (src/sim/apiserver/patch.ts), not by the Go types' struct tags. Lists of
 * scalars, and lists of maps without a merge key, are replaced whole (kubectl's
 * `$deleteFromPrimitiveList` for merged scalar lists such as finalizers and the `$retainKeys`
 * directive are not produced).
 */
import { mergeKeyOf } from '../../api/merge-keys'

export type Json = null | boolean | number | string | Json[] | JsonObject
export type JsonObject = { [k: string]: Json }

const SET_ELEMENT_ORDER = '$setElementOrder/'

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)
const own = (o: JsonObject, k: string): boolean => Object.hasOwn(o, k)

/** Writes `k` as an own property, even `__proto__`. */
function put(o: JsonObject, k: string, v: Json): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
}

interface DiffOptions {
  /** Leave out what was added or changed (the deletions pass). */
  readonly ignoreChangesAndAdditions?: boolean
  /** Leave out what was removed (the delta pass). */
  readonly ignoreDeletions?: boolean
}

/**
 * strategicpatch.CreateThreeWayMergePatch with overwrite (kubectl apply's default). `original`
 * is undefined when the live object has no last-applied annotation: nothing is deleted then.
 */
export function threeWayMergePatch(
  original: JsonObject | undefined,
  modified: JsonObject,
  current: JsonObject,
): JsonObject {
  const delta = diffMaps(current, modified, { ignoreDeletions: true })
  const deletions = original ? diffMaps(original, modified, { ignoreChangesAndAdditions: true }) : {}
  return mergePatches(deletions, delta)
}

/**
 * strategicpatch.CreateTwoWayMergePatch: what changed from `original` to `modified`, a removed key
 * as `null` (kubectl cordon's patch of a Node).
 */
export function twoWayMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  return diffMaps(original, modified, {})
}

/** Type of a JSON value, as reflect.TypeOf tells them apart after json.Unmarshal. */
function typeOf(v: Json): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v
}

function diffMaps(original: JsonObject, modified: JsonObject, options: DiffOptions): JsonObject {
  const patch: JsonObject = {}
  for (const [key, modifiedValue] of Object.entries(modified)) {
    if (!own(original, key)) {
      if (!options.ignoreChangesAndAdditions) put(patch, key, modifiedValue)
      continue
    }
    const originalValue = original[key] as Json
    if (typeOf(originalValue) !== typeOf(modifiedValue)) {
      if (!options.ignoreChangesAndAdditions) put(patch, key, modifiedValue)
      continue
    }
    if (isObject(originalValue) && isObject(modifiedValue)) {
      const sub = diffMaps(originalValue, modifiedValue, options)
      if (Object.keys(sub).length > 0) put(patch, key, sub)
    } else if (Array.isArray(originalValue) && Array.isArray(modifiedValue)) {
      diffSlices(key, originalValue, modifiedValue, patch, options)
    } else if (!options.ignoreChangesAndAdditions && !jsonEqual(originalValue, modifiedValue)) {
      put(patch, key, modifiedValue)
    }
  }
  if (!options.ignoreDeletions) {
    for (const key of Object.keys(original)) if (!own(modified, key)) put(patch, key, null)
  }
  return patch
}

/** handleSliceDiff: lists merged by key are diffed element by element; others are replaced. */
function diffSlices(
  key: string,
  original: Json[],
  modified: Json[],
  patch: JsonObject,
  options: DiffOptions,
): void {
  const mergeKey = mergeKeyOf(key)
  const keyed = (list: Json[]) => list.every((e) => isObject(e) && own(e, mergeKey ?? ''))
  if (!mergeKey || !keyed(original) || !keyed(modified)) {
    if (!options.ignoreChangesAndAdditions && !jsonEqual(original, modified)) put(patch, key, modified)
    return
  }
  if (original.length === 0) {
    if (modified.length > 0 && !options.ignoreChangesAndAdditions) put(patch, key, modified)
    return
  }
  const id = (e: Json) => String((e as JsonObject)[mergeKey])
  const changes: Json[] = []
  for (const m of modified as JsonObject[]) {
    const o = (original as JsonObject[]).find((e) => id(e) === id(m))
    if (!o) {
      if (!options.ignoreChangesAndAdditions) changes.push(m)
      continue
    }
    const sub = diffMaps(o, m, options)
    if (Object.keys(sub).length > 0) {
      put(sub, mergeKey, m[mergeKey] as Json)
      changes.push(sub)
    }
  }
  const deletions: Json[] = []
  if (!options.ignoreDeletions) {
    const removed = (original as JsonObject[]).filter((o) => !modified.some((m) => id(m) === id(o)))
    for (const o of removed.sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0)))
      deletions.push({ [mergeKey]: o[mergeKey] as Json, $patch: 'delete' })
  }
  const list = [...changes, ...deletions]
  const orderSame =
    original.length === modified.length && original.every((o, i) => id(o) === id(modified[i] as Json))
  // diffLists: the order is set when there are content changes or order changes.
  const setOrder =
    (!options.ignoreChangesAndAdditions && (list.length > 0 || !orderSame)) ||
    (!options.ignoreDeletions && list.length > 0)
  if (list.length > 0) put(patch, key, list)
  if (setOrder)
    put(
      patch,
      `${SET_ELEMENT_ORDER}${key}`,
      (modified as JsonObject[]).map((m) => ({ [mergeKey]: m[mergeKey] as Json })),
    )
}

/**
 * mergeMap(deletions, delta) without merging parallel lists: maps merge key by key, lists merged
 * by key merge element by element, anything else is taken from `delta`.
 */
function mergePatches(base: JsonObject, delta: JsonObject): JsonObject {
  const out: JsonObject = { ...base }
  for (const [key, value] of Object.entries(delta)) {
    const before = own(out, key) ? out[key] : undefined
    if (isObject(before) && isObject(value)) put(out, key, mergePatches(before, value))
    else if (Array.isArray(before) && Array.isArray(value) && mergeKeyOf(key))
      put(out, key, mergeLists(before, value, mergeKeyOf(key) as string))
    else put(out, key, value)
  }
  return out
}

function mergeLists(base: Json[], delta: Json[], mergeKey: string): Json[] {
  const out = [...base]
  for (const item of delta) {
    const i = isObject(item) ? out.findIndex((e) => isObject(e) && e[mergeKey] === item[mergeKey]) : -1
    if (i >= 0) out[i] = mergePatches(out[i] as JsonObject, item as JsonObject)
    else out.push(item)
  }
  return out
}

function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((v, i) => jsonEqual(v, b[i] as Json))
  }
  if (!isObject(a) || !isObject(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((k) => own(b, k) && jsonEqual(a[k] as Json, b[k] as Json))
}
