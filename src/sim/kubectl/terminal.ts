/**
 * The user's terminal as kubectl writes to it: stdout and stderr land on one screen, in the order
 * they were written, so the lines are kept in one list. Go's Fprintf calls do not always end a
 * line; a write without a newline is continued by the next write, as on a real terminal, and the
 * line keeps the stream that started it.
 */
import type { OutputLine, OutputStream } from '../../api/kubectl/drain-output'

export class Terminal {
  private partial: OutputLine | undefined

  /** `lines` receives every finished line as it is written (the caller may read it meanwhile). */
  constructor(readonly lines: OutputLine[] = []) {}

  /** fmt.Fprintln(os.Stdout, line). */
  out(line: string): void {
    this.print('stdout', `${line}\n`)
  }

  /** fmt.Fprintln(os.Stderr, line). */
  err(line: string): void {
    this.print('stderr', `${line}\n`)
  }

  /** fmt.Fprint: `text` may hold several lines, or end mid-line. */
  print(stream: OutputStream, text: string): void {
    const parts = text.split('\n')
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const line = this.partial ? { ...this.partial, text: this.partial.text + part } : { text: part, stream }
      if (last) {
        this.partial = line.text ? line : undefined
        return
      }
      this.partial = undefined
      this.lines.push(line)
    })
  }

  /** The command ended: a line left unfinished shows as it is. */
  close(): void {
    if (this.partial) this.lines.push(this.partial)
    this.partial = undefined
  }
}
