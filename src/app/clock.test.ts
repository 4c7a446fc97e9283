import { describe, expect, it } from 'vitest'
import { parseClock } from './Clock'

describe('parseClock', () => {
  it('reads a bare number as seconds and anything else as a Go duration', () => {
    expect(parseClock('12.5')).toBe(12_500)
    expect(parseClock(' 3 ')).toBe(3_000)
    expect(parseClock('.25')).toBe(250)
    expect(parseClock('850ms')).toBe(850)
    expect(parseClock('1m30s')).toBe(90_000)
    expect(parseClock('2 s')).toBe(2_000)
  })

  it('refuses what is neither', () => {
    expect(parseClock('')).toBeUndefined()
    expect(parseClock('soon')).toBeUndefined()
    expect(parseClock('-3')).toBeUndefined()
    expect(parseClock('1e3')).toBeUndefined()
  })
})
