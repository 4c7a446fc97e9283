import { describe, expect, it } from 'vitest'
import { add, format, parse, prettyPrint } from './quantity'

describe('Quantity.String()', () => {
  it.each([
    ['100m', '100m'],
    ['0.5', '500m'],
    ['1000m', '1'],
    ['1500m', '1500m'],
    ['1000', '1k'],
    ['3', '3'],
    [3, '3'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['512', '512'],
    ['1e3', '1e3'],
    ['2G', '2G'],
    ['0', '0'],
  ])('%s → %s', (input, out) => {
    expect(format(parse(input) ?? { milli: -1, format: 'DecimalSI' })).toBe(out)
  })

  it('keeps the receiver format, unless the receiver is zero', () => {
    const zeroDecimal = { x: parse('0') ?? { milli: 0, format: 'DecimalSI' as const } }
    expect(prettyPrint(add(zeroDecimal, { x: parse('128Mi') ?? zeroDecimal.x }))).toBe('x=128Mi')
    expect(
      prettyPrint(add({ x: parse('1000') ?? zeroDecimal.x }, { x: parse('1Ki') ?? zeroDecimal.x })),
    ).toBe('x=2024')
    expect(
      prettyPrint(add({ cpu: parse('500m') ?? zeroDecimal.x }, { cpu: parse('500m') ?? zeroDecimal.x })),
    ).toBe('cpu=1')
  })
})
