import { describe, expect, it } from 'vitest'
import { MAX_DRAWN_MESSAGES, sampleMessages, samplingStep } from './sampling'

const flights = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i }))

describe('message sampling', () => {
  it('draws everything up to the limit', () => {
    expect(samplingStep(0)).toBe(1)
    expect(samplingStep(MAX_DRAWN_MESSAGES)).toBe(1)
    const all = flights(MAX_DRAWN_MESSAGES)
    expect(sampleMessages(all).shown).toBe(all)
  })

  it('beyond it, 1 in a power of two, by id, about the limit drawn', () => {
    expect(samplingStep(201)).toBe(2)
    expect(samplingStep(1600)).toBe(8)
    expect(samplingStep(1601)).toBe(16)
    const s = sampleMessages(flights(3000))
    expect(s.step).toBe(16)
    expect(s.total).toBe(3000)
    expect(s.shown.length).toBeLessThanOrEqual(MAX_DRAWN_MESSAGES)
    expect(s.shown.every((m) => m.id % 16 === 0)).toBe(true)
  })

  it('is deterministic and nested: a message drawn at 1 in 8 is drawn at 1 in 4', () => {
    const a = sampleMessages(flights(1500)).shown.map((m) => m.id)
    expect(sampleMessages(flights(1500)).shown.map((m) => m.id)).toEqual(a)
    const coarse = new Set(sampleMessages(flights(1500)).shown.map((m) => m.id))
    const fine = new Set(sampleMessages(flights(700)).shown.map((m) => m.id))
    for (const id of coarse) if (id <= 700) expect(fine.has(id)).toBe(true)
  })

  it('always draws the selected message', () => {
    const s = sampleMessages(flights(1000), 7)
    expect(s.shown.map((m) => m.id)).toContain(7)
  })

  it('does not flicker at the edge: the step comes down only well below the limit', () => {
    expect(samplingStep(210, 1)).toBe(2)
    expect(samplingStep(190, 2)).toBe(2)
    expect(samplingStep(150, 2)).toBe(1)
    expect(samplingStep(500, 8)).toBe(4)
    expect(samplingStep(100, 3)).toBe(1)
  })
})
