/**
 * Data one scheduling attempt shares between its plugins (PreFilter computes, Filter reads), and
 * the plugins the framework skips for this attempt because their PreFilter/PreScore said Skip.
 *
 * kube-scheduler: pkg/scheduler/framework/cycle_state.go. One CycleState per attempt.
 */
export class CycleState {
  private readonly data = new Map<string, unknown>()
  /** Filter plugins whose PreFilter returned Skip. */
  readonly skipFilterPlugins = new Set<string>()
  /** Score plugins whose PreScore returned Skip. */
  readonly skipScorePlugins = new Set<string>()

  write(key: string, value: unknown): void {
    this.data.set(key, value)
  }

  /** The value stored under `key`, or undefined when the writer (a PreFilter) did not run. */
  read<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined
  }
}
