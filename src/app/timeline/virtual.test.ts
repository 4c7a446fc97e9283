import { describe, expect, it } from 'vitest'
import { rowAt, rowOffsets, scrollToRow, virtualWindow } from './virtual'

describe('virtual list arithmetic', () => {
  const heights = [22, ...Array.from({ length: 10_000 }, () => 32)]
  const offsets = rowOffsets(heights)

  it('offsets every row and ends with the total height', () => {
    expect(offsets.slice(0, 4)).toEqual([0, 22, 54, 86])
    expect(offsets[offsets.length - 1]).toBe(22 + 32 * 10_000)
  })

  it('finds the row at a height', () => {
    expect(rowAt(offsets, 0)).toBe(0)
    expect(rowAt(offsets, 21)).toBe(0)
    expect(rowAt(offsets, 22)).toBe(1)
    expect(rowAt(offsets, 1e9)).toBe(10_000)
    expect(rowAt([0], 5)).toBe(0)
  })

  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    const w = virtualWindow(offsets, 32_022, 200, 8)
    // Row 1001 starts at 22 + 1000 * 32 = 32,022; 200 px show rows 1001…1007.
    expect(w.start).toBe(1001 - 8)
    expect(w.end).toBe(1007 + 1 + 8)
    expect(w.before).toBe(offsets[w.start])
    expect(w.before + (offsets[w.end]! - offsets[w.start]!) + w.after).toBe(offsets[offsets.length - 1])
    expect(w.end - w.start).toBeLessThan(30)
  })

  it('clamps at both ends and renders short lists whole', () => {
    expect(virtualWindow(offsets, -50, 200, 8).start).toBe(0)
    const bottom = virtualWindow(offsets, 1e9, 200, 8)
    expect(bottom.end).toBe(10_001)
    expect(bottom.after).toBe(0)
    expect(virtualWindow(rowOffsets([22, 32, 32]), 0, 10, 0)).toEqual({
      start: 0,
      end: 3,
      before: 0,
      after: 0,
    })
  })

  it('scrolls a row into view only when it is out of view', () => {
    expect(scrollToRow(offsets, 3, 0, 200)).toBe(0)
    expect(scrollToRow(offsets, 1001, 0, 200)).toBe(offsets[1002]! - 200)
    expect(scrollToRow(offsets, 2, 5000, 200)).toBe(offsets[2])
    expect(scrollToRow(offsets, 99_999, 40, 200)).toBe(40)
  })
})
