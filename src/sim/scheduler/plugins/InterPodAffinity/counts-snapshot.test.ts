import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CountsSnapshot, LendableCounts } from './counts-snapshot'
import { TopologyCounts } from './filtering'

const sorted = (entries: Iterable<[string, number]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1))

describe('LendableCounts', () => {
  it('lends snapshots that never change, whatever is bumped or folded after', () => {
    type Op = { bump: [string, number] } | { lend: true }
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          bump: fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.constantFrom(1, -1, 2)),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ lend: true as const }) },
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const counts = new LendableCounts()
        const reference = new Map<string, number>()
        const lent: [CountsSnapshot, [string, number][]][] = []
        for (const o of ops) {
          if ('bump' in o) {
            const [value, delta] = o.bump
            // Counts never go below 0 (the walks only take away what they added).
            if ((reference.get(value) ?? 0) + delta < 0) continue
            counts.bump(value, delta)
            const after = (reference.get(value) ?? 0) + delta
            if (after === 0) reference.delete(value)
            else reference.set(value, after)
          } else lent.push([counts.lend(), sorted(reference)])
          expect(counts.size).toBe(reference.size)
        }
        for (const [snapshot, expected] of lent) {
          expect(sorted(snapshot.entries())).toEqual(expected)
          expect(snapshot.size).toBe(expected.length)
          for (const [value, n] of expected) expect(snapshot.get(value)).toBe(n)
          expect(snapshot.get('zz')).toBeUndefined()
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('TopologyCounts with a lent snapshot', () => {
  it('reads it, shares it with a clone, and copies it before changing it', () => {
    const counts = new LendableCounts()
    counts.bump('n1', 1)
    counts.bump('n2', 2)
    const snapshot = counts.lend()
    const m = new TopologyCounts()
    m.addCounts('host', snapshot)
    expect(m.size).toBe(2)
    expect(m.get('host', 'n2')).toBe(2)
    const copy = m.clone()
    copy.add('host', 'n1', -1)
    copy.add('host', 'n3', 1)
    expect(copy.toRecord()).toEqual({ 'host=n2': 2, 'host=n3': 1 })
    expect(m.toRecord()).toEqual({ 'host=n1': 1, 'host=n2': 2 })
    expect(sorted(snapshot.entries())).toEqual([
      ['n1', 1],
      ['n2', 2],
    ])
    // A second snapshot under the same key adds pair by pair.
    m.addCounts('host', snapshot)
    expect(m.toRecord()).toEqual({ 'host=n1': 2, 'host=n2': 4 })
  })
})
