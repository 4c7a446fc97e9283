/**
 * Sums over the nodes of the snapshot, kept from one scheduling cycle to the next: each node's
 * share is kept with the NodeInfo generation it was taken at, and a cycle takes again only the
 * shares of the nodes that changed since the last (the snapshot's change log), usually the one
 * node the last pod went to. Upstream walks every node for every pod; plugins whose walk only
 * adds up per-node shares (InterPodAffinity's counts, PodTopologySpread's domain counts) keep the
 * sums here instead, and get the walk's sums exactly.
 */
import type { NodeInfo, NodeInfoLister } from './node-info'

/** A node's share: what it added, at which generation (of the NodeInfo and its node object). */
interface Share<S> {
  generation: number
  node: object | null
  share: S
  /** The sync that last saw the node in its list. */
  seen: number
}

/**
 * Sums over the nodes of a list of per-node shares, kept by NodeInfo generation. `take` computes a
 * node's share, `apply` adds it to the sums (sign 1) or takes it away (−1); `counts` says which
 * nodes have a share (the nodes of the list the walk goes over).
 */
export class NodeShares<S> {
  private readonly shares = new Map<NodeInfo, Share<S>>()
  private syncs = 0
  /** The snapshot's change count at the last sync (see NodeInfoLister.nodesChangedSince). */
  private syncedAt: number | undefined

  constructor(
    private readonly counts: (ni: NodeInfo) => boolean,
    private readonly take: (ni: NodeInfo) => S,
    private readonly apply: (share: S, sign: 1 | -1) => void,
  ) {}

  /**
   * Bring the sums to the snapshot's state: from the nodes changed since the last sync when the
   * snapshot tells them, else from every node of `list()`.
   */
  sync(snapshot: NodeInfoLister, list: () => readonly NodeInfo[]): void {
    const at = snapshot.changeCount
    const since = this.syncedAt
    this.syncedAt = at
    if (
      at !== undefined &&
      since !== undefined &&
      snapshot.nodesChangedSince?.(since, (ni) => this.refresh(ni))
    )
      return
    this.syncAll(list())
  }

  /**
   * The node's share as of the last sync, if the node has not changed since (a node outside the
   * list, or changed after the sync, has none: the caller takes it itself).
   */
  shareOf(ni: NodeInfo): S | undefined {
    const s = this.shares.get(ni)
    return s !== undefined && s.generation === ni.generation && s.node === ni.node ? s.share : undefined
  }

  /** One node that may have changed: take its share again, or drop it. */
  private refresh(ni: NodeInfo): void {
    const s = this.shares.get(ni)
    if (!this.counts(ni)) {
      if (s !== undefined) {
        this.apply(s.share, -1)
        this.shares.delete(ni)
      }
      return
    }
    if (s !== undefined && s.generation === ni.generation && s.node === ni.node) return
    if (s !== undefined) this.apply(s.share, -1)
    const share = this.take(ni)
    this.apply(share, 1)
    this.shares.set(ni, { generation: ni.generation, node: ni.node, share, seen: this.syncs })
  }

  private syncAll(nodes: readonly NodeInfo[]): void {
    const seen = ++this.syncs
    let visited = 0
    for (const ni of nodes) {
      if (!this.counts(ni)) continue
      let s = this.shares.get(ni)
      if (s === undefined || s.generation !== ni.generation || s.node !== ni.node) {
        if (s !== undefined) this.apply(s.share, -1)
        const share = this.take(ni)
        this.apply(share, 1)
        s = { generation: ni.generation, node: ni.node, share, seen }
        this.shares.set(ni, s)
      }
      s.seen = seen
      visited++
    }
    // Nodes that left the list (no such pods any more, or gone) take their share with them.
    if (visited === this.shares.size) return
    for (const [ni, s] of this.shares) {
      if (s.seen === seen) continue
      this.apply(s.share, -1)
      this.shares.delete(ni)
    }
  }
}
