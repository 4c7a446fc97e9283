/**
 * Spare builds of the session's scenario, kept just behind the cursor, so that a user action does
 * not rebuild the cluster and replay it from time 0 (half a second for a 100-node cluster; many
 * seconds for a thousand nodes). A user action at or after a spare's time is added to it
 * (Cluster.addAction orders it as a rebuild would, so the trace is the same), and the spare becomes
 * the run. The other spares take the action too and stay spares of the new scenario, so a second
 * action soon after the first finds one ready while a new spare replays from 0 in the background.
 *
 * Spares are computed only when the run has nothing to compute (the session calls `tend` then),
 * in slices like the run, and never past the cursor's millisecond.
 */
import type { ScenarioInput } from '../protocol/messages'
import type { Cluster } from '../sim/cluster/cluster'
import type { Scenario, ScenarioAction, UserAction } from '../sim/scenario/scenario'
import { parseAction, parseScenario } from './scenario-input'

/** How many spares a session keeps. */
export const SPARES = 2
/**
 * Each spare costs the memory of the run up to the cursor: a scenario whose spare needs more
 * messages than this to reach the cursor forks by rebuilding instead.
 */
export const SPARE_MAX_MESSAGES = 100_000

export interface SpareOptions {
  /** SPARES unless told otherwise; 0 keeps none (every fork rebuilds). */
  readonly count?: number
  /** SPARE_MAX_MESSAGES unless told otherwise. */
  readonly maxMessages?: number
}

interface Spare {
  readonly cluster: Cluster
  /** The scenario's actions as the spare's cluster holds them; index i is `input.actions[i]`. */
  readonly actions: readonly ScenarioAction[]
  /** The scenario it was built from: a spare of any other one is of no use. */
  readonly input: ScenarioInput
}

/** The run a fork starts from: a spare with the new action added. */
export interface TakenSpare {
  readonly cluster: Cluster
  readonly actions: readonly ScenarioAction[]
}

export class Spares {
  private readonly count: number
  private readonly maxMessages: number
  private pool: Spare[] = []
  /** No spares for this scenario: it grew too large, or a spare failed (the run will say why). */
  private off = false

  constructor(
    /** Builds a cluster as the session builds its runs (the same trace retention). */
    private readonly build: (scenario: Scenario) => Cluster,
    options: SpareOptions = {},
  ) {
    this.count = options.count ?? SPARES
    this.maxMessages = options.maxMessages ?? SPARE_MAX_MESSAGES
  }

  /** A new scenario was loaded: no spare is of use, and spares may be kept again. */
  reset(): void {
    this.pool = []
    this.off = false
  }

  /** The scenario changed in a way no spare followed. */
  drop(): void {
    this.pool = []
  }

  /**
   * Work toward `count` spares of `input`, each run up to the events before the cursor's
   * millisecond (an action applied at the cursor can still be added). First the spare closest to
   * the cursor catches up with it (the one the next action will take), then a missing spare is
   * built, then the others catch up, the closest first; each step is one build, or up to
   * `maxEvents` events. True while there is more to do.
   */
  tend(input: ScenarioInput, cursorMs: number, maxEvents: number): boolean {
    if (this.off || this.count === 0) return false
    const limitMs = Math.floor(cursorMs)
    // Of another scenario, or past the cursor (the user went back): no use any more.
    this.pool = this.pool.filter((s) => s.input === input && s.cluster.kernel.canScheduleAt(limitMs))
    // Closest to the cursor first.
    this.pool.sort((a, b) => b.cluster.kernel.nowMs - a.cluster.kernel.nowMs)
    const behind = (s: Spare) => (s.cluster.kernel.nextEventAtMs ?? limitMs) < limitMs
    try {
      const leader = this.pool[0]
      if (leader && behind(leader)) return this.catchUp(leader, limitMs, maxEvents)
      if (this.pool.length < this.count) {
        const parsed = parseScenario(input)
        if (!parsed.ok) return false
        this.pool.push({
          cluster: this.build(parsed.scenario),
          actions: parsed.actions.map((a) => a.action),
          input,
        })
        return true
      }
      const next = this.pool.find(behind)
      return next ? this.catchUp(next, limitMs, maxEvents) : false
    } catch {
      this.stop()
      return false
    }
  }

  /** Run `spare` for up to `maxEvents` events before `limitMs`; true (there may be more to do). */
  private catchUp(spare: Spare, limitMs: number, maxEvents: number): boolean {
    const kernel = spare.cluster.kernel
    for (let n = 0; n < maxEvents; n++) {
      const next = kernel.nextEventAtMs
      if (next === undefined || next >= limitMs) break
      kernel.stepEvent()
    }
    if (kernel.messageCount > this.maxMessages) this.stop()
    return true
  }

  /**
   * The run for `next`, which is `base` with one user action added at `index` (its last), taken
   * from the spare closest to the action's time that can still take it; the other spares that
   * can take it too stay spares of `next`. Undefined (and no spares left) when none can.
   */
  take(
    base: ScenarioInput,
    next: ScenarioInput,
    action: ScenarioAction,
    index: number,
  ): TakenSpare | undefined {
    const usable = this.pool.filter(
      (s) =>
        s.input === base &&
        s.actions.length === index &&
        index === next.actions.length - 1 &&
        s.cluster.canAddAction(action, index),
    )
    this.pool = []
    if (usable.length === 0) return undefined
    // The closest to the action's time: the least left to replay.
    usable.sort((a, b) => b.cluster.kernel.nowMs - a.cluster.kernel.nowMs)
    const [closest, ...others] = usable as [Spare, ...Spare[]]
    closest.cluster.addAction(action as UserAction, index)
    for (const spare of others) {
      // Its own parse of the action: clusters never share the objects they are given.
      const own = parseAction(next.actions[index] as ScenarioInput['actions'][number])
      if (!own.ok) continue
      spare.cluster.addAction(own.action.action as UserAction, index)
      this.pool.push({ cluster: spare.cluster, actions: [...spare.actions, own.action.action], input: next })
    }
    return { cluster: closest.cluster, actions: [...closest.actions, action] }
  }

  private stop(): void {
    this.pool = []
    this.off = true
  }
}
