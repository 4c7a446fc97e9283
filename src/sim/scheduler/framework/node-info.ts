/**
 * framework.NodeInfo: one node and everything scheduled on it, aggregated so that a Filter or
 * Score plugin reads a few numbers instead of walking pods.
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (NodeInfo, AddPodInfo, RemovePod, SetNode).
 * Assumed pods (chosen, not yet bound) are counted exactly like bound ones.
 */
import type { Node } from '../../../api/types'
import { type HostPort, hasPodAffinityTerms, type PodInfo } from './pod-info'
import { addResource, emptyResource, type Resource, resourceFromList, subtractResource } from './resource'

/** Shared by every NodeInfo holding the image: numNodes is how many nodes have it (ImageLocality). */
export interface ImageStateSummary {
  readonly sizeBytes: number
  numNodes: number
}

export class NodeInfo {
  /** null while pods reference a node the cache has not seen (or no longer has). */
  node: Node | null = null
  readonly pods: PodInfo[] = []
  /** The pods with pod affinity or anti-affinity terms of any kind (InterPodAffinity reads only these). */
  readonly podsWithAffinity: PodInfo[] = []
  /** The pods with required anti-affinity terms (what an incoming pod must not violate). */
  readonly podsWithRequiredAntiAffinity: PodInfo[] = []
  /** Sum of the pods' requests (what Filter compares with allocatable). */
  readonly requested: Resource = emptyResource()
  /** Sum with 100m / 200Mi for missing requests (what LeastAllocated scores). Only cpu and memory. */
  readonly nonZeroRequested: Resource = emptyResource()
  allocatable: Resource = emptyResource()
  /** ip → `protocol/port` in use. */
  readonly usedPorts = new Map<string, Set<string>>()
  /** Image name → summary, for the images this node reports in status.images. */
  imageStates = new Map<string, ImageStateSummary>()
  /** Bumped on every change; lets observers notice updates cheaply. */
  generation = 0

  constructor(readonly name: string) {}

  setNode(node: Node): void {
    this.node = node
    this.allocatable = resourceFromList(node.status?.allocatable)
    this.generation++
  }

  addPod(pi: PodInfo): void {
    this.pods.push(pi)
    if (hasPodAffinityTerms(pi)) this.podsWithAffinity.push(pi)
    if (pi.requiredAntiAffinityTerms.length > 0) this.podsWithRequiredAntiAffinity.push(pi)
    addResource(this.requested, pi.requests)
    this.nonZeroRequested.milliCPU += pi.nonZeroMilliCPU
    this.nonZeroRequested.memory += pi.nonZeroMemory
    for (const hp of pi.hostPorts) {
      let set = this.usedPorts.get(hp.ip)
      if (!set) {
        set = new Set()
        this.usedPorts.set(hp.ip, set)
      }
      set.add(portKey(hp))
    }
    this.generation++
  }

  /** Remove the pod with this uid; returns false when it is not on this node. */
  removePod(uid: string): boolean {
    const i = this.pods.findIndex((p) => p.uid === uid)
    if (i < 0) return false
    const pi = this.pods[i] as PodInfo
    // Order of pods does not matter to any plugin: swap-remove keeps this O(1) after the search.
    this.pods[i] = this.pods[this.pods.length - 1] as PodInfo
    this.pods.pop()
    if (hasPodAffinityTerms(pi)) swapRemove(this.podsWithAffinity, pi.uid)
    if (pi.requiredAntiAffinityTerms.length > 0) swapRemove(this.podsWithRequiredAntiAffinity, pi.uid)
    subtractResource(this.requested, pi.requests)
    this.nonZeroRequested.milliCPU -= pi.nonZeroMilliCPU
    this.nonZeroRequested.memory -= pi.nonZeroMemory
    for (const hp of pi.hostPorts) {
      const set = this.usedPorts.get(hp.ip)
      set?.delete(portKey(hp))
      if (set?.size === 0) this.usedPorts.delete(hp.ip)
    }
    this.generation++
    return true
  }

  /**
   * NodeInfo.Snapshot: an independent copy whose pods can be added and removed without touching
   * this one (preemption's dry runs, nominated pods in Filter). PodInfos are shared (immutable).
   */
  clone(): NodeInfo {
    const c = new NodeInfo(this.name)
    c.node = this.node
    c.allocatable = this.allocatable
    c.pods.push(...this.pods)
    c.podsWithAffinity.push(...this.podsWithAffinity)
    c.podsWithRequiredAntiAffinity.push(...this.podsWithRequiredAntiAffinity)
    addResource(c.requested, this.requested)
    c.nonZeroRequested.milliCPU = this.nonZeroRequested.milliCPU
    c.nonZeroRequested.memory = this.nonZeroRequested.memory
    for (const [ip, set] of this.usedPorts) c.usedPorts.set(ip, new Set(set))
    c.imageStates = this.imageStates
    c.generation = this.generation
    return c
  }
}

function swapRemove(list: PodInfo[], uid: string): void {
  const i = list.findIndex((p) => p.uid === uid)
  if (i < 0) return
  list[i] = list[list.length - 1] as PodInfo
  list.pop()
}

function portKey(hp: HostPort): string {
  return `${hp.protocol}/${hp.port}`
}

/** Read access to the nodes of the current snapshot, in the order Filter walks them. */
export interface NodeInfoLister {
  list(): readonly NodeInfo[]
  get(name: string): NodeInfo | undefined
  /**
   * Nodes running at least one pod, in list order: what a walk over every pod of the cluster
   * needs to visit (the others add nothing to it).
   */
  havePodsList(): readonly NodeInfo[]
  /** Nodes running at least one pod with pod affinity or anti-affinity terms (HavePodsWithAffinityList). */
  havePodsWithAffinityList(): readonly NodeInfo[]
  /** Nodes running at least one pod with required anti-affinity (HavePodsWithRequiredAntiAffinityList). */
  havePodsWithRequiredAntiAffinityList(): readonly NodeInfo[]
  /** How many node changes there have been (a pod added or removed, the node set or removed). */
  readonly changeCount?: number
  /**
   * Visit every node changed since there were `count` changes (a node may come more than once);
   * false, visiting nothing, when changes that old are no longer known.
   */
  nodesChangedSince?(count: number, visit: (ni: NodeInfo) => void): boolean
}
