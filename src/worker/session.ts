/**
 * One simulation session, as the worker runs it: the scenario, the cluster built from it, and what
 * the UI has been sent. Pure (no postMessage, no timers): commands return the events to post, and
 * `computeSome` advances the simulation by a bounded amount, so the worker can interleave
 * computing with handling commands, and tests can drive it in Node.
 *
 * How far to compute: until the cluster is idle (no foreground work: every user action done, every
 * Pod settled), then only as far as playback needs — the cursor plus a lookahead that grows with
 * the speed — running background work (retries, back-offs, periodic flushes) as the cursor moves,
 * which is `Cluster.run({ untilMs })`'s rule.
 *
 * A user action at time t forks the future: the cluster is rebuilt from the new scenario and run
 * from scratch (the simulation is deterministic, so everything before t comes out the same, which
 * the session checks), the UI is told to drop what it holds from t on, and the new trace streams
 * from there. Rebuilding and replaying from time 0 is slow for a large cluster, so while there is
 * nothing else to compute the session keeps spare builds just behind the cursor (spares.ts) that
 * a user action joins instead.
 */

import { RESOURCES } from '../api/resources'
import type {
  FaultInput,
  MessageDetail,
  MessageView,
  NodeActionInput,
  ObjectResult,
  ObjectRevision,
  ParseProblem,
  ScenarioActionInput,
  ScenarioInput,
  UserActionInput,
  WorkerEvent,
} from '../protocol/messages'
import { Cluster } from '../sim/cluster/cluster'
import type { FaultAction } from '../sim/faults/fault'
import { messageFaultProblem } from '../sim/faults/wire'
import type { Kernel } from '../sim/kernel/kernel'
import type { CompactedTrace } from '../sim/kernel/retention'
import { type Message, ROUTINE_STAGES, WEBHOOKS } from '../sim/kernel/trace'
import { DEFAULT_SEED, type Scenario, type ScenarioAction } from '../sim/scenario/scenario'
import { schedulingAttempts } from '../sim/scheduler/recording/attempts'
import { type Activity, noActivity, scanActivity } from './activity'
import { checkAgainst, type KeptTrace } from './same-message'
import {
  normalizeAtMs,
  type ParsedAction,
  parseAction,
  parseApply,
  parseScenario,
  readAhead,
} from './scenario-input'
import { type SpareOptions, Spares } from './spares'
import { messageDetail, messageView, objectResult, objectRevisions } from './views'

/** A spare's replay step is this many times smaller than the run's (computeSome's maxEvents). */
const SPARE_STEP_SHARE = 4

/** The scenario of an empty default cluster. */
export const DEFAULT_SCENARIO: ScenarioInput = { seed: DEFAULT_SEED, clusterYaml: '', actions: [] }

/** Lookahead past the cursor: at least this much virtual time… */
export const MIN_LOOKAHEAD_MS = 5_000
/** …or this much per unit of speed (virtual ms per wall ms) while playing: ~10 s of wall time. */
export const LOOKAHEAD_PER_SPEED_MS = 10_000
/**
 * A cluster that never goes idle (a bug, or a workload that keeps the control plane busy) is
 * computed at most this far past the cursor, so the worker never spins forever.
 */
export const BUSY_LIMIT_MS = 600_000
/**
 * With skipQuiet, how far past the cursor to look for the next non-routine message (a retry after
 * a 5-minute back-off, an eviction after 300 s) when only routine upkeep is known ahead.
 */
export const QUIET_LOOKAHEAD_MS = 600_000
/**
 * Messages a run keeps in full (kernel traceRetention): a large run (thousands of Pods) compacts
 * older ones into counts per stage, and the UI says the detail before then is gone. Runs of the
 * library's scenarios stay far below it.
 */
export const TRACE_KEEP_MESSAGES = 100_000
/** Events per `computeSome` call unless told otherwise. */
export const DEFAULT_BUDGET = 2_000

export interface ComputeResult {
  /** At most one `frame` (what was computed), then `applied` answers, in posting order. */
  readonly events: WorkerEvent[]
  /** True when there is more to compute now; false when caught up (until a command changes that). */
  readonly more: boolean
  /**
   * Caught up, but the spares (spares.ts) have work to do: worth calling again when nothing else
   * is waiting. Not progress the user waits for.
   */
  readonly spareWork?: boolean
}

export interface SessionOptions {
  /** How many messages a run keeps in full (TRACE_KEEP_MESSAGES by default). */
  readonly keepMessages?: number
  /** The spare builds for fast forks (spares.ts); `{ count: 0 }` forks by rebuilding, as tests compare. */
  readonly spares?: SpareOptions
}

export interface DeleteTarget {
  readonly apiVersion: string
  readonly kind: string
  readonly namespace?: string
  readonly name: string
}

/** An action waiting for kubectl's answers. */
interface Pending {
  readonly requestId: number
  readonly atMs: number
  /** Line of each applied object's document. */
  readonly lines: readonly number[]
}

/** One build of the cluster. */
interface Run {
  readonly cluster: Cluster
  /** The scenario's actions; index i is `input.actions[i]`. */
  readonly actions: readonly ScenarioAction[]
  /** When its activity last happened, as far as its messages were looked at (activity.ts). */
  readonly activity: Activity
  /** False until the run's trace has been checked against the messages the UI kept. */
  verified: boolean
  /** Its messages up to this id are known to be the ones the UI kept (a spare checked them). */
  readonly checkedThrough: number
  /** The simulation threw; nothing more is computed until the next load or action. */
  failed: boolean
  /** The action (its index) whose fork built this run: undone if the run fails (see undoFailedAction). */
  readonly forkedBy?: number
}

export class Session {
  private input: ScenarioInput | undefined
  private gen = 0
  private run: Run | undefined
  /**
   * What the UI holds: the messages (full, for details and for checking forks), ids `sentFrom` …
   * (the ones before were compacted, see `sentCompacted`).
   */
  private readonly sent: Message[] = []
  private sentFrom = 1
  /** The compaction the UI was told of. */
  private sentCompacted: CompactedTrace | undefined
  /** What the UI holds: each revision sent, with its time, in revision order. */
  private readonly sentRevisions: Array<{ readonly revision: number; readonly atMs: number }> = []
  private reportedUntilMs = -1
  private reportedIdleAtMs: number | undefined
  /** After a fork, the trace is known complete up to here (the kept prefix). */
  private floorMs = -1
  /** Actions waiting for kubectl to finish, by index of their action in the scenario. */
  private readonly pending = new Map<number, Pending>()
  private cursorMs = 0
  private playing = false
  private skipQuiet = false
  private speed = 1
  private keepMessages: number
  private readonly spares: Spares
  /** What the UI holds, as a fork's run and the spares check their replays against it. */
  private readonly kept: KeptTrace

  constructor(options: SessionOptions = {}) {
    this.keepMessages = options.keepMessages ?? TRACE_KEEP_MESSAGES
    // Read when checked: the UI's holdings change with every frame and fork.
    const session = this
    this.kept = {
      get from() {
        return session.sentFrom
      },
      get through() {
        return session.sentThrough
      },
      message: (id) => session.sentMessage(id),
    }
    this.spares = new Spares((scenario) => this.newCluster(scenario), options.spares, this.kept)
  }

  /** Messages the UI holds or had compacted: the last id sent. */
  private get sentThrough(): number {
    return this.sentFrom - 1 + this.sent.length
  }

  /** Message `id` as sent to the UI, if it still holds it. */
  private sentMessage(id: number): Message | undefined {
    return id >= this.sentFrom ? this.sent[id - this.sentFrom] : undefined
  }

  /** Keep the messages sent with ids below `id` (the UI drops the rest). */
  private keepSentBelow(id: number): void {
    this.spares.keptBelow(id)
    this.sent.length = Math.max(0, Math.min(this.sent.length, id - this.sentFrom))
    if (id <= this.sentFrom) this.sentFrom = id
    if (this.sentCompacted && id <= this.sentCompacted.throughId) this.sentCompacted = undefined
  }

  private newCluster(scenario: Scenario): Cluster {
    return new Cluster(scenario, { traceRetention: { keepMessages: this.keepMessages } })
  }

  get generation(): number {
    return this.gen
  }

  /** The scenario as the UI edits it, undefined before the first load. */
  get scenario(): ScenarioInput | undefined {
    return this.input
  }

  /** The cluster of the current run (for tests and the CLI; the UI only sees events). */
  get cluster(): Cluster | undefined {
    return this.run?.cluster
  }

  /**
   * Start over with `scenario`: a new generation, a `reset` that drops everything (fromMessageId
   * 0, fromMs -1). Bad YAML in the cluster or an action leaves the session as it was and answers
   * `parse-error` (with a requestId) or `error`. `keepMessages` changes how many messages this run
   * and its forks keep in full (see TRACE_KEEP_MESSAGES).
   */
  load(scenario: ScenarioInput, requestId?: number, keepMessages?: number): WorkerEvent[] {
    const parsed = parseScenario(scenario)
    if (!parsed.ok) return [problemEvent(requestId, parsed.problems, 'cannot load the scenario')]
    if (keepMessages !== undefined && Number.isInteger(keepMessages) && keepMessages > 0)
      this.keepMessages = keepMessages
    let cluster: Cluster
    try {
      cluster = this.newCluster(parsed.scenario)
    } catch (e) {
      return [errorEvent(requestId, `cannot build the cluster: ${errorText(e)}`)]
    }
    this.pending.clear()
    this.input = scenario
    this.spares.reset()
    this.sent.length = 0
    this.sentFrom = 1
    this.sentCompacted = undefined
    this.sentRevisions.length = 0
    this.reportedUntilMs = -1
    this.reportedIdleAtMs = undefined
    this.floorMs = -1
    return [this.install(cluster, actionsOf(parsed.actions), -1, 0, requestId)]
  }

  /**
   * `kubectl apply -f` of `yaml` at virtual time `atMs`. A parse failure answers `parse-error`
   * and changes nothing; otherwise the action joins the scenario, the future forks (`reset`), and
   * an `applied` event follows from `computeSome` once kubectl's results are known.
   */
  apply(requestId: number, yaml: string, atMs: number, as?: string): WorkerEvent[] {
    const t = normalizeAtMs(atMs)
    if (t === undefined) return [errorEvent(requestId, `invalid time ${atMs}`)]
    const parsed = parseApply(yaml)
    if (!parsed.ok) return [{ type: 'parse-error', requestId, problems: parsed.problems }]
    return this.fork(
      { type: 'apply', atMs: t, yaml, ...(as !== undefined ? { as } : {}) },
      parsed.lines,
      requestId,
    )
  }

  /** Read the editor's text before it is applied (see scenario-input.ts, readAhead). */
  readAhead(yaml: string): void {
    if (typeof yaml === 'string') readAhead(yaml)
  }

  /** `kubectl delete` at `atMs`; like `apply`, it forks the future and is answered by `applied`. */
  delete(requestId: number, target: DeleteTarget, atMs: number, as?: string): WorkerEvent[] {
    const t = normalizeAtMs(atMs)
    if (t === undefined) return [errorEvent(requestId, `invalid time ${atMs}`)]
    const action: UserActionInput = {
      type: 'delete',
      atMs: t,
      ...(as !== undefined ? { as } : {}),
      apiVersion: target.apiVersion,
      kind: target.kind,
      ...(target.namespace ? { namespace: target.namespace } : {}),
      name: target.name,
    }
    const parsed = parseAction(action)
    if (!parsed.ok) return [{ type: 'parse-error', requestId, problems: parsed.problems }]
    return this.fork(action, [], requestId)
  }

  /**
   * `kubectl cordon`, `uncordon` or `drain` at `action.atMs`; like `apply`, it forks the future and
   * is answered by `applied` (with kubectl's output) once the command has finished, or by
   * `parse-error` for a malformed action.
   */
  nodeAction(requestId: number, action: NodeActionInput): WorkerEvent[] {
    const t = normalizeAtMs(action.atMs)
    if (t === undefined) return [errorEvent(requestId, `invalid time ${action.atMs}`)]
    const parsed = parseAction({ ...action, atMs: t })
    if (!parsed.ok) return [{ type: 'parse-error', requestId, problems: parsed.problems }]
    // The action as parsed: only the fields kubectl takes go into the scenario.
    return this.fork(parsed.action.action as NodeActionInput, [], requestId)
  }

  /**
   * Inject a fault at `fault.atMs`; like `apply`, it forks the future and is answered by `applied`
   * (no results; `output` says what the fault did, or on stderr why it did nothing) once its time
   * has been computed. Answered by `parse-error` instead, changing nothing, when the fault is
   * malformed, names a Node or WebhookServer the cluster does not have, or (drop-message,
   * delay-message) names a message that is not on the wire at atMs in the trace the UI holds, or
   * that cannot be dropped.
   *
   * A message fault changes a message sent before atMs (its delivery), so the UI is told to drop
   * the trace from that message on (`reset.fromMessageId`), not only from atMs.
   */
  fault(requestId: number, fault: FaultInput): WorkerEvent[] {
    const t = normalizeAtMs(fault.atMs)
    if (t === undefined) return [errorEvent(requestId, `invalid time ${fault.atMs}`)]
    const parsed = parseAction({ ...fault, atMs: t })
    if (!parsed.ok) return [{ type: 'parse-error', requestId, problems: parsed.problems }]
    // The fault as read: only the fields the simulation takes go into the scenario.
    const action = parsed.action.action as FaultAction
    let keepBelowId: number | undefined
    if (action.type === 'drop-message' || action.type === 'delay-message') {
      const problem = messageFaultProblem(action, this.knownMessage(action.messageId))
      if (problem) return [{ type: 'parse-error', requestId, problems: [{ line: 1, message: problem }] }]
      keepBelowId = action.messageId
    }
    return this.fork(action, [], requestId, keepBelowId)
  }

  /** A message of the trace, as the UI holds it or the current run has computed it. */
  private knownMessage(id: number): Message | undefined {
    if (!Number.isInteger(id) || id < 1) return undefined
    const run = this.run
    return this.sentMessage(id) ?? (run?.verified ? run.cluster.kernel.message(id) : undefined)
  }

  /** Where playback is: the session computes ahead of it. */
  cursor(atMs: number, playing: boolean, speed: number, skipQuiet = false): void {
    if (Number.isFinite(atMs)) this.cursorMs = Math.max(0, atMs)
    this.playing = playing
    this.skipQuiet = skipQuiet
    if (Number.isFinite(speed) && speed > 0) this.speed = speed
  }

  /** One message with its payload, as the UI knows it (null when the id is unknown). */
  message(requestId: number, id: number): WorkerEvent {
    return { type: 'message-detail', requestId, message: this.detail(id) }
  }

  /**
   * The scheduling attempts of `pod` (`namespace/name`) in the messages the UI holds, so they
   * agree with its trace (the UI picks the ones before its cursor).
   */
  scheduling(requestId: number, pod: string): WorkerEvent {
    const steps = this.sent.filter(
      (m) =>
        m.kind === 'step' &&
        (m.stage === 'filter' || m.stage === 'score') &&
        (m.payload as { pod?: unknown } | undefined)?.pod === pod,
    )
    return { type: 'scheduling-attempts', requestId, attempts: schedulingAttempts(steps) }
  }

  detail(id: number): MessageDetail | null {
    if (!Number.isInteger(id) || id < 1) return null
    const run = this.run
    const m = this.sentMessage(id) ?? (run?.verified ? run.cluster.kernel.message(id) : undefined)
    return m ? messageDetail(m) : null
  }

  /**
   * Run up to `maxEvents` kernel events toward the target (see the file comment), then report
   * what is new: one frame (messages since the last one, payloads stripped; revisions since the
   * last one, decoded), and `applied` for actions whose results are now known.
   */
  computeSome(maxEvents = DEFAULT_BUDGET): ComputeResult {
    const run = this.run
    if (!run || run.failed) return { events: [], more: false }
    const kernel = run.cluster.kernel
    const normalTarget = this.targetMs()
    // Skipping quiet time: look further, but only until something worth showing turns up.
    const quiet = this.playing && this.skipQuiet && !storyAfter(kernel, 0, this.cursorMs)
    const target = quiet ? Math.max(normalTarget, this.cursorMs + QUIET_LOOKAHEAD_MS) : normalTarget
    const busyLimit = Math.max(target, this.cursorMs + BUSY_LIMIT_MS)
    /** Messages (by count, compacted ones included) looked at for the quiet search. */
    let scanned = kernel.messageCount
    let n = 0
    let budgetHit = false
    // kubectl's answer to a pending action goes out as soon as it is known, not after the rest of
    // the budget (one event of a large rollout can take milliseconds).
    const finished = run.cluster.finishedCount
    let answered = false
    // The quiet search found the next message worth seeing: the normal lookahead applies from here,
    // so there is more to compute at once (not only at the next cursor command).
    let storyFound = false
    // A fork replays what the UI kept before it streams anything: until its trace is that long, no
    // horizon applies (the UI's cursor may lag behind the fork's time, and a lookahead stop there
    // would compare a half-replayed trace with the kept one).
    const catchingUp = () => !run.verified && kernel.messageCount < this.sentThrough
    try {
      for (;;) {
        const next = kernel.nextEventAtMs
        if (next === undefined) break
        if (catchingUp()) {
          scanned = kernel.messageCount
        } else {
          if (next > (kernel.idle ? target : busyLimit)) break
          if (quiet && kernel.messageCount > scanned) {
            if (storyAfter(kernel, scanned, this.cursorMs)) {
              storyFound = true
              break
            }
            scanned = kernel.messageCount
          }
        }
        if (n >= maxEvents) {
          budgetHit = true
          break
        }
        kernel.stepEvent()
        n++
        if (this.pending.size > 0 && run.cluster.finishedCount !== finished && !catchingUp()) {
          answered = true
          break
        }
      }
    } catch (e) {
      run.failed = true
      const failure = `the simulation failed at ${kernel.nowMs} ms: ${errorText(e)}`
      const undone = this.undoFailedAction(run, failure)
      if (undone) return { events: undone, more: true }
      return { events: [{ type: 'error', message: failure }], more: false }
    }
    const events: WorkerEvent[] = []
    if (!run.verified) {
      // Stream nothing of a fork until its trace has caught up with what the UI kept.
      if (budgetHit && catchingUp()) return { events, more: true }
      run.verified = true
      const diverged = this.firstDifference(run)
      if (diverged !== undefined) events.push(...this.restart(diverged))
    }
    const frame = this.frame(run, target)
    if (frame) events.push(frame)
    events.push(...this.appliedEvents(run))
    const more = budgetHit || storyFound || answered
    if (more) return { events, more }
    // Spare work waits for a call of its own: what the run just produced (kubectl's answer above
    // all) goes out first, not after a spare's build.
    if (n > 0 || events.length > 0) return { events, more, ...(this.spares.idle ? {} : { spareWork: true }) }
    // A spare's replay goes in smaller steps than the run's: it is background work, and a command
    // (an apply, most likely at the cursor the spare follows) waits behind the step in progress.
    const spareEvents = Math.max(1, Math.ceil(maxEvents / SPARE_STEP_SHARE))
    const spareWork =
      this.input !== undefined && this.spares.tend(this.input, this.cursorMs, spareEvents, this.playing)
    return { events, more, ...(spareWork ? { spareWork } : {}) }
  }

  /** The virtual time to compute to once the cluster is idle. */
  private targetMs(): number {
    const lookahead = this.playing
      ? Math.max(MIN_LOOKAHEAD_MS, LOOKAHEAD_PER_SPEED_MS * this.speed)
      : MIN_LOOKAHEAD_MS
    const lastKept = this.sent[this.sent.length - 1]?.sentAtMs ?? this.sentCompacted?.untilMs ?? 0
    return Math.ceil(Math.max(this.cursorMs + lookahead, this.floorMs, lastKept))
  }

  /**
   * Add `action` to the scenario and rebuild. The UI keeps the messages sent before the action's
   * time (and, with `keepBelowId`, only those with a smaller id) and the revisions written before it.
   */
  private fork(
    action: ScenarioActionInput,
    lines: readonly number[],
    requestId: number,
    keepBelowId?: number,
  ): WorkerEvent[] {
    const events = this.input ? [] : this.load(DEFAULT_SCENARIO)
    const base = this.input ?? DEFAULT_SCENARIO
    const next: ScenarioInput = { ...base, actions: [...base.actions, action] }
    const index = next.actions.length - 1
    const rebuilt = this.rebuild(next, action.atMs, requestId, keepBelowId, index)
    if (rebuilt.type === 'reset') this.pending.set(index, { requestId, atMs: action.atMs, lines })
    return [...events, rebuilt]
  }

  /**
   * Run `next` from `atMs` on, keeping what the UI holds before it: a `reset` (the future forks),
   * or why `next` cannot run (nothing changes then).
   */
  private rebuild(
    next: ScenarioInput,
    atMs: number,
    requestId: number | undefined,
    keepBelowId: number | undefined,
    forkedBy: number | undefined,
  ): WorkerEvent {
    const parsed = parseScenario(next)
    if (!parsed.ok) return problemEvent(requestId, parsed.problems, 'cannot apply')
    const added = forkedBy !== undefined ? parsed.actions[forkedBy]?.action : undefined
    const taken =
      added && this.input && forkedBy !== undefined
        ? this.spares.take(this.input, next, added, forkedBy)
        : undefined
    if (!taken) this.spares.drop()
    let cluster: Cluster
    let actions: readonly ScenarioAction[]
    let checkedThrough = 0
    let activity = noActivity()
    if (taken) ({ cluster, actions, checkedThrough, activity } = taken)
    else {
      try {
        cluster = this.newCluster(parsed.scenario)
      } catch (e) {
        return errorEvent(requestId, `cannot build the cluster: ${errorText(e)}`)
      }
      actions = actionsOf(parsed.actions)
    }
    // The UI keeps the messages sent before atMs and the revisions written before it; the new run
    // must reproduce those exactly (checked in computeSome) and streams what follows.
    // Messages kept, by id: 1 … keep. A fork inside a compacted stretch cannot tell which of those
    // messages came before it: the UI drops them all and the new run sends what it keeps.
    const compactedAfterFork = this.sentCompacted !== undefined && atMs <= this.sentCompacted.untilMs
    const keep = Math.min(
      compactedAfterFork ? 0 : this.sentFrom - 1 + firstSentAtOrAfter(this.sent, atMs),
      keepBelowId !== undefined ? keepBelowId - 1 : Number.POSITIVE_INFINITY,
    )
    this.keepSentBelow(keep + 1)
    this.sentRevisions.length = firstRevisionAtOrAfter(this.sentRevisions, atMs)
    this.floorMs = Math.min(this.reportedUntilMs, atMs - 1)
    this.reportedUntilMs = this.floorMs
    this.reportedIdleAtMs = undefined
    this.input = next
    return this.install(
      cluster,
      actions,
      atMs,
      keep + 1,
      requestId,
      forkedBy,
      Math.min(checkedThrough, keep),
      activity,
    )
  }

  /**
   * The run failed (the simulation threw: a bug). If the action that built it is the newest, undo
   * it: drop it from the scenario, say why to whoever asked for it, and go on from the scenario
   * as it was, so one action that breaks the simulation does not break every later one. Undefined
   * when there is nothing to undo (the run failed on what ran fine before).
   */
  private undoFailedAction(run: Run, failure: string): WorkerEvent[] | undefined {
    const input = this.input
    const index = run.forkedBy
    if (!input || index === undefined || index !== input.actions.length - 1) return undefined
    const action = input.actions[index] as ScenarioActionInput
    const request = this.pending.get(index)?.requestId
    this.pending.delete(index)
    const before: ScenarioInput = { ...input, actions: input.actions.slice(0, index) }
    const keepBelowId =
      action.type === 'drop-message' || action.type === 'delay-message' ? action.messageId : undefined
    const reset = this.rebuild(before, action.atMs, undefined, keepBelowId, undefined)
    const said: WorkerEvent = {
      type: 'error',
      message: `${failure}; the ${action.type} at ${action.atMs} ms that led to it was undone (nothing of it is kept)`,
      ...(request !== undefined ? { requestId: request } : {}),
    }
    return reset.type === 'reset' ? [said, reset] : undefined
  }

  private install(
    cluster: Cluster,
    actions: readonly ScenarioAction[],
    fromMs: number,
    fromMessageId: number,
    requestId: number | undefined,
    forkedBy?: number,
    checkedThrough = 0,
    activity = noActivity(),
  ): WorkerEvent {
    this.run = {
      cluster,
      actions,
      activity,
      verified: this.sentThrough === 0,
      checkedThrough,
      failed: false,
      ...(forkedBy !== undefined ? { forkedBy } : {}),
    }
    this.gen++
    return {
      type: 'reset',
      ...(requestId !== undefined ? { requestId } : {}),
      generation: this.gen,
      fromMs,
      fromMessageId,
      nodes: cluster.nodes,
      ...(cluster.kernel.component(WEBHOOKS) ? { webhooks: true } : {}),
      users: userNames(cluster),
      scenario: this.input as ScenarioInput,
    }
  }

  /**
   * A fork whose prefix differs from what the UI holds means the simulation is not a function of
   * its scenario. Say so, and resend everything so the UI is at least consistent.
   */
  private restart(id: number): WorkerEvent[] {
    const run = this.run as Run
    const kept = this.sentMessage(id)
    const now = run.cluster.kernel.message(id)
    const error: WorkerEvent = {
      type: 'error',
      message: `a fork did not reproduce message ${id} (was "${kept?.summary ?? 'nothing'}" at ${kept?.sentAtMs} ms, now "${now?.summary ?? 'nothing'}" at ${now?.sentAtMs} ms); the trace was resent from the start`,
    }
    this.sent.length = 0
    this.sentFrom = 1
    this.sentCompacted = undefined
    this.sentRevisions.length = 0
    this.reportedUntilMs = -1
    this.reportedIdleAtMs = undefined
    this.floorMs = -1
    // They reproduced the trace this run did not: of no use.
    this.spares.drop()
    this.gen++
    return [
      error,
      {
        type: 'reset',
        generation: this.gen,
        fromMs: -1,
        fromMessageId: 0,
        nodes: run.cluster.nodes,
        ...(run.cluster.kernel.component(WEBHOOKS) ? { webhooks: true } : {}),
        users: userNames(run.cluster),
        scenario: this.input as ScenarioInput,
      },
    ]
  }

  private frame(run: Run, target: number): WorkerEvent | undefined {
    const kernel = run.cluster.kernel
    const trace = kernel.trace
    const first = kernel.firstRetainedId
    const compacted = this.compactSent(kernel.compacted)
    // Messages compacted before they could be sent are in the summary; the rest go out now.
    if (this.sentThrough < first - 1) {
      this.sent.length = 0
      this.sentFrom = first
    }
    const messages: MessageView[] = []
    for (let i = this.sentThrough + 1 - first; i < trace.length; i++) {
      const m = trace[i] as Message
      messages.push(messageView(m))
      this.sent.push(m)
    }
    scanActivity(kernel, run.activity)
    const revisions: ObjectRevision[] = []
    const since = this.sentRevisions[this.sentRevisions.length - 1]?.revision ?? 0
    for (const change of run.cluster.etcd.changesSince(since)) {
      revisions.push(...objectRevisions(change))
      this.sentRevisions.push({ revision: change.revision, atMs: change.atMs })
    }
    // Complete up to the next pending event (exclusive), reported no further than the target.
    const next = kernel.nextEventAtMs
    const reach = Math.max(target, kernel.nowMs)
    const computed = next === undefined ? reach : Math.min(next - 1, reach)
    const computedUntilMs = Math.max(this.reportedUntilMs, this.floorMs, computed)
    // Idle: every message has been delivered, so the last delivery is when activity stopped
    // (cancelled timers still in the heap can make the kernel's clock itself run later).
    const idleAtMs = kernel.idle ? run.activity.lastActivityMs : undefined
    if (
      messages.length === 0 &&
      revisions.length === 0 &&
      !compacted &&
      computedUntilMs === this.reportedUntilMs &&
      idleAtMs === this.reportedIdleAtMs
    ) {
      return undefined
    }
    this.reportedUntilMs = computedUntilMs
    this.reportedIdleAtMs = idleAtMs
    return {
      type: 'frame',
      generation: this.gen,
      messages,
      revisions,
      computedUntilMs,
      ...(idleAtMs !== undefined ? { idleAtMs } : {}),
      ...(compacted ? { compacted } : {}),
    }
  }

  /**
   * The run compacted more of its trace than the UI was told: drop those messages from what the
   * UI holds, and return the summary to send (undefined when nothing changed).
   */
  private compactSent(compacted: CompactedTrace | undefined): CompactedTrace | undefined {
    if (!compacted || compacted.throughId === this.sentCompacted?.throughId) return undefined
    const drop = Math.min(this.sent.length, compacted.throughId + 1 - this.sentFrom)
    if (drop > 0) {
      this.sent.splice(0, drop)
      this.sentFrom += drop
    }
    this.sentCompacted = compacted
    return compacted
  }

  /**
   * The id of the first kept message the new run does not reproduce, or undefined. Only what both
   * still hold in full is compared (a large run compacts the same messages at the same points).
   */
  private firstDifference(run: Run): number | undefined {
    const kernel = run.cluster.kernel
    if (kernel.messageCount < this.sentThrough) return this.sentThrough
    // A spare checked what it replayed as it went: only the rest is checked while the user waits.
    return checkAgainst(this.kept, kernel, run.checkedThrough).differsAt
  }

  /** `applied` for every pending action whose kubectl has finished. */
  private appliedEvents(run: Run): WorkerEvent[] {
    if (this.pending.size === 0) return []
    const out: WorkerEvent[] = []
    const byAction = new Map(
      [...run.cluster.actionResults, ...run.cluster.faultResults].map((e) => [e.action, e]),
    )
    // In the order the actions ran (by time, then by their order in the scenario).
    const waiting = [...this.pending].sort(([i, a], [j, b]) => a.atMs - b.atMs || i - j)
    for (const [index, p] of waiting) {
      const action = run.actions[index]
      const entry = action && byAction.get(action)
      if (!action || !entry?.done) continue
      this.pending.delete(index)
      out.push({
        type: 'applied',
        requestId: p.requestId,
        atMs: p.atMs,
        results: entry.results.map((r, i) => watched(run.cluster, objectResult(r, p.lines[i]))),
        ...(entry.output.length ? { output: [...entry.output] } : {}),
      })
    }
    return out
  }
}

/** An object kubectl created or changed, with who watches its resource (ObjectResult.watchedBy). */
function watched(cluster: Cluster, result: ObjectResult): ObjectResult {
  if (result.code >= 300 || result.error !== undefined || result.code === 0) return result
  const info = RESOURCES.find((r) => r.kind === result.kind && r.group === (result.group ?? ''))
  return info
    ? {
        ...result,
        resource: info.resource,
        watchedBy: cluster.apiserver.readersOf(info.group, info.resource),
      }
    : result
}

function actionsOf(parsed: readonly ParsedAction[]): ScenarioAction[] {
  return parsed.map((a) => a.action)
}

/** Index of the first message sent at or after `atMs` (messages are in sentAtMs order). */
function firstSentAtOrAfter(messages: readonly Message[], atMs: number): number {
  let lo = 0
  let hi = messages.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((messages[mid] as Message).sentAtMs < atMs) lo = mid + 1
    else hi = mid
  }
  return lo
}

function firstRevisionAtOrAfter(revisions: ReadonlyArray<{ readonly atMs: number }>, atMs: number): number {
  let lo = 0
  let hi = revisions.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((revisions[mid] as { atMs: number }).atMs < atMs) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Whether the kernel's messages after the first `from` (by count) hold a non-routine message sent
 * after `afterMs`. Scans backwards: messages are in sentAtMs order, so it stops at the first one
 * at or before it (compacted messages are older than anything kept).
 */
function storyAfter(kernel: Kernel, from: number, afterMs: number): boolean {
  const trace = kernel.trace
  for (let i = trace.length - 1; i >= Math.max(from + 1 - kernel.firstRetainedId, 0); i--) {
    const m = trace[i] as Message
    if (m.sentAtMs <= afterMs) return false
    if (!ROUTINE_STAGES.has(m.stage)) return true
  }
  return false
}

/** The names of the cluster's users, for the `reset` event. */
function userNames(cluster: Cluster): string[] {
  return (cluster.scenario.users ?? []).map((u) => u.name)
}

function problemEvent(
  requestId: number | undefined,
  problems: readonly ParseProblem[],
  what: string,
): WorkerEvent {
  if (requestId !== undefined) return { type: 'parse-error', requestId, problems }
  return {
    type: 'error',
    message: `${what}: ${problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')}`,
  }
}

function errorEvent(requestId: number | undefined, message: string): WorkerEvent {
  return { type: 'error', message, ...(requestId !== undefined ? { requestId } : {}) }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
