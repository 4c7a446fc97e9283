/**
 * What every `kubectl describe` printer shares: the prefix writer (two spaces per level) whose
 * text goes through a tabwriter (minwidth 0, padding 2), the multi-line label, annotation, taint
 * and toleration lists, and timestamps in RFC 1123 form.
 *
 * kubectl: staging/src/k8s.io/kubectl/pkg/describe/describe.go (prefixWriter, tabbedString,
 * printLabelsMultilineWithIndent, printAnnotationsMultiline, printTaintsMultilineWithIndent,
 * printTolerationsMultilineWithIndent, maxAnnotationLen), k8s.io/api core/v1 taint.go (ToString).
 */
import type { Node, Pod } from '../types'
import { tabwrite } from './tabwriter'

export const LEVEL_0 = 0
export const LEVEL_1 = 1
export const LEVEL_2 = 2
export const LEVEL_3 = 3

/** describe.go's PrefixWriter: text at an indentation level, collected for the tabwriter. */
export class PrefixWriter {
  private readonly parts: string[] = []

  /** Write `text` indented by two spaces per level (the text carries its own tabs and newline). */
  write(level: number, text: string): void {
    this.parts.push('  '.repeat(level) + text)
  }

  /** WriteLine: the text and a newline, without indentation. */
  writeLine(text: string): void {
    this.parts.push(`${text}\n`)
  }

  /** The text so far, aligned as tabbedString aligns it. */
  toString(): string {
    return tabwrite(this.parts.join(''), { minWidth: 0, padding: 2 })
  }
}

/** tabbedString: run a describer against a fresh writer and return its aligned text. */
export function tabbedString(f: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter()
  f(w)
  return w.toString()
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * time.RFC1123Z (`Thu, 01 May 2025 10:00:05 +0000`), in UTC: kubectl prints the local time of the
 * machine it runs on; the simulation's clock is UTC. An absent time prints as Go's zero time.
 */
export function formatRFC1123Z(t: string | null | undefined): string {
  const ms = t ? Date.parse(t) : Number.NaN
  if (Number.isNaN(ms)) return 'Mon, 01 Jan 0001 00:00:00 +0000'
  const d = new Date(ms)
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`
}

/** Go's sort.Strings order (bytewise; the same as code-unit order for the ASCII of keys). */
export const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** printLabelsMultilineWithIndent: `key=value` lines, sorted, or `<none>`. */
export function printLabelsMultiline(
  w: PrefixWriter,
  title: string,
  labels: Readonly<Record<string, string>> | undefined,
  initialIndent = '',
  innerIndent = '\t',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`)
  const keys = Object.keys(labels ?? {}).sort(byString)
  if (keys.length === 0) {
    w.writeLine('<none>')
    return
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}${innerIndent}`)
    w.write(LEVEL_0, `${key}=${labels?.[key] ?? ''}\n`)
  })
}

/** kubectl never shows the last-applied configuration among the annotations. */
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration'])
export const MAX_ANNOTATION_LEN = 140

/** Length in bytes of the UTF-8 encoding, as Go's len(string). */
export function utf8Length(s: string): number {
  let n = 0
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
  }
  return n
}

/** The first `max` bytes of s (cut at a character boundary), plus `...` when longer. */
function shorten(s: string, max: number): string {
  if (utf8Length(s) <= max) return s
  let out = ''
  let n = 0
  for (const ch of s) {
    const len = utf8Length(ch)
    if (n + len > max) break
    out += ch
    n += len
  }
  return `${out}...`
}

/** printAnnotationsMultiline: `key: value`, long or multi-line values on their own lines, cut at 140. */
export function printAnnotationsMultiline(
  w: PrefixWriter,
  title: string,
  annotations: Readonly<Record<string, string>> | undefined,
): void {
  w.write(LEVEL_0, `${title}:\t`)
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIP_ANNOTATIONS.has(k))
    .sort(byString)
  if (keys.length === 0) {
    w.writeLine('<none>')
    return
  }
  const indent = '\t'
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent)
    const value = (annotations?.[key] ?? '').replace(/\n$/, '')
    if (utf8Length(value) + utf8Length(key) + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`)
      for (const s of value.split('\n'))
        w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`)
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`)
    }
  })
}

type Taint = NonNullable<NonNullable<Node['spec']>['taints']>[number]
type Toleration = NonNullable<NonNullable<Pod['spec']>['tolerations']>[number]

/** Taint.ToString: `key=value:effect`, `key=value:`, `key:effect` or `key`. */
export function taintString(t: Taint): string {
  const value = t.value ?? ''
  if (!t.effect) return value ? `${t.key}=${value}:` : t.key
  return value ? `${t.key}=${value}:${t.effect}` : `${t.key}:${t.effect}`
}

/** A stable sort (Go's sort.Slice is stable for the short lists describe sorts). */
function sorted<T>(items: readonly T[], key: (t: T) => string): T[] {
  return items
    .map((item, i) => ({ item, i, k: key(item) }))
    .sort((a, b) => byString(a.k, b.k) || a.i - b.i)
    .map((x) => x.item)
}

/** printTaintsMultilineWithIndent: sorted by effect, then key. */
export function printTaintsMultiline(
  w: PrefixWriter,
  title: string,
  taints: readonly Taint[] | undefined,
): void {
  w.write(LEVEL_0, `${title}:\t`)
  if (!taints?.length) {
    w.writeLine('<none>')
    return
  }
  sorted(taints, (t) => `${t.effect ?? ''},${t.key}`).forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t')
    w.write(LEVEL_0, `${taintString(t)}\n`)
  })
}

/** One toleration as describe prints it: `key=value:Effect`, ` op=Exists`, ` for 300s`. */
export function tolerationString(t: Toleration): string {
  let s = t.key ?? ''
  if (t.value) s += `=${t.value}`
  if (t.effect) s += `:${t.effect}`
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists'
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`
  return s
}

/** printTolerationsMultilineWithIndent: sorted by key. */
export function printTolerationsMultiline(
  w: PrefixWriter,
  title: string,
  tolerations: readonly Toleration[] | undefined,
): void {
  w.write(LEVEL_0, `${title}:\t`)
  if (!tolerations?.length) {
    w.writeLine('<none>')
    return
  }
  sorted(tolerations, (t) => t.key ?? '').forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t')
    w.write(LEVEL_0, `${tolerationString(t)}\n`)
  })
}

/** Go's int64(f) on amd64: NaN, infinities and out-of-range values become math.MinInt64. */
export function goInt64(f: number): string {
  if (!Number.isFinite(f) || Math.abs(f) >= 2 ** 63) return '-9223372036854775808'
  return String(Math.trunc(f))
}

interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>>
  readonly matchExpressions?: readonly { key: string; operator: string; values?: readonly string[] }[]
}

/**
 * metav1.FormatLabelSelector: the selector's requirements sorted by key, `k=v`, `k in (a,b)`,
 * `k notin (a,b)`, `k`, `!k`, joined by commas; `<none>` when empty.
 */
export function formatLabelSelector(sel: LabelSelector | null | undefined): string {
  const reqs: { key: string; text: string }[] = []
  for (const [k, v] of Object.entries(sel?.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` })
  for (const e of sel?.matchExpressions ?? []) {
    const values = [...new Set(e.values ?? [])].sort(byString).join(',')
    const text =
      e.operator === 'In'
        ? `${e.key} in (${values})`
        : e.operator === 'NotIn'
          ? `${e.key} notin (${values})`
          : e.operator === 'Exists'
            ? e.key
            : e.operator === 'DoesNotExist'
              ? `!${e.key}`
              : `${e.key} ${e.operator.toLowerCase()} (${values})`
    reqs.push({ key: e.key, text })
  }
  const out = reqs
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => byString(a.key, b.key) || a.i - b.i)
    .map((r) => r.text)
    .join(',')
  return out || '<none>'
}
