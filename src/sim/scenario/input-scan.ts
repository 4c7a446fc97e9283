/**
 * Checks on the raw text before the YAML parser sees it, for input that is not a manifest at all:
 * characters YAML does not allow (binary garbage, text that was not valid Unicode), and nesting so
 * deep that the parser would run out of stack or memory (the `yaml` library needs over a second,
 * or all of the process's memory, for 100,000 `[`). Both are cheap single passes.
 */

/** Deepest nesting of collections accepted (real manifests stay under 20; go-yaml allows 10,000). */
export const MAX_DEPTH = 100

export interface TextProblem {
  readonly line: number
  readonly column: number
  readonly message: string
}

/**
 * Characters outside YAML 1.2's c-printable set (tab, LF, CR, x20-x7E, x85, xA0-xD7FF,
 * xE000-xFFFD, x10000-x10FFFF): C0/C1 control characters, DEL, U+FFFE/U+FFFF, and lone UTF-16
 * surrogates (with the `u` flag a lone surrogate is its own code point, outside the class).
 */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

/**
 * The first character YAML does not allow, with go-yaml's words for it ("control characters are
 * not allowed"); undefined when there is none.
 */
export function badCharacter(text: string): TextProblem | undefined {
  const m = NOT_PRINTABLE.exec(text)
  if (!m) return undefined
  const { line, column } = position(text, m.index)
  const code = m[0].codePointAt(0) ?? 0
  const message =
    code >= 0xd800 && code <= 0xdfff
      ? `yaml: line ${line}: invalid Unicode (a lone surrogate U+${hex(code)} at column ${column}; the text was not valid UTF-8 when it was read)`
      : `yaml: line ${line}: control characters are not allowed (U+${hex(code)} at column ${column}; is this a binary file?)`
  return { line, column, message }
}

/**
 * Where nesting first goes deeper than `max` levels, or undefined. Counts block levels (a stack of
 * indentations, plus each compact `- ` on a line) and flow levels (`[` and `{` outside quotes and
 * comments); block scalars (`|`, `>`) are skipped. It overestimates a little (a `[` inside a plain
 * scalar counts), which is harmless that far above what manifests use.
 */
export function tooDeep(text: string, max = MAX_DEPTH): TextProblem | undefined {
  const indents: number[] = []
  let flow = 0
  let lineNo = 0
  let blockScalarIndent = -1
  let pos = 0
  while (pos <= text.length) {
    let end = text.indexOf('\n', pos)
    if (end < 0) end = text.length
    lineNo++
    let i = pos
    while (i < end && text.charCodeAt(i) === 32) i++
    const indent = i - pos
    const blank = i >= end || text[i] === '#' || text[i] === '\r'
    if (blockScalarIndent >= 0 && (blank || indent > blockScalarIndent)) {
      pos = end + 1
      continue
    }
    blockScalarIndent = -1
    if (flow === 0 && !blank) {
      while (indents.length && (indents[indents.length - 1] as number) >= indent) indents.pop()
      indents.push(indent)
      // Compact nesting on one line: `- - - x`, `- key: value`.
      while (i + 1 < end && (text[i] === '-' || text[i] === '?') && text[i + 1] === ' ') {
        i += 2
        while (i < end && text.charCodeAt(i) === 32) i++
        indents.push(i - pos)
      }
      if (indents.length > max) return deep(lineNo, i - pos + 1, max)
    }
    // The last character before i that is not a space: a quote opens a quoted scalar only where a
    // token may start, as the parser reads it (`don't` and `x 'y` are plain scalars).
    let prev = ''
    for (; i < end; i++) {
      const c = text[i] as string
      if (c === ' ' || c === '\t') continue
      if (c === '#' && (i === pos || text[i - 1] === ' ' || text[i - 1] === '\t')) break
      if ((c === '"' || c === "'") && (prev === '' || '[{,:-?'.includes(prev))) {
        // A quoted scalar may span lines: continue after its closing quote, wherever it is. An
        // unclosed one makes the rest text, for the parser too.
        const close = closingQuote(text, i)
        if (close < 0) return undefined
        if (close > end) {
          lineNo += count(text, '\n', end, close)
          end = text.indexOf('\n', close)
          if (end < 0) end = text.length
          pos = text.lastIndexOf('\n', close) + 1
        }
        i = close
      } else if (c === '[' || c === '{') {
        flow++
        if (indents.length + flow > max) return deep(lineNo, i - pos + 1, max)
      } else if ((c === ']' || c === '}') && flow > 0) flow--
      prev = c
    }
    if (flow === 0 && !blank && isBlockScalarHeader(text, pos + indent, end))
      blockScalarIndent = indents[indents.length - 1] ?? 0
    pos = end + 1
  }
  return undefined
}

/** The line (content from `start`) ends with a block scalar header: `key: |`, `- >-`, `|2`. */
function isBlockScalarHeader(text: string, start: number, end: number): boolean {
  const from = Math.max(start, end - 60)
  const tail = text.slice(from, end)
  return (from === start ? WHOLE_HEADER : AFTER_INDICATOR).test(tail)
}
const AFTER_INDICATOR = /[:-][ \t]+[|>][-+1-9]{0,2}[ \t]*(#.*)?\r?$/
const WHOLE_HEADER = /^(.*[:-][ \t]+)?[|>][-+1-9]{0,2}[ \t]*(#.*)?\r?$/

function deep(line: number, column: number, max: number): TextProblem {
  return {
    line,
    column,
    message: `yaml: line ${line}: exceeded max depth of ${max} (collections nested more than ${max} levels deep)`,
  }
}

/** Index of the quote closing the one at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  const q = text[open]
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]
    if (q === '"' && c === '\\') i++
    else if (c === q) {
      if (q === "'" && text[i + 1] === "'") i++
      else return i
    }
  }
  return -1
}

function count(text: string, ch: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf(ch, from); i >= 0 && i < to; i = text.indexOf(ch, i + 1)) n++
  return n
}

/** 1-based line and column (in UTF-16 units) of `index`. */
export function position(text: string, index: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: index - lineStart + 1 }
}

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0')
}
