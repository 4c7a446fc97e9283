/**
 * The main thread's handle on the simulation worker, as plain module functions (not hooks):
 * commands out (load, apply, delete, node actions, message, and the cursor as playback moves),
 * events in (resets and frames go straight into the store; answers resolve the promise of the
 * command that asked).
 * The main thread never waits on simulation work: every call returns at once.
 */

import { MessageUnpacker } from '../protocol/message-pack'
import type {
  Command,
  FaultInput,
  MessageDetail,
  NodeActionInput,
  ObjectResult,
  OutputLine,
  ParseProblem,
  ScenarioInput,
  SchedulingAttempt,
  WireEvent,
  WirePost,
} from '../protocol/messages'
import { reportWorkerFailure, type WorkerFailureCause } from './health/worker-health'
import { type FrameEvent, framesPatch, resetTrace, useStore } from './store/store'
import { Watchdog } from './worker-watchdog'

/** What the bridge needs of a Worker; tests pass a fake through `setWorkerFactory`. */
export interface WorkerLike {
  postMessage(command: Command): void
  onmessage: ((e: MessageEvent) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
  terminate(): void
}

/**
 * kubectl's answer to an apply, delete or node action, or why it never left the app: `results` per
 * object (empty for a node action), and for a node action `output`, what kubectl printed.
 */
export type ApplyOutcome =
  | {
      readonly type: 'applied'
      readonly atMs: number
      readonly results: readonly ObjectResult[]
      readonly output?: readonly OutputLine[]
    }
  | { readonly type: 'parse-error'; readonly problems: readonly ParseProblem[] }

/** A load's answer. It never rejects: the cluster tab shows problems, the app shows errors. */
export type LoadOutcome =
  | { readonly type: 'loaded'; readonly generation: number }
  | { readonly type: 'parse-error'; readonly problems: readonly ParseProblem[] }
  | { readonly type: 'error'; readonly message: string }

export interface DeleteTarget {
  readonly apiVersion: string
  readonly kind: string
  readonly namespace?: string
  readonly name: string
}

/** Rejects an action still waiting when a load replaces the scenario (its answer will not come). */
export class SimulationCancelled extends Error {
  override readonly name = 'SimulationCancelled'
}

export const DEFAULT_SCENARIO: ScenarioInput = { seed: 1, clusterYaml: '', actions: [] }

/** At most one cursor command per this many wall milliseconds (the worker only needs the horizon). */
export const CURSOR_INTERVAL_MS = 50
/**
 * The workload editor's text goes to the worker this long after the typing (or a paste, or a
 * template) stopped, for it to read ahead of an Apply (the `read-ahead` command).
 */
export const READ_AHEAD_DELAY_MS = 300

type Waiter =
  | {
      readonly kind: 'apply'
      readonly resolve: (o: ApplyOutcome) => void
      readonly reject: (e: Error) => void
    }
  | { readonly kind: 'load'; readonly resolve: (o: LoadOutcome) => void }
  | { readonly kind: 'message'; readonly resolve: (m: MessageDetail | null) => void }
  | { readonly kind: 'scheduling'; readonly resolve: (a: readonly SchedulingAttempt[]) => void }

/** The page's `?trace-keep=N`: how many messages a run keeps in full (see the load command). */
const TRACE_KEEP_MESSAGES = (() => {
  const n = Number(new URLSearchParams(globalThis.location?.search ?? '').get('trace-keep') ?? Number.NaN)
  return Number.isInteger(n) && n > 0 ? n : undefined
})()

/** How often the worker is pinged, and how long an unanswered ping means it is hung. */
const PING_INTERVAL_MS = 2000
/**
 * The page's `?worker-hang-ms=N` shortens the wait (a test of the recovery need not wait 20 s).
 * The default is far above the longest slice a worker computes without answering (a 5 MB apply is
 * parsed in one go: ~2 s on a slow machine).
 */
const HANG_AFTER_MS = (() => {
  const n = Number(new URLSearchParams(globalThis.location?.search ?? '').get('worker-hang-ms') ?? Number.NaN)
  return Number.isInteger(n) && n > 0 ? n : 20_000
})()
/** More failures than this within RESTART_WINDOW_MS, and the bridge stops restarting by itself. */
const MAX_RESTARTS = 3
const RESTART_WINDOW_MS = 60_000

const createWorker = (): WorkerLike =>
  new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' })

let factory: () => WorkerLike = createWorker
let worker: WorkerLike | undefined
let nextRequestId = 1
const waiting = new Map<number, Waiter>()
const errorListeners = new Set<(message: string) => void>()
let unsubscribeStore: (() => void) | undefined
let watchdog: Watchdog | undefined
/** When the worker was restarted after a failure (wall time, performance.now()), newest last. */
let restarts: number[] = []
let cursorTimer: ReturnType<typeof setTimeout> | undefined
let readAheadTimer: ReturnType<typeof setTimeout> | undefined
let lastCursorAtMs = Number.NEGATIVE_INFINITY
/** Frames received and not yet taken into the store (that happens once per animation frame). */
let queuedFrames: FrameEvent[] = []
/** A post arrived that the worker waits to hear was taken in (a `frame-ack`, once per animation frame). */
let unacked = false
/** When the last post arrived (performance.now(), the clock of animation frames' timestamps). */
let lastArrivalMs = Number.NEGATIVE_INFINITY
/** The worker's string table for frames' messages, as its posts build it (one per worker). */
let unpacker = new MessageUnpacker()
let frameFlush: { raf: number | undefined; timer: ReturnType<typeof setTimeout> } | undefined
/** If no animation frame comes this soon (a hidden tab), frames are taken in anyway. */
const FRAME_FLUSH_FALLBACK_MS = 250

/**
 * Replace how the worker is created (tests: a fake; undefined: the real module worker). Stops the
 * current simulation first.
 */
export function setWorkerFactory(create: (() => WorkerLike) | undefined): void {
  stopSimulation()
  factory = create ?? createWorker
}

/**
 * Create the worker (once) and load `scenario` into it; later calls do nothing (use loadScenario
 * to change the scenario), so a component effect may call it more than once.
 */
export function startSimulation(scenario: ScenarioInput = DEFAULT_SCENARIO): void {
  if (worker) return
  void loadScenario(scenario)
}

/** Terminate the worker; whatever waits for an answer is rejected (or resolved empty). */
export function stopSimulation(): void {
  restarts = []
  teardown()
  settleAll('the simulation was stopped')
}

/** Drop the worker and everything in flight between it and the store (the store keeps its trace). */
function teardown(): void {
  watchdog?.stop()
  watchdog = undefined
  unsubscribeStore?.()
  unsubscribeStore = undefined
  if (cursorTimer !== undefined) clearTimeout(cursorTimer)
  cursorTimer = undefined
  if (readAheadTimer !== undefined) clearTimeout(readAheadTimer)
  readAheadTimer = undefined
  lastCursorAtMs = Number.NEGATIVE_INFINITY
  cancelFrameFlush()
  queuedFrames = []
  unacked = false
  unpacker = new MessageUnpacker()
  worker?.terminate()
  worker = undefined
}

/**
 * Replace a worker that crashed or hung: a new one loads the last scenario the old one accepted
 * (the store's, with every apply, delete, node action and fault in it), so the trace comes back as
 * it was, the cursor where it was; what was waiting for an answer is told why it gets none (an
 * apply in flight is not replayed: it may be what broke the worker). The editors are not touched.
 * After MAX_RESTARTS failures within RESTART_WINDOW_MS it stops and waits for restartSimulation.
 */
function recoverWorker(cause: WorkerFailureCause, detail: string): void {
  const now = typeof performance === 'undefined' ? 0 : performance.now()
  restarts = restarts.filter((t) => now - t < RESTART_WINDOW_MS)
  const restart = restarts.length < MAX_RESTARTS
  const scenario = useStore.getState().scenario ?? DEFAULT_SCENARIO
  teardown()
  settleAll(
    cause === 'crash'
      ? `the simulation worker crashed${detail ? ` (${detail})` : ''}`
      : 'the simulation worker stopped responding',
  )
  reportWorkerFailure({ cause, detail, restarted: restart })
  if (!restart) return
  restarts.push(now)
  void loadScenario(scenario)
}

/** Start a new worker with the last scenario the store holds (after the bridge gave up restarting). */
export function restartSimulation(): void {
  restarts = []
  teardown()
  settleAll('the simulation was restarted')
  void loadScenario(useStore.getState().scenario ?? DEFAULT_SCENARIO)
}

/** Start over with `scenario` (the cluster tab, a share link): the trace restarts from nothing. */
export function loadScenario(scenario: ScenarioInput): Promise<LoadOutcome> {
  // The session drops pending actions with the old scenario: their answers will never come.
  for (const [id, w] of waiting) {
    if (w.kind !== 'apply') continue
    waiting.delete(id)
    w.reject(new SimulationCancelled('a new scenario was loaded before the results came'))
  }
  return new Promise((resolve) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'load', resolve })
    send({
      type: 'load',
      scenario,
      requestId,
      ...(TRACE_KEEP_MESSAGES !== undefined ? { traceKeepMessages: TRACE_KEEP_MESSAGES } : {}),
    })
    sendCursor()
  })
}

/**
 * `kubectl apply -f` of `yaml` at virtual time `atMs` (a fork when earlier than the trace's end),
 * as the cluster's user `as` (absent: the admin).
 */
export function applyYaml(yaml: string, atMs: number, as?: string): Promise<ApplyOutcome> {
  return new Promise((resolve, reject) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'apply', resolve, reject })
    send({ type: 'apply', requestId, yaml, atMs, ...(as !== undefined ? { as } : {}) })
  })
}

/** `kubectl delete` of one object at virtual time `atMs`, as the cluster's user `as` (absent: the admin). */
export function deleteObject(target: DeleteTarget, atMs: number, as?: string): Promise<ApplyOutcome> {
  return new Promise((resolve, reject) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'apply', resolve, reject })
    const { apiVersion, kind, namespace, name } = target
    send({
      type: 'delete',
      requestId,
      apiVersion,
      kind,
      ...(namespace ? { namespace } : {}),
      name,
      atMs,
      ...(as !== undefined ? { as } : {}),
    })
  })
}

/**
 * `kubectl cordon|uncordon|drain <node>` at virtual time `action.atMs` (a fork when earlier than
 * the trace's end), as the cluster's user `action.as` (absent: the admin). Resolves once kubectl
 * has finished (a drain waits for the evicted pods to go), with what it printed in `output`; a
 * malformed action resolves as `parse-error`.
 */
export function runNodeAction(action: NodeActionInput): Promise<ApplyOutcome> {
  return new Promise((resolve, reject) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'apply', resolve, reject })
    send({ type: 'node-action', requestId, action })
  })
}

/**
 * Inject a what-if fault at virtual time `fault.atMs` (a fork when earlier than the trace's end):
 * a node down, a message dropped or delayed, image pulls failing, a container crashing, a webhook
 * server hanging, etcd slowing down. Resolves once the fault's time has been computed, with what it
 * did in `output` (`fault: message #412 dropped (…)`; on stderr, why it did nothing); a malformed
 * fault, or one naming what the run does not have (for a message fault: a message not on the wire
 * at atMs), resolves as `parse-error`.
 */
export function injectFault(fault: FaultInput): Promise<ApplyOutcome> {
  return new Promise((resolve, reject) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'apply', resolve, reject })
    send({ type: 'fault', requestId, fault })
  })
}

/** One message with its payload; null when the worker does not know it (or failed to answer). */
export function fetchMessage(id: number): Promise<MessageDetail | null> {
  return new Promise((resolve) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'message', resolve })
    send({ type: 'message', requestId, id })
  })
}

/**
 * The scheduling attempts of one Pod (`namespace/name`) in the trace the UI holds; empty when the
 * worker does not answer.
 */
export function fetchScheduling(pod: string): Promise<readonly SchedulingAttempt[]> {
  return new Promise((resolve) => {
    const requestId = nextRequestId++
    waiting.set(requestId, { kind: 'scheduling', resolve })
    send({ type: 'scheduling', requestId, pod })
  })
}

/**
 * Be told about worker errors that answer no request (the simulation failed, the worker crashed).
 * Without listeners they go to the console. Returns the unsubscribe.
 */
export function onSimulationError(listener: (message: string) => void): () => void {
  errorListeners.add(listener)
  return () => errorListeners.delete(listener)
}

function ensureWorker(): WorkerLike {
  if (worker) return worker
  const w = factory()
  worker = w
  w.onmessage = (e) => receive(e.data as WirePost)
  w.onerror = (e) => {
    // An error outside the worker's own handlers (it crashed, or its script failed to load):
    // nothing waiting will be answered. The browser logs the error itself; the default (the same
    // again on the console) is not needed.
    e.preventDefault?.()
    if (worker !== w) return
    const detail = e.message || ''
    reportError(`simulation worker error: ${detail || 'unknown error'}`)
    recoverWorker('crash', detail)
  }
  watchdog = new Watchdog({
    intervalMs: PING_INTERVAL_MS,
    hangAfterMs: HANG_AFTER_MS,
    ping: () => worker === w && w.postMessage({ type: 'ping', requestId: nextRequestId++ }),
    onHang: () => {
      if (worker === w) recoverWorker('hang', '')
    },
  })
  unsubscribeStore = useStore.subscribe((s, prev) => {
    if (
      s.cursorMs !== prev.cursorMs ||
      s.playing !== prev.playing ||
      s.speed !== prev.speed ||
      s.skipQuiet !== prev.skipQuiet
    )
      scheduleCursor()
    if (s.workloadYaml !== prev.workloadYaml) scheduleReadAhead()
  })
  // The text the editor starts with (a draft, a template) is read ahead too.
  scheduleReadAhead()
  return w
}

function send(command: Command): void {
  ensureWorker().postMessage(command)
}

/**
 * The frames received since the last call, for the caller to put in the store now (playback folds
 * them into its display update: one render for both). Tells the worker that what it
 * posted is taken in, so it posts the next: the worker waits for this after every post. A post
 * that arrived after this animation frame began (`frameTimeMs`, the frame's timestamp) is taken in
 * but acknowledged at the next frame, so the worker's next post lands in a later frame: at most
 * one post per animation frame, even when frames run late.
 */
export function takeQueuedFrames(frameTimeMs?: number): readonly FrameEvent[] {
  ackFrames(frameTimeMs)
  return drainQueuedFrames()
}

/**
 * Tell the worker that what it posted is taken in (see takeQueuedFrames), without taking it:
 * while playing, frames wait in the queue for playback's next display update (playback.ts) and
 * the worker goes on posting at one post per animation frame.
 */
export function ackFrames(frameTimeMs?: number): void {
  if (!unacked) return
  if (frameTimeMs === undefined || lastArrivalMs < frameTimeMs) {
    unacked = false
    cancelFrameFlush()
    worker?.postMessage({ type: 'frame-ack' })
  } else scheduleFrameFlush()
}

/** Whether frames wait to be taken into the store. */
export const hasQueuedFrames = (): boolean => queuedFrames.length > 0

/** The queued frames, taken out of the queue without acknowledging them. */
export function drainQueuedFrames(): readonly FrameEvent[] {
  if (queuedFrames.length === 0) return queuedFrames
  const frames = queuedFrames
  queuedFrames = []
  return frames
}

/**
 * Put the queued frames in the store now (and acknowledge what arrived, see takeQueuedFrames).
 * At an animation frame while playing, only acknowledge: playback takes them in with its next
 * display update.
 */
function flushFrames(frameTimeMs?: number): void {
  if (frameTimeMs !== undefined && useStore.getState().playing) {
    ackFrames(frameTimeMs)
    return
  }
  const frames = takeQueuedFrames(frameTimeMs)
  if (frames.length) useStore.setState((s) => framesPatch(s, frames))
}

/**
 * Put the queued frames in the store before an event that must follow them, without acknowledging:
 * the ack waits for the next animation frame, like a frame's.
 */
function applyQueuedFrames(): void {
  const frames = drainQueuedFrames()
  if (frames.length) useStore.setState((s) => framesPatch(s, frames))
}

/** Take frames in (and acknowledge) at the next animation frame, or after a while without one. */
function scheduleFrameFlush(): void {
  if (frameFlush?.raf !== undefined) return
  if (typeof requestAnimationFrame !== 'function') {
    // No animation frames (tests in Node): at once.
    flushFrames()
    return
  }
  // A hidden tab runs no animation frames: the timer takes frames in (and acknowledges) anyway.
  const timer = frameFlush?.timer ?? setTimeout(() => flushFrames(), FRAME_FLUSH_FALLBACK_MS)
  frameFlush = {
    raf: requestAnimationFrame((frameTimeMs) => {
      if (frameFlush) frameFlush.raf = undefined
      flushFrames(frameTimeMs)
    }),
    timer,
  }
}

function cancelFrameFlush(): void {
  if (!frameFlush) return
  if (frameFlush.raf !== undefined) cancelAnimationFrame(frameFlush.raf)
  clearTimeout(frameFlush.timer)
  frameFlush = undefined
}

function receive(event: WirePost): void {
  watchdog?.alive()
  // Whatever arrived is acknowledged at the next animation frame (takeQueuedFrames).
  unacked = true
  lastArrivalMs = typeof performance === 'undefined' ? 0 : performance.now()
  if (event.type === 'frame') {
    // Unpacked at once, in post order (the packer's string table grows with the posts).
    const { packed, followedBy, ...frame } = event
    queuedFrames.push({ ...frame, messages: unpacker.unpack(packed) })
    scheduleFrameFlush()
    // Events that rode on the frame come after it, as if posted after it.
    for (const e of followedBy ?? []) handle(e)
    return
  }
  handle(event)
  // Events that rode on a reset (its fork's answer) come after it.
  if (event.type === 'reset') for (const e of event.followedBy ?? []) handle(e)
  scheduleFrameFlush()
}

function handle(event: WireEvent): void {
  // Everything else comes after the frames posted before it (a reset counts from them, an apply's
  // answer follows the messages behind it).
  applyQueuedFrames()
  switch (event.type) {
    case 'reset': {
      resetTrace(
        event.generation,
        event.fromMs,
        event.fromMessageId,
        // Absent: the Nodes of the last reset (a fork keeps the cluster).
        event.nodes ? [...event.nodes] : useStore.getState().nodes,
        event.scenario,
        [...event.users],
        event.webhooks === true,
      )
      const w = event.requestId !== undefined ? waiting.get(event.requestId) : undefined
      if (w?.kind === 'load' && event.requestId !== undefined) {
        waiting.delete(event.requestId)
        w.resolve({ type: 'loaded', generation: event.generation })
      }
      return
    }
    case 'progress':
      useStore.setState({ progress: event })
      return
    case 'applied': {
      const w = take(event.requestId)
      if (w?.kind === 'apply') {
        const { atMs, results, output } = event
        w.resolve({ type: 'applied', atMs, results, ...(output ? { output } : {}) })
      }
      return
    }
    case 'parse-error': {
      const w = take(event.requestId)
      if (w?.kind === 'apply' || w?.kind === 'load')
        w.resolve({ type: 'parse-error', problems: event.problems })
      return
    }
    case 'message-detail': {
      const w = take(event.requestId)
      if (w?.kind === 'message') w.resolve(event.message)
      return
    }
    case 'scheduling-attempts': {
      const w = take(event.requestId)
      if (w?.kind === 'scheduling') w.resolve(event.attempts)
      return
    }
    case 'pong':
      // Any post says the worker is alive (receive tells the watchdog).
      return
    case 'error': {
      const w = event.requestId !== undefined ? take(event.requestId) : undefined
      if (w) settle(w, event.message)
      else reportError(event.message)
      return
    }
  }
}

function take(requestId: number): Waiter | undefined {
  const w = waiting.get(requestId)
  waiting.delete(requestId)
  return w
}

function settle(w: Waiter, message: string): void {
  if (w.kind === 'apply') w.reject(new Error(message))
  else if (w.kind === 'load') w.resolve({ type: 'error', message })
  else if (w.kind === 'scheduling') w.resolve([])
  else w.resolve(null)
}

function settleAll(message: string): void {
  const all = [...waiting.values()]
  waiting.clear()
  for (const w of all) settle(w, message)
}

function reportError(message: string): void {
  if (errorListeners.size === 0) console.error(message)
  for (const listener of errorListeners) listener(message)
}

/** Leading and trailing throttle: the first change goes at once, then one per interval. */
function scheduleCursor(): void {
  if (cursorTimer !== undefined) return
  const wait = lastCursorAtMs + CURSOR_INTERVAL_MS - Date.now()
  if (wait <= 0) {
    sendCursor()
    return
  }
  cursorTimer = setTimeout(() => {
    cursorTimer = undefined
    sendCursor()
  }, wait)
}

/** Send the editor's text READ_AHEAD_DELAY_MS after its last change (the newest text only). */
function scheduleReadAhead(): void {
  if (readAheadTimer !== undefined) clearTimeout(readAheadTimer)
  readAheadTimer = setTimeout(() => {
    readAheadTimer = undefined
    const yaml = useStore.getState().workloadYaml
    if (yaml.trim() !== '') send({ type: 'read-ahead', yaml })
  }, READ_AHEAD_DELAY_MS)
}

function sendCursor(): void {
  const { cursorMs, playing, speed, skipQuiet } = useStore.getState()
  lastCursorAtMs = Date.now()
  send({ type: 'cursor', atMs: cursorMs, playing, speed, skipQuiet })
}
