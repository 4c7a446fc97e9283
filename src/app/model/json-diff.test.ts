import { describe, expect, it } from 'vitest'
import { jsonDiff } from './json-diff'

describe('jsonDiff', () => {
  it.each([
    ['equal scalars', 1, 1, []],
    ['a changed scalar', 1, 2, [{ op: 'replace', path: '', value: 2 }]],
    ['creation', undefined, { a: 1 }, [{ op: 'add', path: '', value: { a: 1 } }]],
    ['deletion', { a: 1 }, undefined, [{ op: 'remove', path: '' }]],
    ['an added key', { a: 1 }, { a: 1, b: 2 }, [{ op: 'add', path: '/b', value: 2 }]],
    ['a removed key', { a: 1, b: 2 }, { a: 1 }, [{ op: 'remove', path: '/b' }]],
    [
      'a nested change',
      { s: { c: [{ t: 'Ready', v: 'False' }] } },
      { s: { c: [{ t: 'Ready', v: 'True' }] } },
      [{ op: 'replace', path: '/s/c/0/v', value: 'True' }],
    ],
    ['an appended item', [1], [1, 2], [{ op: 'add', path: '/1', value: 2 }]],
    [
      'trailing removals, last first',
      [1, 2, 3],
      [1],
      [
        { op: 'remove', path: '/2' },
        { op: 'remove', path: '/1' },
      ],
    ],
    ['an object becoming an array', { a: {} }, { a: [] }, [{ op: 'replace', path: '/a', value: [] }]],
    ['null to object', { a: null }, { a: { b: 1 } }, [{ op: 'replace', path: '/a', value: { b: 1 } }]],
    [
      'escaped keys',
      { m: {} },
      { m: { 'app.kubernetes.io/name': 'x', 'a~b': 1 } },
      [
        { op: 'add', path: '/m/app.kubernetes.io~1name', value: 'x' },
        { op: 'add', path: '/m/a~0b', value: 1 },
      ],
    ],
    ['a key named constructor', {}, { constructor: 1 }, [{ op: 'add', path: '/constructor', value: 1 }]],
  ])('%s', (_, before, after, ops) => {
    expect(jsonDiff(before, after)).toEqual(ops)
  })
})

describe('jsonDiff of keyed lists', () => {
  const cond = (type: string, status: string) => ({ type, status })

  it('matches conditions by type: an insertion is one add, a change is at its final index', () => {
    const before = { status: { conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False')] } }
    const after = {
      status: {
        conditions: [cond('PodScheduled', 'True'), cond('Initialized', 'True'), cond('Ready', 'True')],
      },
    }
    expect(jsonDiff(before, after)).toEqual([
      { op: 'add', path: '/status/conditions/1', value: cond('Initialized', 'True') },
      { op: 'replace', path: '/status/conditions/2/status', value: 'True' },
    ])
  })

  it('removes by key, last first, before adding', () => {
    const before = { conditions: [cond('A', 'True'), cond('B', 'True'), cond('C', 'True')] }
    const after = { conditions: [cond('B', 'False'), cond('D', 'True')] }
    expect(jsonDiff(before, after)).toEqual([
      { op: 'remove', path: '/conditions/2' },
      { op: 'remove', path: '/conditions/0' },
      { op: 'replace', path: '/conditions/0/status', value: 'False' },
      { op: 'add', path: '/conditions/1', value: cond('D', 'True') },
    ])
  })

  it.each([
    ['reordered items', [cond('A', 'True'), cond('B', 'True')], [cond('B', 'True'), cond('A', 'True')]],
    ['duplicate keys', [cond('A', 'True'), cond('A', 'False')], [cond('A', 'True')]],
    ['an item without its key', [{ status: 'True' }], [cond('A', 'True')]],
  ])('goes index by index for %s', (_, before, after) => {
    const indexed = jsonDiff(before, after)
    expect(jsonDiff({ conditions: before }, { conditions: after })).toEqual(
      indexed.map((op) => ({ ...op, path: `/conditions${op.path}` })),
    )
  })

  it('leaves lists without a merge key index by index', () => {
    expect(jsonDiff({ args: [{ type: 'a' }] }, { args: [{ type: 'b' }, { type: 'a' }] })).toEqual([
      { op: 'replace', path: '/args/0/type', value: 'b' },
      { op: 'add', path: '/args/1', value: { type: 'a' } },
    ])
  })

  it('treats a key holding undefined as absent, as JSON does', () => {
    expect(jsonDiff({ a: 1, b: undefined }, { a: 1, c: undefined })).toEqual([])
    expect(jsonDiff({ a: undefined }, { a: 2 })).toEqual([{ op: 'add', path: '/a', value: 2 }])
    expect(jsonDiff({ a: 2 }, { a: undefined })).toEqual([{ op: 'remove', path: '/a' }])
  })
})
