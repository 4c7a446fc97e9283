/**
 * The scheduler's cache: NodeInfo per node, kept up to date from the informers, plus pods the
 * scheduler has "assumed" onto a node (chosen, binding in flight) so the next cycle already counts
 * their requests.
 *
 * kube-scheduler: pkg/scheduler/backend/cache/cache.go and snapshot.go. Upstream copies changed
 * NodeInfos into a Snapshot at the start of each cycle because informers update the cache from
 * other goroutines. Here a scheduling cycle runs within one kernel event, so nothing can change
 * under it: the cache is its own snapshot, and `list()` is the snapshot's node order.
 * Assumed pods never expire (v1.33 sets no TTL); they are confirmed by the informer's add, or
 * forgotten when binding fails.
 */
import type { Node, Pod } from '../../../api/types'
import { type ImageStateSummary, NodeInfo, type NodeInfoLister } from '../framework/node-info'
import { hasPodAffinityTerms, newPodInfo, type PodInfo } from '../framework/pod-info'
import { NodeTree } from './node-tree'
import { OrderedSubset } from './ordered-subset'

interface PodState {
  pi: PodInfo
  assumed: boolean
  bindingFinished: boolean
}

interface ImageState {
  /**
   * The name as first seen: every node's map is keyed by this one string, so the lookups Score
   * makes per node compare one string already in cache, not 5,000 decoded copies of it.
   */
  readonly name: string
  readonly summary: ImageStateSummary
  readonly nodes: Set<string>
}

/** How many node changes a reader can be behind and still catch up (see `changes`). */
const MAX_KEPT_CHANGES = 8192

function uidOf(pod: Pod): string {
  return pod.metadata?.uid ?? `${pod.metadata?.namespace}/${pod.metadata?.name}`
}

export class SchedulerCache implements NodeInfoLister {
  private readonly nodes = new Map<string, NodeInfo>()
  private readonly tree = new NodeTree()
  private readonly podStates = new Map<string, PodState>()
  private readonly imageStates = new Map<string, ImageState>()
  private ordered: NodeInfo[] | null = null
  /** Each node's index in `ordered` (rebuilt with it). */
  private readonly position = new Map<NodeInfo, number>()
  /** The ordered nodes with pods, with affinity pods, with required anti-affinity pods. */
  private readonly withPods = new OrderedSubset((ni) => ni.pods.length > 0)
  private readonly withAffinity = new OrderedSubset((ni) => ni.podsWithAffinity.length > 0)
  private readonly withRequiredAntiAffinity = new OrderedSubset(
    (ni) => ni.podsWithRequiredAntiAffinity.length > 0,
  )

  /** Nodes in Filter order (zones interleaved). Rebuilt only when nodes come, go or change zone. */
  list(): readonly NodeInfo[] {
    if (this.ordered === null) {
      const ordered = this.tree.list().map((name) => this.nodes.get(name) as NodeInfo)
      this.position.clear()
      for (let i = 0; i < ordered.length; i++) this.position.set(ordered[i] as NodeInfo, i)
      this.ordered = ordered
    }
    return this.ordered
  }

  havePodsList(): readonly NodeInfo[] {
    return this.withPods.get(this.list())
  }

  havePodsWithAffinityList(): readonly NodeInfo[] {
    return this.withAffinity.get(this.list())
  }

  havePodsWithRequiredAntiAffinityList(): readonly NodeInfo[] {
    return this.withRequiredAntiAffinity.get(this.list())
  }

  /**
   * The nodes that changed, in order (a pod added or removed, the node set or removed), so that
   * what is kept per node (InterPodAffinity's kept walks) catches up from where it was instead of
   * looking at every node again — as upstream's cache keeps its NodeInfos ordered by generation
   * to update a snapshot incrementally. Only the newest ones are kept; a reader further behind
   * looks at every node.
   */
  private readonly changes: NodeInfo[] = []
  /** How many changes were dropped from the front of `changes`. */
  private changesDropped = 0

  get changeCount(): number {
    return this.changesDropped + this.changes.length
  }

  nodesChangedSince(count: number, visit: (ni: NodeInfo) => void): boolean {
    if (count < this.changesDropped || count > this.changeCount) return false
    for (let i = count - this.changesDropped; i < this.changes.length; i++) visit(this.changes[i] as NodeInfo)
    return true
  }

  private noteChange(ni: NodeInfo): void {
    this.changes.push(ni)
    if (this.changes.length >= 2 * MAX_KEPT_CHANGES) {
      this.changes.splice(0, MAX_KEPT_CHANGES)
      this.changesDropped += MAX_KEPT_CHANGES
    }
  }

  /** The node order changed: the derived lists are stale. */
  private invalidateOrder(): void {
    this.ordered = null
    this.withPods.reset()
    this.withAffinity.reset()
    this.withRequiredAntiAffinity.reset()
  }

  /** A pod came to or left `ni`: it may have joined or left the derived lists. */
  private podsChanged(ni: NodeInfo, pi: PodInfo): void {
    if (this.ordered === null) return
    this.withPods.update(ni, this.position)
    if (hasPodAffinityTerms(pi)) {
      this.withAffinity.update(ni, this.position)
      if (pi.requiredAntiAffinityTerms.length > 0) this.withRequiredAntiAffinity.update(ni, this.position)
    }
  }

  get(name: string): NodeInfo | undefined {
    const ni = this.nodes.get(name)
    return ni?.node ? ni : undefined
  }

  get numNodes(): number {
    return this.tree.numNodes
  }

  get numPods(): number {
    return this.podStates.size
  }

  private nodeInfo(name: string): NodeInfo {
    let ni = this.nodes.get(name)
    if (!ni) {
      ni = new NodeInfo(name)
      this.nodes.set(name, ni)
    }
    return ni
  }

  addNode(node: Node): void {
    const ni = this.nodeInfo(node.metadata?.name ?? '')
    if (ni.node) this.removeNodeImageStates(ni)
    ni.setNode(node)
    this.noteChange(ni)
    this.addNodeImageStates(node, ni)
    this.tree.add(node)
    this.invalidateOrder()
  }

  updateNode(oldNode: Node, newNode: Node): void {
    const ni = this.nodeInfo(newNode.metadata?.name ?? '')
    if (!ni.node) {
      this.addNode(newNode)
      return
    }
    if (imagesChanged(oldNode, newNode)) {
      this.removeNodeImageStates(ni)
      this.addNodeImageStates(newNode, ni)
    }
    ni.setNode(newNode)
    this.noteChange(ni)
    if (this.tree.update(oldNode, newNode)) this.invalidateOrder()
  }

  /** The NodeInfo stays (without its node) while pods still reference it, as upstream does. */
  removeNode(node: Node): void {
    const name = node.metadata?.name ?? ''
    const ni = this.nodes.get(name)
    if (!ni) return
    this.removeNodeImageStates(ni)
    ni.node = null
    ni.generation++
    this.noteChange(ni)
    if (ni.pods.length === 0) this.nodes.delete(name)
    this.tree.remove(node)
    this.invalidateOrder()
  }

  private addNodeImageStates(node: Node, ni: NodeInfo): void {
    const states = new Map<string, ImageStateSummary>()
    for (const image of node.status?.images ?? []) {
      for (const name of image.names ?? []) {
        let state = this.imageStates.get(name)
        if (!state) {
          state = { name, summary: { sizeBytes: image.sizeBytes ?? 0, numNodes: 0 }, nodes: new Set() }
          this.imageStates.set(name, state)
        }
        state.nodes.add(ni.name)
        state.summary.numNodes = state.nodes.size
        states.set(state.name, state.summary)
      }
    }
    ni.imageStates = states
  }

  private removeNodeImageStates(ni: NodeInfo): void {
    for (const name of ni.imageStates.keys()) {
      const state = this.imageStates.get(name)
      if (!state) continue
      state.nodes.delete(ni.name)
      state.summary.numNodes = state.nodes.size
      if (state.nodes.size === 0) this.imageStates.delete(name)
    }
    ni.imageStates = new Map()
  }

  private addPodInfo(pi: PodInfo, assumed: boolean): void {
    const ni = this.nodeInfo(pi.pod.spec?.nodeName ?? '')
    ni.addPod(pi)
    this.noteChange(ni)
    this.podsChanged(ni, pi)
    this.podStates.set(pi.uid, { pi, assumed, bindingFinished: false })
  }

  private removePodInfo(pi: PodInfo): void {
    const name = pi.pod.spec?.nodeName ?? ''
    const ni = this.nodes.get(name)
    if (ni) {
      ni.removePod(pi.uid)
      this.noteChange(ni)
      this.podsChanged(ni, pi)
      if (!ni.node && ni.pods.length === 0) this.nodes.delete(name)
    }
    this.podStates.delete(pi.uid)
  }

  /** Count a pod on the node chosen for it before it is bound (pod.spec.nodeName must be set). */
  assumePod(pod: Pod): void {
    const uid = uidOf(pod)
    if (this.podStates.has(uid)) throw new Error(`pod ${uid} is in the cache, so can't be assumed`)
    this.addPodInfo(newPodInfo(pod), true)
  }

  finishBinding(pod: Pod): void {
    const state = this.podStates.get(uidOf(pod))
    if (state?.assumed) state.bindingFinished = true
  }

  /** Undo assumePod after a failed binding. */
  forgetPod(pod: Pod): void {
    const state = this.podStates.get(uidOf(pod))
    if (state?.assumed) this.removePodInfo(state.pi)
  }

  isAssumedPod(pod: Pod): boolean {
    return this.podStates.get(uidOf(pod))?.assumed === true
  }

  /** An assigned pod seen by the informer: confirms an assumed pod, or adds a pod bound elsewhere. */
  addPod(pod: Pod): void {
    const state = this.podStates.get(uidOf(pod))
    if (state) this.removePodInfo(state.pi)
    this.addPodInfo(newPodInfo(pod), false)
  }

  updatePod(_oldPod: Pod, newPod: Pod): void {
    this.addPod(newPod)
  }

  removePod(pod: Pod): void {
    const state = this.podStates.get(uidOf(pod))
    if (state) this.removePodInfo(state.pi)
  }
}

function imagesChanged(a: Node, b: Node): boolean {
  const x = a.status?.images ?? []
  const y = b.status?.images ?? []
  if (x === y) return false
  if (x.length !== y.length) return true
  for (let i = 0; i < x.length; i++) {
    const p = x[i]
    const q = y[i]
    if (
      p?.sizeBytes !== q?.sizeBytes ||
      (p?.names ?? []).join('\u0000') !== (q?.names ?? []).join('\u0000')
    ) {
      return true
    }
  }
  return false
}
