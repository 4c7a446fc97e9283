/**
 * Go's text/tabwriter, as kubectl uses it (pad with spaces, no flags): text is cut into lines at
 * `\n` and into cells at `\t`; a cell ended by a tab belongs to a column, the text after a line's
 * last tab does not. A column is aligned over a *block*: consecutive lines that all have a cell in
 * it. A line with fewer cells ends the block, so a heading without a tab (`Containers:`) starts
 * a new alignment below it. Each cell of a block is padded to the block's widest cell plus
 * `padding`, and to at least `minWidth`; the last cell of a line is never padded.
 *
 * Go: src/text/tabwriter/tabwriter.go (format, writeLines). kubectl's settings: `kubectl get`
 * tables use minwidth 6, padding 3 (cli-runtime printers/tabwriter.go); `kubectl describe` uses
 * minwidth 0, padding 2 (describe.go tabbedString).
 */

export interface TabwriterOptions {
  readonly minWidth: number
  readonly padding: number
}

/** Width as tabwriter counts it: runes (code points), not UTF-16 units. */
export const runeWidth = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** Format `text` (written in one go, then flushed) as tabwriter would. */
export function tabwrite(text: string, options: TabwriterOptions): string {
  const rawLines = text.split('\n')
  // The text after the last newline is a line without a newline (usually empty).
  const lines = rawLines.map((l) => l.split('\t'))
  const out: string[] = []
  const widths: number[] = []

  const writeLines = (line0: number, line1: number) => {
    for (let i = line0; i < line1; i++) {
      const cells = lines[i] as string[]
      let s = ''
      cells.forEach((cell, j) => {
        s += cell
        const w = widths[j]
        // Only cells of known columns are padded: never the last cell of a line.
        if (j < widths.length && j < cells.length - 1 && w !== undefined) s += ' '.repeat(w - runeWidth(cell))
      })
      out.push(i + 1 === lines.length ? s : `${s}\n`)
    }
  }

  const format = (line0: number, line1: number) => {
    const column = widths.length
    for (let current = line0; current < line1; current++) {
      if (column >= (lines[current] as string[]).length - 1) continue
      // A cell exists in this column: a block begins here.
      writeLines(line0, current)
      line0 = current
      let width = options.minWidth
      for (; current < line1; current++) {
        const cells = lines[current] as string[]
        if (column >= cells.length - 1) break
        width = Math.max(width, runeWidth(cells[column] as string) + options.padding)
      }
      widths.push(width)
      format(line0, current)
      widths.pop()
      line0 = current
      // The loop's increment would skip the line that ended the block.
      current--
    }
    writeLines(line0, line1)
  }

  format(0, lines.length)
  return out.join('')
}
