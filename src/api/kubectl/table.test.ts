import { describe, expect, it } from 'vitest'
import { formatTable, noResourcesFound } from './table'

describe('formatTable (tabwriter: minwidth 6, padding 3)', () => {
  it('pads every column but the last to its widest cell + 3', () => {
    expect(
      formatTable([
        ['NAME', 'READY', 'AGE'],
        ['a', '1/1', '5s'],
        ['longer-name', '0/1', '10m'],
      ]),
    ).toBe(
      ['NAME          READY   AGE', 'a             1/1     5s', 'longer-name   0/1     10m', ''].join('\n'),
    )
  })

  it('keeps columns at least 6 wide', () => {
    expect(
      formatTable([
        ['A', 'B'],
        ['x', 'y'],
      ]),
    ).toBe('A     B\nx     y\n')
  })

  it('counts runes, not UTF-16 units', () => {
    expect(formatTable([['ÄÖÜ😀', 'x']])).toBe('ÄÖÜ😀   x\n')
  })
})

describe('noResourcesFound', () => {
  it.each([
    ['default', 'No resources found in default namespace.'],
    [undefined, 'No resources found'],
  ])('%s', (ns, want) => {
    expect(noResourcesFound(ns)).toBe(want)
  })
})
