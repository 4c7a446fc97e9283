/**
 * One index of an informer's cache (client-go's cache.Index): the keys under each index value,
 * listed in the order they entered the cache, so a controller that reads by index does exactly
 * what it would reading the whole cache and filtering. Keys enter a bucket almost always in that
 * order (a new object's key is the newest), so a bucket is kept as an insertion-ordered set and
 * sorted again only after a key joined it out of order (an object that changed its index value).
 */
class Bucket {
  keys = new Set<string>()
  /** The cache order of the last key added in order. */
  last = -1
  inOrder = true
}

export class CacheIndex {
  private readonly buckets = new Map<string, Bucket>()

  /** `orderOf(key)`: when the key entered the cache (smaller is earlier). */
  constructor(private readonly orderOf: (key: string) => number) {}

  add(value: string, key: string): void {
    let bucket = this.buckets.get(value)
    if (!bucket) {
      bucket = new Bucket()
      this.buckets.set(value, bucket)
    }
    if (bucket.keys.has(key)) return
    const order = this.orderOf(key)
    if (order < bucket.last) bucket.inOrder = false
    else bucket.last = order
    bucket.keys.add(key)
  }

  remove(value: string, key: string): void {
    const bucket = this.buckets.get(value)
    if (!bucket) return
    bucket.keys.delete(key)
    if (bucket.keys.size === 0) this.buckets.delete(value)
  }

  /** The keys under any of `values`, each once, in cache order. */
  keys(values: readonly string[]): string[] {
    let out: string[] = []
    for (const value of values) {
      const next = this.sorted(value)
      out = out.length === 0 ? next : next.length === 0 ? out : this.merge(out, next)
    }
    return out
  }

  private sorted(value: string): string[] {
    const bucket = this.buckets.get(value)
    if (!bucket) return []
    if (!bucket.inOrder) {
      const keys = [...bucket.keys].sort((a, b) => this.orderOf(a) - this.orderOf(b))
      bucket.keys = new Set(keys)
      bucket.last = this.orderOf(keys[keys.length - 1] as string)
      bucket.inOrder = true
    }
    return [...bucket.keys]
  }

  /** Two lists in cache order, merged in cache order (a key in both appears once). */
  private merge(a: readonly string[], b: readonly string[]): string[] {
    const out: string[] = []
    let i = 0
    let j = 0
    while (i < a.length && j < b.length) {
      const x = a[i] as string
      const y = b[j] as string
      if (x === y) {
        out.push(x)
        i++
        j++
      } else if (this.orderOf(x) < this.orderOf(y)) {
        out.push(x)
        i++
      } else {
        out.push(y)
        j++
      }
    }
    while (i < a.length) out.push(a[i++] as string)
    while (j < b.length) out.push(b[j++] as string)
    return out
  }
}
