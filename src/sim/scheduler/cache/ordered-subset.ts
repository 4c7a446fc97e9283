/**
 * The nodes of the cache's Filter order that have something (pods, pods with affinity terms, …),
 * in that order, kept up to date as pods come and go instead of filtering every node again: in a
 * 5,000-node cluster where every new Pod has anti-affinity, each scheduling cycle changed the
 * nodes with affinity Pods, and rebuilding the lists cost more than the Filter pass.
 *
 * The list is built on first use (from the order and `has`); after that the cache reports each
 * node whose `has` may have changed. A new order (nodes added, removed, moved) drops it.
 */
import type { NodeInfo } from '../framework/node-info'

export class OrderedSubset {
  private list: NodeInfo[] | null = null

  constructor(private readonly has: (ni: NodeInfo) => boolean) {}

  /** The subset of `ordered`, in its order (built on first use). */
  get(ordered: readonly NodeInfo[]): readonly NodeInfo[] {
    this.list ??= ordered.filter(this.has)
    return this.list
  }

  /** Drop the list: the order changed. */
  reset(): void {
    this.list = null
  }

  /**
   * `ni` may have joined or left the subset (a pod was added to it or removed from it). Only nodes
   * of the current order (`position` has them) can be members.
   */
  update(ni: NodeInfo, position: ReadonlyMap<NodeInfo, number>): void {
    const list = this.list
    if (list === null) return
    const at = position.get(ni)
    if (at === undefined) return
    // Binary search for the first member at or after ni's position.
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((position.get(list[mid] as NodeInfo) as number) < at) lo = mid + 1
      else hi = mid
    }
    const member = list[lo] === ni
    const should = this.has(ni)
    if (should && !member) list.splice(lo, 0, ni)
    else if (!should && member) list.splice(lo, 1)
  }
}
