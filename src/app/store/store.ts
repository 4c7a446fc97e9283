/**
 * The UI's one zustand store, in slices: the trace as received from the worker, and playback.
 * Worker commands are plain module functions (src/app/bridge.ts), not hooks; components select
 * narrowly so that moving the cursor re-renders only what depends on it.
 */
import type { Node } from 'kubernetes-types/core/v1'
import { create } from 'zustand'
import { applyDelta } from '../../protocol/delta'
import {
  ADMIN_USER,
  type CompactedTrace,
  type MessageView,
  type ObjectRevision,
  type ReceivedFrame,
  type ScenarioInput,
  type WireRevision,
  type WorkerProgress,
} from '../../protocol/messages'
import type { EditorProblem } from '../editor/field-lines'
import { truncateRevisions } from '../model/objects'
import { firstIdAtLeast, longestFlightMs } from '../model/trace-index'
import type { WhyView } from '../model/why-view'

export interface TraceSlice {
  generation: number
  /** In id order (= sentAtMs order); from `compacted.throughId + 1` once a large run compacted. */
  messages: MessageView[]
  /** A large run's messages before these were compacted into counts (the UI says so). */
  compacted: CompactedTrace | undefined
  /** Longest flight time so far, to bound in-flight scans. */
  maxFlightMs: number
  /** Revisions by etcd key; replaced (new Map) on every change so selectors see a new value. */
  revisions: Map<string, ObjectRevision[]>
  nodes: Node[]
  /** The cluster has simulated admission webhook servers (drawn as a component). */
  webhooks: boolean
  /** The cluster's users by name (kubectl may act as any of them). */
  users: string[]
  scenario: ScenarioInput | undefined
  computedUntilMs: number
  idleAtMs: number | undefined
  /** The worker's last `progress` report (a long computation), for the progress bar. */
  progress: WorkerProgress | undefined
}

export interface PlaybackSlice {
  cursorMs: number
  playing: boolean
  /** Virtual milliseconds per wall millisecond (0.01 = teaching, 1 = real time, 20 = fast). */
  speed: number
  /** Cross stretches with only routine upkeep fast (see model/quiet.ts). */
  skipQuiet: boolean
  /** True while playback is crossing such a stretch. */
  fastForward: boolean
  /** Follow the newest activity while playing (after an apply). */
  selectedMessageId: number | undefined
  /** The etcd key of the focused Pod (status strip, graph, timeline, inspector). */
  focusedPodKey: string | undefined
  /** An explanation on show: the chain of messages behind a status, condition or event. */
  why: WhyView | undefined
}

/** The panels under the graph. */
export type DockTab = 'timeline' | 'console' | 'scheduling' | 'history' | 'whatIf'

export interface LayoutSlice {
  dockTab: DockTab
  /** The object the History tab shows (an etcd key); the focused Pod when unset. */
  historyKey: string | undefined
  /** The dock's height in px, as the user dragged it; undefined: the default (30% of the window). */
  dockHeight: number | undefined
  /** The library scenario loaded last (its card shows in the inspector), if any. */
  scenarioId: string | undefined
  /** The editor's manifest before a scenario replaced it, so it can be restored. */
  draftBeforeScenario: string | undefined
}

export type { EditorProblem, WhyView }

export interface EditorSlice {
  /** The workload tab's YAML (what Apply sends). */
  workloadYaml: string
  /**
   * The cluster tab's YAML (Node objects, a KubeSchedulerConfiguration, Users, RBAC objects and
   * ServiceAccounts); empty means the default cluster.
   */
  clusterYaml: string
  /**
   * The cluster tab's text while the user edits it and has not used it yet (undefined: the tab
   * shows the running cluster). Kept in the store so a fork (new Nodes) does not reset it.
   */
  clusterDraft: string | undefined
  /** Problems from the last Apply (parse errors, apiserver errors), shown as markers. */
  problems: EditorProblem[]
  /** Problems of the cluster tab's last "Use this cluster". */
  clusterProblems: EditorProblem[]
  /** What kubectl printed for the last Apply, one line per object. */
  applyLog: ApplyLogLine[]
  applying: boolean
  /** Who kubectl is when applying: ADMIN_USER or one of the cluster's users. */
  applyAs: string
}

export interface ApplyLogLine {
  readonly text: string
  readonly ok: boolean
  /** A `Warning:` line from the apiserver (the object was still accepted). */
  readonly warning?: boolean
  /**
   * For an object kubectl created or changed whose resource no simulated component watches: its
   * plural resource (`services`), so the log can say nothing in the simulation acts on it.
   */
  readonly unwatched?: string
  readonly atMs: number
}

export type State = TraceSlice & PlaybackSlice & EditorSlice & LayoutSlice

export const initialTrace: TraceSlice = {
  generation: 0,
  messages: [],
  compacted: undefined,
  maxFlightMs: 0,
  revisions: new Map(),
  nodes: [],
  webhooks: false,
  users: [],
  scenario: undefined,
  computedUntilMs: 0,
  idleAtMs: undefined,
  progress: undefined,
}

export const initialPlayback: PlaybackSlice = {
  cursorMs: 0,
  playing: false,
  speed: 0.25,
  skipQuiet: true,
  fastForward: false,
  selectedMessageId: undefined,
  focusedPodKey: undefined,
  why: undefined,
}

export const initialLayout: LayoutSlice = {
  dockTab: 'timeline',
  historyKey: undefined,
  dockHeight: undefined,
  scenarioId: undefined,
  draftBeforeScenario: undefined,
}

export const initialEditor: EditorSlice = {
  workloadYaml: '',
  clusterYaml: '',
  clusterDraft: undefined,
  problems: [],
  clusterProblems: [],
  applyLog: [],
  applying: false,
  applyAs: ADMIN_USER,
}

export const useStore = create<State>(() => ({
  ...initialTrace,
  ...initialPlayback,
  ...initialEditor,
  ...initialLayout,
}))

/**
 * Apply a worker `reset`: keep what precedes the fork, drop the rest. Applying as a user the
 * cluster no longer has goes back to applying as the admin.
 */
export function resetTrace(
  generation: number,
  fromMs: number,
  fromMessageId: number,
  nodes: Node[],
  scenario: ScenarioInput,
  users: string[] = [],
  webhooks = false,
): void {
  useStore.setState((s) => {
    const revisions = new Map(s.revisions)
    truncateRevisions(revisions, fromMs)
    // Messages are in id order: what is kept is a prefix.
    const messages = s.messages.slice(0, firstIdAtLeast(s.messages, fromMessageId))
    // The longest flight is still s.maxFlightMs unless it was among the messages dropped.
    const maxFlightMs =
      longestFlightMs(s.messages, messages.length) < s.maxFlightMs ? s.maxFlightMs : longestFlightMs(messages)
    return {
      generation,
      messages,
      // A fork inside the compacted stretch recomputes it; the new run reports its compaction.
      compacted: s.compacted && s.compacted.throughId < fromMessageId ? s.compacted : undefined,
      maxFlightMs,
      revisions,
      nodes,
      webhooks,
      users,
      applyAs: users.includes(s.applyAs) ? s.applyAs : ADMIN_USER,
      scenario,
      computedUntilMs: Math.min(s.computedUntilMs, fromMs),
      idleAtMs: undefined,
      selectedMessageId:
        s.selectedMessageId !== undefined && s.selectedMessageId < fromMessageId
          ? s.selectedMessageId
          : undefined,
      // An explanation of state the fork recomputes no longer holds.
      why: s.why && s.why.atMs < fromMs ? s.why : undefined,
    }
  })
}

/** A worker `frame` event. */
export type FrameEvent = ReceivedFrame

/**
 * The store changes that take in worker frames at once (frames of an older generation are
 * ignored): messages appended, revisions rebuilt from their deltas (against the last revision of
 * their key) and indexed. Pure, so playback can fold it into the same update as the cursor: one
 * React render per animation frame.
 */
export function framesPatch(s: State, frames: readonly FrameEvent[]): Partial<State> {
  // Progress rides on frames (the worker posts once per animation frame): the newest one counts
  // (ComputeProgress checks its generation).
  const progress = frames.findLast((f) => f.progress !== undefined)?.progress
  const mine = frames.filter((f) => f.generation === s.generation)
  const last = mine[mine.length - 1]
  if (!last) return progress ? { progress } : {}
  let maxFlightMs = s.maxFlightMs
  const added: MessageView[] = []
  let compacted = s.compacted
  let index: Map<string, ObjectRevision[]> | undefined
  /** Lists already copied in this patch (appended to in place). */
  const copied = new Set<string>()
  for (const f of mine) {
    if (f.compacted) compacted = f.compacted
    for (const m of f.messages) {
      maxFlightMs = Math.max(maxFlightMs, m.deliverAtMs - m.sentAtMs)
      added.push(m)
    }
    for (const w of f.revisions) {
      index ??= new Map(s.revisions)
      const list = index.get(w.key)
      const r = decodeRevision(w, 'base' in w && w.base !== undefined ? index.get(w.base) : list)
      if (!list) {
        index.set(w.key, [r])
        copied.add(w.key)
      } else if (copied.has(w.key)) list.push(r)
      else {
        index.set(w.key, [...list, r])
        copied.add(w.key)
      }
    }
  }
  let messages = added.length ? s.messages.concat(added) : s.messages
  if (compacted !== s.compacted && compacted) {
    const through = compacted.throughId
    messages = messages.slice(firstIdAtLeast(messages, through + 1))
  }
  return {
    messages,
    compacted,
    maxFlightMs,
    computedUntilMs: last.computedUntilMs,
    idleAtMs: last.idleAtMs,
    ...(progress ? { progress } : {}),
    ...(index ? { revisions: index } : {}),
  }
}

/**
 * A revision as the store keeps it: a delta applied to the object of the key's last revision (or,
 * with `base`, of that other key's last revision).
 */
function decodeRevision(w: WireRevision, list: readonly ObjectRevision[] | undefined): ObjectRevision {
  if (!('delta' in w) || w.object !== undefined) return w as ObjectRevision
  const { delta, base, ...rest } = w
  const prev = list?.[list.length - 1]?.object
  if (!prev) {
    // The worker sends a delta only against an object this side holds: a bug if it does not.
    console.error(`a delta for ${w.key} at revision ${w.revision} without the object it changes`)
    return { ...rest, object: null }
  }
  return { ...rest, object: applyDelta(prev, delta) }
}

/** Append a worker `frame` (ignored if it belongs to an older generation). */
export function appendFrame(
  generation: number,
  messages: readonly MessageView[],
  revisions: readonly WireRevision[],
  computedUntilMs: number,
  idleAtMs: number | undefined,
): void {
  useStore.setState((s) =>
    framesPatch(s, [
      {
        type: 'frame',
        generation,
        messages,
        revisions,
        computedUntilMs,
        ...(idleAtMs !== undefined ? { idleAtMs } : {}),
      },
    ]),
  )
}
