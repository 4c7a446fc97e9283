import { describe, expect, it } from 'vitest'
import { capList, pickerGroups } from './cap'

describe('capped lists', () => {
  it('keeps short lists, caps long ones, and keeps what must stay', () => {
    const items = [1, 2, 3, 4, 5]
    expect(capList(items, 10)).toEqual({ shown: items, hidden: 0 })
    expect(capList(items, 2)).toEqual({ shown: [1, 2], hidden: 3 })
    expect(capList(items, 2, (n) => n === 5)).toEqual({ shown: [1, 2, 5], hidden: 2 })
  })

  it('narrows a picker by a filter, caps each group, keeps the current key', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `/registry/pods/default/web-${i}`)
    const groups = [{ resource: 'pods', keys }]
    const all = pickerGroups(groups, '', keys[999], 200)
    expect(all.groups[0]?.keys).toHaveLength(201)
    expect(all.groups[0]?.keys).toContain(keys[999])
    expect(all.total).toBe(1000)
    const some = pickerGroups(groups, 'WEB-99', undefined, 200)
    expect(some.groups[0]?.keys).toEqual([
      '/registry/pods/default/web-99',
      ...Array.from({ length: 10 }, (_, i) => `/registry/pods/default/web-99${i}`),
    ])
    expect(pickerGroups(groups, 'nothing', undefined).groups).toEqual([])
  })
})
