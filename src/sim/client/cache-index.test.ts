import { describe, expect, it } from 'vitest'
import { CacheIndex } from './cache-index'

describe('CacheIndex', () => {
  const orders = new Map<string, number>()
  const index = () => new CacheIndex((key) => orders.get(key) ?? 0)
  for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) orders.set(key, i)

  it('lists a bucket in cache order, also after a key joined it out of order', () => {
    const x = index()
    x.add('web', 'b')
    x.add('web', 'd')
    x.add('web', 'a') // a changed its index value: it joins late but comes first
    x.add('web', 'd') // already there
    expect(x.keys(['web'])).toEqual(['a', 'b', 'd'])
    x.add('web', 'e')
    expect(x.keys(['web'])).toEqual(['a', 'b', 'd', 'e'])
  })

  it('merges several values in cache order, each key once', () => {
    const x = index()
    for (const key of ['a', 'c', 'e']) x.add('web', key)
    for (const key of ['b', 'c', 'd']) x.add('db', key)
    expect(x.keys(['web', 'db'])).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(x.keys(['db', 'web', 'none'])).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(x.keys([])).toEqual([])
  })

  it('forgets removed keys and empty buckets', () => {
    const x = index()
    x.add('web', 'a')
    x.add('web', 'b')
    x.remove('web', 'a')
    x.remove('web', 'z')
    x.remove('none', 'a')
    expect(x.keys(['web'])).toEqual(['b'])
    x.remove('web', 'b')
    expect(x.keys(['web'])).toEqual([])
  })
})
