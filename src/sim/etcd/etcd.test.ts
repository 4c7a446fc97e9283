import { describe, expect, it } from 'vitest'
import { call, Kernel, type Proc } from '../kernel/kernel'
import { APISERVER, ETCD, type Message } from '../kernel/trace'
import { Probe } from '../testing/builders'
import { Etcd } from './etcd'
import type { EtcdRequest, EtcdResponse, EtcdWatchEvents } from './protocol'

/** etcd plus a stand-in apiserver that records the watch events it is sent. */
function setup() {
  const kernel = new Kernel({ seed: 1 })
  const etcd = new Etcd(kernel)
  kernel.register(etcd)
  const apiserver = new Probe(kernel, APISERVER)
  return { kernel, etcd, apiserver }
}

function* etcdCall(req: EtcdRequest): Proc<Message<EtcdResponse>> {
  return yield* call<EtcdResponse>({
    from: APISERVER,
    to: ETCD,
    kind: 'etcd-request',
    summary: req.op,
    stage: 'persist',
    payload: req,
  })
}

/** Run one etcd call to completion; returns the reply message. */
function ask(kernel: Kernel, req: EtcdRequest): Message<EtcdResponse> {
  const p = kernel.spawn(etcdCall(req))
  kernel.run()
  if (!p.done) throw new Error('etcd did not answer')
  return p.result as Message<EtcdResponse>
}

const put = (key: string, value: unknown): EtcdRequest => ({
  op: 'Txn',
  compare: [],
  success: [{ type: 'put', key, value }],
  failure: [],
})

describe('Etcd component', () => {
  it('answers a Range at once, with the store revision', () => {
    const { kernel, etcd } = setup()
    etcd.store.put('/registry/pods/default/a', { n: 1 })
    etcd.store.put('/registry/pods/default/b', { n: 2 })
    const single = ask(kernel, { op: 'Range', key: '/registry/pods/default/a' })
    expect(single.payload).toMatchObject({ op: 'Range', header: { revision: 3 }, count: 1 })
    expect(single.summary).toBe('Range OK (revision 3)')
    // 2 ms to etcd, 2 ms back, nothing in between.
    expect([single.sentAtMs, single.deliverAtMs]).toEqual([2, 4])
    const prefix = ask(kernel, { op: 'Range', key: '/registry/pods/', prefix: true })
    expect(prefix.payload).toMatchObject({ count: 2 })
    const missing = ask(kernel, { op: 'Range', key: '/registry/pods/default/zzz' })
    expect(missing.payload).toMatchObject({ kvs: [], count: 0 })
  })

  it('answers a write Txn after the apply time, a read-only Txn at once', () => {
    const { kernel } = setup()
    const write = ask(kernel, put('/k', 1))
    expect(write.payload).toMatchObject({ op: 'Txn', succeeded: true, header: { revision: 2 } })
    // Delivered at 2 ms, committed 1 ms (applyMs) later.
    expect(write.sentAtMs).toBe(3)
    const start = kernel.nowMs
    const read = ask(kernel, {
      op: 'Txn',
      compare: [],
      success: [{ type: 'get', key: '/k' }],
      failure: [],
    })
    // Answered the moment it arrives.
    expect(read.sentAtMs).toBe(start + 2)
  })

  it('answers a Watch before any replayed event arrives, and replays in revision order', () => {
    const { kernel, etcd, apiserver } = setup()
    etcd.store.put('/registry/pods/default/a', 'a1') // 2
    etcd.store.put('/registry/minions/worker-1', 'n1') // 3
    etcd.store.put('/registry/pods/default/b', 'b1') // 4
    const log: string[] = []
    apiserver.onReceive = (m) => log.push(`event ${m.summary}`)
    kernel.spawn(
      (function* () {
        const reply = yield* etcdCall({ op: 'Watch', key: '/registry/pods/', prefix: true, startRevision: 2 })
        log.push(`reply ${reply.summary}`)
      })(),
    )
    kernel.run()
    expect(log).toEqual([
      'reply Watch created (revision 4)',
      'event WATCH PUT /registry/pods/default/a',
      'event WATCH PUT /registry/pods/default/b',
    ])
    const first = apiserver.received[0] as Message<EtcdWatchEvents>
    const watchRequest = kernel.trace.find((m) => m.kind === 'etcd-request') as Message
    expect(first.payload.watchId).toBe(watchRequest.id)
    expect(first.object).toEqual({ resource: 'pods', namespace: 'default', name: 'a' })
  })

  it('streams live events, caused by the write that made them', () => {
    const { kernel, apiserver } = setup()
    ask(kernel, { op: 'Watch', key: '/registry/minions/', prefix: true, startRevision: 2 })
    ask(kernel, put('/registry/minions/worker-1', 'n1'))
    ask(kernel, put('/registry/pods/default/x', 'ignored'))
    expect(apiserver.received.map((m) => [m.kind, m.summary, m.object])).toEqual([
      ['watch-event', 'WATCH PUT /registry/minions/worker-1', { resource: 'nodes', name: 'worker-1' }],
    ])
    const txn = kernel.trace.find((m) => m.kind === 'etcd-request' && m.summary === 'Txn') as Message
    expect(apiserver.received[0]?.causeId).toBe(txn.id)
    const events = (apiserver.received[0] as Message<EtcdWatchEvents>).payload.events
    expect(events.map((e) => [e.type, e.kv.modRevision])).toEqual([['PUT', 2]])
  })

  it('refuses a Watch from a compacted revision with OutOfRange', () => {
    const { kernel, etcd, apiserver } = setup()
    for (let i = 0; i < 5; i++) etcd.store.put('/registry/pods/default/a', i)
    etcd.store.compact(4)
    const reply = ask(kernel, { op: 'Watch', key: '/registry/pods/', prefix: true, startRevision: 3 })
    expect(reply.payload).toEqual({
      op: 'Error',
      header: { revision: 6 },
      code: 'OutOfRange',
      message: 'mvcc: required revision has been compacted',
    })
    etcd.store.put('/registry/pods/default/a', 'after')
    kernel.run()
    expect(apiserver.received).toEqual([])
  })

  it('compacts on request, and refuses a revision already compacted or not written yet', () => {
    const { kernel, etcd } = setup()
    for (let i = 0; i < 5; i++) etcd.store.put('/registry/pods/default/a', i) // revisions 2…6
    const done = ask(kernel, { op: 'Compact', revision: 4 })
    expect(done.payload).toEqual({ op: 'Compact', header: { revision: 6 } })
    expect(done.summary).toBe('Compact OK (revision 6)')
    expect(etcd.store.compactRevision).toBe(4)
    const again = ask(kernel, { op: 'Compact', revision: 4 })
    expect(again.payload).toMatchObject({ op: 'Error', code: 'Compacted' })
    expect(again.summary).toBe('Compact failed: mvcc: required revision has been compacted (revision 6)')
    expect(ask(kernel, { op: 'Compact', revision: 7 }).payload).toMatchObject({
      op: 'Error',
      code: 'FutureRev',
    })
    // The record of changes is not the store's log: it keeps what compaction dropped.
    expect(etcd.changesSince(0).map((c) => c.revision)).toEqual([2, 3, 4, 5, 6])
  })

  // etcd's WatchCreateRequest: "start_revision is an optional revision to watch from (inclusive).
  // No start_revision is 'now'."
  it('a Watch from revision 0 starts now, replaying nothing', () => {
    const { kernel, etcd, apiserver } = setup()
    etcd.store.put('/registry/pods/default/old', 'x')
    ask(kernel, { op: 'Watch', key: '/registry/pods/', prefix: true, startRevision: 0 })
    expect(apiserver.received).toEqual([])
    ask(kernel, put('/registry/pods/default/new', 'y'))
    expect(apiserver.received.map((m) => m.summary)).toEqual(['WATCH PUT /registry/pods/default/new'])
  })

  it('accepts a Watch from exactly the compaction revision, as the store does', () => {
    const { kernel, etcd, apiserver } = setup()
    for (let i = 0; i < 5; i++) etcd.store.put('/registry/pods/default/a', i)
    etcd.store.compact(4)
    const reply = ask(kernel, { op: 'Watch', key: '/registry/pods/', prefix: true, startRevision: 4 })
    expect(reply.payload).toMatchObject({ op: 'Watch', created: true })
    const events = apiserver.received.flatMap((m) => (m as Message<EtcdWatchEvents>).payload.events)
    expect(events.map((e) => [e.kv.modRevision, e.kv.value])).toEqual([
      [4, 2],
      [5, 3],
      [6, 4],
    ])
  })
})

describe('Etcd component: revision log', () => {
  it('records, for each revision it writes, the virtual time and the etcd request that wrote it', () => {
    const { kernel, etcd } = setup()
    etcd.store.put('/registry/namespaces/default', 'bootstrap') // 2, straight into the store
    // The kernel's cause when a Txn is applied is the request itself (set on delivery, carried by
    // the apply timer): the writer recorded is the same message.
    const causes: Array<number | null> = []
    const txn = etcd.store.txn.bind(etcd.store)
    etcd.store.txn = (...args) => {
      causes.push(kernel.cause)
      return txn(...args)
    }
    const written = ask(kernel, put('/registry/pods/default/a', 'a1')) // 3
    ask(kernel, { op: 'Range', key: '/registry/pods/', prefix: true })
    ask(kernel, {
      op: 'Txn',
      compare: [{ key: '/registry/pods/default/a', target: 'mod', op: '=', value: 99 }],
      success: [{ type: 'delete', key: '/registry/pods/default/a' }],
      failure: [],
    }) // the compare fails: no revision
    const deleted = ask(kernel, {
      op: 'Txn',
      compare: [],
      success: [{ type: 'delete', key: '/registry/pods/default/a' }],
      failure: [],
    }) // 4
    const requests = kernel.trace.filter((m) => m.kind === 'etcd-request' && m.summary === 'Txn')
    expect(causes).toEqual(requests.map((m) => m.id))
    const [put3, , delete4] = requests.map((m) => m.id)

    expect(
      etcd.changesSince(0).map((c) => [c.revision, c.atMs, c.messageId, c.events.map((e) => e.type)]),
    ).toEqual([
      [2, -1, null, ['PUT']],
      [3, written.sentAtMs, put3, ['PUT']],
      [4, deleted.sentAtMs, delete4, ['DELETE']],
    ])
    expect(written.sentAtMs).toBe(3) // delivered at 2, committed after applyMs
    expect(etcd.writeOf(3)).toEqual({ revision: 3, atMs: 3, messageId: put3 })
    expect(etcd.writeOf(2)).toBeUndefined()
    expect(etcd.changesSince(3).map((c) => c.revision)).toEqual([4])
  })
})
