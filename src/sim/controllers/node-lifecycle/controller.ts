/**
 * The node lifecycle controller (kube-controller-manager `nodelifecycle`, service account and
 * event source `node-controller`): it watches the kubelets' heartbeats and acts when they stop.
 *
 * - **monitorNodeHealth**, every nodeMonitorPeriod (5 s): for each Node, the last time a
 *   heartbeat was seen is the controller's own clock reading (probeTimestamp) when the Node's
 *   Ready lastHeartbeatTime changed or its Lease's renewTime moved forward. When that is more
 *   than nodeMonitorGracePeriod (50 s in v1.33; 40 s before 1.32) ago, the kubelet-owned
 *   conditions (Ready, MemoryPressure, DiskPressure, PIDPressure) become Unknown, reason
 *   `NodeStatusUnknown`, "Kubelet stopped posting node status." (PUT nodes/status). On that
 *   transition the node gets the event `NodeNotReady` and its pods Ready=False, each with the
 *   Warning event `NodeNotReady` "Node is not ready". A node not Ready is queued for its NoExecute
 *   taint (`node.kubernetes.io/unreachable` for Unknown, `not-ready` for False); a Ready one loses
 *   them.
 * - **doNoExecuteTaintingPass**, every 100 ms: the queued nodes are tainted, one zone queue each,
 *   rate-limited by --node-eviction-rate (0.1/s) — or not at all when the zone is partially
 *   disrupted in a small cluster, and when every zone is fully disrupted (no node Ready anywhere:
 *   the controller assumes its own connectivity is at fault, "master disruption mode", and
 *   removes the NoExecute taints).
 * - **doNoScheduleTaintingPass**, on every Node change: NoSchedule taints mirror the conditions
 *   (Ready Unknown → `unreachable`, False → `not-ready`, pressures, spec.unschedulable).
 * - **processPod**: a pod bound to a node that is not Ready is marked not Ready too.
 *
 * Source: pkg/controller/nodelifecycle/node_lifecycle_controller.go (v1.33),
 * config/v1alpha1/defaults.go and kubernetes#126287 (the 50 s grace period since v1.32),
 * pkg/controller/util/node/controller_utils.go.
 *
 * Simplifications: the periods are background timers (a cluster where nothing else happens is
 * idle); the Nodes present at time 0 are known already (the controller was running before), so
 * they get no `RegisteredNode` event; the 100 ms tainting pass runs only while nodes are queued;
 * node label reconciliation and DaemonSet pods are left out (nothing in podflow needs them); the
 * nodes of a pass are handled all at once (upstream: 8 workers).
 */
import type { Lease } from 'kubernetes-types/coordination/v1'
import type { Node, NodeCondition, Pod, Taint } from 'kubernetes-types/core/v1'
import { NODES } from '../../../api/resources'
import { clone } from '../../../api/types'
import type { Informer } from '../../client/informer'
import { type Proc, Signal, sleep, wait } from '../../kernel/kernel'
import { CONTROLLER_MANAGER, type ObjectRef } from '../../kernel/trace'
import { ApiError, all, type ControllerDeps, QueueController } from '../base'
import type { NodeTaintStep } from '../steps'
import {
  markPodsNotReady,
  NOT_READY_NO_EXECUTE,
  type NodeUtilContext,
  recordNodeEvent,
  recordNodeStatusChange,
  removeTaintOffNode,
  swapNodeControllerTaint,
  TAINT_NODE_NOT_READY,
  TAINT_NODE_UNREACHABLE,
  TAINT_NODE_UNSCHEDULABLE,
  taintExists,
  taintText,
  UNREACHABLE_NO_EXECUTE,
} from './node-util'
import { EVICTION_RATE_LIMITER_BURST, RateLimitedTimedQueue, TokenBucket } from './rate-limited-queue'

/** kube-controller-manager's NodeLifecycleController flags, with their v1.33 defaults. */
export interface NodeLifecycleOptions {
  /** --node-monitor-period (5 s). */
  readonly nodeMonitorPeriodMs?: number
  /** --node-monitor-grace-period (50 s since v1.32). */
  readonly nodeMonitorGracePeriodMs?: number
  /** --node-startup-grace-period (60 s). */
  readonly nodeStartupGracePeriodMs?: number
  /** --node-eviction-rate (0.1 nodes/s). */
  readonly nodeEvictionRate?: number
  /** --secondary-node-eviction-rate (0.01 nodes/s). */
  readonly secondaryNodeEvictionRate?: number
  /** --large-cluster-size-threshold (50). */
  readonly largeClusterSizeThreshold?: number
  /** --unhealthy-zone-threshold (0.55). */
  readonly unhealthyZoneThreshold?: number
}

export const NODE_LIFECYCLE_DEFAULTS: Required<NodeLifecycleOptions> = {
  nodeMonitorPeriodMs: 5_000,
  nodeMonitorGracePeriodMs: 50_000,
  nodeStartupGracePeriodMs: 60_000,
  nodeEvictionRate: 0.1,
  secondaryNodeEvictionRate: 0.01,
  largeClusterSizeThreshold: 50,
  unhealthyZoneThreshold: 0.55,
}

/** scheduler.NodeEvictionPeriod: how often doNoExecuteTaintingPass runs. */
export const NODE_EVICTION_PERIOD_MS = 100

type ZoneState = 'Initial' | 'Normal' | 'FullDisruption' | 'PartialDisruption'

/** The kubelet-owned conditions the controller sets to Unknown. */
const MONITORED_CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const

/** nodeConditionToTaintKeyStatusMap */
const CONDITION_TAINTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Ready: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
}

/** taintKeyToNodeConditionMap's keys. */
const CONDITION_TAINT_KEYS = new Set(Object.values(CONDITION_TAINTS).flatMap((m) => Object.values(m)))

const NODE_LEASE_NAMESPACE = 'kube-node-lease'
const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption'

/** What the controller last saw of a node (nodeHealthData); times are virtual ms. */
interface NodeHealth {
  probeMs: number
  readyTransitionMs: number
  status: Node['status']
  lease?: Lease
}

interface HealthResult {
  readonly gracePeriodMs: number
  readonly observed: NodeCondition
  readonly current: NodeCondition | undefined
}

export class NodeLifecycleController extends QueueController {
  readonly options: Required<NodeLifecycleOptions>
  private readonly knownNodes = new Map<string, Node>()
  private readonly health = new Map<string, NodeHealth>()
  private readonly zoneStates = new Map<string, ZoneState>()
  private readonly zoneTainters = new Map<string, RateLimitedTimedQueue>()
  private readonly nodesToRetry = new Set<string>()
  /** Whether the first monitor pass has run (the nodes it finds were there before the story). */
  private observedOnce = false
  private readonly tainterWake = new Signal()
  /** Virtual time the controller started: the 100 ms tainting grid counts from it. */
  private startedAtMs = 0

  constructor(
    deps: ControllerDeps,
    private readonly nodeInformer: Informer<Node>,
    private readonly leaseInformer: Informer<Lease>,
    private readonly podInformer: Informer<Pod>,
    options: NodeLifecycleOptions = {},
  ) {
    super('node-controller', deps)
    this.options = { ...NODE_LIFECYCLE_DEFAULTS, ...options }
    nodeInformer.addEventHandler({
      add: (node) => this.queue.add(`node/${node.metadata?.name}`),
      update: (_, node) => this.queue.add(`node/${node.metadata?.name}`),
      delete: (node) => this.nodesToRetry.delete(node.metadata?.name ?? ''),
    })
    podInformer.addEventHandler({
      add: (pod) => this.podUpdated(undefined, pod),
      update: (oldPod, pod) => this.podUpdated(oldPod, pod),
    })
  }

  /** The controller's API helpers' view of it (its client, recorder, clock). */
  private get util(): NodeUtilContext {
    return { kernel: this.kernel, client: this.client, recorder: this.recorder }
  }

  /** Start the monitor and tainting loops (the informers have synced). */
  run(): void {
    this.startedAtMs = this.kernel.nowMs
    this.kernel.spawn(this.monitorLoop(), 'node-controller monitorNodeHealth')
    this.kernel.spawn(this.tainterLoop(), 'node-controller doNoExecuteTaintingPass')
  }

  // ---- work queue: NoSchedule taints for node changes, NotReady for newly bound pods ----

  protected *sync(key: string): Proc {
    const slash = key.indexOf('/')
    const kind = key.slice(0, slash)
    const rest = key.slice(slash + 1)
    if (kind === 'node') yield* this.doNoScheduleTaintingPass(rest)
    else yield* this.processPod(rest)
  }

  private podUpdated(oldPod: Pod | undefined, pod: Pod): void {
    const node = pod.spec?.nodeName
    if (node && node !== oldPod?.spec?.nodeName)
      this.queue.add(`pod/${pod.metadata?.namespace}/${pod.metadata?.name}`)
  }

  /** doNoScheduleTaintingPass: NoSchedule taints follow the node's conditions. */
  private *doNoScheduleTaintingPass(nodeName: string): Proc {
    const node = this.nodeInformer.get(nodeName)
    if (!node) return
    const wanted: Taint[] = []
    for (const c of node.status?.conditions ?? []) {
      const key = CONDITION_TAINTS[c.type]?.[c.status]
      if (key) wanted.push({ key, effect: 'NoSchedule' })
    }
    if (node.spec?.unschedulable) wanted.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' })
    const current = (node.spec?.taints ?? []).filter(
      (t) =>
        t.effect === 'NoSchedule' && (t.key === TAINT_NODE_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)),
    )
    const add = wanted.filter((t) => !taintExists(current, t))
    const remove = current.filter((t) => !taintExists(wanted, t))
    if (add.length === 0 && remove.length === 0) return
    this.taintStep(node, add, remove, 'condition')
    yield* swapNodeControllerTaint(this.util, add, remove, node)
  }

  /** processPod: a pod bound to a node the controller knows is not Ready is marked not Ready. */
  private *processPod(key: string): Proc {
    const pod = this.podInformer.get(key)
    if (!pod) return
    const nodeName = pod.spec?.nodeName ?? ''
    const health = this.health.get(nodeName)
    if (!health || !this.nodeInformer.get(nodeName)) return
    const ready = health.status?.conditions?.find((c) => c.type === 'Ready')
    if (!ready || ready.status === 'True') return
    yield* this.markNotReady([pod], nodeName)
  }

  // ---- monitorNodeHealth ----

  private *monitorLoop(): Proc {
    for (;;) {
      this.kernel.cause = null
      yield* this.monitorNodeHealth()
      yield* sleep(this.options.nodeMonitorPeriodMs, true)
    }
  }

  /** monitorNodeHealth: one pass over every node. */
  *monitorNodeHealth(): Proc {
    const nodes = this.nodeInformer.list()
    const { added, deleted, newZoneRepresentatives } = this.classifyNodes(nodes)
    for (const node of newZoneRepresentatives) this.addPodEvictorForNewZone(node)
    for (const node of added) {
      if (this.observedOnce) {
        const name = node.metadata?.name ?? ''
        recordNodeEvent(this.recorder, node, 'RegisteredNode', `Registered Node ${name} in Controller`)
      }
      this.knownNodes.set(node.metadata?.name ?? '', node)
      this.addPodEvictorForNewZone(node)
      yield* this.markNodeAsReachable(node)
    }
    for (const node of deleted) {
      const name = node.metadata?.name ?? ''
      recordNodeEvent(this.recorder, node, 'RemovingNode', `Removing Node ${name} from Controller`)
      this.knownNodes.delete(name)
    }
    this.observedOnce = true
    const zoneConditions = new Map<string, (NodeCondition | undefined)[]>()
    // ParallelizeUntil with nodeUpdateWorkerSize (8) workers: every node at once here.
    yield* all(
      this.kernel,
      nodes.map((n) => this.updateNodeHealth(n, zoneConditions)),
      'node-controller updateNodeHealth',
    )
    yield* this.handleDisruption(zoneConditions, nodes)
  }

  private *updateNodeHealth(
    original: Node,
    zoneConditions: Map<string, (NodeCondition | undefined)[]>,
  ): Proc {
    let node = clone(original)
    const name = node.metadata?.name ?? ''
    let result: HealthResult | undefined
    // wait.PollImmediate(20ms, 5 tries): on a failed status write, GET the node and try again.
    for (let i = 0; i < 5 && !result; i++) {
      try {
        result = yield* this.tryUpdateNodeHealth(node)
      } catch (e) {
        if (!(e instanceof ApiError)) throw e
        yield* sleep(20)
        const got = yield* this.client.get<Node>(NODES, undefined, name, 'reconcile')
        if (!got.ok) return
        node = clone(got.object)
      }
    }
    if (!result) return
    const { observed, current } = result
    if (!isExcludedFromDisruptionChecks(node)) {
      const zone = zoneKey(node)
      zoneConditions.set(zone, [...(zoneConditions.get(zone) ?? []), current])
    }
    if (current) {
      const pods = this.podsOnNode(name)
      yield* this.processTaintBaseEviction(node, observed)
      const needsRetry = this.nodesToRetry.has(name)
      const transition = current.status !== 'True' && observed.status === 'True'
      if (transition) recordNodeStatusChange(this.recorder, node, 'NodeNotReady')
      if (transition || (needsRetry && observed.status !== 'True')) {
        try {
          yield* this.markNotReady(pods, name)
        } catch (e) {
          if (!(e instanceof ApiError)) throw e
          this.nodesToRetry.add(name)
          return
        }
      }
    }
    this.nodesToRetry.delete(name)
  }

  /**
   * tryUpdateNodeHealth: update the probe time from the Ready heartbeat and the Lease; past the
   * grace period, set the kubelet's conditions Unknown. Throws ApiError when the write fails.
   */
  private *tryUpdateNodeHealth(node: Node): Proc<HealthResult> {
    const name = node.metadata?.name ?? ''
    const now = this.kernel.nowMs
    let health = this.health.get(name)
    const conditions = (node.status?.conditions ?? []).map((c) => ({ ...c }))
    Object.assign(node, { status: { ...node.status, conditions } })
    const currentReady = conditions.find((c) => c.type === 'Ready')
    let observed: NodeCondition
    let gracePeriodMs: number
    const created = timeMs(node.metadata?.creationTimestamp, this.kernel.epochMs) ?? now
    if (!currentReady) {
      // The kubelet never posted status: a fake Unknown condition as old as the Node.
      observed = { type: 'Ready', status: 'Unknown' }
      gracePeriodMs = this.options.nodeStartupGracePeriodMs
      if (health) health.status = node.status
      else health = { status: node.status, probeMs: created, readyTransitionMs: created }
    } else {
      observed = { ...currentReady }
      gracePeriodMs = this.options.nodeMonitorGracePeriodMs
    }
    const savedReady = health?.status?.conditions?.find((c) => c.type === 'Ready')
    const savedLease = health?.lease
    if (!health || (!savedReady && currentReady)) {
      health = { status: node.status, probeMs: now, readyTransitionMs: now }
    } else if (savedReady && !currentReady) {
      health = { status: node.status, probeMs: now, readyTransitionMs: now }
    } else if (
      savedReady &&
      currentReady &&
      savedReady.lastHeartbeatTime !== currentReady.lastHeartbeatTime
    ) {
      const transitioned = savedReady.lastTransitionTime !== currentReady.lastTransitionTime
      health = {
        status: node.status,
        probeMs: now,
        readyTransitionMs: transitioned ? now : health.readyTransitionMs,
      }
    }
    // Always update the probe time if the node Lease is renewed.
    const lease = this.leaseInformer.get(`${NODE_LEASE_NAMESPACE}/${name}`)
    if (lease && (!savedLease || renewMs(savedLease) < renewMs(lease))) {
      health.lease = lease
      health.probeMs = now
    }
    this.health.set(name, health)
    let current = currentReady
    if (now > health.probeMs + gracePeriodMs) {
      const stamp = this.kernel.wallTime()
      const changed: string[] = []
      for (const type of MONITORED_CONDITIONS) {
        const c = conditions.find((x) => x.type === type)
        if (!c) {
          conditions.push({
            type,
            status: 'Unknown',
            reason: 'NodeStatusNeverUpdated',
            message: 'Kubelet never posted node status.',
            lastHeartbeatTime: node.metadata?.creationTimestamp,
            lastTransitionTime: stamp,
          })
          changed.push(type)
        } else if (c.status !== 'Unknown') {
          Object.assign(c, {
            status: 'Unknown',
            reason: 'NodeStatusUnknown',
            message: 'Kubelet stopped posting node status.',
            lastTransitionTime: stamp,
          })
          changed.push(type)
        }
      }
      current = conditions.find((c) => c.type === 'Ready')
      if (JSON.stringify(current) !== JSON.stringify(observed)) {
        const ref: ObjectRef = { resource: 'nodes', name, uid: node.metadata?.uid }
        this.kernel.step(
          CONTROLLER_MANAGER,
          'reconcile',
          `"Node hasn't been updated" node="${name}" duration="${seconds(now - health.probeMs)}" conditions=${changed.join(',')}: Unknown`,
          {
            type: 'NodeStatusUnknown',
            controller: 'node-controller',
            node: ref,
            lastHeartbeatMs: health.probeMs,
            silentForMs: now - health.probeMs,
            gracePeriodMs,
            conditions: changed,
          },
          ref,
        )
        const res = yield* this.client.update<Node>(
          NODES,
          { apiVersion: 'v1', kind: 'Node', ...node },
          'reconcile',
          'status',
        )
        if (!res.ok) throw new ApiError(res.code, res.status)
        this.health.set(name, {
          status: node.status,
          probeMs: health.probeMs,
          readyTransitionMs: this.kernel.nowMs,
          ...(lease ? { lease } : {}),
        })
      }
    }
    return { gracePeriodMs, observed, current }
  }

  /** processTaintBaseEviction: queue a not-Ready node for its NoExecute taint; untaint a Ready one. */
  private *processTaintBaseEviction(node: Node, observed: NodeCondition): Proc {
    const taints = node.spec?.taints
    switch (observed.status) {
      case 'False':
        // Already unreachable-tainted: swap to not-ready straight away.
        if (taintExists(taints, UNREACHABLE_NO_EXECUTE)) {
          this.taintStep(node, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE], 'eviction')
          yield* swapNodeControllerTaint(this.util, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE], node)
        } else this.markNodeForTainting(node, 'False')
        return
      case 'Unknown':
        if (taintExists(taints, NOT_READY_NO_EXECUTE)) {
          this.taintStep(node, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE], 'eviction')
          yield* swapNodeControllerTaint(this.util, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE], node)
        } else this.markNodeForTainting(node, 'Unknown')
        return
      case 'True':
        yield* this.markNodeAsReachable(node)
        return
    }
  }

  private markNodeForTainting(node: Node, status: 'False' | 'Unknown'): boolean {
    const name = node.metadata?.name ?? ''
    const queue = this.tainter(node)
    const template = status === 'False' ? NOT_READY_NO_EXECUTE : UNREACHABLE_NO_EXECUTE
    if (!taintExists(node.spec?.taints, template)) queue.remove(name)
    const added = queue.add(name, this.kernel.nowMs)
    if (added) this.kernel.notify(this.tainterWake)
    return added
  }

  /** markNodeAsReachable: remove both NoExecute taints, take the node out of its zone queue. */
  private *markNodeAsReachable(node: Node): Proc<boolean> {
    const remove = [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE].filter((t) =>
      taintExists(node.spec?.taints, t),
    )
    if (remove.length) {
      this.taintStep(node, [], remove, 'reachable')
      if (!(yield* removeTaintOffNode(this.util, node, remove))) return false
    }
    return this.tainter(node).remove(node.metadata?.name ?? '')
  }

  private *markNotReady(pods: readonly Pod[], nodeName: string): Proc {
    const names = pods
      .filter((p) => p.spec?.nodeName === nodeName)
      .filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status !== 'False'))
      .map((p) => `${p.metadata?.namespace}/${p.metadata?.name}`)
    if (names.length === 0) return
    const node: ObjectRef = { resource: 'nodes', name: nodeName }
    this.kernel.step(
      CONTROLLER_MANAGER,
      'reconcile',
      `"Update ready status of pods on node" node="${nodeName}" pods=${names.length}`,
      { type: 'MarkPodsNotReady', controller: 'node-controller', node, pods: names },
      node,
    )
    yield* markPodsNotReady(this.util, pods, nodeName)
  }

  // ---- zones and disruption ----

  private classifyNodes(nodes: readonly Node[]): {
    added: Node[]
    deleted: Node[]
    newZoneRepresentatives: Node[]
  } {
    const added: Node[] = []
    const newZoneRepresentatives: Node[] = []
    for (const node of nodes) {
      if (!this.knownNodes.has(node.metadata?.name ?? '')) added.push(node)
      else if (!this.zoneStates.has(zoneKey(node))) newZoneRepresentatives.push(node)
    }
    const present = new Set(nodes.map((n) => n.metadata?.name ?? ''))
    const deleted = [...this.knownNodes.entries()].filter(([name]) => !present.has(name)).map(([, n]) => n)
    return { added, deleted, newZoneRepresentatives }
  }

  private addPodEvictorForNewZone(node: Node): void {
    const zone = zoneKey(node)
    if (this.zoneStates.has(zone)) return
    this.zoneStates.set(zone, 'Initial')
    this.zoneTainters.set(
      zone,
      new RateLimitedTimedQueue(
        new TokenBucket(this.options.nodeEvictionRate, EVICTION_RATE_LIMITER_BURST, this.kernel.nowMs),
      ),
    )
  }

  private tainter(node: Node): RateLimitedTimedQueue {
    const zone = zoneKey(node)
    let q = this.zoneTainters.get(zone)
    if (!q) {
      this.addPodEvictorForNewZone(node)
      q = this.zoneTainters.get(zone) as RateLimitedTimedQueue
    }
    return q
  }

  /** ComputeZoneState */
  private computeZoneState(conditions: readonly (NodeCondition | undefined)[]): [number, ZoneState] {
    let ready = 0
    let notReady = 0
    for (const c of conditions) {
      if (c?.status === 'True') ready++
      else notReady++
    }
    if (ready === 0 && notReady > 0) return [notReady, 'FullDisruption']
    if (notReady > 2 && notReady / (notReady + ready) >= this.options.unhealthyZoneThreshold)
      return [notReady, 'PartialDisruption']
    return [notReady, 'Normal']
  }

  /** handleDisruption */
  private *handleDisruption(
    zoneConditions: ReadonlyMap<string, readonly (NodeCondition | undefined)[]>,
    nodes: readonly Node[],
  ): Proc {
    const newStates = new Map<string, ZoneState>()
    let allAreFullyDisrupted = true
    for (const [zone, conditions] of zoneConditions) {
      const [, state] = this.computeZoneState(conditions)
      if (state !== 'FullDisruption') allAreFullyDisrupted = false
      newStates.set(zone, state)
      if (!this.zoneStates.has(zone)) this.zoneStates.set(zone, 'Initial')
    }
    let allWasFullyDisrupted = true
    for (const [zone, state] of [...this.zoneStates]) {
      if (!zoneConditions.has(zone)) {
        this.zoneStates.delete(zone)
        continue
      }
      if (state !== 'FullDisruption') {
        allWasFullyDisrupted = false
        break
      }
    }
    if (allAreFullyDisrupted && allWasFullyDisrupted) return
    const now = this.kernel.nowMs
    if (allAreFullyDisrupted) {
      // "Controller detected that all Nodes are not-Ready. Entering master disruption mode."
      for (const node of nodes) yield* this.markNodeAsReachable(node)
      for (const zone of this.zoneStates.keys()) {
        this.zoneTainters.get(zone)?.swapLimiter(0, now)
        this.zoneStates.set(zone, 'FullDisruption')
      }
      return
    }
    if (allWasFullyDisrupted) {
      // Exiting master disruption mode: every node starts its grace period afresh.
      for (const node of nodes) {
        const h = this.health.get(node.metadata?.name ?? '')
        if (h) {
          h.probeMs = now
          h.readyTransitionMs = now
        }
      }
      for (const zone of this.zoneStates.keys()) {
        const state = newStates.get(zone) ?? 'Normal'
        this.setLimiterInZone(zone, zoneConditions.get(zone)?.length ?? 0, state)
        this.zoneStates.set(zone, state)
      }
      return
    }
    for (const [zone, state] of [...this.zoneStates]) {
      const next = newStates.get(zone) ?? state
      if (next === state) continue
      this.setLimiterInZone(zone, zoneConditions.get(zone)?.length ?? 0, next)
      this.zoneStates.set(zone, next)
    }
  }

  private setLimiterInZone(zone: string, size: number, state: ZoneState): void {
    const q = this.zoneTainters.get(zone)
    if (!q) return
    const o = this.options
    const now = this.kernel.nowMs
    if (state === 'Normal' || state === 'FullDisruption') q.swapLimiter(o.nodeEvictionRate, now)
    else if (state === 'PartialDisruption')
      q.swapLimiter(size > o.largeClusterSizeThreshold ? o.secondaryNodeEvictionRate : 0, now)
    this.kernel.notify(this.tainterWake)
  }

  // ---- doNoExecuteTaintingPass ----

  /** Runs the tainting pass on the 100 ms grid while nodes are queued; sleeps otherwise. */
  private *tainterLoop(): Proc {
    for (;;) {
      const nextMs = this.nextTaintingPassMs()
      if (nextMs === undefined) {
        yield* wait(this.tainterWake)
        continue
      }
      const waitMs = nextMs - this.kernel.nowMs
      if (waitMs > 0) yield* sleep(waitMs, true)
      yield* this.doNoExecuteTaintingPass()
    }
  }

  /** The next grid tick at which some zone's head may be tried, or undefined when none can be. */
  private nextTaintingPassMs(): number | undefined {
    const now = this.kernel.nowMs
    let best: number | undefined
    for (const q of this.zoneTainters.values()) {
      const at = q.nextTryAtMs(now)
      if (at !== undefined && (best === undefined || at < best)) best = at
    }
    if (best === undefined) return undefined
    const k = Math.ceil((Math.max(best, now + 1) - this.startedAtMs) / NODE_EVICTION_PERIOD_MS)
    return this.startedAtMs + k * NODE_EVICTION_PERIOD_MS
  }

  *doNoExecuteTaintingPass(): Proc {
    for (const q of [...this.zoneTainters.values()]) {
      yield* q.tryEach(
        () => this.kernel.nowMs,
        (v) => this.taintQueuedNode(v.value),
      )
    }
  }

  private *taintQueuedNode(name: string): Proc<{ done: boolean; retryMs: number }> {
    const node = this.nodeInformer.get(name)
    if (!node) return { done: true, retryMs: 0 }
    const ready = node.status?.conditions?.find((c) => c.type === 'Ready')
    if (!ready) return { done: false, retryMs: 50 }
    let add: Taint
    let opposite: Taint
    if (ready.status === 'False') {
      add = NOT_READY_NO_EXECUTE
      opposite = UNREACHABLE_NO_EXECUTE
    } else if (ready.status === 'Unknown') {
      add = UNREACHABLE_NO_EXECUTE
      opposite = NOT_READY_NO_EXECUTE
    } else return { done: true, retryMs: 0 } // Ready again: nothing to taint.
    this.taintStep(node, [add], taintExists(node.spec?.taints, opposite) ? [opposite] : [], 'eviction')
    const ok = yield* swapNodeControllerTaint(this.util, [add], [opposite], node)
    return { done: ok, retryMs: 0 }
  }

  // ---- helpers ----

  private podsOnNode(name: string): Pod[] {
    return this.podInformer.list().filter((p) => p.spec?.nodeName === name)
  }

  private taintStep(
    node: Node,
    add: readonly Taint[],
    remove: readonly Taint[],
    reason: NodeTaintStep['reason'],
  ): void {
    const name = node.metadata?.name ?? ''
    const ref: ObjectRef = { resource: 'nodes', name, uid: node.metadata?.uid }
    const parts = [...add.map((t) => `+${taintText(t)}`), ...remove.map((t) => `-${taintText(t)}`)]
    this.kernel.step(
      CONTROLLER_MANAGER,
      'reconcile',
      `taint node ${name}: ${parts.join(' ')}`,
      {
        type: 'NodeTaint',
        controller: 'node-controller',
        node: ref,
        add: add.map(taintText),
        remove: remove.map(taintText),
        reason,
      },
      ref,
    )
  }
}

/** nodetopology.GetZoneKey: region and zone labels, "" without either. */
export function zoneKey(node: Node): string {
  const labels = node.metadata?.labels ?? {}
  const zone = labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'] ?? ''
  const region =
    labels['topology.kubernetes.io/region'] ?? labels['failure-domain.beta.kubernetes.io/region'] ?? ''
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`
}

function isExcludedFromDisruptionChecks(node: Node): boolean {
  return node.metadata?.labels?.[LABEL_EXCLUDE_DISRUPTION] !== undefined
}

function renewMs(lease: Lease): number {
  const t = lease.spec?.renewTime
  return t ? Date.parse(t) : Number.NEGATIVE_INFINITY
}

/** A wall-clock timestamp as virtual ms (relative to the scenario's time 0). */
function timeMs(t: string | undefined, epochMs: number): number | undefined {
  if (!t) return undefined
  const ms = Date.parse(t)
  return Number.isNaN(ms) ? undefined : ms - epochMs
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')}s`
}
