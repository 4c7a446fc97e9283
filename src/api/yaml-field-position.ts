/**
 * Where a field named by the apiserver sits in the YAML it came from. The apiserver names fields
 * with apimachinery's field.Path syntax: dotted names, `[i]` for list indexes and `[key]` for map
 * keys (`spec.containers[0].resources.requests[cpu]`). A `Required value` names a field that is
 * absent, so the lookup falls back to the nearest ancestor that does exist (the `- name: app`
 * item for `spec.containers[0].image`). Used by the editor's markers and by the simulation's
 * configuration errors. Pure: no DOM, no Monaco.
 */
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseAllDocuments } from 'yaml'

/** Which document of a multi-document text: its index among the non-empty documents, or a line inside it. */
export type DocumentRef = { readonly index: number } | { readonly line: number }

export interface FieldPosition {
  /** 1-based line of the field's key (or list item). */
  readonly line: number
  /** 1-based column of the field's key (or list item). */
  readonly column: number
  /** False when the field is absent and this is its nearest existing ancestor. */
  readonly exact: boolean
}

type Segment = { readonly key: string } | { readonly index: number }

/** `spec.containers[0].resources.requests[cpu]` → spec, containers, 0, resources, requests, cpu. */
export function parseFieldPath(path: string): Segment[] {
  const segments: Segment[] = []
  let name = ''
  const flush = () => {
    if (name !== '') segments.push({ key: name })
    name = ''
  }
  for (let i = 0; i < path.length; i++) {
    const c = path[i]
    if (c === '.') flush()
    else if (c === '[') {
      flush()
      const end = path.indexOf(']', i + 1)
      const inner = end < 0 ? path.slice(i + 1) : path.slice(i + 1, end)
      segments.push(/^\d+$/.test(inner) ? { index: Number(inner) } : { key: inner })
      i = end < 0 ? path.length : end
    } else name += c
  }
  flush()
  return segments
}

/**
 * The position of `path` in one document of `text`, or of its nearest existing ancestor; the
 * document's first line for an empty path. Undefined when the document does not exist. When the
 * document is a `kind: List` and `doc` is a line inside one of its items, the path is looked up
 * in that item (kubectl applies List items as separate objects).
 */
export function fieldPosition(text: string, doc: DocumentRef, path: string): FieldPosition | undefined {
  return locate(parseText(text), doc, path)
}

export interface ParsedText {
  /** The non-empty documents, in order: kubectl's objects (before List items are flattened). */
  readonly docs: readonly Document.Parsed[]
  readonly pos: (offset: number) => { line: number; column: number }
}

/** Parse once for several lookups (see `locate`). */
export function parseText(text: string): ParsedText {
  const lineCounter = new LineCounter()
  const all = parseAllDocuments(text, { lineCounter })
  return {
    // Empty documents (`---` twice, or only comments) hold a null scalar; kubectl skips them.
    docs: (Array.isArray(all) ? all : []).filter(
      (d) => d.contents !== null && !(isScalar(d.contents) && d.contents.value === null),
    ),
    pos: (offset) => {
      const { line, col } = lineCounter.linePos(offset)
      return { line, column: col }
    },
  }
}

/** `fieldPosition` over text already parsed with `parseText`. */
export function locate({ docs, pos }: ParsedText, doc: DocumentRef, path: string): FieldPosition | undefined {
  let root: Node | null | undefined
  if ('index' in doc) {
    root = docs[doc.index]?.contents
  } else {
    const startLine = (n: Node | null | undefined) =>
      n?.range ? pos(n.range[0]).line : Number.POSITIVE_INFINITY
    const found = docs.filter((d) => startLine(d.contents) <= doc.line).at(-1) ?? docs[0]
    root = found?.contents
    root = listItemAt(root, (item) => startLine(item) <= doc.line) ?? root
  }
  if (!root?.range) return undefined

  let at = { ...pos(root.range[0]), exact: true }
  let node: unknown = root
  for (const segment of parseFieldPath(path)) {
    const next = child(node, segment)
    if (!next) return { ...at, exact: false }
    at = { ...pos(next.start), exact: true }
    node = next.node
  }
  return at
}

/**
 * Where Go's encoding/json found a value of the wrong type: it names the field by its JSON names
 * without list indexes (`spec.containers.ports.containerPort`) and the value by its JSON kind
 * (`string`, `number`, `number 1.5`, `bool`, `array`, `object`). The first such field, in
 * document order, holding a value of that kind; undefined when none does.
 */
export function locateGoField(
  parsed: ParsedText,
  doc: DocumentRef,
  goPath: string,
  valueKind: string,
): FieldPosition | undefined {
  const found = findGoField(documentRoot(parsed, doc), goPath.split('.'), valueKind.split(' ')[0] ?? '')
  return found === undefined ? undefined : { ...parsed.pos(found), exact: true }
}

function documentRoot({ docs, pos }: ParsedText, doc: DocumentRef): Node | null | undefined {
  if ('index' in doc) return docs[doc.index]?.contents
  const startLine = (n: Node | null | undefined) =>
    n?.range ? pos(n.range[0]).line : Number.POSITIVE_INFINITY
  const found = docs.filter((d) => startLine(d.contents) <= doc.line).at(-1) ?? docs[0]
  return listItemAt(found?.contents, (item) => startLine(item) <= doc.line) ?? found?.contents
}

function findGoField(node: unknown, names: readonly string[], kind: string): number | undefined {
  if (isSeq(node)) {
    for (const item of node.items) {
      const found = findGoField(item, names, kind)
      if (found !== undefined) return found
    }
    return undefined
  }
  if (!isMap(node) || names.length === 0) return undefined
  const [name, ...rest] = names
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key
    if (String(key) !== name) continue
    const start = (pair.key as Node | null)?.range?.[0]
    if (rest.length === 0) return start !== undefined && jsonKind(pair.value) === kind ? start : undefined
    return findGoField(pair.value, rest, kind) ?? undefined
  }
  return undefined
}

/** The JSON kind of a YAML node, as encoding/json names it. */
function jsonKind(node: unknown): string {
  if (isSeq(node)) return 'array'
  if (isMap(node)) return 'object'
  if (!isScalar(node)) return ''
  const v = node.value
  return typeof v === 'number'
    ? 'number'
    : typeof v === 'boolean'
      ? 'bool'
      : typeof v === 'string'
        ? 'string'
        : ''
}

/** The 1-based line of `path` (or its nearest existing ancestor) in a document; see fieldPosition. */
export function fieldLine(text: string, doc: DocumentRef, path: string): number | undefined {
  return fieldPosition(text, doc, path)?.line
}

/** The child of a map or sequence for one path segment, with the offset where it starts. */
function child(node: unknown, segment: Segment): { node: unknown; start: number } | undefined {
  if (isMap(node)) {
    const want = 'key' in segment ? segment.key : String(segment.index)
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key
      if (key !== null && key !== undefined && String(key) === want) {
        const start = (pair.key as Node | null)?.range?.[0]
        if (start === undefined) return undefined
        return { node: pair.value, start }
      }
    }
    return undefined
  }
  if (isSeq(node) && 'index' in segment) {
    const item = node.items[segment.index] as Node | null | undefined
    const start = item?.range?.[0]
    return start === undefined ? undefined : { node: item, start }
  }
  return undefined
}

/** The last item of a `kind: List` document that `startsBefore` accepts (the one holding a line). */
function listItemAt(root: Node | null | undefined, startsBefore: (item: Node) => boolean): Node | undefined {
  if (!isMap(root)) return undefined
  const kind = root.get('kind')
  const items = root.get('items', true)
  if (typeof kind !== 'string' || !kind.endsWith('List') || !isSeq(items)) return undefined
  return (items.items as (Node | null)[]).filter((item): item is Node => !!item && startsBefore(item)).at(-1)
}
