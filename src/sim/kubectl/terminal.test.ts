import { describe, expect, it } from 'vitest'
import { Terminal } from './terminal'

describe('Terminal', () => {
  it('keeps stdout and stderr lines in the order they were written', () => {
    const term = new Terminal()
    term.out('node/worker-1 cordoned')
    term.err('Warning: something')
    term.out('node/worker-1 drained')
    expect(term.lines).toEqual([
      { text: 'node/worker-1 cordoned', stream: 'stdout' },
      { text: 'Warning: something', stream: 'stderr' },
      { text: 'node/worker-1 drained', stream: 'stdout' },
    ])
  })

  it('continues a line written without a newline, and shows it unfinished when the command ends', () => {
    const lines: { text: string; stream: 'stdout' | 'stderr' }[] = []
    const term = new Terminal(lines)
    term.print('stderr', 'Following errors occurred:\nfirst')
    expect(lines).toEqual([{ text: 'Following errors occurred:', stream: 'stderr' }])
    term.err(' and more')
    term.print('stdout', 'tail')
    term.close()
    expect(lines).toEqual([
      { text: 'Following errors occurred:', stream: 'stderr' },
      { text: 'first and more', stream: 'stderr' },
      { text: 'tail', stream: 'stdout' },
    ])
  })

  it('keeps empty lines', () => {
    const term = new Terminal()
    term.print('stderr', 'a\n\n')
    expect(term.lines.map((l) => l.text)).toEqual(['a', ''])
  })
})
