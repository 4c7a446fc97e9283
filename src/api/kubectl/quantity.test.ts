import { describe, expect, it } from 'vitest'
import {
  addQuantity,
  canonicalQuantity,
  cmpQuantity,
  parseQuantity,
  type Quantity,
  quantityMilliValue,
  quantityValue,
} from './quantity'

describe('canonicalQuantity (Quantity.String)', () => {
  it.each([
    ['100m', '100m'],
    ['1000m', '1'],
    ['1500m', '1500m'],
    ['0.5', '500m'],
    ['.1', '100m'],
    ['1.5', '1500m'],
    ['2', '2'],
    ['10', '10'],
    ['1500', '1500'],
    ['2000', '2k'],
    ['120000', '120k'],
    ['1e3', '1e3'],
    ['1E6', '1e6'],
    ['1.5k', '1500'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['1.5Gi', '1536Mi'],
    ['4091904Ki', '3996Mi'],
    ['61202244Ki', '61202244Ki'],
    ['0.5Ki', '512'],
    ['56403987978', '56403987978'],
    ['1Mi', '1Mi'],
    ['0', '0'],
    ['0Mi', '0'],
    ['1n', '1n'],
    ['0.1n', '1n'],
    ['-500m', '-500m'],
    ['64', '64'],
    [2, '2'],
    [0.25, '250m'],
  ])('%s → %s', (q, want) => {
    expect(canonicalQuantity(q)).toBe(want)
  })

  it('leaves text that is not a quantity alone', () => {
    expect(canonicalQuantity('lots')).toBe('lots')
    expect(parseQuantity('1Qi')).toBeUndefined()
    expect(parseQuantity('')).toBeUndefined()
  })
})

describe('Quantity arithmetic', () => {
  const q = (s: string) => parseQuantity(s) as Quantity

  it('adds exactly, keeping the first non-zero format', () => {
    expect(canonicalQuantity(undefined)).toBe('')
    const sum = addQuantity(q('100m'), q('250m'))
    expect(sum).toEqual(q('350m'))
    expect(addQuantity(q('0'), q('64Mi')).format).toBe('BinarySI')
    expect(addQuantity(q('64Mi'), q('64Mi')).format).toBe('BinarySI')
  })

  it('compares, and rounds Value and MilliValue up', () => {
    expect(cmpQuantity(q('1'), q('1000m'))).toBe(0)
    expect(cmpQuantity(q('1Ki'), q('1k'))).toBe(1)
    expect(quantityMilliValue(q('1n'))).toBe(1)
    expect(quantityMilliValue(q('2'))).toBe(2000)
    expect(quantityValue(q('100m'))).toBe(1)
    expect(quantityValue(q('128Mi'))).toBe(134217728)
  })
})
