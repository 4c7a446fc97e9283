/**
 * The console's shell, for the simple cases a kubectl line needs: the first line is the command,
 * the lines after it are its stdin (or, with `<<EOF`, the here-document up to `EOF`). Words split
 * as sh splits them: blanks separate, '…' is literal, "…" keeps \" \\ \$ \`, a backslash escapes
 * one character, `#` starts a comment. Pipes, redirections and `;` are refused: the console runs
 * one kubectl command, not a shell script.
 */

export type ShellInput =
  | {
      readonly ok: true
      readonly words: readonly string[]
      /** What the command reads on stdin; undefined when nothing follows the command line. */
      readonly stdin?: string
    }
  | { readonly ok: false; readonly error: string }

interface HereDoc {
  readonly delimiter: string
  /** `<<-`: leading tabs are stripped from the body and the delimiter line. */
  readonly stripTabs: boolean
}

type Words = { ok: true; words: string[]; hereDoc?: HereDoc } | { ok: false; error: string }

/** Characters that are shell operators outside quotes (only `<<` is supported). */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`'])

export function splitInput(input: string): ShellInput {
  const lines = input.replace(/\r\n?/g, '\n').split('\n')
  let i = 0
  while (i < lines.length && (lines[i] as string).trim() === '') i++
  if (i === lines.length) return { ok: true, words: [] }
  // A backslash at the end of the line continues the command on the next one, as in sh.
  let line = lines[i] as string
  while (endsWithEscape(line) && i + 1 < lines.length) line = line.slice(0, -1) + (lines[++i] as string)
  const rest = lines.slice(i + 1)

  const parsed = splitWords(line)
  if (!parsed.ok) return parsed
  if (!parsed.hereDoc) {
    const stdin = rest.some((l) => l.trim() !== '') ? withNewline(rest.join('\n')) : undefined
    return { ok: true, words: parsed.words, ...(stdin !== undefined ? { stdin } : {}) }
  }
  const { delimiter, stripTabs } = parsed.hereDoc
  const strip = (l: string) => (stripTabs ? l.replace(/^\t+/, '') : l)
  const end = rest.findIndex((l) => strip(l) === delimiter)
  // Without its delimiter line the here-document runs to the end of the input (sh warns, and
  // reads it all the same).
  const body = (end < 0 ? rest : rest.slice(0, end)).map(strip)
  const after = end < 0 ? [] : rest.slice(end + 1)
  if (after.some((l) => l.trim() !== ''))
    return {
      ok: false,
      error: `error: the console runs one command at a time: nothing may follow the here-document's ${delimiter} line`,
    }
  return { ok: true, words: parsed.words, stdin: body.length ? withNewline(body.join('\n')) : '' }
}

/**
 * Whether the input is a command whose here-document is still open: Enter then adds a line (a
 * shell would prompt for more) instead of running it.
 */
export function awaitsHereDoc(input: string): boolean {
  const lines = input.replace(/\r\n?/g, '\n').split('\n')
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first < 0) return false
  const parsed = splitWords(lines[first] as string)
  if (!parsed.ok || !parsed.hereDoc) return false
  const { delimiter, stripTabs } = parsed.hereDoc
  return !lines.slice(first + 1).some((l) => (stripTabs ? l.replace(/^\t+/, '') : l) === delimiter)
}

function endsWithEscape(line: string): boolean {
  const trailing = /\\*$/.exec(line)?.[0].length ?? 0
  return trailing % 2 === 1
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`
}

/** One line into words, with the here-document operator (if any) taken out. */
function splitWords(line: string): Words {
  const words: string[] = []
  let word = ''
  // Whether a word has started: `''` is an empty word, not nothing.
  let started = false
  let hereDoc: { stripTabs: boolean } | undefined
  let delimiter: string | undefined

  const finish = () => {
    if (!started) return
    if (hereDoc && delimiter === undefined) delimiter = word
    else words.push(word)
    word = ''
    started = false
  }

  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (c === ' ' || c === '\t') {
      finish()
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) return unterminated("'")
      // A quoted delimiter (<<'EOF') only says the body is not expanded; nothing is expanded here.
      word += line.slice(i + 1, end)
      started = true
      i = end
    } else if (c === '"') {
      let j = i + 1
      for (; j < line.length && line[j] !== '"'; j++) {
        // Inside double quotes a backslash escapes only these; elsewhere it stays.
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++
        word += line[j]
      }
      if (j >= line.length) return unterminated('"')
      started = true
      i = j
    } else if (c === '\\') {
      if (i + 1 < line.length) word += line[++i]
      started = true
    } else if (c === '#' && !started) {
      break
    } else if (c === '<' && line[i + 1] === '<' && line[i + 2] !== '<') {
      finish()
      if (hereDoc) return unsupported('a second <<')
      const stripTabs = line[i + 2] === '-'
      hereDoc = { stripTabs }
      i += stripTabs ? 2 : 1
    } else if (c === '$' && line[i + 1] === '(') {
      return unsupported('$( )')
    } else if (OPERATORS.has(c)) {
      return unsupported(c === '<' && line[i + 1] === '<' ? '<<<' : c)
    } else {
      word += c
      started = true
    }
  }
  finish()
  if (hereDoc && delimiter === undefined)
    return { ok: false, error: 'error: syntax error: << needs a delimiter word (kubectl apply -f - <<EOF)' }
  return {
    ok: true,
    words,
    ...(hereDoc && delimiter !== undefined ? { hereDoc: { delimiter, stripTabs: hereDoc.stripTabs } } : {}),
  }
}

function unterminated(quote: string): Words {
  return { ok: false, error: `error: unexpected end of line: the closing ${quote} is missing` }
}

function unsupported(operator: string): Words {
  return {
    ok: false,
    error: `error: the console runs one kubectl command: "${operator}" is not supported (stdin is the lines below the command, or <<EOF … EOF)`,
  }
}
