/**
 * Reading manifests as kubectl does: multi-document YAML (JSON is YAML too), `kind: List`
 * flattened into its items, empty documents skipped. Every problem is reported with its line so
 * the user can find it; nothing here throws on bad input.
 *
 * Besides the kinds the apiserver serves, four documents that are not API objects are accepted: a
 * KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1), the scheduler's configuration in a
 * scenario, a User (podflow.dev/v1alpha1), one of the scenario's users, a NodeFailure
 * (podflow.dev/v1alpha1), a fault the scenario injects, and a WebhookServer
 * (podflow.dev/v1alpha1), a simulated admission webhook server. Callers decide where
 * they may appear (the CLI and the cluster tab take them; an apply refuses them with kubectl's
 * unknown-kind message, `unknownKindMessage`).
 */
import {
  type Document,
  isCollection,
  LineCounter,
  parseAllDocuments,
  type SchemaOptions,
  visit,
  type YAMLError,
} from 'yaml'
import { resourceForKind } from '../../api/resources'
import type { KubeObject } from '../../api/types'
import { isSchedulerConfiguration } from '../scheduler/config/kind'
import { isUserDocument } from './cluster-objects'
import { isFaultDocument } from './faults'
import { fieldLine } from './field-line'
import { shapeProblem } from './field-shapes'
import { goYamlError } from './go-yaml-errors'
import { badCharacter, MAX_DEPTH, tooDeep } from './input-scan'
import { isWebhookServerDocument } from './webhook-servers'

export interface ParsedObject {
  readonly object: KubeObject
  /** 1-based line where the document (or List item) starts. */
  readonly line: number
}

export interface ParseError {
  readonly line: number
  readonly column?: number
  readonly message: string
  /**
   * The message is kubectl's whole error line (after `error: `), naming the file itself (`error
   * parsing pod.yaml: error converting YAML to JSON: yaml: line 8: …`), not a problem to prefix
   * with a place.
   */
  readonly kubectl?: true
}

export type ParseResult =
  | { readonly ok: true; readonly objects: readonly ParsedObject[] }
  | { readonly ok: false; readonly errors: readonly ParseError[] }

/** YAML 1.1's tags without the ones go-yaml v2 does not resolve a plain scalar to. */
const GO_YAML_TAGS = (tags: Tags): Tags =>
  tags.filter((t) => typeof t === 'string' || !(t.tag.endsWith(':timestamp') || t.format === 'TIME'))

type Tags = Parameters<Extract<NonNullable<SchemaOptions['customTags']>, (tags: never) => unknown>>[0]

/** Largest input accepted (a guard against pasting something that is not a manifest). */
export const MAX_INPUT_BYTES = 5 * 1024 * 1024

export function parseManifests(text: string, source = 'STDIN'): ParseResult {
  const bytes = sizeIfOverLimit(text)
  if (bytes !== undefined) {
    return {
      ok: false,
      errors: [{ line: 1, message: `input is ${bytes} bytes; the limit is ${MAX_INPUT_BYTES} bytes` }],
    }
  }
  // Text that is not YAML at all, or nested deeper than the parser can take, stops here.
  const scanned = badCharacter(text) ?? tooDeep(text)
  if (scanned) return { ok: false, errors: [scanned] }
  const separator = badSeparator(text, source)
  if (separator) return { ok: false, errors: [separator] }
  const lineCounter = new LineCounter()
  // As go-yaml v2 reads it, kubectl's parser: a repeated key, the last value winning; YAML 1.1's
  // scalars (`yes`/`no`/`on`/`off`/`y`/`n` booleans, `0400` octal, `0x1F`, `1_000`), but
  // neither sexagesimal numbers (`12:30`) nor timestamps, which it leaves as text.
  const docs = parseAllDocuments(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: false,
    version: '1.1',
    customTags: GO_YAML_TAGS,
  })
  const errors: ParseError[] = []
  const objects: ParsedObject[] = []
  const list = Array.isArray(docs) ? docs : [docs]
  for (const doc of list) {
    if (doc.errors.length) {
      // kubectl stops at the first document that is not YAML, and names its first mistake.
      errors.push(syntaxError(text, doc.errors, lineCounter, source))
      break
    }
    const cycle = text.includes('*') ? selfContainingAnchor(doc) : undefined
    if (cycle) {
      const pos = lineCounter.linePos(cycle.offset)
      errors.push({
        line: pos.line,
        column: pos.col,
        message: `yaml: line ${pos.line}: anchor '${cycle.anchor}' value contains itself`,
      })
      continue
    }
    let value: unknown
    try {
      value = doc.toJS({ maxAliasCount: 100 })
    } catch (e) {
      const pos = lineCounter.linePos(doc.range[0])
      const alias = /^Unresolved alias \(the anchor must be set before the alias\): (.*)$/.exec(
        (e as Error).message,
      )
      errors.push(
        alias
          ? converting(source, pos.line, `yaml: unknown anchor '${alias[1]}' referenced`)
          : { line: pos.line, message: `yaml: ${readable((e as Error).message)}` },
      )
      continue
    }
    if (value === null || value === undefined) continue
    const startLine = lineCounter.linePos(doc.contents?.range[0] ?? doc.range[0]).line
    // Aliases can nest what the text does not (each alias may add an anchor's depth).
    if (depthOver(value, MAX_DEPTH)) {
      errors.push({
        line: startLine,
        message: `yaml: line ${startLine}: exceeded max depth of ${MAX_DEPTH} (collections nested more than ${MAX_DEPTH} levels deep, counting aliases)`,
      })
      continue
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.push({
        line: startLine,
        message: `error validating data: the document is not an object (got ${Array.isArray(value) ? 'a list' : typeof value})`,
      })
      continue
    }
    const obj = value as KubeObject & { items?: unknown }
    if (obj.kind === 'List' || (obj.kind?.endsWith('List') && Array.isArray(obj.items))) {
      const items = Array.isArray(obj.items) ? obj.items : []
      items.forEach((item, i) => {
        const itemNode = (doc.contents as { get?: (k: string, keep: boolean) => unknown } | null)?.get?.(
          'items',
          true,
        ) as { items?: Array<{ range?: [number, number, number] }> } | undefined
        const r = itemNode?.items?.[i]?.range
        objects.push({ object: item as KubeObject, line: r ? lineCounter.linePos(r[0]).line : startLine })
      })
      continue
    }
    objects.push({ object: obj, line: startLine })
  }
  // Every bad document is reported, in file order, not only those of the first kind of problem.
  for (const { object, line } of objects) {
    const problem = checkObject(object, source)
    if (problem) {
      errors.push({ line, message: problem })
      continue
    }
    // kubectl decodes an object's metadata itself; the rest is for the apiserver's decoder.
    const shape = shapeProblem(object)
    if (shape?.inMetadata)
      errors.push({
        line: fieldLine(text, line, shape.path),
        message: `unable to decode ${JSON.stringify(source)}: ${shape.message}`,
        kubectl: true,
      })
  }
  errors.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0))
  return errors.length ? { ok: false, errors } : { ok: true, objects }
}

/**
 * apimachinery's yaml.Reader splits documents at lines that begin with `---`, and allows nothing
 * but a comment after it (`--- x`: `invalid Yaml document separator: x`).
 */
function badSeparator(text: string, source: string): ParseError | undefined {
  if (!text.includes('---')) return undefined
  const lines = text.split('\n')
  for (const [i, l] of lines.entries()) {
    if (!l.startsWith('---')) continue
    const rest = l.slice(3).trim()
    if (rest !== '' && !rest.startsWith('#'))
      return {
        line: i + 1,
        message: `error parsing ${source}: invalid Yaml document separator: ${rest}`,
        kubectl: true,
      }
  }
  return undefined
}

/** kubectl's report of a document that is not YAML: go-yaml's words where known (go-yaml-errors.ts). */
function syntaxError(
  text: string,
  errors: readonly YAMLError[],
  lineCounter: LineCounter,
  source: string,
): ParseError {
  const go = goYamlError(text, errors, lineCounter)
  if (go)
    return {
      ...converting(source, go.line, go.message),
      ...(go.column !== undefined ? { column: go.column } : {}),
    }
  const first = errors[0] as YAMLError
  const pos = lineCounter.linePos(first.pos[0])
  return converting(
    source,
    pos.line,
    `yaml: line ${pos.line}: ${readable(firstLine(first.message))}`,
    pos.col,
  )
}

function converting(source: string, line: number, message: string, column?: number): ParseError {
  return {
    line,
    ...(column !== undefined ? { column } : {}),
    message: `error parsing ${source}: error converting YAML to JSON: ${message}`,
    kubectl: true,
  }
}

/** kubectl's complaints before anything is sent: missing apiVersion/kind, unknown kinds. */
function checkObject(obj: KubeObject, source: string): string | undefined {
  if (typeof obj.apiVersion !== 'string' || obj.apiVersion === '') {
    return `error validating data: apiVersion not set`
  }
  if (typeof obj.kind !== 'string' || obj.kind === '') return `error validating data: kind not set`
  if (
    obj.metadata !== undefined &&
    (typeof obj.metadata !== 'object' || obj.metadata === null || Array.isArray(obj.metadata))
  ) {
    return `error validating data: metadata must be an object`
  }
  if (
    resourceForKind(obj.apiVersion, obj.kind) ||
    isSchedulerConfiguration(obj) ||
    isUserDocument(obj) ||
    isFaultDocument(obj) ||
    isWebhookServerDocument(obj)
  )
    return undefined
  return unknownKindMessage(obj, source)
}

/** kubectl's message for a kind the apiserver does not serve. */
export function unknownKindMessage(obj: KubeObject, source = 'STDIN'): string {
  const name = typeof obj.metadata?.name === 'string' ? obj.metadata.name : ''
  const ns = typeof obj.metadata?.namespace === 'string' ? obj.metadata.namespace : ''
  return `resource mapping not found for name: "${name}" namespace: "${ns}" from "${source}": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first`
}

/**
 * The input's size in UTF-8 bytes when it is over MAX_INPUT_BYTES, else undefined. A UTF-16 code
 * unit takes 1 to 3 bytes, so text of at most a third of the limit in length is under it without
 * being measured.
 */
function sizeIfOverLimit(text: string): number | undefined {
  if (text.length * 3 <= MAX_INPUT_BYTES) return undefined
  const bytes = utf8Length(text)
  return bytes > MAX_INPUT_BYTES ? bytes : undefined
}

/**
 * What `new TextEncoder().encode(text).length` gives (TextEncoder is outside the ES library the
 * simulation may use), without building the bytes: a surrogate pair is 4 bytes, and a lone
 * surrogate is encoded as U+FFFD, 3 bytes.
 */
function utf8Length(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}

/** The `yaml` library's stack overflow, in words that say what is wrong with the input. */
function readable(message: string): string {
  return /Maximum call stack size exceeded|too much recursion/i.test(message)
    ? `exceeded max depth (collections nested too deeply to read)`
    : message
}

/** An alias inside the collection its anchor names (go-yaml: "anchor 'a' value contains itself"). */
function selfContainingAnchor(doc: Document.Parsed): { anchor: string; offset: number } | undefined {
  let found: { anchor: string; offset: number } | undefined
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc)
      if (target && isCollection(target) && path.includes(target)) {
        found = { anchor: node.source, offset: node.range?.[0] ?? 0 }
        return visit.BREAK
      }
      return undefined
    },
  })
  return found
}

/** True when `value` nests deeper than `max` (without recursion: it may be very deep). */
function depthOver(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number]
    if (v === null || typeof v !== 'object') continue
    if (d > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, d + 1])
    }
  }
  return false
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message
}
