import { describe, expect, it, vi } from 'vitest'
import type { Command, ScenarioInput, WirePost } from '../protocol/messages'
import { webDeployment } from '../scenarios/manifests'
import { WorkerHost } from './host'
import { Session } from './session'
import { Spares } from './spares'
import { FakeLoop } from './testing/fake-loop'
import { Mirror } from './testing/mirror'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n'
const DEPLOYMENT = webDeployment(3)
const DEFAULT: ScenarioInput = { seed: 1, clusterYaml: '', actions: [] }

function setup(costMs?: number) {
  const loop = new FakeLoop(costMs)
  const host = new WorkerHost(loop)
  return { loop, host }
}

/**
 * A host with acks, and a UI that acknowledges what it was posted: the Deployment applied at 0 and
 * computed with the cursor at 3 s, spares and all. `ack` acknowledges what was posted so far;
 * `settle` runs everything, acknowledging each post, until nothing is left to do.
 */
function runningWithAcks() {
  const loop = new FakeLoop()
  const host = new WorkerHost(loop, { ackFrames: true })
  let acked = 0
  const ack = () => {
    acked = loop.posts.length
    host.handle({ type: 'frame-ack' })
  }
  const settle = () => {
    for (let i = 0; i < 100_000 && (loop.runTasks() > 0 || loop.turn()); i++)
      if (loop.posts.length > acked) ack()
  }
  host.handle({ type: 'load', scenario: DEFAULT })
  host.handle({ type: 'apply', requestId: 1, yaml: DEPLOYMENT, atMs: 0 })
  host.handle({ type: 'cursor', atMs: 3_000, playing: false, speed: 1 })
  settle()
  return { loop, host, ack, settle }
}

/** The Deployment applied again at the cursor, one replica more (request 2). */
const reapply = (host: WorkerHost) =>
  host.handle({
    type: 'apply',
    requestId: 2,
    yaml: DEPLOYMENT.replace('replicas: 3', 'replicas: 4'),
    atMs: 3_000,
  })

describe('WorkerHost', () => {
  it('answers a load with a reset at once, then streams frames at most once per 16 ms', () => {
    // Small computing steps, each costing wall time: the trace spans several frame intervals.
    const loop = new FakeLoop(2)
    const host = new WorkerHost(loop, { budget: 20 })
    host.handle({ type: 'load', scenario: DEFAULT })
    expect(loop.events().map((e) => e.type)).toEqual(['reset'])
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    loop.drain()
    const frames = loop.posts.filter((p) => p.event.type === 'frame')
    expect(frames.length).toBeGreaterThan(1)
    // A frame forced out just before a reset (the reset counts from it) is the one exception to
    // the frame interval.
    const forced = (f: (typeof loop.posts)[number]) => {
      const next = loop.posts[loop.posts.indexOf(f) + 1]
      return next?.event.type === 'reset'
    }
    for (let i = 1; i < frames.length; i++) {
      const f = frames[i] as (typeof loop.posts)[number]
      if (forced(f)) continue
      expect(f.atMs - (frames[i - 1]?.atMs ?? 0)).toBeGreaterThanOrEqual(16)
    }
    // Batched: far fewer posts than messages.
    const mirror = new Mirror()
    mirror.take(loop.events())
    expect(mirror.messages.length).toBeGreaterThan(frames.length * 10)
    expect(mirror.of('applied')).toHaveLength(1)
    expect(mirror.idleAtMs).toBeDefined()
    // The stream is what the session itself produces, only batched differently.
    const session = new Session()
    const direct = new Mirror()
    direct.take(session.load(DEFAULT))
    direct.take(session.apply(1, NGINX, 0))
    for (let r = session.computeSome(); ; r = session.computeSome()) {
      direct.take(r.events)
      if (!r.more) break
    }
    expect(mirror.messages).toEqual(direct.messages)
    expect(mirror.revisions).toEqual(direct.revisions)
  })

  it('a large run (load with traceKeepMessages): the compaction reaches the UI, compacted messages are not posted', () => {
    const loop = new FakeLoop()
    const host = new WorkerHost(loop, { ackFrames: true, maxPostBytes: 2048 })
    host.handle({ type: 'load', scenario: DEFAULT, traceKeepMessages: 100 })
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    host.handle({ type: 'cursor', atMs: 0, playing: true, speed: 1 })
    const acked = new Set<number>()
    for (let i = 0; i < 100_000 && loop.turn(); i++) {
      const last = loop.posts.length - 1
      if (loop.posts[last]?.event.type === 'frame' && !acked.has(last)) {
        acked.add(last)
        host.handle({ type: 'frame-ack' })
      }
    }
    // The mirror checks that ids stay contiguous after each compaction.
    const mirror = new Mirror()
    mirror.take(loop.events())
    const session = new Session({ keepMessages: 100 })
    const direct = new Mirror()
    direct.take(session.load(DEFAULT))
    direct.take(session.apply(1, NGINX, 0))
    session.cursor(0, true, 1)
    for (let r = session.computeSome(); ; r = session.computeSome()) {
      direct.take(r.events)
      if (!r.more) break
    }
    expect(direct.compacted?.messages).toBeGreaterThan(100)
    expect(mirror.compacted).toEqual(direct.compacted)
    expect(mirror.messages).toEqual(direct.messages)
    expect(mirror.revisions).toEqual(direct.revisions)
    expect(mirror.messages.length).toBeLessThan(200)
  })

  it('with a post size and acks: small posts, one per ack, the same trace and revisions (deltas applied)', () => {
    const loop = new FakeLoop()
    const host = new WorkerHost(loop, { ackFrames: true, maxPostBytes: 4096 })
    host.handle({ type: 'load', scenario: DEFAULT })
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    // Playing (paused, posts may be much larger), from the start.
    host.handle({ type: 'cursor', atMs: 0, playing: true, speed: 1 })
    const acked = new Set<number>()
    for (let i = 0; i < 100_000 && loop.turn(); i++) {
      // The UI takes each frame in at its next animation frame.
      const last = loop.posts.length - 1
      if (loop.posts[last]?.event.type === 'frame' && !acked.has(last)) {
        acked.add(last)
        host.handle({ type: 'frame-ack' })
      }
    }
    const frames = loop.posts.filter((p) => p.event.type === 'frame')
    expect(frames.length).toBeGreaterThan(5)
    // Most posts keep to the size; a key written again goes as a delta.
    const sizes = frames.map((f) => JSON.stringify(f.event).length).sort((a, b) => a - b)
    // What playback is about to reach (here: the boot, at the cursor) may take twice the size.
    expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(4096 * 2.2)
    const wire = frames.flatMap((f) => (f.event.type === 'frame' ? f.event.revisions : []))
    expect(wire.some((r) => 'delta' in r)).toBe(true)
    const mirror = new Mirror()
    mirror.take(loop.events())
    const session = new Session()
    const direct = new Mirror()
    direct.take(session.load(DEFAULT))
    direct.take(session.apply(1, NGINX, 0))
    session.cursor(0, true, 1)
    for (let r = session.computeSome(); ; r = session.computeSome()) {
      direct.take(r.events)
      if (!r.more) break
    }
    expect(mirror.messages).toEqual(direct.messages)
    expect(mirror.revisions).toEqual(direct.revisions)
    expect(mirror.idleAtMs).toBe(direct.idleAtMs)
  })

  it('with acks, one load after another: every delta is against an object the UI holds', () => {
    const loop = new FakeLoop()
    const host = new WorkerHost(loop, { ackFrames: true, maxPostBytes: 8192 })
    const run = () => {
      let acked = loop.posts.length
      for (let i = 0; i < 100_000 && loop.turn(); i++) {
        if (loop.posts.length > acked) {
          acked = loop.posts.length
          host.handle({ type: 'frame-ack' })
        }
      }
    }
    const oneNode = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n'
    for (const clusterYaml of ['', oneNode, '']) {
      host.handle({ type: 'load', scenario: { ...DEFAULT, clusterYaml } })
      run()
    }
    // The mirror checks each delta against what it holds (a new object's base included).
    const mirror = new Mirror()
    mirror.take(loop.events())
    const wire = loop.events().flatMap((e) => (e.type === 'frame' ? e.revisions : []))
    expect(wire.some((r) => 'base' in r && r.base !== undefined)).toBe(true)
    expect(mirror.revisions.length).toBeGreaterThan(0)
  })

  it('handles a command between slices, flushing the old generation before the reset', () => {
    const { loop, host } = setup(0.1)
    host.handle({ type: 'load', scenario: DEFAULT })
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    // The first apply is answered; then playback asks for more, and one slice into computing it
    // (its frame not yet due), the user applies again.
    for (let i = 0; i < 1000 && !loop.events().some((e) => e.type === 'applied'); i++) loop.turn()
    host.handle({ type: 'cursor', atMs: 60_000, playing: true, speed: 1 })
    loop.turn()
    const before = loop.posts.length
    host.handle({ type: 'apply', requestId: 2, yaml: NGINX.replaceAll('nginx', 'second'), atMs: 500 })
    const now = loop.events().slice(before)
    // The reset goes at once, in one post: alone, or riding on what the old generation computed
    // before the fork (the reset counts from it; what it would drop is never posted).
    expect(now).toHaveLength(1)
    const post = now[0]
    const reset = post?.type === 'frame' ? post.followedBy?.[0] : post
    expect(reset?.type === 'reset' && reset.generation).toBe(3)
    if (post?.type === 'frame') {
      expect(post.generation).toBe(2)
      const seen = new Mirror()
      seen.take(loop.events().slice(0, before))
      const held = seen.messages.length
      seen.take([{ ...post, followedBy: undefined }])
      expect(seen.messages.slice(held).every((m) => m.sentAtMs < 500)).toBe(true)
    }
    loop.drain()
    const mirror = new Mirror()
    mirror.take(loop.events())
    expect(mirror.of('applied').map((a) => a.requestId)).toEqual([1, 2])
    expect(mirror.of('error')).toEqual([])
    // An apply's results go as soon as they are known, after the reset of its fork and ahead of
    // the trace still queued (the messages that produced them follow).
    const events = loop.events()
    const posted = (test: (e: WirePost) => boolean) =>
      events.findIndex((e) => test(e) || (e.type === 'frame' && (e.followedBy ?? []).some(test)))
    const applied = posted((e) => e.type === 'applied' && e.requestId === 2)
    expect(applied).toBeGreaterThanOrEqual(posted((e) => e.type === 'reset' && e.generation === 3))
    expect(
      mirror.messages.some(
        (m) => m.to === 'kubectl' && m.kind === 'http-response' && m.code === 201 && m.sentAtMs >= 500,
      ),
    ).toBe(true)
  })

  it('runs a node action: the reset at once, `applied` with kubectl’s output once the action is done', () => {
    const { loop, host } = setup()
    host.handle({ type: 'load', scenario: DEFAULT })
    host.handle({ type: 'node-action', requestId: 4, action: { type: 'cordon', atMs: 0, node: 'worker-1' } })
    expect(loop.events().map((e) => e.type)).toEqual(['reset', 'reset'])
    loop.drain()
    const mirror = new Mirror()
    mirror.take(loop.events())
    expect(mirror.of('applied')).toEqual([
      {
        type: 'applied',
        requestId: 4,
        atMs: 0,
        results: [],
        output: [{ text: 'node/worker-1 cordoned', stream: 'stdout' }],
      },
    ])
    expect(
      mirror.messages.some((m) => m.from === 'kubectl' && m.summary === 'PATCH /api/v1/nodes/worker-1'),
    ).toBe(true)
  })

  it('injects a fault: the reset at once, `applied` with what it did once its time is computed', () => {
    const { loop, host } = setup()
    host.handle({ type: 'load', scenario: DEFAULT })
    host.handle({ type: 'fault', requestId: 5, fault: { type: 'slow-etcd', atMs: 100, latencyMs: 20 } })
    expect(loop.events().map((e) => e.type)).toEqual(['reset', 'reset'])
    loop.drain()
    const mirror = new Mirror()
    mirror.take(loop.events())
    expect(mirror.of('applied')).toEqual([
      {
        type: 'applied',
        requestId: 5,
        atMs: 100,
        results: [],
        output: [{ text: 'fault: etcd slowed down (+20ms per request)', stream: 'stdout' }],
      },
    ])
    expect(mirror.messages.find((m) => m.stage === 'fault')).toMatchObject({ from: 'etcd', sentAtMs: 100 })
  })

  it('with acks, spare work waits until kubectl’s answer is posted and taken in, then goes on', () => {
    const { loop, host, ack, settle } = runningWithAcks()
    const tend = vi.spyOn(Spares.prototype, 'tend')
    // A re-apply at the cursor: its reset goes at once, its answer waits for the reset's ack.
    reapply(host)
    loop.runTasks()
    const answered = () => loop.events().some((e) => e.type === 'applied' && e.requestId === 2)
    expect(answered()).toBe(false)
    // No spare work while the answer waits (a spare's build would hold up the ack that lets it go).
    expect(tend).not.toHaveBeenCalled()
    for (let i = 0; i < 100 && !answered(); i++) {
      ack()
      loop.runTasks()
    }
    expect(answered()).toBe(true)
    // Nor while the UI renders the answer (it has not acknowledged the post yet): the main thread
    // needs the CPU.
    loop.runTasks()
    expect(tend).not.toHaveBeenCalled()
    ack()
    loop.runTasks()
    expect(tend).toHaveBeenCalled()
    settle()
    tend.mockRestore()
  })

  it('with acks, a fork’s reset waiting for an ack takes kubectl’s answer along in one post', () => {
    const { loop, host, ack } = runningWithAcks()
    // A post in flight (the UI has not taken it in yet) when the user applies again.
    host.handle({ type: 'message', requestId: 9, id: 1 })
    expect(loop.posts.at(-1)?.event.type).toBe('message-detail')
    const before = loop.posts.length
    reapply(host)
    loop.runTasks()
    expect(loop.posts.length).toBe(before)
    ack()
    loop.runTasks()
    const posted = loop.posts.slice(before).map((p) => p.event)
    // One post: the reset, with the answer riding on it.
    expect(posted).toHaveLength(1)
    const reset = posted.find((e) => e.type === 'reset' && e.requestId === 2)
    expect(reset?.type === 'reset' && reset.followedBy?.map((e) => e.type)).toEqual(['applied'])
  })

  it('answers message requests at once', () => {
    const { loop, host } = setup()
    host.handle({ type: 'load', scenario: DEFAULT })
    loop.drain()
    const before = loop.posts.length
    host.handle({ type: 'message', requestId: 5, id: 1 })
    expect(loop.events()[before]).toMatchObject({ type: 'message-detail', requestId: 5, message: { id: 1 } })
  })

  it('computes further when the cursor moves, and stops when caught up', () => {
    const { loop, host } = setup()
    host.handle({ type: 'load', scenario: DEFAULT })
    loop.drain()
    const last = () => {
      const frames = loop.events().filter((e) => e.type === 'frame')
      return frames[frames.length - 1] as Extract<WirePost, { type: 'frame' }>
    }
    expect(last().computedUntilMs).toBeLessThan(6000)
    host.handle({ type: 'cursor', atMs: 30_000, playing: true, speed: 1 })
    loop.drain()
    expect(last().computedUntilMs).toBeGreaterThanOrEqual(40_000)
  })

  it('sends a reset’s Nodes only when they differ from the last reset’s', () => {
    const { loop, host } = setup()
    const resets = () =>
      loop.events().filter((e) => e.type === 'reset') as Extract<WirePost, { type: 'reset' }>[]
    host.handle({ type: 'load', scenario: DEFAULT })
    loop.drain()
    // A fork keeps the cluster: its run's Nodes are other objects, equal to the ones the UI has.
    host.handle({ type: 'apply', requestId: 1, yaml: NGINX, atMs: 0 })
    loop.drain()
    const twoNodes = [1, 2]
      .map(
        (i) => `apiVersion: v1\nkind: Node\nmetadata:\n  name: n${i}\nstatus:\n  capacity:\n    cpu: "2"\n`,
      )
      .join('---\n')
    host.handle({ type: 'load', scenario: { ...DEFAULT, clusterYaml: twoNodes } })
    loop.drain()
    host.handle({ type: 'apply', requestId: 2, yaml: NGINX, atMs: 0 })
    loop.drain()
    // The default cluster again: its Nodes differ from the last ones sent.
    host.handle({ type: 'load', scenario: DEFAULT })
    loop.drain()
    expect(resets().map((r) => r.nodes?.map((n) => n.metadata?.name).join(','))).toEqual([
      'control-plane,worker-1,worker-2,worker-3',
      undefined,
      'n1,n2',
      undefined,
      'control-plane,worker-1,worker-2,worker-3',
    ])
  })

  it('posts errors instead of dying: a failing command, an unknown one', () => {
    const { loop, host } = setup()
    host.session.apply = () => {
      throw new Error('nope')
    }
    host.handle({ type: 'apply', requestId: 9, yaml: NGINX, atMs: 0 })
    host.handle({ type: 'bogus' } as unknown as Command)
    loop.drain()
    expect(loop.events()).toEqual([
      { type: 'error', requestId: 9, message: 'apply failed: nope' },
      { type: 'error', message: 'unknown command "bogus"' },
    ])
  })
})
