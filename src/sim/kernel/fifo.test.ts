import { describe, expect, it } from 'vitest'
import { Fifo } from './fifo'

describe('Fifo', () => {
  it('gives items back in the order they came, and undefined when empty', () => {
    const q = new Fifo<number>()
    expect(q.shift()).toBeUndefined()
    q.push(1)
    q.push(2)
    expect(q.length).toBe(2)
    expect(q.shift()).toBe(1)
    q.push(3)
    expect([q.shift(), q.shift(), q.shift()]).toEqual([2, 3, undefined])
    expect(q.length).toBe(0)
  })

  it('keeps the order across the drops of its consumed prefix', () => {
    const q = new Fifo<number>()
    const out: number[] = []
    let next = 0
    // Interleave pushes and shifts so the queue is never empty while it passes many compactions.
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 300; i++) q.push(next++)
      for (let i = 0; i < 250; i++) out.push(q.shift() as number)
    }
    while (q.length > 0) out.push(q.shift() as number)
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i))
  })
})
