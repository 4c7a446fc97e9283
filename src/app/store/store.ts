/**
 * The UI's one zustand store, in slices: the trace as received from the worker, and playback.
 * Worker commands are plain module functions (src/app/bridge.ts), not hooks; components select
 * narrowly so that moving the cursor re-renders only what depends on it.
 */
import type { Node } from 'kubernetes-types/core/v1'
import { create } from 'zustand'
import {
  ADMIN_USER,
  type MessageView,
  type ObjectRevision,
  type ScenarioInput,
} from '../../protocol/messages'
import type { EditorProblem } from '../editor/field-lines'
import { truncateRevisions } from '../model/objects'
import type { WhyView } from '../model/why-view'

export interface TraceSlice {
  generation: number
  /** In id order (= sentAtMs order). */
  messages: MessageView[]
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
  readonly atMs: number
}

export type State = TraceSlice & PlaybackSlice & EditorSlice & LayoutSlice

export const initialTrace: TraceSlice = {
  generation: 0,
  messages: [],
  maxFlightMs: 0,
  revisions: new Map(),
  nodes: [],
  webhooks: false,
  users: [],
  scenario: undefined,
  computedUntilMs: 0,
  idleAtMs: undefined,
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
    const messages = s.messages.filter((m) => m.id < fromMessageId)
    return {
      generation,
      messages,
      maxFlightMs: messages.reduce((max, m) => Math.max(max, m.deliverAtMs - m.sentAtMs), 0),
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

/** Append a worker `frame` (ignored if it belongs to an older generation). */
export function appendFrame(
  generation: number,
  messages: readonly MessageView[],
  revisions: readonly ObjectRevision[],
  computedUntilMs: number,
  idleAtMs: number | undefined,
): void {
  useStore.setState((s) => {
    if (generation !== s.generation) return {}
    let maxFlightMs = s.maxFlightMs
    for (const m of messages) maxFlightMs = Math.max(maxFlightMs, m.deliverAtMs - m.sentAtMs)
    const next: Partial<State> = {
      messages: messages.length ? [...s.messages, ...messages] : s.messages,
      maxFlightMs,
      computedUntilMs,
      idleAtMs,
    }
    if (revisions.length) {
      const index = new Map(s.revisions)
      for (const r of revisions) {
        const list = index.get(r.key)
        index.set(r.key, list ? [...list, r] : [r])
      }
      next.revisions = index
    }
    return next
  })
}
