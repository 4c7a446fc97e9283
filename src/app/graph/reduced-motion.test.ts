import { describe, expect, it } from 'vitest'
import { shownProgress } from './reduced-motion'

describe('shownProgress', () => {
  it('is the progress itself without reduced motion', () => {
    for (const p of [0, 0.1, 0.5, 0.99, 1]) expect(shownProgress(p, false)).toBe(p)
  })

  it('is one of three stops with reduced motion: near the sender, half way, near the receiver', () => {
    const stops = [0, 0.1, 0.33, 0.34, 0.5, 0.66, 0.67, 0.9, 1].map((p) => shownProgress(p, true))
    expect(stops).toEqual([1 / 6, 1 / 6, 1 / 6, 1 / 2, 1 / 2, 1 / 2, 5 / 6, 5 / 6, 5 / 6])
  })

  it('reads the media query when not told (none in Node: full motion)', () => {
    expect(shownProgress(0.42)).toBe(0.42)
  })
})
