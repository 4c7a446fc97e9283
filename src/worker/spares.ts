/**
 * Spare builds of the session's scenario, kept just behind the cursor, so that a user action does
 * not rebuild the cluster and replay it from time 0 (half a second for a 100-node cluster; many
 * seconds for a thousand nodes). A user action at or after a spare's time is added to it
 * (Cluster.addAction orders it as a rebuild would, so the trace is the same), and the spare becomes
 * the run. The other spares take the action too and stay spares of the new scenario, so a second
 * action soon after the first finds one ready while a new spare replays from 0 in the background.
 *
 * Spares are computed only when the run has nothing to compute (the session calls `tend` then),
 * in slices like the run, and never past the cursor's millisecond. As a spare replays, what it
 * produced is checked against the messages the UI holds (a fork must reproduce them), so that a
 * fork taking it has only the rest to check, not the whole trace while the user waits.
 */
import type { ScenarioInput } from '../protocol/messages'
import type { Cluster } from '../sim/cluster/cluster'
import type { Scenario, ScenarioAction, UserAction } from '../sim/scenario/scenario'
import { type Activity, noActivity, scanActivity } from './activity'
import { checkAgainst, type KeptTrace } from './same-message'
import { parseAction, parseScenario } from './scenario-input'

/**
 * At most this many spares: four forks in quick succession (a user re-applying while the rollout
 * plays) each find one ready, while the next is built in the background.
 */
export const SPARES = 4
/**
 * The spares together hold at most this many messages (each costs the memory of the run up to the
 * cursor, about 1 KiB per message for a 100-node cluster): as many spares as fit, up to SPARES.
 * A scenario whose single spare would need more forks by rebuilding instead.
 */
export const SPARE_MAX_MESSAGES = 200_000

export interface SpareOptions {
  /** SPARES unless told otherwise; 0 keeps none (every fork rebuilds). */
  readonly count?: number
  /** SPARE_MAX_MESSAGES unless told otherwise: for all spares together. */
  readonly maxMessages?: number
}

interface Spare {
  readonly cluster: Cluster
  /** The scenario's actions as the spare's cluster holds them; index i is `input.actions[i]`. */
  readonly actions: readonly ScenarioAction[]
  /** The scenario it was built from: a spare of any other one is of no use. */
  readonly input: ScenarioInput
  /** Its messages up to this id are the ones the UI holds. */
  checkedThrough: number
  /** Its last activity, looked at as it replays (activity.ts). */
  readonly activity: Activity
}

/** The run a fork starts from: a spare with the new action added. */
export interface TakenSpare {
  readonly cluster: Cluster
  readonly actions: readonly ScenarioAction[]
  /** Its messages up to this id are the ones the UI holds (checked as it replayed). */
  readonly checkedThrough: number
  /** Its last activity, as far as it replayed. */
  readonly activity: Activity
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
    /** The messages the UI holds, which a spare's replay must reproduce. */
    private readonly kept?: KeptTrace,
  ) {
    this.count = options.count ?? SPARES
    this.maxMessages = options.maxMessages ?? SPARE_MAX_MESSAGES
  }

  /** How many spares there are now. */
  get size(): number {
    return this.pool.length
  }

  /** Whether there is nothing to keep (no spares wanted, or none for this scenario). */
  get idle(): boolean {
    return this.off || this.count === 0
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

  /** The UI now holds only the messages below `id`: what was checked from there on is to check again. */
  keptBelow(id: number): void {
    for (const spare of this.pool) spare.checkedThrough = Math.min(spare.checkedThrough, id - 1)
  }

  /**
   * Work toward `count` spares of `input`, each run up to the events before the cursor's
   * millisecond (an action applied at the cursor can still be added). First the spare closest to
   * the cursor catches up with it (the one the next action will take), then a missing spare is
   * built, then the others catch up, the closest first; each step is one build, or up to
   * `maxEvents` events. While `playing`, only the first spare is built and kept up with the
   * cursor. True while there is more to do.
   */
  tend(input: ScenarioInput, cursorMs: number, maxEvents: number, playing = false): boolean {
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
      // While playing, one spare follows the cursor and the others wait for a pause: each spare
      // replays what the cursor passes, and on two cores the replays took the frames' time.
      if (playing && leader) return false
      if (this.pool.length < this.wanted()) {
        const parsed = parseScenario(input)
        if (!parsed.ok) return false
        this.pool.push({
          cluster: this.build(parsed.scenario),
          actions: parsed.actions.map((a) => a.action),
          input,
          checkedThrough: 0,
          activity: noActivity(),
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

  /** Messages the spares hold. */
  private held(): number {
    let n = 0
    for (const spare of this.pool) n += spare.cluster.kernel.messageCount
    return n
  }

  /**
   * How many spares fit in maxMessages, each about as large as the one closest to the cursor
   * will be once caught up (the pool is sorted closest first).
   */
  private wanted(): number {
    const largest = this.pool[0]?.cluster.kernel.messageCount ?? 0
    return largest === 0 ? this.count : Math.min(this.count, Math.floor(this.maxMessages / largest))
  }

  /** Run `spare` for up to `maxEvents` events before `limitMs`; true (there may be more to do). */
  private catchUp(spare: Spare, limitMs: number, maxEvents: number): boolean {
    const kernel = spare.cluster.kernel
    for (let n = 0; n < maxEvents; n++) {
      const next = kernel.nextEventAtMs
      if (next === undefined || next >= limitMs) break
      kernel.stepEvent()
    }
    if (this.held() > this.maxMessages) {
      // Too many for the memory they may take: keep the ones closest to the cursor (the next
      // forks take those), or none when even one is too large.
      this.pool.sort((a, b) => b.cluster.kernel.nowMs - a.cluster.kernel.nowMs)
      while (this.pool.length > 1 && this.held() > this.maxMessages) this.pool.pop()
      if (this.held() > this.maxMessages) this.stop()
      if (!this.pool.includes(spare)) return true
    }
    scanActivity(kernel, spare.activity)
    if (this.kept) {
      const checked = checkAgainst(this.kept, kernel, spare.checkedThrough)
      // Not what the run produced: the simulation is not a function of its scenario, and no
      // replay of it is worth keeping (the fork that finds this says so).
      if (checked.differsAt !== undefined) this.stop()
      else spare.checkedThrough = checked.checkedThrough
    }
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
      // Its own action: clusters share only frozen objects (the apply's, from parseApply's memo).
      const own = parseAction(next.actions[index] as ScenarioInput['actions'][number])
      if (!own.ok) continue
      spare.cluster.addAction(own.action.action as UserAction, index)
      this.pool.push({
        cluster: spare.cluster,
        actions: [...spare.actions, own.action.action],
        input: next,
        checkedThrough: spare.checkedThrough,
        activity: spare.activity,
      })
    }
    return {
      cluster: closest.cluster,
      actions: [...closest.actions, action],
      checkedThrough: closest.checkedThrough,
      activity: closest.activity,
    }
  }

  private stop(): void {
    this.pool = []
    this.off = true
  }
}
