/**
 * Data one scheduling attempt shares between its plugins (PreFilter computes, Filter reads), and
 * the plugins the framework skips for this attempt because their PreFilter/PreScore said Skip.
 *
 * kube-scheduler: pkg/scheduler/framework/cycle_state.go. One CycleState per attempt.
 */
/** State a plugin writes that must be copied, not shared, when the CycleState is cloned. */
export interface StateData {
  clone(): StateData
}

function isStateData(v: unknown): v is StateData {
  return typeof v === 'object' && v !== null && typeof (v as Partial<StateData>).clone === 'function'
}

/**
 * The Filter plugins an attempt runs: a framework's list (`from`) without the ones skipped when
 * `skipped` plugins were skipped. Kept on the CycleState by the framework (see filtersToRun).
 */
export interface FiltersToRun<P> {
  readonly from: readonly P[]
  readonly skipped: number
  readonly plugins: readonly P[]
}

export class CycleState {
  private readonly data = new Map<string, unknown>()
  /** Filter plugins whose PreFilter returned Skip (names are only ever added). */
  readonly skipFilterPlugins = new Set<string>()
  /**
   * The framework's Filter plugins minus the skipped ones, computed at the first node: Filter runs
   * for hundreds of nodes per attempt, and asking the skip set about every plugin on every node
   * cost more than most filters. Not copied by clone (the copy computes its own).
   */
  filtersToRun: FiltersToRun<unknown> | undefined = undefined
  /** Score plugins whose PreScore returned Skip. */
  readonly skipScorePlugins = new Set<string>()

  /**
   * What StateKeys read from `data`, by key id (see StateKey): an array slot instead of a map
   * lookup on every node. Emptied by every write.
   */
  readonly keyed: unknown[] = []

  write(key: string, value: unknown): void {
    this.data.set(key, value)
    if (this.keyed.length > 0) this.keyed.length = 0
  }

  /**
   * CycleState.Clone: preemption tries each candidate node on its own copy, and Filter adds
   * nominated pods to a copy. Values with a `clone()` (StateData) are deep-copied; plain values
   * are shared, so plugins whose state is changed by PreFilterExtensions must store StateData.
   */
  clone(): CycleState {
    const c = new CycleState()
    for (const [k, v] of this.data) c.data.set(k, isStateData(v) ? v.clone() : v)
    for (const p of this.skipFilterPlugins) c.skipFilterPlugins.add(p)
    for (const p of this.skipScorePlugins) c.skipScorePlugins.add(p)
    return c
  }

  /** The value stored under `key`, or undefined when the writer (a PreFilter) did not run. */
  read<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined
  }
}

/** A remembered read of a key that has no value (undefined is "not read yet"). */
const ABSENT = Symbol('absent')
let nextKeyId = 0

/**
 * A plugin's key in the CycleState, read through a slot of the state: Filter and Score run once
 * per node for the same state, and a slot is an array index instead of a map lookup per node. The
 * slot lives on the state (so nothing outlives the attempt) and every write empties the slots.
 * (The data read is the same either way; StateData changed in place by PreFilterExtensions is the
 * same object.)
 */
export class StateKey<T> {
  private readonly id = nextKeyId++

  constructor(readonly name: string) {}

  read(state: CycleState): T | undefined {
    const slots = state.keyed
    let v = slots[this.id]
    if (v === undefined) {
      const read = state.read<T>(this.name)
      v = read === undefined ? ABSENT : read
      slots[this.id] = v
    }
    return v === ABSENT ? undefined : (v as T)
  }

  write(state: CycleState, value: T): void {
    state.write(this.name, value)
  }
}
