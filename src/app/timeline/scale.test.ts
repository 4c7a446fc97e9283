import { describe, expect, it } from 'vitest'
import { axisTicks, fitWindow, formatGap, formatOffset, pan, pxOf, timeAt, xOf, zoom } from './scale'

describe('timeline scale', () => {
  const w = { startMs: 0, endMs: 10_000 }

  it('maps time to x and back', () => {
    expect(xOf(w, 500, 2_000)).toBe(100)
    expect(timeAt(w, 500, 100)).toBe(2_000)
  })

  it('draws on whole pixels: a fitted window that grows a little moves nothing drawn', () => {
    expect(pxOf(w, 500, 2_010)).toBe(101)
    // The cursor 4 ms later (one frame at 0.25×): every mark keeps its pixel.
    const before = fitWindow(5_000)
    const after = fitWindow(5_004)
    for (const ms of [0, 1_200, 2_500, 5_000]) expect(pxOf(after, 750, ms)).toBe(pxOf(before, 750, ms))
  })

  it('zooms around the anchor, which keeps its place under the pointer', () => {
    const z = zoom(w, 0.5, 4_000)
    expect(z).toEqual({ startMs: 2_000, endMs: 7_000 })
    expect(xOf(z, 500, 4_000)).toBe(xOf(w, 500, 4_000))
  })

  it('never starts before 0 nor narrows below 1 ms', () => {
    expect(zoom(w, 2, 0)).toEqual({ startMs: 0, endMs: 20_000 })
    expect(
      zoom({ startMs: 100, endMs: 102 }, 0.01, 101).endMs -
        zoom({ startMs: 100, endMs: 102 }, 0.01, 101).startMs,
    ).toBe(1)
    expect(pan(w, -3_000)).toEqual({ startMs: 0, endMs: 10_000 })
    expect(pan(w, 3_000)).toEqual({ startMs: 3_000, endMs: 13_000 })
  })

  it('fits everything so far, at least a second', () => {
    expect(fitWindow(0)).toEqual({ startMs: 0, endMs: 1_000 })
    expect(fitWindow(20_000)).toEqual({ startMs: 0, endMs: 21_000 })
  })

  it('grows the fitted window in steps of 20–33 % while playing, fitting closely again on a pause', () => {
    expect(
      [900, 1_000, 1_100, 1_300, 2_000, 2_600, 3_500, 4_500, 6_000, 7_000, 9_000].map(
        (ms) => fitWindow(ms, true).endMs,
      ),
    ).toEqual([1_000, 1_200, 1_200, 1_500, 2_500, 3_000, 4_000, 5_000, 8_000, 8_000, 10_000])
    expect(fitWindow(98_000, true).endMs).toBe(120_000)
    expect(fitWindow(0, true).endMs).toBe(1_000)
    // From 0.3 s to 2.8 s of play, 6 windows (1, 1.2, 1.5, 2, 2.5 and 3 s); to two significant digits, 21.
    const ends = new Set<number>()
    const fine = new Set<number>()
    for (let ms = 300; ms <= 2_800; ms += 4) {
      ends.add(fitWindow(ms, true).endMs)
      fine.add(fitWindow(ms).endMs)
    }
    expect(ends.size).toBe(6)
    expect(fine.size).toBe(21)
    expect(fitWindow(2_800).endMs).toBe(3_000)
    expect(fitWindow(2_700).endMs).toBe(2_900)
  })

  it('grows the fitted window in steps (two significant digits), not on every frame', () => {
    expect(fitWindow(5_000)).toEqual({ startMs: 0, endMs: 5_300 })
    expect(fitWindow(5_040)).toEqual(fitWindow(5_000))
    expect(fitWindow(5_050).endMs).toBe(5_400)
    expect(fitWindow(98_000).endMs).toBe(110_000)
    for (const until of [0, 1, 999, 1_234, 9_999, 47_000, 1_000_000])
      expect(fitWindow(until).endMs).toBeGreaterThanOrEqual(until * 1.05)
  })

  it('puts ticks on round steps at least the minimum gap apart', () => {
    expect(axisTicks(w, 800, 80)).toEqual([
      0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000,
    ])
    expect(axisTicks(w, 400, 80)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000])
    expect(axisTicks({ startMs: 1_230, endMs: 1_290 }, 600, 100)).toEqual([
      1_230, 1_240, 1_250, 1_260, 1_270, 1_280, 1_290,
    ])
    expect(axisTicks(w, 0)).toEqual([])
  })

  it('labels offsets as precisely as the step needs', () => {
    expect(formatOffset(850, 50)).toBe('850 ms')
    expect(formatOffset(12_500, 500)).toBe('12.5 s')
    expect(formatOffset(12_000, 2_000)).toBe('12 s')
    expect(formatOffset(320_000, 10_000)).toBe('5m20s')
    expect(formatOffset(300_000, 60_000)).toBe('5m')
  })

  it('formats restart gaps the way kubectl writes durations', () => {
    expect(formatGap(850)).toBe('850ms')
    expect(formatGap(10_200)).toBe('10s')
    expect(formatGap(80_000)).toBe('1m20s')
    expect(formatGap(300_000)).toBe('5m')
  })
})
