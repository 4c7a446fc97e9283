/**
 * A YAML syntax error as kubectl v1.33 reports it. kubectl converts each document to JSON with
 * sigs.k8s.io/yaml, whose parser is go-yaml v2, a port of libyaml: it stops at the first error and
 * names it with libyaml's words (`mapping values are not allowed in this context`, `did not find
 * expected key`), and its line is the line of the problem for a scanner error but the line before
 * it for a parser error (yaml.v2 decode.go `fail`: the 0-based mark of a parser error is printed
 * as is), and no line at all when that number is 0. The `yaml` library podflow parses with finds
 * the same mistakes with other words and at other places; this file says them as go-yaml does.
 * Each case was checked against the real kubectl v1.33 (`kubectl apply -f`), see the test.
 */
import type { LineCounter, YAMLError } from 'yaml'

/** kubectl's text for the first error (`yaml: line 8: …`), and the line the mistake is really on. */
export interface GoYamlError {
  /** 1-based line of the mistake, for the editor's marker. */
  readonly line: number
  readonly column?: number
  /** What follows `error converting YAML to JSON: `. */
  readonly message: string
}

type Kind = 'scanner' | 'parser'

interface Found {
  readonly kind: Kind
  /** 1-based line libyaml's mark is on. */
  readonly markLine: number
  readonly text: string
  /** 1-based line of the mistake, when it is not the mark's. */
  readonly line?: number
}

/**
 * kubectl's words for the first of `errors` (the errors of one document, in order), or undefined
 * when the case is not one go-yaml is known to report in other words (the caller keeps the `yaml`
 * library's message then).
 */
export function goYamlError(
  text: string,
  errors: readonly YAMLError[],
  lineCounter: LineCounter,
): GoYamlError | undefined {
  const first = errors[0]
  if (!first) return undefined
  const at = (offset: number) => lineCounter.linePos(offset)
  const start = at(first.pos[0])
  const lines = text.split('\n')
  const found = translate(first, errors[1], start.line, start.col, lines, at)
  if (!found) return undefined
  // kubectl hands go-yaml one document at a time, so its lines count from the document's start.
  const mark = found.markLine - documentStart(lines, found.line ?? found.markLine) + 1
  // yaml.v2's fail(): a mark is a 0-based line; a scanner error's is printed + 1, a parser
  // error's as it is (so the line before, counted from 1); a mark on the first line prints none.
  const printed = found.kind === 'scanner' ? mark : mark - 1
  const where = mark > 1 ? `line ${printed}: ` : ''
  return { line: found.line ?? found.markLine, column: start.col, message: `yaml: ${where}${found.text}` }
}

/** A `---` line that separates documents, as kubectl's YAML reader finds them. */
export const isSeparator = (line: string): boolean => /^---(\s|$)/.test(line)

/**
 * The 1-based line where kubectl's YAML reader starts the document holding `line`: the line after
 * a separator that ended a document, or the separator itself when nothing was read since the last
 * one (apimachinery's yaml.Reader keeps a separator it meets with an empty buffer).
 */
function documentStart(lines: readonly string[], line: number): number {
  let start = 1
  let empty = true
  for (let i = 0; i < line - 1; i++) {
    const l = lines[i] as string
    if (isSeparator(l) && !empty) {
      start = i + 2
      empty = true
    } else empty = false
  }
  return start
}

function translate(
  e: YAMLError,
  next: YAMLError | undefined,
  line: number,
  col: number,
  lines: readonly string[],
  at: (offset: number) => { line: number; col: number },
): Found | undefined {
  switch (e.code) {
    case 'BAD_SCALAR_START':
      return { kind: 'scanner', markLine: line, text: 'found character that cannot start any token' }
    case 'TAB_AS_INDENT':
      // After a plain scalar the tab is read as part of its continuation, which may not be
      // indented with tabs; after an indicator it is a token of its own, and no token starts so.
      return {
        kind: 'scanner',
        markLine: line,
        text: endsWithPlainScalar(previousContent(lines, line))
          ? 'found a tab character that violates indentation'
          : 'found character that cannot start any token',
      }
    case 'MISSING_CHAR':
      if (/closing ["']quote/.test(e.message)) {
        // The scanner reads to the end of the stream looking for the closing quote.
        return { kind: 'scanner', markLine: lines.length, text: 'found unexpected end of stream', line }
      }
      return undefined
    case 'BAD_INDENT': {
      if (e.message.startsWith('Flow map'))
        return { kind: 'parser', markLine: line, text: "did not find expected ',' or '}'" }
      if (e.message.startsWith('Flow sequence'))
        return { kind: 'parser', markLine: line, text: "did not find expected ',' or ']'" }
      return { kind: 'parser', markLine: line, text: expectedInBlock(lines, line) }
    }
    case 'BLOCK_AS_IMPLICIT_KEY': {
      if (e.message.includes('block sequence'))
        return { kind: 'parser', markLine: line, text: 'did not find expected key' }
      // `key: a: b`, or a plain value running on to a line with `: `: the scanner meets a `:`
      // where no mapping can start, on the line where the colon is.
      const colonLine = next?.code === 'MULTILINE_IMPLICIT_KEY' ? at(next.pos[1]).line : line
      return { kind: 'scanner', markLine: colonLine, text: 'mapping values are not allowed in this context' }
    }
    case 'MULTILINE_IMPLICIT_KEY': {
      if (next?.code === 'UNEXPECTED_TOKEN' && next.message.includes('block-seq-ind'))
        return { kind: 'parser', markLine: line, text: 'did not find expected key' }
      const endLine = at(e.pos[1]).line
      // A plain scalar where a key of the mapping must begin (at its column) is a required
      // simple key: when the scanner moves to the next line without a `:`, it gives up there.
      if (isRequiredKey(lines, line, col))
        return { kind: 'scanner', markLine: line + 1, text: "could not find expected ':'", line }
      return { kind: 'scanner', markLine: endLine, text: 'mapping values are not allowed in this context' }
    }
    case 'UNEXPECTED_TOKEN':
      // More after a complete node on its line (`a: "b"c`): the parser wanted the next key.
      if (e.message.includes('at node end') && col > 1 + indentOf(lines[line - 1] ?? ''))
        return { kind: 'parser', markLine: line, text: 'did not find expected key' }
      return undefined
    default:
      return undefined
  }
}

/** The nearest line before `line` (1-based) with content, or undefined. */
function previousContent(lines: readonly string[], line: number): string | undefined {
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i] as string
    if (l.trim() !== '' && !l.trimStart().startsWith('#')) return l
  }
  return undefined
}

function endsWithPlainScalar(line: string | undefined): boolean {
  if (line === undefined) return false
  const t = line.replace(/\s+#.*$/, '').trimEnd()
  return !/(^|\s)-$|:$|[|>][+-]?\d*$|^---$/.test(t)
}

const indentOf = (line: string): number => line.length - line.trimStart().length

/**
 * The nearest line before `line` whose content starts at or left of `column` (1-based): the
 * collection the mistaken line falls back into.
 */
function enclosing(lines: readonly string[], line: number, column: number): string | undefined {
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i] as string
    if (l.trim() === '' || l.trimStart().startsWith('#')) continue
    if (indentOf(l) <= column - 1) return l
  }
  return undefined
}

/**
 * A line at a column where no key of the mapping around it starts: libyaml's parser expected a
 * key there, or a `-` when the collection it falls back into is a block sequence at that column.
 */
function expectedInBlock(lines: readonly string[], line: number): string {
  const indent = indentOf(lines[line - 1] ?? '')
  const outer = enclosing(lines, line, indent + 1)
  return outer !== undefined && indentOf(outer) === indent && /^\s*-(\s|$)/.test(outer)
    ? "did not find expected '-' indicator"
    : 'did not find expected key'
}

/** Whether a scalar starting at `column` of `line` begins where its mapping's keys begin. */
function isRequiredKey(lines: readonly string[], line: number, column: number): boolean {
  const own = lines[line - 1] ?? ''
  if (indentOf(own) !== column - 1) return false
  const outer = enclosing(lines, line, column)
  return outer === undefined || indentOf(outer) === column - 1
}
