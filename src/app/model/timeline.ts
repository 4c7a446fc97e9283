/**
 * Pod timelines: one lane per Pod over virtual time, from its etcd revisions and the Events about
 * it. A lane holds
 * - STATUS segments: `kubectl get pods`' STATUS column (podSummary) after each write, equal
 *   neighbours merged, the last one open until the Pod is deleted;
 * - condition ticks: each time PodScheduled, PodReadyToStartContainers, Initialized,
 *   ContainersReady or Ready changes status;
 * - restart ticks: each time a container's restartCount goes up (a CrashLoopBackOff shows as
 *   restarts with growing gaps);
 * - event ticks: every occurrence of an Event about the Pod (a repeat is a later revision of the
 *   Event with a higher count).
 *
 * A Pod deleted and created again under the same name is a new lane (a new uid). Lanes are grouped
 * by their controller (ownerReferences with controller: true, e.g. a ReplicaSet); a bare Pod is a
 * group of its own.
 */

import { type AnyEvent, eventView } from '../../api/kubectl/events'
import { podSummary } from '../../api/kubectl/pods'
import { DEFAULT_START_MS } from '../../api/time'
import type { ContainerStatus, Pod, PodCondition } from '../../api/types'
import type { MessageView, ObjectRevision } from '../../protocol/messages'
import type { RevisionIndex } from './objects'
import { podKeys } from './pods-view'
import { causeChain, type Writer, writerOf } from './why'

/** The conditions a lane ticks, in the order the kubelet reaches them. */
export const TIMELINE_CONDITIONS = [
  'PodScheduled',
  'PodReadyToStartContainers',
  'Initialized',
  'ContainersReady',
  'Ready',
] as const

export interface StatusSegment {
  /** kubectl's STATUS: `Pending`, `ContainerCreating`, `Running`, `CrashLoopBackOff`, `Terminating`… */
  readonly status: string
  readonly fromMs: number
  /** Where the next status starts, or the deletion; undefined while it still holds. */
  readonly toMs: number | undefined
  /** The revision (and its etcd request) that began the segment. */
  readonly revision: number
  readonly messageId: number | null
  /** Who wrote that revision, when the trace was given. */
  readonly writer?: Writer
}

export interface ConditionTick {
  readonly type: string
  /** `True`, `False`, `Unknown`; undefined when the condition went away. */
  readonly status: string | undefined
  /** The status before (undefined: the condition was not there). */
  readonly previous: string | undefined
  readonly reason?: string
  readonly message?: string
  readonly atMs: number
  readonly revision: number
  readonly messageId: number | null
  readonly writer?: Writer
}

export interface RestartTick {
  readonly container: string
  readonly init: boolean
  readonly restartCount: number
  readonly atMs: number
  /** Since this container's previous restart tick (undefined for its first). */
  readonly sincePreviousMs?: number
  /** How the previous run ended (lastState.terminated). */
  readonly exitCode?: number
  readonly reason?: string
  readonly revision: number
  readonly messageId: number | null
}

export interface EventTick {
  readonly type: string
  readonly reason: string
  readonly message: string
  readonly atMs: number
  /** The Event's count at this occurrence (1 for the first). */
  readonly count: number
  /** The Event's etcd key, to open its history. */
  readonly key: string
  readonly revision: number
  readonly messageId: number | null
}

export interface TimelineOwner {
  readonly kind: string
  readonly name: string
  readonly uid?: string
}

export interface PodTimeline {
  /** The Pod's etcd key (shared by a deleted Pod and its namesake created later). */
  readonly key: string
  readonly namespace: string
  readonly name: string
  readonly uid?: string
  /** The controller that owns it; undefined for a bare Pod. */
  readonly owner?: TimelineOwner
  /** `ns/Kind/name` of the owner, or `ns/Pod/name` for a bare Pod: lanes with the same group go together. */
  readonly group: string
  readonly createdAtMs: number
  /** When the Pod was deleted from etcd; undefined while it exists. */
  readonly deletedAtMs?: number
  readonly segments: readonly StatusSegment[]
  readonly conditions: readonly ConditionTick[]
  readonly restarts: readonly RestartTick[]
  readonly events: readonly EventTick[]
}

/** Lanes sharing an owner. */
export interface TimelineGroup {
  readonly group: string
  readonly namespace: string
  readonly owner?: TimelineOwner
  readonly lanes: readonly PodTimeline[]
}

const EVENT_PREFIX = '/registry/events/'

/** An occurrence of an Event, keyed by the object it is about. */
interface Occurrence extends EventTick {
  readonly objectUid: string
  /** `namespace/name` of the Pod the Event is about. */
  readonly podRef: string
}

/** Every Event occurrence, by `namespace/name` of the Pod it is about. */
function podEventOccurrences(index: RevisionIndex): Map<string, Occurrence[]> {
  const byPod = new Map<string, Occurrence[]>()
  // In the index's order (no sort: a lane sorts its ticks by time and revision, and the index keeps
  // its keys' order from one frame to the next, so an unchanged Pod gets the same list back).
  for (const [key, revisions] of index) {
    if (!key.startsWith(EVENT_PREFIX)) continue
    let occurrences = occurrenceCache.get(revisions)
    if (!occurrences) {
      occurrences = eventOccurrences(key, revisions)
      occurrenceCache.set(revisions, occurrences)
    }
    for (const occurrence of occurrences) {
      const list = byPod.get(occurrence.podRef)
      if (list) list.push(occurrence)
      else byPod.set(occurrence.podRef, [occurrence])
    }
  }
  return byPod
}

/**
 * Per revision list (the store never changes one in place: a new revision makes a new list), what
 * was derived from it, so that with thousands of Pods a new frame recomputes only the keys it
 * touched (the timeline runs this on every change of the index).
 */
const occurrenceCache = new WeakMap<readonly ObjectRevision[], Occurrence[]>()
const incarnationCache = new WeakMap<readonly ObjectRevision[], { startMs: number; lanes: LaneBuilder[] }>()
/**
 * Per incarnation (cached above), the lane last made of it and the Event occurrences it was made
 * with: a Pod whose revisions and Events did not change keeps the very same lane object, so a
 * memoized lane component does not re-render for it.
 */
const laneCache = new WeakMap<LaneBuilder, { occurrences: readonly Occurrence[]; lane: PodTimeline }>()

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** The occurrences of one Event key's revisions (about a Pod), in order. */
function eventOccurrences(key: string, revisions: readonly ObjectRevision[]): Occurrence[] {
  const out: Occurrence[] = []
  let lastCount = 0
  for (const r of revisions) {
    if (!r.object) {
      lastCount = 0
      continue
    }
    const v = eventView(r.object as AnyEvent)
    if (v.kind && v.kind !== 'Pod') continue
    const count = Math.max(1, v.seriesCount ?? v.count)
    // A first sighting is one occurrence; a later revision is a repeat only if the count went up.
    if (lastCount > 0 && count <= lastCount) continue
    lastCount = count
    const podRef = `${v.objectNamespace}/${v.objectName}`
    out.push({
      podRef,
      type: v.type,
      reason: v.reason,
      message: v.message,
      atMs: r.atMs,
      count,
      key,
      revision: r.revision,
      messageId: r.messageId,
      objectUid: v.objectUid,
    })
  }
  return out
}

function ownerOf(pod: Pod): TimelineOwner | undefined {
  const ref = pod.metadata?.ownerReferences?.find((o) => o.controller === true)
  return ref ? { kind: ref.kind, name: ref.name, ...(ref.uid ? { uid: ref.uid } : {}) } : undefined
}

function conditionMap(pod: Pod | null): Map<string, PodCondition> {
  return new Map((pod?.status?.conditions ?? []).map((c) => [c.type, c]))
}

function restartCounts(pod: Pod | null): Map<string, ContainerStatus & { init: boolean }> {
  const out = new Map<string, ContainerStatus & { init: boolean }>()
  for (const c of pod?.status?.initContainerStatuses ?? []) out.set(`init:${c.name}`, { ...c, init: true })
  for (const c of pod?.status?.containerStatuses ?? []) out.set(`main:${c.name}`, { ...c, init: false })
  return out
}

/** Builds one lane from the revisions of one Pod incarnation (same key, same uid). */
class LaneBuilder {
  readonly segments: StatusSegment[] = []
  readonly conditions: ConditionTick[] = []
  readonly restarts: RestartTick[] = []
  private lastPod: Pod | null = null
  private readonly lastRestartAt = new Map<string, number>()
  deletedAtMs: number | undefined
  owner: TimelineOwner | undefined
  uid: string | undefined

  constructor(
    readonly key: string,
    readonly createdAtMs: number,
    private readonly startMs: number,
    private readonly writer: (r: ObjectRevision) => Writer | undefined,
  ) {}

  /** Close the open segment at `atMs` (the Pod was replaced by a namesake without a deletion seen). */
  end(atMs: number): void {
    const open = this.segments.at(-1)
    if (open && open.toMs === undefined) this.segments[this.segments.length - 1] = { ...open, toMs: atMs }
  }

  add(r: ObjectRevision): void {
    const pod = r.object as Pod | null
    const writer = this.writer(r)
    const stamp = { revision: r.revision, messageId: r.messageId, ...(writer ? { writer } : {}) }
    const open = this.segments.at(-1)
    if (!pod) {
      this.end(r.atMs)
      this.deletedAtMs = r.atMs
    } else {
      if (!this.owner) this.owner = ownerOf(pod)
      if (!this.uid && pod.metadata?.uid) this.uid = pod.metadata.uid
      const status = podSummary(pod, this.startMs + r.atMs).status
      if (open?.status !== status) {
        if (open) this.segments[this.segments.length - 1] = { ...open, toMs: r.atMs }
        this.segments.push({ status, fromMs: r.atMs, toMs: undefined, ...stamp })
      }
    }
    this.tickConditions(pod, r, stamp)
    this.tickRestarts(pod, r)
    this.lastPod = pod
  }

  private tickConditions(pod: Pod | null, r: ObjectRevision, stamp: object): void {
    const before = conditionMap(this.lastPod)
    const after = conditionMap(pod)
    for (const type of TIMELINE_CONDITIONS) {
      const b = before.get(type)?.status
      const c = after.get(type)
      if (b === c?.status) continue
      this.conditions.push({
        type,
        status: c?.status,
        previous: b,
        ...(c?.reason ? { reason: c.reason } : {}),
        ...(c?.message ? { message: c.message } : {}),
        atMs: r.atMs,
        ...(stamp as Pick<ConditionTick, 'revision' | 'messageId' | 'writer'>),
      })
    }
  }

  private tickRestarts(pod: Pod | null, r: ObjectRevision): void {
    if (!pod) return
    const before = restartCounts(this.lastPod)
    for (const [id, c] of restartCounts(pod)) {
      const count = c.restartCount ?? 0
      if (count <= (before.get(id)?.restartCount ?? 0)) continue
      const previousAt = this.lastRestartAt.get(id)
      this.lastRestartAt.set(id, r.atMs)
      const last = c.lastState?.terminated
      this.restarts.push({
        container: c.name,
        init: c.init,
        restartCount: count,
        atMs: r.atMs,
        ...(previousAt !== undefined ? { sincePreviousMs: r.atMs - previousAt } : {}),
        ...(last?.exitCode !== undefined ? { exitCode: last.exitCode } : {}),
        ...(last?.reason ? { reason: last.reason } : {}),
        revision: r.revision,
        messageId: r.messageId,
      })
    }
  }
}

/**
 * One lane per Pod, grouped by owner (lanes of a group together, groups in namespace/kind/name
 * order, lanes in creation order). `trace`, when given, names each segment's and condition's
 * writer. `startMs` is the wall-clock instant of virtual time 0 (podSummary's ages need it).
 */
export function podTimelines(
  index: RevisionIndex,
  trace?: readonly MessageView[],
  startMs: number = DEFAULT_START_MS,
): PodTimeline[] {
  const writers = new Map<number, Writer | undefined>()
  const writer = (r: ObjectRevision): Writer | undefined => {
    if (!trace || r.messageId === null) return undefined
    if (!writers.has(r.messageId)) writers.set(r.messageId, writerOf(causeChain(trace, r.messageId)))
    return writers.get(r.messageId)
  }
  const events = podEventOccurrences(index)
  const lanes: PodTimeline[] = []
  for (const key of podKeys(index)) {
    const revisions = index.get(key) ?? []
    const first = revisions[0]
    if (!first) continue
    const namespace =
      first.namespace ?? (first.object?.metadata?.namespace as string | undefined) ?? 'default'
    const name = first.name
    // Without a trace (no writers), a Pod's lanes depend on its revisions only: cached per list.
    let incarnations: LaneBuilder[]
    const cached = trace ? undefined : incarnationCache.get(revisions)
    if (cached && cached.startMs === startMs) incarnations = cached.lanes
    else {
      incarnations = buildIncarnations(key, revisions, startMs, writer)
      if (!trace) incarnationCache.set(revisions, { startMs, lanes: incarnations })
    }
    const podOccurrences = events.get(`${namespace}/${name}`) ?? []
    for (const [i, lane] of incarnations.entries()) {
      const next = incarnations[i + 1]
      const mine = podOccurrences.filter((e) =>
        e.objectUid && lane.uid
          ? e.objectUid === lane.uid
          : e.atMs >= lane.createdAtMs && (next === undefined || e.atMs < next.createdAtMs),
      )
      const kept = trace ? undefined : laneCache.get(lane)
      if (kept && sameItems(kept.occurrences, mine)) {
        lanes.push(kept.lane)
        continue
      }
      const owner = lane.owner
      const timeline: PodTimeline = {
        key,
        namespace,
        name,
        ...(lane.uid ? { uid: lane.uid } : {}),
        ...(owner ? { owner } : {}),
        group: owner ? `${namespace}/${owner.kind}/${owner.name}` : `${namespace}/Pod/${name}`,
        createdAtMs: lane.createdAtMs,
        ...(lane.deletedAtMs !== undefined ? { deletedAtMs: lane.deletedAtMs } : {}),
        segments: lane.segments,
        conditions: lane.conditions,
        restarts: lane.restarts,
        events: mine
          .map(({ objectUid: _, podRef: __, ...tick }) => tick)
          .sort((a, b) => a.atMs - b.atMs || a.revision - b.revision),
      }
      if (!trace) laneCache.set(lane, { occurrences: mine, lane: timeline })
      lanes.push(timeline)
    }
  }
  return lanes.sort(
    (a, b) =>
      compare(a.group, b.group) ||
      a.createdAtMs - b.createdAtMs ||
      compare(a.name, b.name) ||
      (a.segments[0]?.revision ?? 0) - (b.segments[0]?.revision ?? 0),
  )
}

/** A Pod key's lanes: a new one for each incarnation (a new uid, or after a deletion). */
function buildIncarnations(
  key: string,
  revisions: readonly ObjectRevision[],
  startMs: number,
  writer: (r: ObjectRevision) => Writer | undefined,
): LaneBuilder[] {
  const incarnations: LaneBuilder[] = []
  let current: LaneBuilder | undefined
  for (const r of revisions) {
    if (!r.object) {
      if (current && current.deletedAtMs === undefined) current.add(r)
      continue
    }
    const uid = r.object.metadata?.uid
    const replaced = current && uid && current.uid && uid !== current.uid
    if (!current || current.deletedAtMs !== undefined || replaced) {
      if (replaced) current?.end(r.atMs)
      current = new LaneBuilder(key, r.atMs, startMs, writer)
      incarnations.push(current)
    }
    current.add(r)
  }
  return incarnations
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const cache = new WeakMap<RevisionIndex, PodTimeline[]>()

/**
 * podTimelines of the store's index (without writers), computed once per index: the store
 * replaces the index on every change, so the timeline and the inspector share one computation.
 */
export function lanesOf(index: RevisionIndex): PodTimeline[] {
  let lanes = cache.get(index)
  if (!lanes) {
    lanes = podTimelines(index)
    cache.set(index, lanes)
  }
  return lanes
}

/** The lanes by group, in order (podTimelines already puts a group's lanes together). */
export function timelineGroups(lanes: readonly PodTimeline[]): TimelineGroup[] {
  const groups: { group: string; namespace: string; owner?: TimelineOwner; lanes: PodTimeline[] }[] = []
  for (const lane of lanes) {
    const last = groups.at(-1)
    if (last && last.group === lane.group) last.lanes.push(lane)
    else
      groups.push({
        group: lane.group,
        namespace: lane.namespace,
        ...(lane.owner ? { owner: lane.owner } : {}),
        lanes: [lane],
      })
  }
  return groups
}
