/**
 * A binary min-heap of scheduled kernel events ordered by (atMs, seq).
 *
 * `seq` is a global insertion counter, so two events due at the same virtual millisecond run in
 * the order they were scheduled. That total order is what makes the simulation deterministic.
 */
export interface Scheduled {
  readonly atMs: number
  readonly seq: number
  /** Background work (heartbeats, resyncs) does not keep the cluster "busy" when checking idleness. */
  readonly background: boolean
  cancelled: boolean
  /** Set when the event leaves the heap; cancelling it after that changes nothing. */
  popped?: boolean
  readonly run: () => void
}

export class EventHeap {
  private readonly items: Scheduled[] = []
  private foreground = 0

  get size(): number {
    return this.items.length
  }

  /** Number of pending non-background events that are not cancelled. */
  get foregroundSize(): number {
    return this.foreground
  }

  push(item: Scheduled): void {
    const items = this.items
    items.push(item)
    if (!item.background && !item.cancelled) this.foreground++
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = items[parent] as Scheduled
      if (!before(item, p)) break
      items[i] = p
      i = parent
    }
    items[i] = item
  }

  /** Cancel a pending event: it stays in the heap until popped, but no longer counts as work. */
  cancel(item: Scheduled): void {
    if (item.cancelled || item.popped) return
    item.cancelled = true
    if (!item.background) this.foreground--
  }

  peek(): Scheduled | undefined {
    return this.items[0]
  }

  pop(): Scheduled | undefined {
    const items = this.items
    const top = items[0]
    if (top === undefined) return undefined
    const last = items.pop() as Scheduled
    if (items.length > 0) {
      let i = 0
      const n = items.length
      for (;;) {
        const l = 2 * i + 1
        if (l >= n) break
        const r = l + 1
        let c = l
        if (r < n && before(items[r] as Scheduled, items[l] as Scheduled)) c = r
        const child = items[c] as Scheduled
        if (!before(child, last)) break
        items[i] = child
        i = c
      }
      items[i] = last
    }
    top.popped = true
    if (!top.background && !top.cancelled) this.foreground--
    return top
  }
}

function before(a: Scheduled, b: Scheduled): boolean {
  return a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq)
}
