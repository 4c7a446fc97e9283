import { describe, expect, it } from 'vitest'
import { MAX_BUDGET, MIN_BUDGET, nextBudget } from './budget'

describe('the worker’s event budget', () => {
  it('shrinks in proportion when a call took longer than a slice', () => {
    expect(nextBudget(250, 80, 8, true)).toBe(25)
    expect(nextBudget(250, 16, 8, true)).toBe(125)
  })

  it('grows by doubling while calls that ran their whole budget take under half a slice, and holds in between', () => {
    expect(nextBudget(100, 1, 8, true)).toBe(200)
    expect(nextBudget(100, 6, 8, true)).toBe(100)
  })

  it('does not grow on a call that ran out of work: its cost says nothing', () => {
    expect(nextBudget(100, 0, 8, false)).toBe(100)
  })

  it('stays within its bounds', () => {
    expect(nextBudget(20, 1_000, 8, true)).toBe(MIN_BUDGET)
    expect(nextBudget(200, 0, 8, true)).toBe(MAX_BUDGET)
  })
})
