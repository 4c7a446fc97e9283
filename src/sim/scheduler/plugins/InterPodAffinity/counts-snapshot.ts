/**
 * Counts per topology value (value → count) that the kept walks (walk-cache.ts) lend to each
 * scheduling cycle's PreFilter state without copying them. With 3,000 pods of an anti-affinity
 * group, copying the counts (one value per node) was most of a cycle; a snapshot is a base map
 * that is never changed again plus the few changes made since, copied.
 */

/** Immutable counts: `base`, with `changes` over it (a value at 0 is one that went away). */
export class CountsSnapshot {
  constructor(
    private readonly base: ReadonlyMap<string, number>,
    private readonly changes: ReadonlyMap<string, number>,
    /** How many values have a non-zero count. */
    readonly size: number,
  ) {}

  /** The count of `value`; undefined when it has none. */
  get(value: string): number | undefined {
    const n = this.changes.has(value) ? this.changes.get(value) : this.base.get(value)
    return n === 0 ? undefined : n
  }

  /** Every value with a non-zero count, once. */
  *entries(): IterableIterator<[string, number]> {
    for (const [value, n] of this.base) if (!this.changes.has(value)) yield [value, n]
    for (const [value, n] of this.changes) if (n !== 0) yield [value, n]
  }

  /** A mutable copy (for a PreFilter state that preemption or nominated pods change). */
  toMap(): Map<string, number> {
    return new Map(this.entries())
  }
}

/**
 * The kept walks' counts: changed in place until a snapshot is lent, then changes go to a small
 * side map, so that every snapshot lent stays as it was. When the side map grows past a share of
 * the base, the next snapshot folds it into a new base (the old one stays with its borrowers).
 */
export class LendableCounts {
  private base = new Map<string, number>()
  private changes = new Map<string, number>()
  /** Whether `base` was lent (and so must not change). */
  private lent = false
  private count = 0

  /** How many values have a non-zero count. */
  get size(): number {
    return this.count
  }

  /** Adds `delta` to `value` (counts never go below 0). */
  bump(value: string, delta: number): void {
    const before = this.changes.has(value) ? (this.changes.get(value) as number) : (this.base.get(value) ?? 0)
    const after = before + delta
    if (before === 0 && after !== 0) this.count++
    else if (before !== 0 && after === 0) this.count--
    if (this.lent) this.changes.set(value, after)
    else if (after === 0) this.base.delete(value)
    else this.base.set(value, after)
  }

  /** Calls `f` with every value that has a non-zero count. */
  forEach(f: (value: string, n: number) => void): void {
    for (const [value, n] of this.base) if (!this.changes.has(value)) f(value, n)
    for (const [value, n] of this.changes) if (n !== 0) f(value, n)
  }

  /** The counts as they are now, never to change. */
  lend(): CountsSnapshot {
    if (this.changes.size * 8 > this.base.size + 64) {
      // Fold the changes into a new base (the lent one is left as it is).
      const base = new Map<string, number>()
      for (const [value, n] of this.base) if (!this.changes.has(value)) base.set(value, n)
      for (const [value, n] of this.changes) if (n !== 0) base.set(value, n)
      this.base = base
      this.changes = new Map()
    }
    this.lent = true
    return new CountsSnapshot(
      this.base,
      this.changes.size === 0 ? NO_CHANGES : new Map(this.changes),
      this.count,
    )
  }
}

const NO_CHANGES: ReadonlyMap<string, number> = new Map()
