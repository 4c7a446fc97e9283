import { describe, expect, it } from 'vitest'
import { formatBytes, formatMilliCpu, intValue, isQuantity, milliValue, parseQuantity } from './quantity'

describe('parseQuantity', () => {
  it.each([
    ['100m', 0.1],
    ['1', 1],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['5.', 5],
    ['+2', 2],
    ['-1', -1],
    ['1e3', 1000],
    ['1E3', 1000],
    ['2e-3', 0.002],
    ['2k', 2000],
    ['2M', 2e6],
    ['2G', 2e9],
    ['1T', 1e12],
    ['1E', 1e18],
    ['128Mi', 134217728],
    ['1Ki', 1024],
    ['1.5Gi', 1610612736],
    ['1Ti', 2 ** 40],
    ['5n', 5e-9],
    ['5u', 5e-6],
  ])('%j is %d', (text, want) => {
    expect(parseQuantity(text)).toBeCloseTo(want, 12)
  })

  it.each([
    [2, 2],
    [0.25, 0.25],
  ])('the number %d is itself', (n, want) => {
    expect(parseQuantity(n)).toBe(want)
  })

  it.each(['', 'abc', 'Mi', '1.5.5', '1mi', '1KB', '1Kb', '1e', '0x10', '1 Gi ', '1Gi Mi', '--1'])(
    '%j is not a quantity',
    (text) => {
      expect(parseQuantity(text)).toBeUndefined()
      expect(isQuantity(text)).toBe(false)
    },
  )

  it.each([undefined, null, Number.NaN, Number.POSITIVE_INFINITY])('%s is not a quantity', (v) => {
    expect(parseQuantity(v)).toBeUndefined()
  })

  it('isQuantity rejects non-strings and non-numbers', () => {
    expect(isQuantity({})).toBe(false)
    expect(isQuantity(['1'])).toBe(false)
    expect(isQuantity('250m')).toBe(true)
  })
})

describe('milliValue (rounds up, like Quantity.MilliValue)', () => {
  it.each([
    ['100m', 100],
    ['1', 1000],
    ['1.5', 1500],
    ['0.1', 100],
    ['0.3', 300],
    ['1.1', 1100],
    ['2', 2000],
    ['0.5m', 1],
    ['0.1m', 1],
    ['1n', 1],
    ['1.0001', 1001],
    ['250m', 250],
    ['1k', 1_000_000],
    ['not-a-quantity', 0],
    [undefined, 0],
  ])('%j → %i', (q, want) => {
    expect(milliValue(q)).toBe(want)
  })
})

describe('intValue (rounds up, like Quantity.Value)', () => {
  it.each([
    ['128Mi', 134217728],
    ['1Gi', 1073741824],
    ['1.5', 2],
    ['100m', 1],
    ['110', 110],
    ['1e3', 1000],
    ['0', 0],
    [undefined, 0],
  ])('%j → %i', (q, want) => {
    expect(intValue(q)).toBe(want)
  })
})

describe('formatting', () => {
  it.each([
    [250, '250m'],
    [1000, '1'],
    [2000, '2'],
    [1500, '1500m'],
    [0, '0'],
  ])('formatMilliCpu(%i) is %j', (milli, want) => {
    expect(formatMilliCpu(milli)).toBe(want)
  })

  it.each([
    [134217728, '128Mi'],
    [1073741824, '1Gi'],
    [1024, '1Ki'],
    [1536, '1536'],
    [1000, '1000'],
    [0, '0'],
    [3 * 2 ** 40, '3Ti'],
  ])('formatBytes(%i) is %j', (bytes, want) => {
    expect(formatBytes(bytes)).toBe(want)
  })
})
