import { describe, expect, it } from 'vitest'
import { CycleState, StateKey } from './cycle-state'

describe('StateKey', () => {
  const key = new StateKey<number | null>('PreFilterX')

  it('reads what was written, and again after a later write', () => {
    const s = new CycleState()
    expect(key.read(s)).toBeUndefined()
    key.write(s, 1)
    expect(key.read(s)).toBe(1)
    // A write through the string API is seen as well.
    s.write('PreFilterX', 2)
    expect(key.read(s)).toBe(2)
    s.write('other', 'x')
    expect(key.read(s)).toBe(2)
  })

  it('keeps each state apart, and a clone reads its own copy', () => {
    const a = new CycleState()
    const b = new CycleState()
    key.write(a, 1)
    key.write(b, 2)
    expect([key.read(a), key.read(b), key.read(a)]).toEqual([1, 2, 1])
    const c = a.clone()
    key.write(c, 3)
    expect([key.read(a), key.read(c)]).toEqual([1, 3])
  })

  it('tells null from absent', () => {
    const s = new CycleState()
    key.write(s, null)
    expect(key.read(s)).toBeNull()
    expect(new StateKey('never-written').read(s)).toBeUndefined()
  })
})
