import { describe, expect, it } from 'vitest'
import { CompactedError, MvccStore, type WatchEventKV } from './mvcc'

type Ev = [type: 'PUT' | 'DELETE', key: string, value: unknown, modRevision: number]
const brief = (events: ReadonlyArray<WatchEventKV<unknown>>): Ev[] =>
  events.map((e) => [e.type, e.kv.key, e.kv.value, e.kv.modRevision])

/** A store with a small history: a=1 (2), a=2 (3), b=1 (4), delete a (5), a=3 (6). */
function storeWithHistory(): MvccStore<string> {
  const s = new MvccStore<string>()
  s.put('/r/a', 'a1')
  s.put('/r/a', 'a2')
  s.put('/r/b', 'b1')
  s.delete('/r/a')
  s.put('/r/a', 'a3')
  return s
}

describe('MvccStore: revisions', () => {
  it('starts at revision 1, empty', () => {
    const s = new MvccStore()
    expect(s.revision).toBe(1)
    expect(s.get('/x')).toBeUndefined()
    expect(s.range('/')).toEqual([])
  })

  it('moves the revision forward by one per write transaction', () => {
    const s = new MvccStore<number>()
    expect(s.put('/k', 1).modRevision).toBe(2)
    expect(s.put('/k', 2).modRevision).toBe(3)
    const r = s.txn(
      [],
      [
        { type: 'put', key: '/x', value: 1 },
        { type: 'put', key: '/y', value: 2 },
      ],
    )
    expect(r.revision).toBe(4)
    expect(r.results.map((kv) => kv?.modRevision)).toEqual([4, 4])
    expect(s.revision).toBe(4)
  })

  it('does not move the revision on reads, or on a delete of a missing key', () => {
    const s = new MvccStore<number>()
    s.put('/k', 1)
    s.txn([], [{ type: 'get', key: '/k' }])
    expect(s.delete('/missing')).toBeUndefined()
    expect(s.revision).toBe(2)
  })

  it('tracks create revision, mod revision and version per key', () => {
    const s = new MvccStore<string>()
    s.put('/other', 'x') // 2
    s.put('/k', 'v1') // 3
    s.put('/other', 'y') // 4
    s.put('/k', 'v2') // 5
    expect(s.get('/k')).toEqual({ key: '/k', value: 'v2', createRevision: 3, modRevision: 5, version: 2 })
  })

  it('a key re-created after a delete starts over: new create revision, version 1', () => {
    const s = storeWithHistory()
    expect(s.get('/r/a')).toEqual({ key: '/r/a', value: 'a3', createRevision: 6, modRevision: 6, version: 1 })
  })

  it('a delete writes a tombstone into the history', () => {
    const s = storeWithHistory()
    expect(s.keyHistory('/r/a').map((h) => [h.modRevision, h.kv?.value])).toEqual([
      [2, 'a1'],
      [3, 'a2'],
      [5, undefined],
      [6, 'a3'],
    ])
  })

  it('delete returns the previous value', () => {
    const s = new MvccStore<string>()
    s.put('/k', 'v')
    expect(s.delete('/k')).toMatchObject({ key: '/k', value: 'v', modRevision: 2 })
    expect(s.get('/k')).toBeUndefined()
  })
})

describe('MvccStore: reads in the past', () => {
  it.each([
    [1, undefined],
    [2, 'a1'],
    [3, 'a2'],
    [4, 'a2'],
    [5, undefined],
    [6, 'a3'],
  ])('/r/a at revision %i is %j', (revision, want) => {
    expect(storeWithHistory().get('/r/a', revision)?.value).toBe(want)
  })

  it('ranges as of a past revision', () => {
    const s = storeWithHistory()
    expect(s.range('/r/', 4).map((kv) => [kv.key, kv.value])).toEqual([
      ['/r/a', 'a2'],
      ['/r/b', 'b1'],
    ])
    expect(s.range('/r/', 5).map((kv) => kv.key)).toEqual(['/r/b'])
  })
})

describe('MvccStore: ranges', () => {
  const keys = [
    '/registry/pods/default/web',
    '/registry/podsecuritypolicy/restricted',
    '/registry/pods/kube-system/dns',
    '/registry/pods',
    '/registry/poddisruptionbudgets/default/pdb',
    '/registry/pods/default/api',
    '/registry/minions/worker-1',
  ]
  const store = () => {
    const s = new MvccStore<number>()
    for (const [i, k] of keys.entries()) s.put(k, i)
    return s
  }

  it.each([
    [
      '/registry/pods/',
      ['/registry/pods/default/api', '/registry/pods/default/web', '/registry/pods/kube-system/dns'],
    ],
    ['/registry/pods/default/', ['/registry/pods/default/api', '/registry/pods/default/web']],
    ['/registry/minions/', ['/registry/minions/worker-1']],
    ['/registry/services/', []],
  ])('range(%j) returns live keys in key order', (prefix, want) => {
    expect(
      store()
        .range(prefix)
        .map((kv) => kv.key),
    ).toEqual(want)
  })

  it('leaves deleted keys out of ranges and counts', () => {
    const s = store()
    s.delete('/registry/pods/default/web')
    expect(s.range('/registry/pods/').map((kv) => kv.key)).toEqual([
      '/registry/pods/default/api',
      '/registry/pods/kube-system/dns',
    ])
    expect(s.count('/registry/pods/')).toBe(2)
  })

  it('sees keys added after a range', () => {
    const s = store()
    s.range('/registry/pods/')
    s.put('/registry/pods/default/aaa', 9)
    expect(s.range('/registry/pods/default/')[0]?.key).toBe('/registry/pods/default/aaa')
  })
})

describe('MvccStore: transactions', () => {
  const casOn = (modRevision: number) =>
    [{ key: '/k', target: 'mod' as const, op: '=' as const, value: modRevision }] as const

  it('takes the success branch when every compare holds', () => {
    const s = new MvccStore<string>()
    s.put('/k', 'v1')
    const r = s.txn(casOn(2), [{ type: 'put', key: '/k', value: 'v2' }], [{ type: 'get', key: '/k' }])
    expect(r.succeeded).toBe(true)
    expect(r.results[0]).toMatchObject({ value: 'v2', modRevision: 3, version: 2 })
  })

  it('takes the failure branch on a stale mod revision, without writing', () => {
    const s = new MvccStore<string>()
    s.put('/k', 'v1')
    s.put('/k', 'v2')
    const r = s.txn(casOn(2), [{ type: 'put', key: '/k', value: 'lost' }], [{ type: 'get', key: '/k' }])
    expect(r.succeeded).toBe(false)
    expect(r.results[0]?.value).toBe('v2')
    expect(r.revision).toBe(3)
    expect(s.get('/k')?.value).toBe('v2')
  })

  it('"create if absent" is a compare of mod revision 0', () => {
    const s = new MvccStore<string>()
    const create = (v: string) =>
      s.txn([{ key: '/k', target: 'mod', op: '=', value: 0 }], [{ type: 'put', key: '/k', value: v }])
    expect(create('first').succeeded).toBe(true)
    expect(create('second').succeeded).toBe(false)
    expect(s.get('/k')?.value).toBe('first')
  })

  it.each([
    ['mod', '=', 3, true],
    ['mod', '!=', 3, false],
    ['mod', '<', 4, true],
    ['mod', '>', 3, false],
    ['create', '=', 2, true],
    ['create', '>', 1, true],
    ['version', '=', 2, true],
    ['version', '<', 2, false],
  ] as const)('compare %s %s %i is %s', (target, op, value, want) => {
    const s = new MvccStore<string>()
    s.put('/k', 'v1') // create 2
    s.put('/k', 'v2') // mod 3, version 2
    expect(s.txn([{ key: '/k', target, op, value }], []).succeeded).toBe(want)
  })

  it('compares a missing key as 0 on every target', () => {
    const s = new MvccStore()
    for (const target of ['mod', 'create', 'version'] as const) {
      expect(s.txn([{ key: '/none', target, op: '=', value: 0 }], []).succeeded).toBe(true)
    }
  })
})

describe('MvccStore: watch', () => {
  it('streams live events under the prefix, one callback per transaction', () => {
    const s = new MvccStore<string>()
    const got: Array<[number, Ev[]]> = []
    s.watch('/registry/pods/', (events, rev) => got.push([rev, brief(events)]))
    s.put('/registry/pods/default/a', 'a1')
    s.put('/registry/podsecurity/x', 'ignored')
    s.txn(
      [],
      [
        { type: 'put', key: '/registry/pods/default/b', value: 'b1' },
        { type: 'put', key: '/registry/nodes/n', value: 'ignored' },
        { type: 'delete', key: '/registry/pods/default/a' },
      ],
    )
    expect(got).toEqual([
      [2, [['PUT', '/registry/pods/default/a', 'a1', 2]]],
      [
        4,
        [
          ['PUT', '/registry/pods/default/b', 'b1', 4],
          ['DELETE', '/registry/pods/default/a', 'a1', 4],
        ],
      ],
    ])
  })

  it('gives prevKv on updates and deletes; a delete event is a version-0 tombstone', () => {
    const s = new MvccStore<string>()
    const events: WatchEventKV<string>[] = []
    s.watch('/', (evs) => events.push(...evs))
    s.put('/k', 'v1')
    s.put('/k', 'v2')
    s.delete('/k')
    expect(events.map((e) => [e.type, e.kv.version, e.prevKv?.value])).toEqual([
      ['PUT', 1, undefined],
      ['PUT', 2, 'v1'],
      ['DELETE', 0, 'v2'],
    ])
    expect(events[2]?.kv).toMatchObject({ key: '/k', modRevision: 4, createRevision: 2 })
  })

  it('replays from a past revision, in revision order, then streams live', () => {
    const s = storeWithHistory()
    const got: Ev[] = []
    s.watch('/r/', (events) => got.push(...brief(events)), 3)
    s.put('/r/b', 'b2')
    expect(got).toEqual([
      ['PUT', '/r/a', 'a2', 3],
      ['PUT', '/r/b', 'b1', 4],
      ['DELETE', '/r/a', 'a2', 5],
      ['PUT', '/r/a', 'a3', 6],
      ['PUT', '/r/b', 'b2', 7],
    ])
  })

  it('a start revision of 0 is "now": nothing is replayed, later events stream', () => {
    const s = storeWithHistory()
    s.compact(4)
    const got: Ev[] = []
    s.watch('/r/', (events) => got.push(...brief(events)), 0)
    s.put('/r/b', 'b2')
    expect(got).toEqual([['PUT', '/r/b', 'b2', 7]])
  })

  it('replay filters by prefix', () => {
    const s = storeWithHistory()
    const got: Ev[] = []
    s.watch('/r/b', (events) => got.push(...brief(events)), 2)
    expect(got).toEqual([['PUT', '/r/b', 'b1', 4]])
  })

  it('stops after cancel', () => {
    const s = new MvccStore<string>()
    const got: string[] = []
    const cancel = s.watch('/', (events) => got.push(...events.map((e) => e.kv.key)))
    s.put('/a', 'x')
    cancel()
    s.put('/b', 'x')
    expect(got).toEqual(['/a'])
  })
})

describe('MvccStore: compaction', () => {
  it('refuses reads and watches before the compaction revision with CompactedError', () => {
    const s = storeWithHistory()
    s.compact(4)
    expect(s.compactRevision).toBe(4)
    expect(() => s.get('/r/a', 3)).toThrow(CompactedError)
    expect(() => s.get('/r/a', 3)).toThrow('mvcc: required revision 3 has been compacted (compacted up to 4)')
    expect(() => s.range('/r/', 2)).toThrow(CompactedError)
    expect(() => s.watch('/r/', () => {}, 2)).toThrow(CompactedError)
  })

  it('keeps each key as of the compaction revision for later reads', () => {
    const s = storeWithHistory()
    s.compact(4)
    // Nothing changed between 4 and each of these: the values kept from before 4 answer.
    expect(s.get('/r/b', 5)?.value).toBe('b1')
    expect(s.get('/r/a', 5)).toBeUndefined()
    expect(s.get('/r/a', 6)?.value).toBe('a3')
    expect(s.get('/r/a')?.value).toBe('a3')
    expect(s.keyHistory('/r/a').map((h) => h.modRevision)).toEqual([3, 5, 6])
  })

  // etcd allows a read at exactly the compaction revision (kvstore_txn.go: `rev < compactMainRev`
  // is ErrCompacted), and that is the point of keeping each key's value as of it.
  it('reads at exactly the compaction revision', () => {
    const s = storeWithHistory()
    s.compact(4)
    expect(s.get('/r/a', 4)?.value).toBe('a2')
    expect(s.range('/r/', 4).map((kv) => kv.value)).toEqual(['a2', 'b1'])
  })

  it('watches from exactly the compaction revision, replaying the events at it', () => {
    const s = storeWithHistory()
    s.compact(4)
    const got: Ev[] = []
    s.watch('/r/', (events) => got.push(...brief(events)), 4)
    expect(got).toEqual([
      ['PUT', '/r/b', 'b1', 4],
      ['DELETE', '/r/a', 'a2', 5],
      ['PUT', '/r/a', 'a3', 6],
    ])
  })

  it('drops keys whose last state before compaction is a tombstone', () => {
    const s = new MvccStore<string>()
    s.put('/gone', 'x') // 2
    s.delete('/gone') // 3
    s.put('/kept', 'y') // 4
    s.compact(4)
    expect(s.keyHistory('/gone')).toEqual([])
    expect(s.range('/').map((kv) => kv.key)).toEqual(['/kept'])
  })

  it('watches from after the compaction revision still replay', () => {
    const s = storeWithHistory()
    s.compact(4)
    const got: Ev[] = []
    s.watch('/r/', (events) => got.push(...brief(events)), 5)
    expect(got).toEqual([
      ['DELETE', '/r/a', 'a2', 5],
      ['PUT', '/r/a', 'a3', 6],
    ])
  })

  it('ignores an older compaction and refuses a future one', () => {
    const s = storeWithHistory()
    s.compact(4)
    s.compact(3)
    expect(s.compactRevision).toBe(4)
    expect(() => s.compact(99)).toThrow('mvcc: required revision is a future revision')
  })
})

describe('MvccStore: changesSince', () => {
  const flat = (changes: ReadonlyArray<{ revision: number; events: ReadonlyArray<WatchEventKV<unknown>> }>) =>
    changes.map((c) => [c.revision, brief(c.events)])

  it('lists every put and delete after a revision, in revision order, across all keys', () => {
    const s = storeWithHistory()
    expect(flat(s.changesSince(0))).toEqual([
      [2, [['PUT', '/r/a', 'a1', 2]]],
      [3, [['PUT', '/r/a', 'a2', 3]]],
      [4, [['PUT', '/r/b', 'b1', 4]]],
      [5, [['DELETE', '/r/a', 'a2', 5]]],
      [6, [['PUT', '/r/a', 'a3', 6]]],
    ])
    expect(flat(s.changesSince(4))).toEqual([
      [5, [['DELETE', '/r/a', 'a2', 5]]],
      [6, [['PUT', '/r/a', 'a3', 6]]],
    ])
    expect(s.changesSince(6)).toEqual([])
    expect(s.changesSince(99)).toEqual([])
  })

  it('keeps the ops of one transaction together, a delete as a version-0 tombstone', () => {
    const s = new MvccStore<string>()
    s.put('/x', 'x1') // 2
    s.txn(
      [],
      [
        { type: 'put', key: '/y', value: 'y1' },
        { type: 'delete', key: '/x' },
        { type: 'get', key: '/y' },
      ],
    ) // 3
    const [change] = s.changesSince(2)
    expect(change?.revision).toBe(3)
    expect(change?.events.map((e) => [e.type, e.kv.key, e.kv.modRevision, e.kv.version])).toEqual([
      ['PUT', '/y', 3, 1],
      ['DELETE', '/x', 3, 0],
    ])
  })

  it('records no change for failed transactions, reads, or deletes of missing keys', () => {
    const s = new MvccStore<string>()
    s.txn([{ key: '/k', target: 'mod', op: '=', value: 7 }], [{ type: 'put', key: '/k', value: 'v' }])
    s.delete('/missing')
    s.txn([], [{ type: 'get', key: '/k' }])
    expect(s.changesSince(0)).toEqual([])
  })

  it('refuses to list changes that compaction dropped', () => {
    const s = storeWithHistory()
    s.compact(4)
    expect(() => s.changesSince(2)).toThrow(CompactedError)
    expect(flat(s.changesSince(3)).map(([r]) => r)).toEqual([4, 5, 6])
  })
})
