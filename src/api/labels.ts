/**
 * Label selectors: the metav1.LabelSelector form (matchLabels + matchExpressions) used in specs,
 * and the string form (`app=nginx,tier!=db,env in (a,b),!legacy`) used in list/watch queries.
 */
import type { LabelSelector, LabelSelectorRequirement } from 'kubernetes-types/meta/v1'

export type Labels = Readonly<Record<string, string>> | undefined

export interface Requirement {
  readonly key: string
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt'
  readonly values: readonly string[]
}

/** A parsed selector: all requirements must hold. An empty selector matches everything. */
export type Selector = readonly Requirement[]

export function matchesRequirement(labels: Labels, r: Requirement): boolean {
  const has = labels !== undefined && Object.hasOwn(labels, r.key)
  const value = has ? (labels as Record<string, string>)[r.key] : undefined
  switch (r.operator) {
    case 'In':
      return has && r.values.includes(value as string)
    case 'NotIn':
      return !has || !r.values.includes(value as string)
    case 'Exists':
      return has
    case 'DoesNotExist':
      return !has
    case 'Gt':
    case 'Lt': {
      if (!has) return false
      const a = Number.parseInt(value as string, 10)
      const b = Number.parseInt(r.values[0] ?? '', 10)
      if (Number.isNaN(a) || Number.isNaN(b)) return false
      return r.operator === 'Gt' ? a > b : a < b
    }
  }
}

export function matches(labels: Labels, selector: Selector): boolean {
  for (const r of selector) if (!matchesRequirement(labels, r)) return false
  return true
}

/** Convert a metav1.LabelSelector; `null`/undefined selects nothing, `{}` selects everything. */
export function fromLabelSelector(sel: LabelSelector | null | undefined): Selector | undefined {
  if (sel === null || sel === undefined) return undefined
  const out: Requirement[] = []
  for (const [key, value] of Object.entries(sel.matchLabels ?? {})) {
    out.push({ key, operator: 'In', values: [value] })
  }
  for (const e of sel.matchExpressions ?? []) out.push(fromExpression(e))
  return out
}

function fromExpression(e: LabelSelectorRequirement): Requirement {
  return { key: e.key, operator: e.operator as Requirement['operator'], values: e.values ?? [] }
}

/**
 * Parsed selectors of frozen (stored, immutable) LabelSelectors: controllers match one owner's
 * selector against every Pod of the namespace on every sync, and parsing it each time cost more
 * than matching. A selector that is not frozen could still change, so it is parsed every time.
 */
const parsedSelectors = new WeakMap<LabelSelector, Selector>()

/**
 * A metav1.LabelSelector parsed, the same Selector each time for a frozen one; undefined for a nil
 * selector, which selects nothing.
 */
export function parsedLabelSelector(sel: LabelSelector | null | undefined): Selector | undefined {
  if (sel === null || sel === undefined) return undefined
  let parsed = parsedSelectors.get(sel)
  if (parsed === undefined) {
    parsed = fromLabelSelector(sel) as Selector
    if (Object.isFrozen(sel)) parsedSelectors.set(sel, parsed)
  }
  return parsed
}

/** Does a metav1.LabelSelector select these labels? A nil selector selects nothing. */
export function selectorMatches(sel: LabelSelector | null | undefined, labels: Labels): boolean {
  const parsed = parsedLabelSelector(sel)
  return parsed !== undefined && matches(labels, parsed)
}

/**
 * Parse the query-string form. Throws an Error with kubectl's wording on bad input.
 */
export function parseSelector(text: string | undefined): Selector {
  if (text === undefined || text.trim() === '') return []
  const out: Requirement[] = []
  for (const part of splitTopLevel(text)) {
    const s = part.trim()
    if (s === '') continue
    let m = /^!\s*([\w./-]+)$/.exec(s)
    if (m) {
      out.push({ key: m[1] as string, operator: 'DoesNotExist', values: [] })
      continue
    }
    m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(s)
    if (m) {
      // The empty string is a valid value (selector.go parseValues / parseIdentifiersList): `()`
      // is the set {""}, and `(a,,b)`, `(,a)`, `(a,)` hold "" too. Values are a set.
      const values = [...new Set((m[3] as string).split(',').map((v) => v.trim()))]
      out.push({ key: m[1] as string, operator: m[2] === 'in' ? 'In' : 'NotIn', values })
      continue
    }
    m = /^([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)$/.exec(s)
    if (m) {
      out.push({ key: m[1] as string, operator: m[2] === '!=' ? 'NotIn' : 'In', values: [m[3] as string] })
      continue
    }
    m = /^([\w./-]+)$/.exec(s)
    if (m) {
      out.push({ key: m[1] as string, operator: 'Exists', values: [] })
      continue
    }
    throw new Error(`unable to parse requirement: ${s}`)
  }
  return out
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/** The string form of matchLabels, as controllers send it in list queries. */
export function formatMatchLabels(labels: Labels): string {
  return Object.entries(labels ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join(',')
}
