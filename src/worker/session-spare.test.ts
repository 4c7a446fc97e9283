/**
 * The session's spares (spares.ts): builds of the scenario kept just behind the cursor, which a
 * user action at or after their time joins instead of a rebuild from time 0. What the UI is sent
 * must be what a session without spares sends — the same trace, revisions and answers — only
 * sooner.
 */
import { describe, expect, it, vi } from 'vitest'
import type { ScenarioInput, WorkerEvent } from '../protocol/messages'
import { webDeployment } from '../scenarios/manifests'
import { DEFAULT_SCENARIO, Session, type SessionOptions } from './session'
import { Spares } from './spares'
import { Mirror } from './testing/mirror'

/** The library's Deployment `web`, with another image when given. */
const deployment = (replicas: number, image?: string) =>
  image ? webDeployment(replicas).replace('image: nginx:1.27', `image: ${image}`) : webDeployment(replicas)

/** Compute until caught up, the spare's work included (as the worker does when nothing else waits). */
function settle(session: Session, mirror: Mirror, budget = 500): { spareCalls: number } {
  let spareCalls = 0
  for (let i = 0; i < 100_000; i++) {
    const r = session.computeSome(budget)
    mirror.take(r.events)
    if (r.spareWork) spareCalls++
    if (!r.more && !r.spareWork) return { spareCalls }
  }
  throw new Error('session did not settle')
}

type Step =
  | { readonly cursor: number }
  | { readonly apply: string; readonly at: number }
  | { readonly delete: string; readonly at: number }
  | { readonly nodeDown: string; readonly at: number }

/** Play `steps` on a new session; what the UI holds at the end, and every answer it got. */
function play(options: SessionOptions, steps: readonly Step[], scenario: ScenarioInput = DEFAULT_SCENARIO) {
  const session = new Session(options)
  const mirror = new Mirror()
  mirror.take(session.load(scenario))
  settle(session, mirror)
  let requestId = 1
  const forkStarts: number[] = []
  for (const step of steps) {
    if ('cursor' in step) session.cursor(step.cursor, true, 0.25)
    else {
      const events =
        'apply' in step
          ? session.apply(requestId++, step.apply, step.at)
          : 'delete' in step
            ? session.delete(
                requestId++,
                { apiVersion: 'apps/v1', kind: 'Deployment', name: step.delete },
                step.at,
              )
            : session.fault(requestId++, {
                type: 'node-down',
                atMs: step.at,
                node: step.nodeDown,
                mode: 'stop',
              })
      mirror.take(events)
      // Where the fork's run starts: 0 for a rebuild, just before the fork for a spare.
      forkStarts.push(session.cluster?.kernel.nowMs ?? -1)
    }
    settle(session, mirror)
  }
  const answers = mirror.events
    .filter((e): e is Extract<WorkerEvent, { type: 'applied' | 'parse-error' | 'error' }> =>
      ['applied', 'parse-error', 'error'].includes(e.type),
    )
    .map((e) => JSON.stringify(e))
  return {
    messages: mirror.messages.map((m) => JSON.stringify(m)),
    revisions: mirror.revisions.map((r) => JSON.stringify(r)),
    answers,
    forkStarts,
  }
}

describe('Session: forks through the spare', () => {
  const steps: Step[] = [
    { apply: deployment(3), at: 0 },
    { cursor: 1_500 },
    { apply: deployment(5), at: 1_500 },
    { cursor: 2_000 },
    { apply: deployment(5, 'nginx:1.28'), at: 2_000 },
    { cursor: 2_500 },
    { delete: 'web', at: 2_600 },
    // Before the cursor: the spare is past it, so the fork rebuilds (and a new spare follows).
    { apply: deployment(2), at: 1_000 },
    // A fault is planned before a run starts: always a rebuild.
    { cursor: 3_000 },
    { nodeDown: 'worker-2', at: 3_000 },
    { cursor: 4_000 },
    { apply: deployment(4), at: 4_200 },
  ]

  it('sends the UI exactly what rebuilding sends: the same trace, revisions and answers', () => {
    const spare = play({}, steps)
    const rebuild = play({ spares: { count: 0 } }, steps)
    expect(spare.answers.length).toBe(7)
    expect(spare.answers).toEqual(rebuild.answers)
    expect(spare.messages.length).toBeGreaterThan(1_000)
    expect(spare.messages).toEqual(rebuild.messages)
    expect(spare.revisions).toEqual(rebuild.revisions)
    // Without spares every fork replays from time 0; with them, all but the one before the cursor
    // and the fault start where the spare was, behind the cursor (the first at 0, where it was).
    expect(rebuild.forkStarts.every((t) => t === 0)).toBe(true)
    const started = spare.forkStarts
    expect(started[0]).toBe(0)
    for (const [i, cursor] of [
      [1, 1_500],
      [2, 2_000],
      [3, 2_500],
      [6, 4_000],
    ] as const) {
      expect(started[i], `fork ${i}`).toBeLessThan(cursor)
      expect(started[i], `fork ${i}`).toBeGreaterThan(cursor - 1_000)
    }
    expect(started[4]).toBe(0)
    expect(started[5]).toBe(0)
  })

  it('a second apply right after the first starts from the other spare, which took the first action too', () => {
    // Paused (an apply pauses playback in the app): every spare follows the cursor.
    const run = (options: SessionOptions, playing = false) => {
      const session = new Session(options)
      const mirror = new Mirror()
      mirror.take(session.load(DEFAULT_SCENARIO))
      mirror.take(session.apply(1, deployment(3), 0))
      session.cursor(1_500, playing, 0.25)
      settle(session, mirror)
      mirror.take(session.apply(2, deployment(5), 1_500))
      // Only until kubectl's answer: no time for a new spare to replay from 0.
      for (let i = 0; i < 10_000 && mirror.of('applied').length < 2; i++)
        mirror.take(session.computeSome(500).events)
      session.cursor(1_600, playing, 0.25)
      mirror.take(session.apply(3, deployment(3, 'nginx:1.28'), 1_600))
      const startedAt = session.cluster?.kernel.nowMs
      settle(session, mirror)
      return {
        startedAt,
        messages: mirror.messages,
        revisions: mirror.revisions,
        applied: mirror.of('applied'),
      }
    }
    const spares = run({})
    const rebuild = run({ spares: { count: 0 } })
    expect(spares.startedAt).toBeGreaterThanOrEqual(1_000)
    expect(rebuild.startedAt).toBe(0)
    expect(spares.applied).toHaveLength(3)
    expect(spares.applied).toEqual(rebuild.applied)
    expect(spares.messages).toEqual(rebuild.messages)
    expect(spares.revisions).toEqual(rebuild.revisions)
    // Playing, one spare follows the cursor (spares.ts): the second apply took it, and the third,
    // with no time between, starts from a spare replaying from 0. The run is the same.
    const playing = run({}, true)
    expect(playing.startedAt).toBeLessThan(1_000)
    expect(playing.applied).toEqual(rebuild.applied)
    expect(playing.messages).toEqual(rebuild.messages)
    expect(playing.revisions).toEqual(rebuild.revisions)
  })

  it('keeps the spare behind the cursor, whose millisecond an apply can still take', () => {
    const session = new Session()
    const mirror = new Mirror()
    mirror.take(session.load(DEFAULT_SCENARIO))
    session.cursor(1_234.6, false, 1)
    const { spareCalls } = settle(session, mirror)
    expect(spareCalls).toBeGreaterThan(0)
    mirror.take(session.apply(1, deployment(1), 1_234))
    // The fork's run is the spare: it has run the boot, up to (not into) the apply's millisecond.
    const kernel = session.cluster?.kernel
    expect(kernel?.nowMs).toBeLessThan(1_234)
    expect(kernel?.messageCount).toBeGreaterThan(100)
    settle(session, mirror)
    expect(mirror.of('applied')).toHaveLength(1)
  })

  it('keeps no spare once it would need more messages than the limit, and forks by rebuilding', () => {
    const session = new Session({ spares: { maxMessages: 200 } })
    const mirror = new Mirror()
    mirror.take(session.load(DEFAULT_SCENARIO))
    mirror.take(session.apply(1, deployment(3), 0))
    settle(session, mirror)
    session.cursor(5_000, false, 1)
    settle(session, mirror)
    mirror.take(session.apply(2, deployment(4), 5_000))
    expect(session.cluster?.kernel.nowMs).toBe(0)
    settle(session, mirror)
    expect(mirror.of('applied')).toHaveLength(2)
  })

  it('replays a spare in steps a quarter of the run’s (a command waits behind the step in progress)', () => {
    const tend = vi.spyOn(Spares.prototype, 'tend')
    const session = new Session({})
    const mirror = new Mirror()
    mirror.take(session.load(DEFAULT_SCENARIO))
    session.cursor(3_000, false, 1)
    settle(session, mirror, 200)
    expect(tend).toHaveBeenCalled()
    expect(new Set(tend.mock.calls.map((c) => c[2]))).toEqual(new Set([50]))
    tend.mockRestore()
  })
})
