/**
 * Invariants any run of the cluster must keep, checked from the outside (etcd's record of changes
 * and the trace) after the run. Each returns the violations it found, as sentences, so a failing
 * property test says what went wrong and where.
 */
import { parseQuantity } from '../../api/quantity'
import type { Node, Pod } from '../../api/types'
import { decode } from '../apiserver/codec'
import type { HttpRequest, WatchEvent } from '../apiserver/http'
import type { Cluster } from '../cluster/cluster'
import type { KeyValue } from '../etcd/mvcc'
import { APISERVER, type Message } from '../kernel/trace'

const POD_PREFIX = '/registry/pods/'
const NODE_PREFIX = '/registry/minions/'

interface Usage {
  readonly node: string
  readonly cpu: number
  readonly memory: number
}

/** What a Pod counts against its node while it runs there: its containers' requests. */
function usageOf(pod: Pod): Usage | undefined {
  const node = pod.spec?.nodeName
  const phase = pod.status?.phase
  if (!node || phase === 'Succeeded' || phase === 'Failed') return undefined
  let cpu = 0
  let memory = 0
  for (const c of pod.spec?.containers ?? []) {
    cpu += parseQuantity(c.resources?.requests?.cpu) ?? 0
    memory += parseQuantity(c.resources?.requests?.memory) ?? 0
  }
  return { node, cpu, memory }
}

/**
 * No node is ever over-committed: after every etcd revision, the requests of the Pods bound to a
 * node (and not finished) fit its allocatable CPU, memory and Pod count.
 */
export function overCommitment(cluster: Cluster): string[] {
  const problems: string[] = []
  const allocatable = new Map<string, { cpu: number; memory: number; pods: number }>()
  const usage = new Map<string, Usage>()
  for (const change of cluster.etcd.changesSince(0)) {
    const touched = new Set<string>()
    for (const e of change.events) {
      const key = e.kv.key
      if (key.startsWith(NODE_PREFIX) && e.type === 'PUT') {
        const a = (decode(e.kv as KeyValue) as Node).status?.allocatable ?? {}
        allocatable.set(key.slice(NODE_PREFIX.length), {
          cpu: parseQuantity(a.cpu) ?? 0,
          memory: parseQuantity(a.memory) ?? 0,
          pods: parseQuantity(a.pods) ?? 0,
        })
      } else if (key.startsWith(POD_PREFIX)) {
        const before = usage.get(key)
        if (before) touched.add(before.node)
        const now = e.type === 'PUT' ? usageOf(decode(e.kv as KeyValue) as Pod) : undefined
        if (now) {
          usage.set(key, now)
          touched.add(now.node)
        } else usage.delete(key)
      }
    }
    for (const node of touched) {
      const a = allocatable.get(node)
      const on = [...usage.values()].filter((u) => u.node === node)
      const cpu = on.reduce((s, u) => s + u.cpu, 0)
      const memory = on.reduce((s, u) => s + u.memory, 0)
      if (!a) problems.push(`revision ${change.revision}: Pods bound to ${node}, which is not a Node`)
      else if (cpu > a.cpu + 1e-9 || memory > a.memory || on.length > a.pods)
        problems.push(
          `revision ${change.revision}: ${node} over-committed: ${on.length} Pods requesting ${cpu} CPU, ${memory} bytes (allocatable ${a.cpu} CPU, ${a.memory} bytes, ${a.pods} Pods)`,
        )
    }
  }
  return problems
}

/** Revisions strictly increase, overall and for every key. */
export function revisionOrder(cluster: Cluster): string[] {
  const problems: string[] = []
  let last = 0
  const lastOfKey = new Map<string, number>()
  for (const change of cluster.etcd.changesSince(0)) {
    if (change.revision <= last) problems.push(`revision ${change.revision} after ${last}`)
    last = change.revision
    for (const e of change.events) {
      const before = lastOfKey.get(e.kv.key) ?? 0
      if (e.kv.modRevision <= before)
        problems.push(`${e.kv.key}: mod revision ${e.kv.modRevision} after ${before}`)
      lastOfKey.set(e.kv.key, e.kv.modRevision)
    }
  }
  return problems
}

interface ClientWatch {
  readonly request: Message<HttpRequest>
  readonly events: Array<Message<WatchEvent>>
}

/** The apiserver's watch events, by the watch (its request) they belong to, in delivery order. */
function clientWatches(cluster: Cluster): Map<number, ClientWatch> {
  const watches = new Map<number, ClientWatch>()
  const delivered = cluster.kernel.trace
    .filter((m) => m.kind === 'watch-event' && m.from === APISERVER && m.deliverAtMs <= cluster.kernel.nowMs)
    .sort((a, b) => a.deliverAtMs - b.deliverAtMs || a.id - b.id) as Array<Message<WatchEvent>>
  for (const m of delivered) {
    const id = m.payload.watchId
    let w = watches.get(id)
    if (!w) {
      w = { request: cluster.kernel.message(id) as Message<HttpRequest>, events: [] }
      watches.set(id, w)
    }
    w.events.push(m)
  }
  return watches
}

/**
 * Every watcher sees every change exactly once and in order: on each watch the objects'
 * resourceVersions strictly increase, and a watch of a whole resource (no selector, every
 * namespace) gets one event for each etcd revision of that resource after the version it started
 * from, up to what had time to arrive.
 */
export function watchDelivery(cluster: Cluster, settleMs = 2_000): string[] {
  const problems: string[] = []
  const changes = cluster.etcd.changesSince(0)
  for (const [id, w] of clientWatches(cluster)) {
    let last = 0
    const seen: number[] = []
    for (const m of w.events) {
      const rv = Number(m.payload.object?.metadata?.resourceVersion)
      if (m.payload.type === 'BOOKMARK') continue
      if (!(rv > last))
        problems.push(`watch #${id} (${w.request?.summary}): resourceVersion ${rv} after ${last}`)
      last = rv
      seen.push(rv)
    }
    const path = w.request?.payload.path ?? ''
    const query = w.request?.payload.query ?? {}
    if (query.labelSelector || query.fieldSelector || path.includes('/namespaces/')) continue
    const prefix = etcdPrefixOf(path)
    if (!prefix) continue
    const from = Number(query.resourceVersion ?? 0)
    const expected = changes
      .filter(
        (c) =>
          c.revision > from &&
          c.atMs >= 0 &&
          c.atMs <= cluster.kernel.nowMs - settleMs &&
          c.events.some((e) => e.kv.key.startsWith(prefix)),
      )
      .map((c) => c.revision)
    const got = new Set(seen)
    const missing = expected.filter((r) => !got.has(r))
    if (missing.length > 0)
      problems.push(`watch #${id} (${w.request?.summary}) missed revisions ${missing.slice(0, 5).join(', ')}`)
  }
  return problems
}

/** `/api/v1/pods` → `/registry/pods/`; `/apis/apps/v1/replicasets` → `/registry/replicasets/`. */
function etcdPrefixOf(path: string): string | undefined {
  const resource = path.split('?')[0]?.split('/').pop()
  if (!resource) return undefined
  return resource === 'nodes' ? NODE_PREFIX : `/registry/${resource}/`
}

/**
 * Every Pod ends Running, Succeeded or Failed, or Pending with a reason: unschedulable (the
 * PodScheduled condition says why) or a container waiting (ImagePullBackOff, …).
 */
export function podEndStates(pods: readonly Pod[]): string[] {
  const problems: string[] = []
  for (const pod of pods) {
    const phase = pod.status?.phase
    if (phase === 'Running' || phase === 'Succeeded' || phase === 'Failed') continue
    const scheduled = pod.status?.conditions?.find((c) => c.type === 'PodScheduled')
    const waiting = pod.status?.containerStatuses?.find((s) => s.state?.waiting?.reason)
    const reason =
      scheduled?.status === 'False' ? scheduled.reason : waiting ? waiting.state?.waiting?.reason : undefined
    if (phase !== 'Pending' || !reason)
      problems.push(
        `${pod.metadata?.namespace}/${pod.metadata?.name}: ${phase ?? 'no phase'} without a reason`,
      )
  }
  return problems
}
