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

export class CycleState {
  private readonly data = new Map<string, unknown>()
  /** Filter plugins whose PreFilter returned Skip. */
  readonly skipFilterPlugins = new Set<string>()
  /** Score plugins whose PreScore returned Skip. */
  readonly skipScorePlugins = new Set<string>()

  write(key: string, value: unknown): void {
    this.data.set(key, value)
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
