import { describe, expect, it } from 'vitest'
import { canonicalQuantity, parseQuantityStrict, QUANTITY_FORMAT_ERROR } from './quantity-canonical'

describe('canonicalQuantity (Quantity.String)', () => {
  it.each<[string | number, string]>([
    ['2', '2'],
    [2, '2'],
    ['2000m', '2'],
    ['1500m', '1500m'],
    [0.5, '500m'],
    ['0.1', '100m'],
    ['1.5', '1500m'],
    ['2000', '2k'],
    ['1500', '1500'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['512', '512'],
    ['1e3', '1e3'],
    ['-1', '-1'],
    ['0', '0'],
    ['100M', '100M'],
  ])('%s → %s', (q, want) => {
    expect(canonicalQuantity(q)).toBe(want)
  })

  it('gives ParseQuantity’s errors', () => {
    expect(parseQuantityStrict('1 core')).toEqual({ error: QUANTITY_FORMAT_ERROR })
    expect(parseQuantityStrict('abc')).toEqual({ error: QUANTITY_FORMAT_ERROR })
    expect(parseQuantityStrict('1.2.3')).toEqual({ error: 'unable to parse numeric part of quantity' })
    expect(parseQuantityStrict('1mm')).toEqual({ error: "unable to parse quantity's suffix" })
  })
})
