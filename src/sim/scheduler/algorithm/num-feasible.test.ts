import { describe, expect, it } from 'vitest'
import { numFeasibleNodesToFind } from './num-feasible'

describe('numFeasibleNodesToFind', () => {
  it.each([
    { nodes: 3, pct: undefined, want: 3 },
    { nodes: 99, pct: undefined, want: 99 },
    { nodes: 100, pct: undefined, want: 100 }, // 50 − 0 = 50% → 50, raised to 100
    { nodes: 250, pct: undefined, want: 120 }, // 50 − 2 = 48% of 250
    { nodes: 1000, pct: undefined, want: 420 }, // 50 − 8 = 42%
    { nodes: 5000, pct: undefined, want: 500 }, // 50 − 40 = 10%
    { nodes: 6000, pct: undefined, want: 300 }, // 50 − 48 = 2% → floor 5%
    { nodes: 1000, pct: 40, want: 400 },
    { nodes: 1000, pct: 100, want: 1000 },
    { nodes: 150, pct: 10, want: 100 }, // 15, raised to the minimum 100
  ])('$nodes nodes at $pct% → $want', ({ nodes, pct, want }) => {
    expect(numFeasibleNodesToFind(pct, nodes)).toBe(want)
  })
})
