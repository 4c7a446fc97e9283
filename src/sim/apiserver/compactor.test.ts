/**
 * The apiserver's etcd compactor in a whole cluster: a lease transaction on compact_rev_key every
 * 5 minutes, no compaction on the first round, then a compaction to the revision seen one round
 * earlier; the cluster keeps working across it, and the record of changes keeps everything.
 */
import { describe, expect, it } from 'vitest'
import { CompactedError } from '../etcd/mvcc'
import type { EtcdRequest, EtcdResponse } from '../etcd/protocol'
import { apply, POD, podNamed, runScenario } from '../faults/testing/run'
import type { Message } from '../kernel/trace'
import { COMPACT_REV_KEY, COMPACTION_INTERVAL_MS } from './compactor'

const MINUTE = 60_000
const LATE_POD = { ...POD, metadata: { name: 'late', namespace: 'default' } }

describe('etcd compaction by the apiserver', () => {
  const r = runScenario([apply(0, POD), apply(11 * MINUTE, LATE_POD)], 16 * MINUTE)
  const requests = r.trace.filter(
    (m) =>
      m.kind === 'etcd-request' &&
      (m.summary.includes(COMPACT_REV_KEY) || (m.payload as EtcdRequest).op === 'Compact'),
  ) as Message<EtcdRequest>[]
  const replyTo = (m: Message) => r.trace.find((x) => x.replyTo === m.id) as Message<EtcdResponse> | undefined

  it('takes the lease every 5 minutes and compacts to the revision of the round before', () => {
    expect(requests.map((m) => m.payload.op)).toEqual(['Txn', 'Txn', 'Compact', 'Txn', 'Compact'])
    const [first, second, compact1, third, compact2] = requests as Message<EtcdRequest>[]
    // Each round starts an interval after the previous one ended (its last reply).
    const ended = (m: Message | undefined) => replyTo(m as Message)?.deliverAtMs as number
    expect(first?.sentAtMs).toBe(COMPACTION_INTERVAL_MS)
    expect(second?.sentAtMs).toBe(ended(first) + COMPACTION_INTERVAL_MS)
    expect(third?.sentAtMs).toBe(ended(compact1) + COMPACTION_INTERVAL_MS)
    // Round 1: version 0 → write "0" (nothing to compact yet).
    expect(first?.payload).toMatchObject({
      compare: [{ key: COMPACT_REV_KEY, target: 'version', op: '=', value: 0 }],
      success: [{ type: 'put', key: COMPACT_REV_KEY, value: '0' }],
    })
    const rev1 = replyTo(first as Message)?.payload.header.revision as number
    const rev2 = replyTo(second as Message)?.payload.header.revision as number
    expect(second?.payload).toMatchObject({
      compare: [{ value: 1 }],
      success: [{ type: 'put', value: String(rev1) }],
    })
    expect(compact1?.payload).toEqual({ op: 'Compact', revision: rev1 })
    expect(third?.payload).toMatchObject({ compare: [{ value: 2 }], success: [{ value: String(rev2) }] })
    expect(compact2?.payload).toEqual({ op: 'Compact', revision: rev2 })
    expect(replyTo(compact2 as Message)?.payload.op).toBe('Compact')
    expect(r.cluster.etcd.store.compactRevision).toBe(rev2)
    // Routine upkeep, like the heartbeats.
    for (const m of requests) expect(m.stage).toBe('heartbeat')
  })

  it('drops the history before the compaction, and keeps the record of every change', () => {
    const store = r.cluster.etcd.store
    expect(() => store.get('/registry/pods/default/web', 2)).toThrow(CompactedError)
    const changes = r.cluster.etcd.changesSince(0)
    expect(changes[0]?.atMs).toBe(-1)
    expect(changes.some((c) => c.events.some((e) => e.kv.key === '/registry/pods/default/web'))).toBe(true)
  })

  it('keeps the cluster working: a Pod created after the first compaction runs', () => {
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
    expect(podNamed(r, 'late').status?.phase).toBe('Running')
  })
})
