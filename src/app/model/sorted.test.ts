import { describe, expect, it } from 'vitest'
import { partitionPoint } from './sorted'

describe('partitionPoint', () => {
  const list = [1, 3, 3, 3, 7, 9]
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [4, 4],
    [9, 5],
    [10, 6],
  ])('the first element not below %d is at %d', (x, index) => {
    expect(partitionPoint(list.length, (i) => (list[i] as number) < x)).toBe(index)
  })

  it('finds the end of an empty list and of one where every element is before', () => {
    expect(partitionPoint(0, () => true)).toBe(0)
    expect(partitionPoint(3, () => true)).toBe(3)
    expect(partitionPoint(3, () => false)).toBe(0)
  })
})
