import { describe, expect, it } from 'vitest'
import { MAX_BUDGET, MIN_BUDGET, nextBudget } from './budget'

describe('the worker’s event budget', () => {
  it('shrinks in proportion when a call took longer than a slice', () => {
    expect(nextBudget(250, 80, 8)).toBe(25)
    expect(nextBudget(250, 16, 8)).toBe(125)
  })

  it('grows by doubling while calls take under half a slice, and holds in between', () => {
    expect(nextBudget(250, 1, 8)).toBe(500)
    expect(nextBudget(250, 6, 8)).toBe(250)
  })

  it('stays within its bounds', () => {
    expect(nextBudget(20, 1_000, 8)).toBe(MIN_BUDGET)
    expect(nextBudget(3_000, 0, 8)).toBe(MAX_BUDGET)
  })
})
