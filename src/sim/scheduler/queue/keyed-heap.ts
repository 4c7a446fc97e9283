/**
 * A binary heap whose items can be found, updated and removed by key, like kube-scheduler's
 * pkg/scheduler/backend/heap. Items the order function cannot tell apart come out in insertion
 * order (a sequence number breaks ties), which keeps equal-priority pods FIFO and runs
 * deterministic; Go's heap leaves that order unspecified.
 */
interface Entry<T> {
  item: T
  seq: number
}

export class KeyedHeap<T> {
  private readonly entries: Entry<T>[] = []
  private readonly index = new Map<string, number>()
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
    const i = this.index.get(key)
    return i === undefined ? undefined : (this.entries[i] as Entry<T>).item
  }

  peek(): T | undefined {
    return this.entries[0]?.item
  }

  /** Add, or replace the item with the same key and restore the order. */
  addOrUpdate(item: T): void {
    const key = this.keyOf(item)
    const i = this.index.get(key)
    if (i !== undefined) {
      ;(this.entries[i] as Entry<T>).item = item
      this.fix(i)
      return
    }
    this.entries.push({ item, seq: this.seq++ })
    this.index.set(key, this.entries.length - 1)
    this.up(this.entries.length - 1)
  }

  pop(): T | undefined {
    if (this.entries.length === 0) return undefined
    const top = (this.entries[0] as Entry<T>).item
    this.removeAt(0)
    return top
  }

  delete(key: string): boolean {
    const i = this.index.get(key)
    if (i === undefined) return false
    this.removeAt(i)
    return true
  }

  list(): T[] {
    return this.entries.map((e) => e.item)
  }

  private removeAt(i: number): void {
    const removed = this.entries[i] as Entry<T>
    this.index.delete(this.keyOf(removed.item))
    const last = this.entries.pop() as Entry<T>
    if (i < this.entries.length) {
      this.entries[i] = last
      this.index.set(this.keyOf(last.item), i)
      this.fix(i)
    }
  }

  private before(a: Entry<T>, b: Entry<T>): boolean {
    if (this.less(a.item, b.item)) return true
    if (this.less(b.item, a.item)) return false
    return a.seq < b.seq
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
      this.index.set(this.keyOf(p.item), i)
      i = parent
    }
    this.entries[i] = e
    this.index.set(this.keyOf(e.item), i)
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
      this.index.set(this.keyOf(child.item), i)
      i = c
    }
    this.entries[i] = e
    this.index.set(this.keyOf(e.item), i)
  }
}
