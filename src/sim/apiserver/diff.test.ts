import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diff } from './diff'
import { jsonPatch } from './patch'

/** JSON has no -0 and no undefined: compare what would go over the wire. */
const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null')

const roundTrip = (before: unknown, after: unknown): unknown => jsonPatch(before, diff(before, after))

const json = (maxDepth: number) => fc.jsonValue({ maxDepth })

describe('diff', () => {
  it.each([
    ['equal documents', { a: 1, l: [1, 2] }, { a: 1, l: [1, 2] }, []],
    ['a changed member', { a: 1 }, { a: 2 }, [{ op: 'replace', path: '/a', value: 2 }]],
    ['an added member', { a: 1 }, { a: 1, b: 2 }, [{ op: 'add', path: '/b', value: 2 }]],
    ['a removed member', { a: 1, b: 2 }, { a: 1 }, [{ op: 'remove', path: '/b' }]],
    [
      'keys with / and ~ are escaped',
      { labels: {} },
      { labels: { 'app.kubernetes.io/name': 'x', 'a~b': 'y' } },
      [
        { op: 'add', path: '/labels/app.kubernetes.io~1name', value: 'x' },
        { op: 'add', path: '/labels/a~0b', value: 'y' },
      ],
    ],
    [
      'a list grows at the end',
      { l: ['a'] },
      { l: ['a', 'b', 'c'] },
      [
        { op: 'add', path: '/l/1', value: 'b' },
        { op: 'add', path: '/l/2', value: 'c' },
      ],
    ],
    [
      'a list shrinks from the end, last index first',
      { l: ['a', 'b', 'c'] },
      { l: ['a'] },
      [
        { op: 'remove', path: '/l/2' },
        { op: 'remove', path: '/l/1' },
      ],
    ],
    ['an object becomes a list', { v: { a: 1 } }, { v: [1] }, [{ op: 'replace', path: '/v', value: [1] }]],
    [
      'admission adding tolerations',
      { spec: { containers: [{ name: 'c' }] } },
      { spec: { containers: [{ name: 'c' }], tolerations: [{ key: 'k' }], priority: 0 } },
      [
        { op: 'add', path: '/spec/tolerations', value: [{ key: 'k' }] },
        { op: 'add', path: '/spec/priority', value: 0 },
      ],
    ],
  ])('%s', (_name, before, after, want) => {
    expect(diff(before, after)).toEqual(want)
    expect(roundTrip(before, after)).toEqual(after)
  })

  it('a whole-document change replaces the root', () => {
    expect(diff(1, { a: 1 })).toEqual([{ op: 'replace', path: '', value: { a: 1 } }])
    expect(roundTrip(1, { a: 1 })).toEqual({ a: 1 })
  })

  it('applying diff(before, after) to before gives after, for any JSON documents', () => {
    fc.assert(
      fc.property(json(4), json(4), (a, b) => {
        const before = wire(a)
        const after = wire(b)
        expect(wire(roundTrip(before, after))).toEqual(after)
      }),
      { seed: 20250501, numRuns: 500 },
    )
  })

  it('round-trips documents that differ a little (shared structure)', () => {
    const doc = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'metadata', 'spec'), json(3), { maxKeys: 4 })
    fc.assert(
      fc.property(doc, doc, doc, (shared, x, y) => {
        const before = wire({ ...shared, ...x })
        const after = wire({ ...shared, ...y })
        expect(wire(roundTrip(before, after))).toEqual(after)
      }),
      { seed: 7, numRuns: 500 },
    )
  })

  // Membership is own keys only: `in` would also see Object.prototype members.
  it.each([
    [
      'added',
      { labels: {} },
      { labels: { constructor: 'x' } },
      [{ op: 'add', path: '/labels/constructor', value: 'x' }],
    ],
    ['removed', { labels: { toString: 'x' } }, { labels: {} }, [{ op: 'remove', path: '/labels/toString' }]],
  ])('a key named like an Object.prototype member, %s', (_name, before, after, want) => {
    expect(diff(before, after)).toEqual(want)
    expect(roundTrip(before, after)).toEqual(after)
  })

  it('round-trips documents whose keys name Object.prototype members, __proto__ included', () => {
    const key = fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a')
    const doc = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), tie('object')),
      object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
    })).object
    fc.assert(
      fc.property(doc, doc, (a, b) => {
        // Through JSON, as requests arrive: `__proto__` becomes an own key.
        const before = wire(a)
        const after = wire(b)
        expect(wire(roundTrip(before, after))).toEqual(after)
      }),
      { seed: 11, numRuns: 300 },
    )
  })
})
