/**
 * A binary heap whose items can be found, updated and removed by key, like kube-scheduler's
 * pkg/scheduler/backend/heap. Items the order function cannot tell apart come out in insertion
 * order (a sequence number breaks ties), which keeps equal-priority pods FIFO and runs
 * deterministic; Go's heap leaves that order unspecified.
 */
interface Entry<T> {
  item: T
  seq: number
  /** Where the entry is in `entries`: moving it is a field write, not a map update per level. */
  pos: number
}

export class KeyedHeap<T> {
  private readonly entries: Entry<T>[] = []
  private readonly index = new Map<string, Entry<T>>()
  private seq = 0

  constructor(
    private readonly keyOf: (item: T) => string,
    private readonly less: (a: T, b: T) => boolean,
  ) {}

  get size(): number {
    return this.entries.length
  }

  has(key: string): boolean {
    return this.index.has(key)
  }

  get(key: string): T | undefined {
    return this.index.get(key)?.item
  }

  peek(): T | undefined {
    return this.entries[0]?.item
  }

  /** Add, or replace the item with the same key and restore the order. */
  addOrUpdate(item: T): void {
    const key = this.keyOf(item)
    const e = this.index.get(key)
    if (e !== undefined) {
      e.item = item
      this.fix(e.pos)
      return
    }
    const entry: Entry<T> = { item, seq: this.seq++, pos: this.entries.length }
    this.entries.push(entry)
    this.index.set(key, entry)
    this.up(entry.pos)
  }

  pop(): T | undefined {
    if (this.entries.length === 0) return undefined
    const top = this.entries[0] as Entry<T>
    this.index.delete(this.keyOf(top.item))
    this.removeAt(0)
    return top.item
  }

  delete(key: string): boolean {
    const e = this.index.get(key)
    if (e === undefined) return false
    this.index.delete(key)
    this.removeAt(e.pos)
    return true
  }

  list(): T[] {
    return this.entries.map((e) => e.item)
  }

  /** Remove the entry at `i` (its key is already out of the index). */
  private removeAt(i: number): void {
    const last = this.entries.pop() as Entry<T>
    if (i < this.entries.length) {
      this.entries[i] = last
      last.pos = i
      this.fix(i)
    }
  }

  private before(a: Entry<T>, b: Entry<T>): boolean {
    if (this.less(a.item, b.item)) return true
    // Not less: `a` comes first only if `b` is not less either and `a` came first. Sequence
    // numbers differ, so a later `a` loses without asking the order function again.
    if (a.seq > b.seq) return false
    return !this.less(b.item, a.item)
  }

  private fix(i: number): void {
    if (!this.up(i)) this.down(i)
  }

  private up(i: number): boolean {
    const start = i
    const e = this.entries[i] as Entry<T>
    while (i > 0) {
      const parent = (i - 1) >> 1
      const p = this.entries[parent] as Entry<T>
      if (!this.before(e, p)) break
      this.entries[i] = p
      p.pos = i
      i = parent
    }
    this.entries[i] = e
    e.pos = i
    return i !== start
  }

  private down(i: number): void {
    const n = this.entries.length
    const e = this.entries[i] as Entry<T>
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) break
      const r = l + 1
      let c = l
      if (r < n && this.before(this.entries[r] as Entry<T>, this.entries[l] as Entry<T>)) c = r
      const child = this.entries[c] as Entry<T>
      if (!this.before(child, e)) break
      this.entries[i] = child
      child.pos = i
      i = c
    }
    this.entries[i] = e
    e.pos = i
  }
}
