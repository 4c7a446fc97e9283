import { describe, expect, it } from 'vitest'
import { tabwrite } from './tabwriter'

const describeStyle = { minWidth: 0, padding: 2 }

describe('tabwrite (Go text/tabwriter)', () => {
  it('aligns a column over a block of consecutive lines that have it', () => {
    expect(tabwrite('Name:\tnginx\nService Account:\tdefault\n', describeStyle)).toBe(
      'Name:             nginx\nService Account:  default\n',
    )
  })

  it('starts a new block after a line without a tab (describe’s IPs / Controlled By)', () => {
    const text =
      'Status:\tRunning\nIP:\t10.244.1.5\nIPs:\n  IP:\t10.244.1.5\nControlled By:\tReplicaSet/web\nContainers:\n'
    expect(tabwrite(text, describeStyle)).toBe(
      [
        'Status:  Running',
        'IP:      10.244.1.5',
        'IPs:',
        '  IP:           10.244.1.5',
        'Controlled By:  ReplicaSet/web',
        'Containers:',
        '',
      ].join('\n'),
    )
  })

  it('never pads the last cell of a line, and pads empty cells', () => {
    expect(tabwrite('IP:\t\nNamespace:\tdefault\n', describeStyle)).toBe(
      'IP:         \nNamespace:  default\n',
    )
    expect(tabwrite('a\tb\t\tc\nlonger\tx\t\td\n', describeStyle)).toBe('a       b    c\nlonger  x    d\n')
  })

  it('aligns a deeper column only over the lines that reach it', () => {
    const text = 'A:\t1\nB:\t<set>\tOptional: false\nCC:\t2\n'
    expect(tabwrite(text, describeStyle)).toBe('A:   1\nB:   <set>  Optional: false\nCC:  2\n')
  })

  it('applies the minimum width (kubectl get: 6, padding 3)', () => {
    expect(tabwrite('A\tB\nx\ty\n', { minWidth: 6, padding: 3 })).toBe('A     B\nx     y\n')
  })

  it('counts runes', () => {
    expect(tabwrite('ÄÖ\tx\nab\ty\n', describeStyle)).toBe('ÄÖ  x\nab  y\n')
  })

  it('keeps text after the last newline', () => {
    expect(tabwrite('a\tb\nc', describeStyle)).toBe('a  b\nc')
  })
})
