import { describe, expect, it } from 'vitest'
import { humanDuration, shortHumanDuration, translateTimestampSince } from './duration'

const s = 1000
const m = 60 * s
const h = 60 * m
const d = 24 * h

describe('humanDuration', () => {
  it.each([
    [-2500, '<invalid>'],
    [-1500, '0s'],
    [-500, '0s'],
    [0, '0s'],
    [5 * s + 900, '5s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [2 * m + 3 * s, '2m3s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m + 30 * s, '10m'],
    [3 * h - 1, '179m'],
    [3 * h, '3h'],
    [5 * h + 2 * m, '5h2m'],
    [8 * h + 30 * m, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [3 * d + 4 * h, '3d4h'],
    [8 * d + 5 * h, '8d'],
    [2 * 365 * d, '2y'],
    [2 * 365 * d + 10 * d, '2y10d'],
    [9 * 365 * d, '9y'],
  ])('%d ms → %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want)
  })
})

describe('shortHumanDuration', () => {
  it.each([
    [59 * s, '59s'],
    [61 * s, '1m'],
    [2 * h + 5 * m, '2h'],
    [3 * d, '3d'],
    [400 * d, '1y'],
  ])('%d ms → %s', (ms, want) => {
    expect(shortHumanDuration(ms)).toBe(want)
  })
})

describe('translateTimestampSince', () => {
  const now = Date.parse('2025-05-01T10:05:00Z')
  it.each([
    ['2025-05-01T10:00:00Z', '5m'],
    ['2025-05-01T10:04:55.500000Z', '4s'],
    [undefined, '<unknown>'],
    ['', '<unknown>'],
  ])('%s → %s', (t, want) => {
    expect(translateTimestampSince(t, now)).toBe(want)
  })
})
