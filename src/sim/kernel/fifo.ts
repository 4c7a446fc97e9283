/**
 * A first-in first-out queue whose `shift` is O(1). `Array.prototype.shift` moves every remaining
 * element once the array is large (V8 cannot trim a large backing store in place), and the queues
 * that grow large here (an event recorder's pending writes, a controller's workqueue, during a
 * 50,000-Pod run) made a run quadratic in its size.
 */
export class Fifo<T> {
  private items: T[] = []
  private head = 0

  get length(): number {
    return this.items.length - this.head
  }

  push(item: T): void {
    this.items.push(item)
  }

  /** The oldest item, removed; undefined when empty. */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined
    const item = this.items[this.head] as T
    // Let the item be collected, and drop the consumed prefix once it is half the array, so the
    // array holds at most twice what is queued and each item is copied at most once on average.
    this.items[this.head] = undefined as T
    this.head++
    if (this.head === this.items.length) {
      this.items = []
      this.head = 0
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
    return item
  }
}
