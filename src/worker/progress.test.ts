import { describe, expect, it } from 'vitest'
import { PROGRESS_INTERVAL_MS } from '../protocol/messages'
import { WorkerHost } from './host'
import { FakeLoop as Loop } from './testing/fake-loop'

const DEPLOYMENT = (replicas: number) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n`

describe('progress reports', () => {
  it('a long computation reports progress every interval, then once more when caught up', () => {
    // Every clock read costs 1 ms of "wall time", so this run takes far longer than the interval.
    const loop = new Loop(1)
    const host = new WorkerHost(loop, { budget: 50 })
    host.handle({
      type: 'load',
      scenario: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT(6) }] },
    })
    loop.drain()
    const reports = loop.progress()
    expect(reports.length).toBeGreaterThanOrEqual(2)
    const computing = reports.filter((r) => r.event.computing)
    for (let i = 1; i < computing.length; i++)
      expect((computing[i]?.atMs ?? 0) - (computing[i - 1]?.atMs ?? 0)).toBeGreaterThanOrEqual(
        PROGRESS_INTERVAL_MS,
      )
    // Simulated time and messages only grow.
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]?.event.simulatedMs).toBeGreaterThanOrEqual(reports[i - 1]?.event.simulatedMs ?? 0)
      expect(reports[i]?.event.messages).toBeGreaterThanOrEqual(reports[i - 1]?.event.messages ?? 0)
    }
    const last = reports[reports.length - 1]?.event
    expect(last).toMatchObject({ type: 'progress', computing: false, podsWanted: 6, pods: 6, podsRunning: 6 })
    expect(last?.generation).toBe(host.session.generation)
  })

  it('the spare runs in slices after the run is caught up, reported as nothing the user waits for', () => {
    const loop = new Loop(1)
    const host = new WorkerHost(loop, { budget: 50 })
    host.handle({ type: 'load', scenario: { seed: 1, clusterYaml: '', actions: [] } })
    host.handle({ type: 'apply', requestId: 1, yaml: DEPLOYMENT(3), atMs: 0 })
    loop.drain()
    const before = loop.progress().length
    // The cursor moves on: the run has its lookahead already; the spare follows the cursor.
    host.handle({ type: 'cursor', atMs: 4_000, playing: false, speed: 1 })
    loop.drain()
    expect(loop.progress().length).toBe(before)
    // An apply at the cursor starts from the spare, just behind it: no replay from time 0.
    host.handle({ type: 'apply', requestId: 2, yaml: DEPLOYMENT(4), atMs: 4_000 })
    expect(host.session.cluster?.kernel.nowMs).toBeGreaterThan(3_000)
    loop.drain()
    expect(loop.events().filter((e) => e.type === 'applied')).toHaveLength(2)
  })

  it('with acks, progress rides on frames, and nothing is posted before the last post is acknowledged', () => {
    const loop = new Loop(1)
    const host = new WorkerHost(loop, { budget: 50, ackFrames: true, maxPostBytes: 4096 })
    host.handle({
      type: 'load',
      scenario: { seed: 1, clusterYaml: '', actions: [{ type: 'apply', atMs: 0, yaml: DEPLOYMENT(6) }] },
    })
    // The UI acknowledges each post at its next animation frame (here: before the next turn).
    let acked = 0
    let unacknowledged = 0
    for (let i = 0; i < 200_000 && loop.turn(); i++) {
      unacknowledged = Math.max(unacknowledged, loop.posts.length - acked)
      if (loop.posts.length > acked) {
        acked = loop.posts.length
        host.handle({ type: 'frame-ack' })
      }
    }
    expect(unacknowledged).toBe(1)
    const carried = loop.posts.flatMap((p) =>
      p.event.type === 'frame' && p.event.progress ? [p.event.progress] : [],
    )
    expect(carried.filter((p) => p.computing).length).toBeGreaterThanOrEqual(1)
    // The last word, after the whole trace: computing is over.
    const last = [...carried, ...loop.progress().map((p) => p.event)].at(-1)
    expect(last).toMatchObject({ computing: false, podsRunning: 6 })
  })

  it('a quick computation sends none', () => {
    const loop = new Loop(0.001)
    const host = new WorkerHost(loop)
    host.handle({ type: 'load', scenario: { seed: 1, clusterYaml: '', actions: [] } })
    loop.drain()
    expect(loop.progress()).toEqual([])
  })
})
