/**
 * The scheduling queue: activeQ (pods to try, best first), backoffQ (pods waiting out a backoff
 * after a failure) and unschedulablePods (pods that failed and wait for a cluster event that might
 * help, or for 5 minutes to pass).
 *
 * kube-scheduler v1.33: pkg/scheduler/backend/queue/scheduling_queue.go, active_queue.go,
 * backoff_queue.go, with QueueingHints (each plugin that rejected a pod says which events are
 * worth a retry) and SchedulerPopFromBackoffQ (beta, on in 1.33: when activeQ is empty the
 * scheduler takes the next pod from backoffQ instead of idling).
 *
 * Backoff: 1 s after the first attempt, doubling per attempt, at most 10 s, counted from the last
 * failure and rounded down to the 1 s ordering window. Pods that failed with an error (no plugin
 * rejected them) back off in a separate queue that is never popped early.
 *
 * Periodic work (moving pods whose backoff ended, every 1 s; flushing pods unschedulable for more
 * than 5 min, every 30 s) runs on background timers, so a cluster with only waiting pods is idle.
 */

import type { Labels } from '../../../api/labels'
import type { Pod } from '../../../api/types'
import { type Kernel, type Proc, Signal, sleep, wait } from '../../kernel/kernel'
import { affinityTerms, termMatches } from '../framework/affinity-term'
import {
  ActionType,
  BACKOFF_COMPLETE,
  type ClusterEvent,
  EVENT_UNSCHEDULABLE_TIMEOUT,
  eventLabel,
  isWildCard,
  matchClusterEvents,
  POP_FROM_BACKOFF_Q,
  podSchedulingPropertiesChange,
  SCHEDULE_ATTEMPT_FAILURE,
  UNSCHEDULED_POD_ADD,
  UNSCHEDULED_POD_UPDATE,
} from '../framework/events'
import type { PreEnqueuePlugin, QueueingHintFn } from '../framework/interfaces'
import { podKey } from '../framework/pod-info'
import { KeyedHeap } from './keyed-heap'
import { QueuedPodInfo } from './queued-pod-info'

export interface QueueingHintEntry {
  readonly plugin: string
  readonly event: ClusterEvent
  readonly hint?: QueueingHintFn
}

/** What the queue needs from the profile a pod belongs to (by spec.schedulerName). */
export interface QueueProfile {
  readonly preEnqueuePlugins: readonly PreEnqueuePlugin[]
  readonly hints: readonly QueueingHintEntry[]
}

export interface QueueOptions {
  readonly podInitialBackoffMs?: number
  readonly podMaxBackoffMs?: number
  readonly podMaxInUnschedulablePodsMs?: number
  /** SchedulerPopFromBackoffQ (default true, as in v1.33). */
  readonly popFromBackoffQ?: boolean
}

export const DEFAULT_POD_INITIAL_BACKOFF_MS = 1000
export const DEFAULT_POD_MAX_BACKOFF_MS = 10_000
export const DEFAULT_POD_MAX_IN_UNSCHEDULABLE_PODS_MS = 5 * 60 * 1000
export const UNSCHEDULABLE_FLUSH_INTERVAL_MS = 30_000
/** backoffQOrderingWindowDuration; also the backoffQ flush period. */
export const BACKOFF_WINDOW_MS = 1000

export type QueueName = 'activeQ' | 'backoffQ' | 'unschedulablePods'

/** One movement of a pod into a queue, and why: what the scheduler records as "requeued because…". */
export interface QueueMove {
  readonly pod: Pod
  readonly podKey: string
  /** The cluster event label or queue reason (NodeAdd, AssignedPodDelete, UnschedulableTimeout…). */
  readonly event: string
  readonly queue: QueueName
  /** The pod's attempts so far. */
  readonly attempts: number
  /** For backoffQ: when the backoff ends (virtual ms). */
  readonly backoffUntilMs?: number
}

type Strategy = 'skip' | 'afterBackoff' | 'immediately'

interface InFlight {
  readonly pInfo: QueuedPodInfo
  readonly events: { event: ClusterEvent; oldObj: unknown; newObj: unknown }[]
}

export class SchedulingQueue {
  private readonly activeQ: KeyedHeap<QueuedPodInfo>
  private readonly podBackoffQ: KeyedHeap<QueuedPodInfo>
  private readonly podErrorBackoffQ: KeyedHeap<QueuedPodInfo>
  private readonly unschedulablePods = new Map<string, QueuedPodInfo>()
  private readonly inFlight = new Map<string, InFlight>()
  private readonly ready = new Signal()
  private readonly initialBackoffMs: number
  private readonly maxBackoffMs: number
  private readonly maxInUnschedulableMs: number
  private readonly popFromBackoffQ: boolean
  private cycle = 0
  private running = false
  private readonly eventInterest = new Map<string, boolean>()

  constructor(
    private readonly kernel: Kernel,
    less: (a: QueuedPodInfo, b: QueuedPodInfo) => boolean,
    /** The profile of a pod; every queued pod belongs to one (the informer filters the rest). */
    private readonly profileOf: (pod: Pod) => QueueProfile,
    /** Every profile's hints: an event nobody registered moves nobody. */
    private readonly allHints: readonly QueueingHintEntry[],
    options: QueueOptions = {},
    /** Told about every movement, so the scheduler can record why a pod went where. */
    private readonly onMove: (move: QueueMove) => void = () => {},
    /** A namespace's labels (pod affinity terms with a namespaceSelector). */
    private readonly namespaceLabels: (namespace: string) => Labels = () => undefined,
  ) {
    this.initialBackoffMs = options.podInitialBackoffMs ?? DEFAULT_POD_INITIAL_BACKOFF_MS
    this.maxBackoffMs = options.podMaxBackoffMs ?? DEFAULT_POD_MAX_BACKOFF_MS
    this.maxInUnschedulableMs =
      options.podMaxInUnschedulablePodsMs ?? DEFAULT_POD_MAX_IN_UNSCHEDULABLE_PODS_MS
    this.popFromBackoffQ = options.popFromBackoffQ ?? true
    const key = (p: QueuedPodInfo) => p.key
    this.activeQ = new KeyedHeap(key, less)
    this.podBackoffQ = new KeyedHeap(key, (a, b) => {
      const x = this.backoffTime(a)
      const y = this.backoffTime(b)
      // Within the same window, the activeQ order (priority) decides.
      return x !== y ? x < y : this.popFromBackoffQ && less(a, b)
    })
    this.podErrorBackoffQ = new KeyedHeap(key, (a, b) => this.backoffTime(a) < this.backoffTime(b))
  }

  /** Number of pods popped so far (the scheduling cycle counter). */
  get schedulingCycle(): number {
    return this.cycle
  }

  get lengths(): { active: number; backoff: number; unschedulable: number; inFlight: number } {
    return {
      active: this.activeQ.size,
      backoff: this.podBackoffQ.size + this.podErrorBackoffQ.size,
      unschedulable: this.unschedulablePods.size,
      inFlight: this.inFlight.size,
    }
  }

  /** Where a pod currently is, if queued. */
  where(pod: Pod): QueueName | 'inFlight' | undefined {
    const key = podKey(pod)
    if (this.activeQ.has(key)) return 'activeQ'
    if (this.podBackoffQ.has(key) || this.podErrorBackoffQ.has(key)) return 'backoffQ'
    if (this.unschedulablePods.has(key)) return 'unschedulablePods'
    const uid = pod.metadata?.uid
    return uid !== undefined && this.inFlight.has(uid) ? 'inFlight' : undefined
  }

  /** Start the periodic flushes (background timers). */
  run(): void {
    if (this.running) return
    this.running = true
    this.kernel.spawn(this.backoffFlushLoop(), 'scheduling-queue backoff flush')
    this.kernel.spawn(this.unschedulableFlushLoop(), 'scheduling-queue unschedulable flush')
  }

  private *backoffFlushLoop(): Proc {
    // waitUntilAlignedWithOrderingWindow: tick on window boundaries.
    yield* sleep(this.alignUp(this.kernel.nowMs + 1) - this.kernel.nowMs, true)
    for (;;) {
      this.flushBackoffQCompleted()
      yield* sleep(BACKOFF_WINDOW_MS, true)
    }
  }

  private *unschedulableFlushLoop(): Proc {
    for (;;) {
      this.flushUnschedulablePodsLeftover()
      yield* sleep(UNSCHEDULABLE_FLUSH_INTERVAL_MS, true)
    }
  }

  // ---- backoff ------------------------------------------------------------------------------

  private alignDown(ms: number): number {
    const abs = this.kernel.epochMs + ms
    return ms - (((abs % BACKOFF_WINDOW_MS) + BACKOFF_WINDOW_MS) % BACKOFF_WINDOW_MS)
  }

  private alignUp(ms: number): number {
    const down = this.alignDown(ms)
    return down === ms ? ms : down + BACKOFF_WINDOW_MS
  }

  /** calculateBackoffDuration: 0 before any attempt, then 1 s, 2 s, 4 s, … capped at 10 s. */
  backoffDuration(attempts: number): number {
    if (attempts === 0) return 0
    let d = this.initialBackoffMs
    for (let i = 1; i < attempts; i++) {
      if (d > this.maxBackoffMs - d) return this.maxBackoffMs
      d += d
    }
    return d
  }

  private backoffTime(p: QueuedPodInfo): number {
    p.backoffExpiration ??= this.alignDown(p.timestamp + this.backoffDuration(p.attempts))
    return p.backoffExpiration
  }

  private isBackingOff(p: QueuedPodInfo): boolean {
    return this.backoffTime(p) > this.kernel.nowMs
  }

  private backoffQueueFor(p: QueuedPodInfo): KeyedHeap<QueuedPodInfo> {
    // A pod no plugin rejected failed with an error: it serves its whole backoff.
    return p.unschedulablePlugins.size === 0 ? this.podErrorBackoffQ : this.podBackoffQ
  }

  // ---- PreEnqueue and moves -----------------------------------------------------------------

  /** runPreEnqueuePlugins: the first plugin that says no gates the pod. */
  private runPreEnqueue(p: QueuedPodInfo): void {
    const profile = this.profileOf(p.pod)
    for (const pl of profile.preEnqueuePlugins) {
      const s = pl.preEnqueue(p.pod)
      if (s === null || s.code === 'Success') continue
      p.unschedulablePlugins.add(pl.name)
      p.gatingPlugin = pl.name
      p.gatingPluginEvents = profile.hints.filter((h) => h.plugin === pl.name).map((h) => h.event)
      return
    }
    p.gatingPlugin = ''
  }

  private toUnschedulable(p: QueuedPodInfo, event: string): void {
    this.unschedulablePods.set(p.key, p)
    this.onMove({ pod: p.pod, podKey: p.key, event, queue: 'unschedulablePods', attempts: p.attempts })
  }

  /** moveToActiveQ: false when a PreEnqueue plugin gated the pod (it then waits in unschedulablePods). */
  private moveToActiveQ(p: QueuedPodInfo, event: string, fromBackoffQ: boolean): boolean {
    if (!(this.popFromBackoffQ && fromBackoffQ)) this.runPreEnqueue(p)
    if (p.gated) {
      if (this.activeQ.has(p.key) || this.inBackoffQ(p.key) || this.unschedulablePods.has(p.key)) return false
      this.toUnschedulable(p, event)
      return false
    }
    p.initialAttemptTimestamp ??= this.kernel.nowMs
    this.unschedulablePods.delete(p.key)
    this.podBackoffQ.delete(p.key)
    this.podErrorBackoffQ.delete(p.key)
    this.activeQ.addOrUpdate(p)
    this.onMove({ pod: p.pod, podKey: p.key, event, queue: 'activeQ', attempts: p.attempts })
    return true
  }

  private moveToBackoffQ(p: QueuedPodInfo, event: string): boolean {
    if (this.popFromBackoffQ) {
      this.runPreEnqueue(p)
      if (p.gated) {
        if (!this.unschedulablePods.has(p.key)) this.toUnschedulable(p, event)
        return false
      }
    }
    this.unschedulablePods.delete(p.key)
    const q = this.backoffQueueFor(p)
    ;(q === this.podBackoffQ ? this.podErrorBackoffQ : this.podBackoffQ).delete(p.key)
    q.addOrUpdate(p)
    this.onMove({
      pod: p.pod,
      podKey: p.key,
      event,
      queue: 'backoffQ',
      attempts: p.attempts,
      backoffUntilMs: this.backoffTime(p),
    })
    return true
  }

  private inBackoffQ(key: string): boolean {
    return this.podBackoffQ.has(key) || this.podErrorBackoffQ.has(key)
  }

  private broadcast(): void {
    this.kernel.notify(this.ready)
  }

  /** requeuePodWithQueueingStrategy: returns where the pod went. */
  private requeue(p: QueuedPodInfo, strategy: Strategy, event: string): QueueName {
    if (strategy === 'skip') {
      this.toUnschedulable(p, event)
      return 'unschedulablePods'
    }
    if (strategy === 'afterBackoff' && this.isBackingOff(p)) {
      return this.moveToBackoffQ(p, event) ? 'backoffQ' : 'unschedulablePods'
    }
    return this.moveToActiveQ(p, event, false) ? 'activeQ' : 'unschedulablePods'
  }

  /** isPodWorthRequeuing: ask the hints of the plugins that rejected the pod. */
  private worthRequeuing(p: QueuedPodInfo, event: ClusterEvent, oldObj: unknown, newObj: unknown): Strategy {
    if (p.unschedulablePlugins.size === 0) return 'afterBackoff'
    if (isWildCard(event)) {
      const target = newObj as Pod | undefined
      if (target?.metadata && target.metadata.uid !== p.uid) return 'skip'
      return 'afterBackoff'
    }
    for (const h of this.profileOf(p.pod).hints) {
      if (!p.unschedulablePlugins.has(h.plugin) || !matchClusterEvents(h.event, event)) continue
      if ((h.hint ? h.hint(p.pod, oldObj, newObj) : 'Queue') === 'Queue') return 'afterBackoff'
    }
    return 'skip'
  }

  private isEventOfInterest(event: ClusterEvent): boolean {
    if (isWildCard(event)) return true
    const known = this.eventInterest.get(eventLabel(event))
    if (known !== undefined) return known
    const interested = this.allHints.some((h) => matchClusterEvents(h.event, event))
    this.eventInterest.set(eventLabel(event), interested)
    return interested
  }

  // ---- the SchedulingQueue interface --------------------------------------------------------

  /** A new unscheduled pod (informer add). */
  add(pod: Pod): void {
    const p = new QueuedPodInfo(pod, this.kernel.nowMs)
    if (this.moveToActiveQ(p, UNSCHEDULED_POD_ADD, false)) this.broadcast()
  }

  /** Pop the best pod: activeQ, else (SchedulerPopFromBackoffQ) backoffQ; waits while both are empty. */
  *pop(): Proc<QueuedPodInfo> {
    for (;;) {
      let p = this.activeQ.pop()
      if (!p && this.popFromBackoffQ) {
        p = this.podBackoffQ.pop()
        if (p)
          this.onMove({
            pod: p.pod,
            podKey: p.key,
            event: POP_FROM_BACKOFF_Q,
            queue: 'activeQ',
            attempts: p.attempts,
          })
      }
      if (!p) {
        yield* wait(this.ready)
        continue
      }
      p.attempts++
      p.backoffExpiration = null
      this.cycle++
      this.inFlight.set(p.uid, { pInfo: p, events: [] })
      p.unschedulablePlugins = new Set()
      return p
    }
  }

  /** The pod's attempt is over (bound, or requeued); forget the events seen meanwhile. */
  done(uid: string): void {
    this.inFlight.delete(uid)
  }

  /**
   * AddUnschedulableIfNotPresent: after a failed attempt. Events that arrived while the pod was
   * being scheduled are checked with the rejecting plugins' hints: if one may help, the pod goes
   * to backoffQ/activeQ at once, otherwise it waits in unschedulablePods.
   */
  addUnschedulableIfNotPresent(p: QueuedPodInfo): QueueName | undefined {
    try {
      if (this.unschedulablePods.has(p.key) || this.activeQ.has(p.key) || this.inBackoffQ(p.key))
        return undefined
      p.timestamp = this.kernel.nowMs
      p.backoffExpiration = null
      let strategy: Strategy = 'skip'
      if (p.unschedulablePlugins.size === 0) strategy = 'afterBackoff'
      else {
        for (const e of this.inFlight.get(p.uid)?.events ?? []) {
          if (this.worthRequeuing(p, e.event, e.oldObj, e.newObj) !== 'skip') {
            strategy = 'afterBackoff'
            break
          }
        }
      }
      const queue = this.requeue(p, strategy, SCHEDULE_ATTEMPT_FAILURE)
      if (queue === 'activeQ' || (this.popFromBackoffQ && queue === 'backoffQ')) this.broadcast()
      return queue
    } finally {
      this.done(p.uid)
    }
  }

  /** An unscheduled pod changed (informer update). */
  update(oldPod: Pod, newPod: Pod): void {
    const key = podKey(newPod)
    const events = podSchedulingPropertiesChange(newPod, oldPod)
    const flight = this.inFlight.get(newPod.metadata?.uid ?? key)
    if (flight) {
      for (const event of events) flight.events.push({ event, oldObj: oldPod, newObj: newPod })
      flight.pInfo.pod = newPod
      return
    }
    const active = this.activeQ.get(key)
    if (active) {
      active.pod = newPod
      this.activeQ.addOrUpdate(active)
      return
    }
    const backoff = this.podBackoffQ.get(key) ?? this.podErrorBackoffQ.get(key)
    if (backoff) {
      backoff.pod = newPod
      this.backoffQueueFor(backoff).addOrUpdate(backoff)
      return
    }
    const waiting = this.unschedulablePods.get(key)
    if (waiting) {
      waiting.pod = newPod
      for (const event of events) {
        const strategy = this.worthRequeuing(waiting, event, oldPod, newPod)
        if (strategy === 'skip') continue
        this.unschedulablePods.delete(key)
        const queue = this.requeue(waiting, strategy, eventLabel(event))
        if (queue === 'activeQ' || (this.popFromBackoffQ && queue === 'backoffQ')) {
          this.broadcast()
          break
        }
      }
      return
    }
    const p = new QueuedPodInfo(newPod, this.kernel.nowMs)
    if (this.moveToActiveQ(p, UNSCHEDULED_POD_UPDATE, false)) this.broadcast()
  }

  /** An unscheduled pod was deleted (or got bound by someone else). */
  delete(pod: Pod): void {
    const key = podKey(pod)
    if (this.activeQ.delete(key)) return
    if (this.podBackoffQ.delete(key) || this.podErrorBackoffQ.delete(key)) return
    this.unschedulablePods.delete(key)
  }

  /**
   * MoveAllToActiveOrBackoffQueue: a cluster event happened; retry the waiting pods it may help.
   * `preCheck` narrows the candidates (e.g. not the pod whose binding just failed).
   */
  moveAllToActiveOrBackoffQueue(
    event: ClusterEvent,
    oldObj: unknown,
    newObj: unknown,
    preCheck?: (pod: Pod) => boolean,
  ): void {
    if (!this.isEventOfInterest(event)) return
    const candidates: QueuedPodInfo[] = []
    for (const p of this.unschedulablePods.values()) if (!preCheck || preCheck(p.pod)) candidates.push(p)
    this.movePods(candidates, event, oldObj, newObj)
  }

  private movePods(
    pods: readonly QueuedPodInfo[],
    event: ClusterEvent,
    oldObj: unknown,
    newObj: unknown,
  ): void {
    if (!this.isEventOfInterest(event)) return
    let activated = false
    const label = eventLabel(event)
    for (const p of pods) {
      if (p.gated && !p.gatingPluginEvents.some((e) => matchClusterEvents(e, event))) continue
      const strategy = this.worthRequeuing(p, event, oldObj, newObj)
      if (strategy === 'skip') continue
      this.unschedulablePods.delete(p.key)
      const queue = this.requeue(p, strategy, label)
      if (queue === 'activeQ' || (this.popFromBackoffQ && queue === 'backoffQ')) activated = true
    }
    // Pods being scheduled right now will check this event if they fail.
    for (const f of this.inFlight.values()) f.events.push({ event, oldObj, newObj })
    if (activated) this.broadcast()
  }

  /**
   * AssignedPodUpdated: a bound pod changed. A scale-down may free resources for anyone; other
   * changes matter only to pods with cross-pod terms that could see it.
   */
  assignedPodUpdated(oldPod: Pod, newPod: Pod, event: ClusterEvent): void {
    if (event.actionType & ActionType.UpdatePodScaleDown)
      this.moveAllToActiveOrBackoffQueue(event, oldPod, newPod)
    else this.movePods(this.withCrossTopologyTerm(newPod), event, oldPod, newPod)
  }

  /**
   * AssignedPodAdded: a bound pod appeared. A new pod takes room, so it can only help pods whose
   * topology spread or required pod affinity it may satisfy.
   */
  assignedPodAdded(event: ClusterEvent, pod: Pod): void {
    this.movePods(this.withCrossTopologyTerm(pod), event, undefined, pod)
  }

  /**
   * getUnschedulablePodsWithCrossTopologyTerm: waiting pods that PodTopologySpread rejected (in
   * the same namespace), or whose required pod affinity terms select `pod`.
   */
  private withCrossTopologyTerm(pod: Pod): QueuedPodInfo[] {
    const ns = pod.metadata?.namespace ?? ''
    const nsLabels = this.namespaceLabels(ns)
    const out: QueuedPodInfo[] = []
    for (const p of this.unschedulablePods.values()) {
      if (p.unschedulablePlugins.has('PodTopologySpread') && p.pod.metadata?.namespace === ns) {
        out.push(p)
        continue
      }
      const terms = p.pod.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution
      if (terms?.length && affinityTerms(p.pod, terms).some((t) => termMatches(t, pod, nsLabels))) out.push(p)
    }
    return out
  }

  /** flushBackoffQCompleted: pods whose backoff ended go to activeQ. */
  flushBackoffQCompleted(): void {
    let activated = false
    for (const q of [this.podBackoffQ, this.podErrorBackoffQ]) {
      for (let p = q.peek(); p && !this.isBackingOff(p); p = q.peek()) {
        q.pop()
        if (this.moveToActiveQ(p, BACKOFF_COMPLETE, true)) activated = true
      }
    }
    if (activated) this.broadcast()
  }

  /** flushUnschedulablePodsLeftover: pods waiting longer than 5 min are retried regardless. */
  flushUnschedulablePodsLeftover(): void {
    const now = this.kernel.nowMs
    const old: QueuedPodInfo[] = []
    for (const p of this.unschedulablePods.values()) {
      if (now - p.timestamp > this.maxInUnschedulableMs) old.push(p)
    }
    if (old.length > 0) this.movePods(old, EVENT_UNSCHEDULABLE_TIMEOUT, undefined, undefined)
  }
}
