import { describe, expect, it } from 'vitest'
import { clone, deepFreeze, objectKey, writableMeta } from './types'

describe('clone', () => {
  it('copies deeply', () => {
    const src = { a: { b: [1, { c: 2 }] }, s: 'x', n: null }
    const out = clone(src)
    expect(out).toEqual(src)
    expect(out.a).not.toBe(src.a)
    expect(out.a.b[1]).not.toBe(src.a.b[1])
  })

  it('gives a mutable copy of a frozen object', () => {
    const frozen = deepFreeze({ metadata: { labels: { a: '1' } } })
    const out = clone(frozen)
    out.metadata.labels.a = '2'
    expect(Object.isFrozen(out.metadata)).toBe(false)
    expect(frozen.metadata.labels.a).toBe('1')
  })

  // `__proto__` is a valid ConfigMap/Secret data key, and YAML/JSON parsing gives it as an own
  // property; `out[k] = …` would set the prototype instead and lose the key.
  it('keeps an own "__proto__" key', () => {
    const data = JSON.parse('{"__proto__": "x", "a": "b"}')
    expect(Object.keys(clone(data))).toEqual(['__proto__', 'a'])
    const nested = clone(JSON.parse('{"data": {"__proto__": {"polluted": true}}}'))
    expect(Object.getPrototypeOf(nested.data)).toBe(Object.prototype)
    expect(Object.hasOwn(nested.data, '__proto__')).toBe(true)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})

describe('deepFreeze', () => {
  it('freezes every level', () => {
    const obj = deepFreeze({ a: { b: [{ c: 1 }] } })
    expect(Object.isFrozen(obj.a.b[0])).toBe(true)
    expect(() => {
      ;(obj.a.b[0] as { c: number }).c = 2
    }).toThrow(TypeError)
  })
})

describe('objectKey', () => {
  it.each([
    [{ metadata: { namespace: 'default', name: 'nginx' } }, 'default/nginx'],
    [{ metadata: { name: 'worker-1' } }, 'worker-1'],
    [{}, ''],
  ])('%j → %j', (obj, want) => {
    expect(objectKey(obj)).toBe(want)
  })
})

describe('writableMeta', () => {
  it('creates metadata when missing', () => {
    const obj: { metadata?: { name?: string } } = {}
    writableMeta(obj).name = 'x'
    expect(obj).toEqual({ metadata: { name: 'x' } })
  })
})
