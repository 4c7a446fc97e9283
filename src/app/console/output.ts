/**
 * kubectl's generic printers (`-o yaml`, `-o json`, `-o name`) over stored objects. kubectl gets
 * objects as unstructured maps, so both printers sort keys; several objects (or none) are wrapped
 * in a `List` (cmd/get printGeneric), one named object is printed alone; metadata.managedFields is
 * dropped unless --show-managed-fields.
 *
 * YAML: sigs.k8s.io/yaml marshals with go-yaml v2, so keys sort in its "natural" order (digit runs
 * by value, non-letters first), sequences sit at their key's indent, strings that would read as
 * another type (`"true"`, `"80"`, `"2025-05-01T10:00:00Z"`, `""`) are double-quoted, other strings
 * that cannot be plain are single-quoted, multi-line strings are literal blocks, lines fold at 80.
 * JSON: encoding/json MarshalIndent with 4 spaces, HTML characters escaped, and a newline.
 */
import { Document, isScalar, type Pair, visit } from 'yaml'
import type { KubeObject } from '../../api/types'

/** The List kubectl prints for zero or several objects. */
export function listOf(items: readonly KubeObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } }
}

/** What kubectl prints: the object itself (without managedFields), or a List. */
export function printable(objects: readonly KubeObject[], single: boolean): unknown {
  const clean = objects.map(withoutManagedFields)
  return single && clean.length === 1 ? clean[0] : listOf(clean)
}

export function toKubectlJson(value: unknown): string {
  const text = JSON.stringify(sortKeys(value), null, 4)
  // Go's encoder escapes these even in MarshalIndent (HTML safety and JavaScript line separators).
  return `${text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`
}

export function toKubectlYaml(value: unknown): string {
  // YAML 1.1 is what go-yaml v2 resolves against (yes/no/on/off are booleans, timestamps are
  // types); sexagesimal numbers are not, so `8080:80` stays plain as go-yaml leaves it.
  const doc = new Document(value, {
    version: '1.1',
    customTags: (tags) =>
      tags.filter((t) => (typeof t === 'string' ? !t.endsWith('Time') : t.format !== 'TIME')),
    sortMapEntries: goKeyOrder,
  })
  const ambiguous = doc.schema.tags.filter(
    (t) => t.default === true && t.tag !== 'tag:yaml.org,2002:str' && 'test' in t && t.test,
  )
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value !== 'string') return
      if (ambiguous.some((t) => 'test' in t && t.test?.test(node.value as string))) node.type = 'QUOTE_DOUBLE'
    },
  })
  return doc.toString({ indentSeq: false, singleQuote: true, lineWidth: 80 })
}

/** `-o name`: `pod/nginx`, the kind lower-cased (qualified by its group unless core). */
export function toKubectlName(objects: readonly KubeObject[]): string {
  return objects
    .map((o) => {
      const group = o.apiVersion?.includes('/') ? o.apiVersion.split('/')[0] : ''
      const kind = (o.kind ?? '').toLowerCase()
      return `${group ? `${kind}.${group}` : kind}/${o.metadata?.name ?? ''}\n`
    })
    .join('')
}

function withoutManagedFields(o: KubeObject): KubeObject {
  if (!o.metadata || !('managedFields' in o.metadata)) return o
  const { managedFields: _, ...metadata } = o.metadata
  return { ...o, metadata }
}

/** encoding/json orders a map's keys by their bytes. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    out[key] = sortKeys((value as Record<string, unknown>)[key])
  return out
}

/** go-yaml v2's keyList.Less, for string keys. */
function goKeyOrder(a: Pair, b: Pair): number {
  const ka = keyText(a)
  const kb = keyText(b)
  return goLess(ka, kb) ? -1 : goLess(kb, ka) ? 1 : 0
}

function keyText(p: Pair): string {
  return String(isScalar(p.key) ? p.key.value : p.key)
}

const isLetter = (c: string) => /\p{L}/u.test(c)
const isDigit = (c: string) => c >= '0' && c <= '9'

export function goLess(a: string, b: string): boolean {
  const ar = [...a]
  const br = [...b]
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const x = ar[i] as string
    const y = br[i] as string
    if (x === y) continue
    const xl = isLetter(x)
    const yl = isLetter(y)
    if (xl && yl) return x < y
    if (xl || yl) return yl
    // Digits (or other non-letters) differ here: compare the digit runs as numbers, the way
    // go-yaml does (leading zeros of a run that started earlier count as digits).
    let an = 0
    let bn = 0
    if (x === '0' || y === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j] as string); j--) {
        if (ar[j] !== '0') {
          an = 1
          bn = 1
          break
        }
      }
    }
    let ai = i
    for (; ai < ar.length && isDigit(ar[ai] as string); ai++) an = an * 10 + Number(ar[ai])
    let bi = i
    for (; bi < br.length && isDigit(br[bi] as string); bi++) bn = bn * 10 + Number(br[bi])
    if (an !== bn) return an < bn
    if (ai !== bi) return ai < bi
    return x < y
  }
  return ar.length < br.length
}
