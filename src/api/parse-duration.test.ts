import { describe, expect, it } from 'vitest'
import { parseDuration } from './parse-duration'

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['1ms', 1],
    ['0s', 0],
    ['30s', 30_000],
    ['1.5s', 1_500],
    ['0.25s', 250],
    ['5m', 300_000],
    ['1.5m', 90_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1h30m15s', 5_415_000],
    ['2m3s500ms', 123_500],
    ['1m1.5s', 61_500],
    // Units in any order and repeated, as Go's time.ParseDuration allows.
    ['30m1h', 5_400_000],
    ['1s1s', 2_000],
    // Milliseconds are the simulation's unit: fractions of a millisecond round.
    ['1.4ms', 1],
    ['1.5ms', 2],
    // As Go's time.ParseDuration: a bare 0, digits on one side of the point only, finer units.
    ['0', 0],
    ['.5s', 500],
    ['1.s', 1_000],
    ['1m.5s', 60_500],
    ['1500us', 2],
    ['1500µs', 2],
    ['1500μs', 2],
    ['2000000ns', 2],
  ])('%s → %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each([
    [''],
    ['5'],
    ['ms'],
    ['s'],
    ['5x'],
    ['5S'],
    ['5sec'],
    ['5 s'],
    [' 5s'],
    ['5s '],
    ['1h 30m'],
    ['1h30'],
    ['1d'],
    ['-5s'],
    ['5s-'],
    ['1.s5'],
    ['1..5s'],
    ['1.5.5s'],
    ['abc'],
    ['30s!'],
    ['00'],
    ['.s'],
    ['.'],
    ['0.'],
    ['1.5'],
  ])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})
