import { describe, expect, it } from 'vitest'
import { parseSelector } from '../../api/labels'
import { etcdKey, PODS } from '../../api/resources'
import { gone } from '../../api/status'
import type { KubeObject, Pod } from '../../api/types'
import { MvccStore } from '../etcd/mvcc'
import { makePod } from '../testing/builders'
import { Cacher, type ClientWatch, EVENT_WINDOW } from './cacher'
import { decode, encode } from './codec'
import { parseFieldSelector } from './fields'

type Sent = [watchId: number, type: string, name: string, resourceVersion: string]

/** etcd (an MvccStore) feeding a pods Cacher, as the apiserver wires them. */
function setup(initial: Pod[] = []) {
  const store = new MvccStore<unknown>()
  const keyOf = (p: Pod) => etcdKey(PODS, p.metadata?.namespace, p.metadata?.name ?? '')
  for (const p of initial) store.put(keyOf(p), encode(p))
  const listRevision = store.revision
  const listed = store.range('/registry/pods/').map((kv) => ({ key: kv.key, object: decode(kv) }))
  const sent: Sent[] = []
  const objects: KubeObject[] = []
  const cacher = new Cacher(PODS, listRevision, listed, (w, type, obj) => {
    sent.push([w.id, type, obj.metadata?.name ?? '', obj.metadata?.resourceVersion ?? ''])
    objects.push(obj)
  })
  store.watch('/registry/pods/', (events) => cacher.apply(events), listRevision + 1)
  return {
    store,
    cacher,
    sent,
    objects,
    listRevision,
    write: (p: Pod) => store.put(keyOf(p), encode(p)).modRevision,
    remove: (p: Pod) => {
      store.delete(keyOf(p))
      return store.revision
    },
  }
}

let nextId = 100
function watchOf(options: { namespace?: string; labels?: string; fields?: string } = {}): ClientWatch {
  return {
    id: nextId++,
    client: 'kubelet/worker-1',
    namespace: options.namespace ?? '',
    labels: parseSelector(options.labels),
    fields: parseFieldSelector('pods', options.fields),
    stage: 'kubelet-watch',
  }
}

describe('Cacher', () => {
  it('starts from the LIST it was built with', () => {
    const { cacher } = setup([makePod('a').build(), makePod('b').namespace('kube-system').build()])
    expect(cacher.list('').map((o) => o.metadata?.name)).toEqual(['a', 'b'])
    expect(cacher.list('kube-system').map((o) => o.metadata?.name)).toEqual(['b'])
  })

  it('RV 0 starts with synthetic ADDED events for the current matching objects, then streams', () => {
    const a = makePod('a').nodeName('worker-1').build()
    const b = makePod('b').nodeName('worker-2').build()
    const { cacher, sent, write } = setup([a, b])
    const w = watchOf({ fields: 'spec.nodeName=worker-1' })
    expect(cacher.watch(w, 0)).toBe(true)
    expect(sent).toEqual([[w.id, 'ADDED', 'a', '2']])
    const rev = write(makePod('c').nodeName('worker-1').build())
    expect(sent.at(-1)).toEqual([w.id, 'ADDED', 'c', String(rev)])
  })

  it('replays the events after the requested resourceVersion, in order', () => {
    const { cacher, sent, write, remove, listRevision } = setup([makePod('a').build()])
    const r1 = write(makePod('b').build())
    const r2 = write(makePod('a').labels({ v: '2' }).build())
    const r3 = remove(makePod('b').build())
    const w = watchOf()
    expect(cacher.watch(w, listRevision)).toBe(true)
    expect(sent).toEqual([
      [w.id, 'ADDED', 'b', String(r1)],
      [w.id, 'MODIFIED', 'a', String(r2)],
      [w.id, 'DELETED', 'b', String(r3)],
    ])
    const w2 = watchOf()
    cacher.watch(w2, r2)
    expect(sent.filter(([id]) => id === w2.id)).toEqual([[w2.id, 'DELETED', 'b', String(r3)]])
  })

  it('a DELETED event carries the object at its deletion revision', () => {
    const p = makePod('a').labels({ app: 'web' }).build()
    const { cacher, objects, remove } = setup([p])
    cacher.watch(watchOf(), 0)
    const rev = remove(p)
    expect(objects.at(-1)).toMatchObject({
      metadata: { name: 'a', labels: { app: 'web' }, resourceVersion: String(rev) },
    })
  })

  it('refuses a resourceVersion older than what it holds (the caller answers 410 Gone)', () => {
    const { cacher, sent, listRevision } = setup([makePod('a').build()])
    expect(cacher.watch(watchOf(), listRevision - 1)).toBe(false)
    expect(cacher.watch(watchOf(), listRevision)).toBe(true)
    expect(sent).toEqual([])
  })

  it('never registers a refused watch: nothing is sent on it later', () => {
    const { cacher, sent, write, listRevision } = setup([makePod('a').build()])
    const w = watchOf()
    expect(cacher.watch(w, listRevision - 1)).toBe(false)
    expect(cacher.has(w.id)).toBe(false)
    write(makePod('b').build())
    expect(sent).toEqual([])
  })

  it('ends a watch with an ERROR event: the ERROR is the last thing sent on it', () => {
    const { cacher, sent, objects, write } = setup()
    const w1 = watchOf()
    const w2 = watchOf()
    for (const w of [w1, w2]) cacher.watch(w, 0)
    write(makePod('a').build())
    expect(cacher.fail(w1.id, gone('too old resource version: 1 (2)'))).toBe(true)
    expect(cacher.has(w1.id)).toBe(false)
    write(makePod('b').build())
    expect(sent.map(([id, type, name]) => [id, type, name])).toEqual([
      [w1.id, 'ADDED', 'a'],
      [w2.id, 'ADDED', 'a'],
      [w1.id, 'ERROR', ''],
      [w2.id, 'ADDED', 'b'],
    ])
    expect(objects[2]).toEqual(gone('too old resource version: 1 (2)'))
    // A watch that is not open cannot fail again.
    expect(cacher.fail(w1.id, gone('again'))).toBe(false)
    expect(sent).toHaveLength(4)
  })

  it('forgets events past its window, and with them the versions it can start from', () => {
    const { cacher, write, listRevision } = setup()
    let last = 0
    for (let i = 0; i < EVENT_WINDOW + 5; i++)
      last = write(
        makePod('churn')
          .labels({ i: String(i) })
          .build(),
      )
    expect(cacher.watch(watchOf(), listRevision)).toBe(false)
    expect(cacher.watch(watchOf(), last - 10)).toBe(true)
  })

  it('keeps exactly the newest EVENT_WINDOW events, however many went by', () => {
    // Past twice the window, so the window's storage has been compacted at least once.
    const { cacher, sent, write } = setup()
    let last = 0
    for (let i = 0; i < 2 * EVENT_WINDOW + 7; i++) last = write(makePod(`p${i % 3}`).build())
    const oldest = last - EVENT_WINDOW
    expect(cacher.watch(watchOf(), oldest - 1)).toBe(false)
    const w = watchOf()
    expect(cacher.watch(w, oldest)).toBe(true)
    const replayed = sent.filter(([id]) => id === w.id).map(([, , , rv]) => Number(rv))
    expect(replayed).toHaveLength(EVENT_WINDOW)
    expect(replayed[0]).toBe(oldest + 1)
    expect(replayed.at(-1)).toBe(last)
  })

  describe('field-selector transitions (a kubelet watching spec.nodeName=worker-1)', () => {
    it('sends a Pod as ADDED when it is bound there, MODIFIED while it stays, DELETED when it goes', () => {
      const { cacher, sent, write, remove } = setup()
      const w = watchOf({ fields: 'spec.nodeName=worker-1' })
      cacher.watch(w, 0)
      write(makePod('p').build()) // created unbound: not this kubelet's
      write(makePod('p').nodeName('worker-1').build()) // bound: starts matching
      write(makePod('p').nodeName('worker-1').phase('Running').build()) // still matching
      remove(makePod('p').build())
      write(makePod('q').nodeName('worker-2').build()) // someone else's
      expect(sent.map(([, type, name]) => `${type} ${name}`)).toEqual(['ADDED p', 'MODIFIED p', 'DELETED p'])
    })

    it('sends DELETED when a change makes the object stop matching', () => {
      const { cacher, sent, write } = setup([makePod('p').labels({ app: 'web' }).build()])
      const w = watchOf({ labels: 'app=web' })
      cacher.watch(w, 0)
      const rev = write(makePod('p').labels({ app: 'api' }).build())
      expect(sent.at(-1)).toEqual([w.id, 'DELETED', 'p', String(rev)])
      write(makePod('p').labels({ app: 'web' }).build())
      expect(sent.at(-1)?.[1]).toBe('ADDED')
    })

    // cache_watcher.go convertToWatchEvent, case !curObjPasses && oldObjPasses: "return a delete
    // event with the previous object content, but with the event's resource version", so the
    // watcher is told about an object it saw, which matched its selector.
    it('that DELETED carries the previous content at the event revision', () => {
      const { cacher, objects, write } = setup([makePod('p').labels({ app: 'web' }).build()])
      const before = cacher.objects.get('/registry/pods/default/p')
      cacher.watch(watchOf({ labels: 'app=web' }), 0)
      cacher.watch(watchOf({ labels: 'app' }), 0)
      const rev = write(makePod('p').labels({ app: 'api' }).build())
      const sent = objects.at(-2)
      expect(sent?.metadata).toMatchObject({ labels: { app: 'web' }, resourceVersion: String(rev) })
      expect(Object.isFrozen(sent) && Object.isFrozen(sent?.metadata)).toBe(true)
      // The cached previous object keeps its own revision.
      expect(before?.metadata?.resourceVersion).not.toBe(String(rev))
      expect(objects.at(-1)?.metadata).toMatchObject({ labels: { app: 'api' }, resourceVersion: String(rev) })
    })

    it('does not send a DELETED for an object that never matched', () => {
      const p = makePod('p').nodeName('worker-2').build()
      const { cacher, sent, remove } = setup([p])
      cacher.watch(watchOf({ fields: 'spec.nodeName=worker-1' }), 0)
      remove(p)
      expect(sent).toEqual([])
    })
  })

  describe('watches indexed by spec.nodeName (the Pod registry trigger)', () => {
    it('sends each event to the watches it concerns in the order they were opened, indexed or not', () => {
      const { cacher, sent, write, remove } = setup()
      const k1 = watchOf({ fields: 'spec.nodeName=worker-1' })
      const all = watchOf()
      const k2 = watchOf({ fields: 'spec.nodeName=worker-2' })
      const unbound = watchOf({ fields: 'spec.nodeName=' })
      const k1again = watchOf({ fields: 'spec.nodeName=worker-1,status.phase!=Failed' })
      for (const w of [k1, all, k2, unbound, k1again]) cacher.watch(w, 0)
      write(makePod('p').build()) // unbound
      write(makePod('p').nodeName('worker-1').build()) // bound to worker-1: leaves `unbound`
      write(makePod('p').nodeName('worker-2').build()) // moved (as a test, not as Kubernetes would)
      remove(makePod('p').build())
      const names = new Map([
        [k1.id, 'k1'],
        [all.id, 'all'],
        [k2.id, 'k2'],
        [unbound.id, 'unbound'],
        [k1again.id, 'k1again'],
      ])
      expect(sent.map(([id, type]) => `${names.get(id)} ${type}`)).toEqual([
        'all ADDED',
        'unbound ADDED',
        'k1 ADDED',
        'all MODIFIED',
        'unbound DELETED',
        'k1again ADDED',
        'k1 DELETED',
        'all MODIFIED',
        'k2 ADDED',
        'k1again DELETED',
        'all DELETED',
        'k2 DELETED',
      ])
    })

    it('a stopped or failed indexed watch hears nothing more', () => {
      const { cacher, sent, write } = setup()
      const k1 = watchOf({ fields: 'spec.nodeName=worker-1' })
      const k1b = watchOf({ fields: 'spec.nodeName=worker-1' })
      cacher.watch(k1, 0)
      cacher.watch(k1b, 0)
      cacher.stop(k1.id)
      expect(cacher.fail(k1b.id, gone('too old'))).toBe(true)
      expect(cacher.fail(k1b.id, gone('too old'))).toBe(false)
      write(makePod('p').nodeName('worker-1').build())
      expect(sent.map(([id, type]) => [id, type])).toEqual([[k1b.id, 'ERROR']])
    })
  })

  it('filters by namespace', () => {
    const { cacher, sent, write } = setup()
    const w = watchOf({ namespace: 'dev' })
    cacher.watch(w, 0)
    write(makePod('a').build())
    write(makePod('b').namespace('dev').build())
    expect(sent.map(([, , name]) => name)).toEqual(['b'])
  })

  it('fans one change out to every matching watch, and stops a stopped one', () => {
    const { cacher, sent, write } = setup()
    const w1 = watchOf()
    const w2 = watchOf({ labels: 'app=web' })
    const w3 = watchOf({ labels: 'app=api' })
    for (const w of [w1, w2, w3]) cacher.watch(w, 0)
    write(makePod('a').labels({ app: 'web' }).build())
    cacher.stop(w1.id)
    write(makePod('b').labels({ app: 'web' }).build())
    expect(sent.map(([id, , name]) => [id, name])).toEqual([
      [w1.id, 'a'],
      [w2.id, 'a'],
      [w2.id, 'b'],
    ])
  })
})
