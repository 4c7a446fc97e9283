/**
 * The node lifecycle controller against the fake apiserver, the test playing the kubelets (Lease
 * renewals, status reports): the grace period, Ready=Unknown with its texts, the NoSchedule and
 * NoExecute taints, pods marked not ready, the events, recovery, the eviction rate limit and
 * master disruption mode.
 */
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../api/types'
import { NodeControllersHarness } from '../testing/node-harness'
import { NODE_LIFECYCLE_DEFAULTS } from './controller'

const WORKERS = ['worker-1', 'worker-2', 'worker-3'].map((name) => ({ name }))

const condition = (node: Node | undefined, type: string) =>
  node?.status?.conditions?.find((c) => c.type === type)
const taints = (node: Node | undefined) => (node?.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`)
const ready = (pod: Pod | undefined) => pod?.status?.conditions?.find((c) => c.type === 'Ready')?.status

/** A cluster of three workers whose kubelets renew their Leases, worker-2's until `silentFromMs`. */
function failing(silentFromMs: number, untilMs: number) {
  const h = new NodeControllersHarness(WORKERS, { controllers: ['nodelifecycle'] })
  for (const { name } of WORKERS)
    h.renewLeases(name, 10_000, name === 'worker-2' ? Math.min(silentFromMs, untilMs) : untilMs)
  h.writePod('web-1', 'worker-2')
  h.writePod('web-2', 'worker-1')
  h.runUntil(untilMs)
  return h
}

describe('node lifecycle controller', () => {
  it('defaults to the v1.33 flags: 5 s monitor period, 50 s grace period, 0.1 nodes/s', () => {
    expect(NODE_LIFECYCLE_DEFAULTS).toMatchObject({
      nodeMonitorPeriodMs: 5_000,
      nodeMonitorGracePeriodMs: 50_000,
      nodeStartupGracePeriodMs: 60_000,
      nodeEvictionRate: 0.1,
      unhealthyZoneThreshold: 0.55,
      largeClusterSizeThreshold: 50,
    })
  })

  it('writes nothing while every Lease is renewed', () => {
    const h = failing(Number.POSITIVE_INFINITY, 600_000)
    expect(h.writes()).toEqual([])
    expect(h.events()).toEqual([])
    expect(condition(h.node('worker-2'), 'Ready')?.status).toBe('True')
  })

  it('sets the kubelet conditions Unknown once no heartbeat came for more than 50 s', () => {
    // The last renewal is at 50 s; the controller sees it at its next 5 s pass.
    const early = failing(60_000, 104_000)
    expect(condition(early.node('worker-2'), 'Ready')?.status).toBe('True')
    const h = failing(60_000, 120_000)
    const node = h.node('worker-2')
    for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']) {
      expect(condition(node, type)).toMatchObject({
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
      })
    }
    // lastHeartbeatTime is the kubelet's, left as it was; the transition is now.
    expect(condition(node, 'Ready')?.lastHeartbeatTime).toBe('2025-05-01T09:00:00Z')
    const at = h.sentAt('PUT /api/v1/nodes/worker-2/status') as number
    expect(at).toBeGreaterThan(100_000)
    expect(at).toBeLessThanOrEqual(110_100)
    expect(condition(node, 'Ready')?.lastTransitionTime).toBe(h.kernel.wallTime(at))
    expect(condition(h.node('worker-1'), 'Ready')?.status).toBe('True')
  })

  it('records NodeNotReady on the node and marks its pods not ready, with the event', () => {
    const h = failing(60_000, 120_000)
    expect(ready(h.pod('web-1'))).toBe('False')
    expect(ready(h.pod('web-2'))).toBe('True')
    expect(h.events()).toEqual([
      'node-controller NodeNotReady Node/worker-2: Node worker-2 status is now: NodeNotReady',
      'node-controller NodeNotReady Pod/web-1: Node is not ready',
    ])
    expect(h.writes()).toContain('PUT /api/v1/namespaces/default/pods/web-1/status')
  })

  it('taints the node unreachable: NoSchedule at once, NoExecute on the next pass', () => {
    const h = failing(60_000, 130_000)
    expect(taints(h.node('worker-2'))).toEqual([
      'node.kubernetes.io/unreachable:NoSchedule',
      'node.kubernetes.io/unreachable:NoExecute',
    ])
    const patches = h.kernel.trace.filter(
      (m) => m.kind === 'http-request' && m.summary === 'PATCH /api/v1/nodes/worker-2',
    )
    expect(patches).toHaveLength(2)
    const [noSchedule, noExecute] = patches.map((m) => m.sentAtMs)
    const unknownAt = h.sentAt('PUT /api/v1/nodes/worker-2/status') as number
    expect((noSchedule as number) - unknownAt).toBeLessThan(100)
    // The next monitor pass queues it; the 100 ms tainting pass adds the taint.
    expect(noExecute).toBeGreaterThan(unknownAt + 4_900)
    expect(noExecute).toBeLessThan(unknownAt + 5_300)
    // The patch replaces the taint list and carries the resourceVersion it was computed from.
    const body = patches[1]?.payload as {
      body: { metadata: { resourceVersion: string }; spec: { taints: unknown[] } }
    }
    expect(body.body.metadata.resourceVersion).toMatch(/^\d+$/)
    expect(body.body.spec.taints).toHaveLength(2)
    for (const t of h.node('worker-2')?.spec?.taints ?? []) expect(t.timeAdded).toMatch(/^2025-05-01T10:0/)
  })

  it('removes the taints when the node is Ready again', () => {
    const h = failing(60_000, 130_000)
    h.reportReady('worker-2')
    h.renewLeases('worker-2', 140_000, 200_000)
    h.runUntil(200_000)
    expect(condition(h.node('worker-2'), 'Ready')?.status).toBe('True')
    expect(taints(h.node('worker-2'))).toEqual([])
  })

  it('taints not-ready (NoSchedule and NoExecute) when the kubelet reports Ready=False', () => {
    const h = new NodeControllersHarness(WORKERS, { controllers: ['nodelifecycle'] })
    for (const { name } of WORKERS) h.renewLeases(name, 10_000, 100_000)
    h.kernel.at(20_000, () => h.writeNode({ name: 'worker-3', ready: 'False' }))
    h.runUntil(40_000)
    expect(taints(h.node('worker-3'))).toEqual([
      'node.kubernetes.io/not-ready:NoSchedule',
      'node.kubernetes.io/not-ready:NoExecute',
    ])
    // The kubelet is alive: nothing is set Unknown.
    expect(condition(h.node('worker-3'), 'Ready')?.status).toBe('False')
  })

  it('taints one node per 10 s in a zone (--node-eviction-rate 0.1)', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ name: `node-${n}` }))
    const h = new NodeControllersHarness(six, { controllers: ['nodelifecycle'] })
    for (const { name } of six) h.renewLeases(name, 10_000, name < 'node-c' ? 30_000 : 300_000)
    h.runUntil(200_000)
    const at = (name: string) =>
      h.kernel.trace.find(
        (m) =>
          m.kind === 'http-request' &&
          m.summary === `PATCH /api/v1/nodes/${name}` &&
          JSON.stringify(m.payload).includes('NoExecute'),
      )?.sentAtMs as number
    expect(at('node-a')).toBeDefined()
    expect(at('node-b') - at('node-a')).toBeGreaterThanOrEqual(10_000)
    expect(at('node-b') - at('node-a')).toBeLessThan(10_200)
  })

  it('stops tainting when no node is Ready anywhere (master disruption mode)', () => {
    const h = new NodeControllersHarness([{ name: 'solo' }], { controllers: ['nodelifecycle'] })
    h.renewLeases('solo', 10_000, 30_000)
    h.writePod('web-1', 'solo')
    h.runUntil(300_000)
    expect(condition(h.node('solo'), 'Ready')?.status).toBe('Unknown')
    expect(taints(h.node('solo'))).toEqual(['node.kubernetes.io/unreachable:NoSchedule'])
    expect(ready(h.pod('web-1'))).toBe('False')
  })

  it('marks a pod bound later to a node that is not ready as not ready', () => {
    const h = failing(60_000, 130_000)
    h.writePod('late', 'worker-2')
    h.runUntil(131_000)
    expect(ready(h.pod('late'))).toBe('False')
  })

  it('uses the node-controller service account', () => {
    const h = failing(60_000, 120_000)
    const put = h.kernel.trace.find((m) => m.summary === 'PUT /api/v1/nodes/worker-2/status')
    const headers = (put?.payload as { headers: Record<string, string> } | undefined)?.headers ?? {}
    expect(headers['x-client-certificate']).toBe(
      'CN=system:serviceaccount:kube-system:node-controller,O=system:serviceaccounts,O=system:serviceaccounts:kube-system',
    )
  })
})
