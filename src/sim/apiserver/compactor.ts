/**
 * The apiserver's etcd compactor (k8s.io/apiserver storage/etcd3, started for each storage
 * backend). Every --etcd-compaction-interval (5 minutes by default) it takes a lease on the
 * `compact_rev_key` key with a transaction that compares the key's version with the compaction
 * count it knows: if they match it writes the revision it saw last time (bumping the version) and
 * compacts etcd to that revision; if another apiserver got there first, it adopts that version.
 * The first round only records a revision ("we don't compact on bootstrap"), so etcd keeps between
 * one and two intervals of history: what slow watchers need to resume, and no more.
 */
import { type Proc, sleep } from '../kernel/kernel'
import type { Storage } from './storage'

/** --etcd-compaction-interval's default. */
export const COMPACTION_INTERVAL_MS = 5 * 60_000
/** The key whose version counts compactions and whose value is the last compacted revision. */
export const COMPACT_REV_KEY = 'compact_rev_key'

export function* compactor(storage: Storage, intervalMs = COMPACTION_INTERVAL_MS): Proc {
  /** Compactions done, as the key's version says. */
  let compactTime = 0
  /** The revision seen at the last round: what the next one compacts to. */
  let rev = 0
  for (;;) {
    // Background: a cluster with nothing else to do is idle between rounds.
    yield* sleep(intervalMs, true)
    const r = yield* storage.etcd(
      {
        op: 'Txn',
        compare: [{ key: COMPACT_REV_KEY, target: 'version', op: '=', value: compactTime }],
        success: [{ type: 'put', key: COMPACT_REV_KEY, value: String(rev) }],
        failure: [{ type: 'get', key: COMPACT_REV_KEY }],
      },
      'heartbeat',
    )
    if (r.op !== 'Txn') continue // an etcd error: try again next interval, as upstream logs and waits
    const currentRev = r.header.revision
    if (!r.succeeded) {
      // Someone else compacted: follow their count, and compact from the revision seen now.
      compactTime = r.results[0]?.version ?? compactTime
      rev = currentRev
      continue
    }
    compactTime++
    if (rev !== 0) yield* storage.etcd({ op: 'Compact', revision: rev }, 'heartbeat')
    rev = currentRev
  }
}
