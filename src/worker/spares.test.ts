/**
 * The spares themselves (spares.ts): how many are kept, what they check as they replay, and what
 * a fork taking one is handed. The session's use of them is session-spare.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { ScenarioInput } from '../protocol/messages'
import { webDeployment } from '../scenarios/manifests'
import { Cluster } from '../sim/cluster/cluster'
import type { Message } from '../sim/kernel/trace'
import type { Scenario } from '../sim/scenario/scenario'
import { noActivity, scanActivity } from './activity'
import type { KeptTrace } from './same-message'
import { parseAction, parseScenario } from './scenario-input'
import { DEFAULT_SCENARIO } from './session'
import { type SpareOptions, Spares } from './spares'

const CURSOR_MS = 3_000
const input: ScenarioInput = {
  ...DEFAULT_SCENARIO,
  actions: [{ type: 'apply', atMs: 0, yaml: webDeployment(3) }],
}
const build = (scenario: Scenario) => new Cluster(scenario)

/** The run the UI was sent: the scenario computed up to the cursor. */
function sentRun(): Cluster {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error('bad scenario')
  const cluster = build(parsed.scenario)
  cluster.run({ untilMs: CURSOR_MS + 1_000 })
  return cluster
}

/** What the UI holds: `messages`, by id from 1. */
function keptOf(messages: readonly Message[]): KeptTrace {
  return { from: 1, through: messages.length, message: (id) => messages[id - 1] }
}

/** Tend until there is nothing more to do (at `cursorMs`, playing or not). */
function settle(spares: Spares, cursorMs = CURSOR_MS, playing = false): void {
  for (let i = 0; i < 2_000; i++) if (!spares.tend(input, cursorMs, 500, playing)) return
  throw new Error('spares did not settle')
}

/** For each spare, whether it has replayed every event before `cursorMs`. */
function caughtUp(spares: Spares, cursorMs: number): boolean[] {
  const pool = (spares as unknown as { pool: { cluster: Cluster }[] }).pool
  return pool.map((s) => (s.cluster.kernel.nextEventAtMs ?? Number.POSITIVE_INFINITY) >= cursorMs)
}

function sparesOf(options: SpareOptions, kept?: KeptTrace): Spares {
  return new Spares(build, options, kept)
}

describe('Spares', () => {
  it('keeps as many as fit in the message budget for all of them, up to the count', () => {
    const all = sparesOf({ count: 4 })
    settle(all)
    expect(all.size).toBe(4)
    // One spare's messages at the cursor: room for two and a half.
    const one = sparesOf({ count: 1 })
    settle(one)
    const taken = one.take(input, nextInput(), parsedNext(), 1)
    const messages = taken?.cluster.kernel.messageCount ?? 0
    expect(messages).toBeGreaterThan(100)
    const two = sparesOf({ count: 4, maxMessages: Math.floor(messages * 2.5) })
    settle(two)
    expect(two.size).toBe(2)
    // Not even one fits: none, and no more are built for this scenario.
    const none = sparesOf({ count: 4, maxMessages: Math.floor(messages / 2) })
    settle(none)
    expect(none.size).toBe(0)
    expect(none.idle).toBe(true)
  })

  it('while playing, builds one spare and keeps it with the cursor; the others wait for a pause', () => {
    const spares = sparesOf({ count: 3 })
    settle(spares, 1_000, true)
    expect(spares.size).toBe(1)
    settle(spares, CURSOR_MS, true)
    expect(caughtUp(spares, CURSOR_MS)).toEqual([true])
    // Paused: the others are built and catch up too.
    settle(spares, CURSOR_MS, false)
    expect(caughtUp(spares, CURSOR_MS)).toEqual([true, true, true])
    // Playing on, past the nodes' next heartbeats: the closest follows, the others stay behind.
    const later = CURSOR_MS + 20_000
    settle(spares, later, true)
    expect(caughtUp(spares, later)).toEqual([true, false, false])
    settle(spares, later, false)
    expect(caughtUp(spares, later)).toEqual([true, true, true])
  })

  it('checks what it replays against what the UI holds, and hands a fork what it checked', () => {
    const run = sentRun()
    const spares = sparesOf({ count: 2 }, keptOf(run.kernel.trace))
    settle(spares)
    expect(spares.size).toBe(2)
    const taken = spares.take(input, nextInput(), parsedNext(), 1)
    const kernel = taken?.cluster.kernel
    expect(kernel?.nowMs).toBeLessThan(CURSOR_MS)
    // Everything it replayed was checked, and its activity looked at, up to its last message.
    expect(taken?.checkedThrough).toBe(kernel?.messageCount)
    const scratch = noActivity()
    if (kernel) scanActivity(kernel, scratch)
    expect(taken?.activity).toEqual(scratch)
    expect(scratch.lastActivityMs).toBeGreaterThan(0)
    // The other spare stays, with the action, its checks and its activity.
    expect(spares.size).toBe(1)
  })

  it('what the UI no longer holds is checked again', () => {
    const run = sentRun()
    const spares = sparesOf({ count: 1 }, keptOf(run.kernel.trace))
    settle(spares)
    spares.keptBelow(50)
    expect(spares.take(input, nextInput(), parsedNext(), 1)?.checkedThrough).toBe(49)
  })

  it('a replay that differs from what the UI holds: no spare is kept for the scenario', () => {
    const run = sentRun()
    const messages = run.kernel.trace.map((m) =>
      m.id === 40 ? { ...m, summary: `${m.summary} (changed)` } : m,
    )
    const spares = sparesOf({ count: 2 }, keptOf(messages))
    settle(spares)
    expect(spares.size).toBe(0)
    expect(spares.idle).toBe(true)
  })
})

/** The scenario with a re-apply at the cursor, and that action as a spare takes it. */
function nextInput(): ScenarioInput {
  return { ...input, actions: [...input.actions, { type: 'apply', atMs: CURSOR_MS, yaml: webDeployment(4) }] }
}
function parsedNext() {
  const parsed = parseAction(nextInput().actions[1] as ScenarioInput['actions'][number])
  if (!parsed.ok) throw new Error('bad action')
  return parsed.action.action
}
