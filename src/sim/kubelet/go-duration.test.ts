import { describe, expect, it } from 'vitest'
import { formatGoDuration } from './go-duration'

describe('formatGoDuration (time.Duration.String)', () => {
  it.each([
    [0, '0s'],
    [1, '1ms'],
    [812, '812ms'],
    [1000, '1s'],
    [3215, '3.215s'],
    [3200, '3.2s'],
    [10_000, '10s'],
    [62_500, '1m2.5s'],
    [80_000, '1m20s'],
    [160_000, '2m40s'],
    [300_000, '5m0s'],
    [3_600_000, '1h0m0s'],
    [3_723_500, '1h2m3.5s'],
    [-1500, '-1.5s'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatGoDuration(ms)).toBe(text)
  })
})
