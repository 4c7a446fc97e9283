/**
 * Trace retention: a run that compacts its old messages computes exactly what a run that keeps
 * them does (the same messages, byte for byte, in the part it keeps), and its summary accounts for
 * every message it dropped. Checked on whole clusters, with faults that read old requests back.
 */
import { describe, expect, it } from 'vitest'
import { Cluster } from '../cluster/cluster'
import { makeNode } from '../cluster/default-cluster'
import { CONNECTION_LOSS_NOTICED_MS } from '../faults/drop-message'
import { apply, find, POD, runScenario } from '../faults/testing/run'
import { Kernel } from './kernel'
import { compactInto, StageLog } from './retention'
import type { Message, Stage } from './trace'

const KEEP = 300

const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    replicas: 12,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [{ name: 'nginx', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } } }],
      },
    },
  },
}

function stageCounts(messages: readonly Message[]): Partial<Record<Stage, number>> {
  const counts: Partial<Record<Stage, number>> = {}
  for (const m of messages) counts[m.stage] = (counts[m.stage] ?? 0) + 1
  return counts
}

function expectSameRun(full: Kernel, kept: Kernel, keep = KEEP): void {
  expect(kept.messageCount).toBe(full.messageCount)
  expect(kept.compacted).toBeDefined()
  const compacted = kept.compacted as NonNullable<Kernel['compacted']>
  // Never more than twice what it keeps; never less than that once it compacted.
  expect(kept.trace.length).toBeGreaterThanOrEqual(keep)
  expect(kept.trace.length).toBeLessThan(2 * keep)
  expect(compacted.messages + kept.trace.length).toBe(full.messageCount)
  expect(kept.firstRetainedId).toBe(compacted.throughId + 1)
  const dropped = full.trace.slice(0, compacted.throughId)
  expect(compacted.byStage).toEqual(stageCounts(dropped))
  expect(compacted.untilMs).toBe(dropped[dropped.length - 1]?.sentAtMs)
  expect(JSON.stringify(kept.trace)).toBe(JSON.stringify(full.trace.slice(compacted.throughId)))
  // message(id) reads the window; older ids are gone unless pinned.
  const last = full.trace[full.trace.length - 1] as Message
  expect(kept.message(last.id)).toBe(kept.trace[kept.trace.length - 1])
}

describe('trace retention on a whole cluster', () => {
  const nodes = Array.from({ length: 6 }, (_, i) =>
    makeNode({ name: `node-${i}`, cpu: '4', memory: '16Gi' }, i),
  )
  const scenario = () => ({
    nodes,
    actions: [
      { type: 'apply' as const, atMs: 0, objects: [DEPLOYMENT] },
      { type: 'delete' as const, atMs: 20_000, apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    ],
  })

  it('keeps the newest messages exactly as a full run records them, and counts the rest', () => {
    const full = new Cluster(scenario())
    full.run({ untilMs: 60_000 })
    const kept = new Cluster(scenario(), { traceRetention: { keepMessages: KEEP } })
    kept.run({ untilMs: 60_000 })
    expect(full.kernel.compacted).toBeUndefined()
    expect(full.kernel.firstRetainedId).toBe(1)
    expectSameRun(full.kernel, kept.kernel)
    // The run did the work: every replica Running, and most of its messages compacted.
    const running = [...full.etcd.store.range('/registry/pods/')].filter(
      (kv) => (kv.value as { status?: { phase?: string } }).status?.phase === 'Running',
    )
    expect(running.length).toBeGreaterThanOrEqual(12)
    expect(kept.kernel.compacted?.messages).toBeGreaterThan(KEEP * 4)
  })
})

describe('trace retention with faults that read old requests', () => {
  const UNTIL = 200_000
  const baseline = runScenario([apply(0, POD)], UNTIL)
  const node = baseline.cluster.nodes.find((n) =>
    baseline.trace.some(
      (m) => m.kind === 'watch-event' && m.to === `kubelet/${n.metadata?.name}` && m.object?.name === 'web',
    ),
  )?.metadata?.name as string
  // The kubelet's watch was opened at boot: with retention its request is long compacted when a
  // fault kills the watch and the kubelet names it.
  const event = find(
    baseline.trace,
    (m) => m.kind === 'watch-event' && m.to === `kubelet/${node}` && m.object?.name === 'web',
    'watch event to the kubelet',
  )
  const binding = find(
    baseline.trace,
    (m) =>
      m.kind === 'http-request' && m.from === 'kube-scheduler' && m.summary.endsWith('/pods/web/binding'),
    'binding POST',
  )

  it.each([
    ['a watch event (the watch request is pinned)', event, 'watch lost'],
    ['the binding POST (its caller still waits)', binding, 'http2:'],
  ])('drops %s the same way', (_, target, named) => {
    const actions = [
      apply(0, POD),
      { type: 'drop-message' as const, atMs: target.sentAtMs, messageId: target.id },
    ]
    // Until the caller notices the loss and names the request it lost: that step is in the window.
    const until = target.sentAtMs + CONNECTION_LOSS_NOTICED_MS
    const keep = 40
    const full = runScenario(actions, until)
    const kept = runScenario(actions, until, {}, { traceRetention: { keepMessages: keep } })
    expectSameRun(full.cluster.kernel, kept.cluster.kernel, keep)
    const step = find(kept.trace, (m) => m.stage === 'fault' && m.summary.startsWith(named), named)
    const request = step.payload as { watchId?: number; requestId?: number }
    const requestId = request.watchId ?? request.requestId ?? 0
    // The request it names was compacted long before, and still named by its summary.
    expect(requestId).toBeLessThan(kept.cluster.kernel.firstRetainedId)
    expect(step.summary).toContain(`(${full.trace[requestId - 1]?.summary})`)
  })
})

describe('retention pieces', () => {
  it('refuses a retention that keeps nothing', () => {
    expect(() => new Kernel({ seed: 1, traceRetention: { keepMessages: 0 } })).toThrow(/positive integer/)
  })

  it('folds summaries: counts add up, the last id and time move on', () => {
    const m = (id: number, stage: Stage, sentAtMs: number) => ({ id, stage, sentAtMs }) as Message
    const a = compactInto(undefined, [m(1, 'boot', 0), m(2, 'boot', 5)])
    const b = compactInto(a, [m(3, 'submit', 7)])
    expect(b).toEqual({ messages: 3, throughId: 3, untilMs: 7, byStage: { boot: 2, submit: 1 } })
    expect(compactInto(b, [])).toEqual(b)
  })

  it('stage log keeps stages by id past its first allocation', () => {
    const log = new StageLog()
    log.set(1, 'boot')
    log.set(100_000, 'heartbeat')
    expect(log.get(1)).toBe('boot')
    expect(log.get(100_000)).toBe('heartbeat')
    expect(log.get(2)).toBeUndefined()
  })
})
