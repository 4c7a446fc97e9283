/**
 * The worker's loop around a Session, without the worker globals (sim.worker.ts wires those), so
 * it runs in Node tests with a fake clock: commands are handled as they arrive; the simulation is
 * computed in short time slices with a yield to the event loop between them, so a command waits
 * at most one slice; everything computed is batched into at most one `frame` post per frame
 * interval (~16 ms), never one post per message. With `ackFrames`, the next frame also waits until
 * the UI has taken in the last one (a `frame-ack`, sent once per animation frame), so at most one
 * frame reaches the main thread per animation frame. Revisions go out as deltas against the
 * previous revision of the same key the UI holds (see protocol/delta.ts).
 */
import { diffObject } from '../protocol/delta'
import {
  type Command,
  type CompactedTrace,
  type MessageView,
  type ObjectRevision,
  PROGRESS_INTERVAL_MS,
  type WireFrame,
  type WirePost,
  type WireRevision,
  type WorkerEvent,
} from '../protocol/messages'
import { progressEvent } from './progress'
import { errorText, Session } from './session'

type Frame = Extract<WorkerEvent, { type: 'frame' }>

export interface HostEnvironment {
  /** postMessage to the main thread. */
  post(event: WirePost): void
  /** Wall-clock milliseconds, for slicing only (performance.now); never for simulation results. */
  now(): number
  /** Run `fn` after yielding to the event loop, so pending commands are handled first. */
  defer(fn: () => void): void
  /** Run `fn` after `ms` wall milliseconds (setTimeout). */
  later(fn: () => void, ms: number): void
}

export interface HostOptions {
  /** Wall time spent computing before yielding to the event loop. */
  readonly sliceMs?: number
  /** Minimum wall time between two frame posts. */
  readonly frameMs?: number
  /** Kernel events per Session.computeSome call (the clock is checked between calls). */
  readonly budget?: number
  /**
   * Post a frame only after the UI acknowledged the previous one (`frame-ack`), or after
   * `ackTimeoutMs` without an answer (a hidden tab runs no animation frames).
   */
  readonly ackFrames?: boolean
  readonly ackTimeoutMs?: number
  /**
   * A frame post carries about this much JSON at most (at least one item, and always everything
   * up to just past the cursor); the rest follows in the next posts. Unlimited when absent.
   */
  readonly maxPostBytes?: number
}

/** An object the UI holds for a key, and when it was written (a reset drops the later ones). */
interface Held {
  readonly atMs: number
  readonly object: ObjectRevision['object']
}

export class WorkerHost {
  readonly session = new Session()
  private readonly sliceMs: number
  private readonly frameMs: number
  private readonly budget: number
  private pumpScheduled = false
  private pending: PendingFrame | undefined
  private lastFrameAtMs = Number.NEGATIVE_INFINITY
  /** The pending check's wall time, and its token (a later, earlier check supersedes it). */
  private timerAtMs: number | undefined
  private timerToken = 0
  private readonly maxPostBytes: number | undefined
  /** Where playback is, as the UI last said (what a size-limited post must not hold back). */
  private cursorMs = 0
  /** The last `progress` (computing: false) waits for the pending frame to be posted. */
  private doneWhenFlushed = false
  /** The computedUntilMs the UI has (a partial post never reports less). */
  private postedUntilMs = Number.NEGATIVE_INFINITY
  private playing = false
  private speed = 1
  private readonly ackFrames: boolean
  private readonly ackTimeoutMs: number
  private awaitingAck = false
  /** Per etcd key, the revisions the UI holds (what deltas are computed against). */
  private readonly held = new Map<string, Held[]>()
  /** Wall time the current stretch of computing started, or of its last `progress` event. */
  private progressAtMs: number | undefined
  private progressSent = false

  constructor(
    private readonly env: HostEnvironment,
    options: HostOptions = {},
  ) {
    this.sliceMs = options.sliceMs ?? 8
    this.frameMs = options.frameMs ?? 16
    this.budget = options.budget ?? 250
    this.ackFrames = options.ackFrames ?? false
    this.ackTimeoutMs = options.ackTimeoutMs ?? 500
    this.maxPostBytes = options.maxPostBytes
  }

  /** One command from the UI. Never throws: a failure is posted as an `error` event. */
  handle(command: Command): void {
    if (command?.type === 'frame-ack') {
      this.awaitingAck = false
      this.flushWhenDue()
      return
    }
    if (command?.type === 'cursor') {
      if (Number.isFinite(command.atMs)) this.cursorMs = command.atMs
      this.playing = command.playing
      if (Number.isFinite(command.speed) && command.speed > 0) this.speed = command.speed
    }
    let events: WorkerEvent[]
    try {
      events = this.dispatch(command)
    } catch (e) {
      const requestId = 'requestId' in command ? command.requestId : undefined
      events = [
        {
          type: 'error',
          message: `${command?.type ?? 'command'} failed: ${errorText(e)}`,
          ...(requestId !== undefined ? { requestId } : {}),
        },
      ]
    }
    this.emit(events)
    this.schedulePump()
  }

  private dispatch(command: Command): WorkerEvent[] {
    const s = this.session
    switch (command.type) {
      case 'load':
        return s.load(command.scenario, command.requestId, command.traceKeepMessages)
      case 'apply':
        return s.apply(command.requestId, command.yaml, command.atMs, command.as)
      case 'delete': {
        const { apiVersion, kind, namespace, name } = command
        return s.delete(
          command.requestId,
          { apiVersion, kind, ...(namespace ? { namespace } : {}), name },
          command.atMs,
          command.as,
        )
      }
      case 'node-action':
        return s.nodeAction(command.requestId, command.action)
      case 'fault':
        return s.fault(command.requestId, command.fault)
      case 'cursor':
        s.cursor(command.atMs, command.playing, command.speed, command.skipQuiet ?? false)
        return []
      case 'message':
        return [s.message(command.requestId, command.id)]
      case 'scheduling':
        return [s.scheduling(command.requestId, command.pod)]
      default:
        return [
          {
            type: 'error',
            message: `unknown command ${JSON.stringify((command as { type?: unknown })?.type)}`,
          },
        ]
    }
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return
    this.pumpScheduled = true
    this.env.defer(() => this.pump())
  }

  /** Compute for one slice, then yield (if there is more) and post what is due. */
  private pump(): void {
    this.pumpScheduled = false
    const end = this.env.now() + this.sliceMs
    let more = false
    try {
      do {
        const r = this.session.computeSome(this.budget)
        this.emit(r.events)
        more = r.more
      } while (more && this.env.now() < end)
    } catch (e) {
      more = false
      this.emit([{ type: 'error', message: `the worker failed: ${errorText(e)}` }])
    }
    if (more) this.schedulePump()
    this.flushWhenDue()
    this.reportProgress(more)
  }

  /**
   * While computing takes long, a `progress` event every PROGRESS_INTERVAL_MS of wall time (the
   * wall clock paces the reports only), and a last one with `computing: false` when caught up.
   */
  private reportProgress(more: boolean): void {
    const cluster = this.session.cluster
    if (!more) {
      this.progressAtMs = undefined
      if (this.progressSent && cluster) {
        // Caught up: said once the UI has the whole trace (after the last pending post).
        if (this.pending) this.doneWhenFlushed = true
        else this.env.post(progressEvent(cluster, this.session.generation, false))
      }
      this.progressSent = false
      return
    }
    this.doneWhenFlushed = false
    const now = this.env.now()
    this.progressAtMs ??= now
    if (!cluster || now - this.progressAtMs < PROGRESS_INTERVAL_MS) return
    this.progressAtMs = now
    this.progressSent = true
    this.env.post(progressEvent(cluster, this.session.generation, true))
  }

  /**
   * Frames are merged into one pending frame; anything else is posted at once. A reset first
   * flushes the pending frame (the session counts those messages as sent, and the reset's
   * fromMessageId is relative to them), and so does an `applied` (so that when an apply's
   * results arrive, the trace up to them has arrived too).
   */
  private emit(events: readonly WorkerEvent[]): void {
    for (const e of events) {
      if (e.type === 'frame') {
        if (this.pending && this.pending.generation !== e.generation) this.flush()
        this.pending ??= new PendingFrame(e.generation)
        this.pending.add(e)
        continue
      }
      // A reset counts from what was sent; an apply's results follow the messages behind them.
      if (e.type === 'reset' || e.type === 'applied') this.flush()
      if (e.type === 'reset') {
        this.dropHeld(e.fromMs)
        this.postedUntilMs = e.fromMs
      }
      this.env.post(e)
    }
    this.flushWhenDue()
  }

  private flushWhenDue(): void {
    if (!this.pending) return
    const sinceLast = this.env.now() - this.lastFrameAtMs
    if (this.awaitingAck) {
      // The ack flushes; the timer only covers an ack that never comes.
      if (sinceLast < this.ackTimeoutMs) {
        this.flushIn(this.ackTimeoutMs - sinceLast)
        return
      }
      this.awaitingAck = false
    }
    const wait = this.frameMs - sinceLast
    if (wait <= 0) this.flush(false)
    else this.flushIn(wait)
  }

  /** Check again in `waitMs` (one timer at a time: the earliest one wanted). */
  private flushIn(waitMs: number): void {
    const at = this.env.now() + waitMs
    if (this.timerAtMs !== undefined && this.timerAtMs <= at) return
    this.timerAtMs = at
    const token = ++this.timerToken
    this.env.later(() => {
      if (token !== this.timerToken) return
      this.timerAtMs = undefined
      this.flushWhenDue()
    }, waitMs)
  }

  /**
   * Post the pending frame: all of it when `all` (before a reset or an `applied`) or without a
   * post size; else what fits in `maxPostBytes` (more for what playback is about to reach), and
   * the rest after the next ack.
   */
  private flush(all = true): void {
    const frame = this.pending
    if (!frame) return
    this.lastFrameAtMs = this.env.now()
    this.awaitingAck = this.ackFrames
    const lead = this.playing ? Math.max(50, this.speed * 50) : 0
    // Paused (a jump, a seek): the UI wants the trace fast, in posts big enough to stream a large
    // run quickly yet each too small to block the main thread for long.
    const limit =
      all || this.maxPostBytes === undefined
        ? undefined
        : this.playing
          ? this.maxPostBytes
          : PAUSED_FACTOR * this.maxPostBytes
    try {
      const taken = frame.take((r) => this.encode(r), limit, this.cursorMs + lead)
      if (frame.empty) this.pending = undefined
      const event = { ...taken, computedUntilMs: Math.max(taken.computedUntilMs, this.postedUntilMs) }
      this.postedUntilMs = event.computedUntilMs
      this.env.post(event)
    } catch (e) {
      this.pending = undefined
      this.env.post({ type: 'error', message: `could not post a frame: ${errorText(e)}` })
    }
    if (this.pending) this.flushWhenDue()
    else if (this.doneWhenFlushed) {
      this.doneWhenFlushed = false
      const cluster = this.session.cluster
      if (cluster) this.env.post(progressEvent(cluster, this.session.generation, false))
    }
  }

  /**
   * A revision as it goes out: a delta against the object the UI holds for its key, when it holds
   * one; whole otherwise. Either way the UI holds this object next.
   */
  private encode(r: ObjectRevision): WireRevision {
    let list = this.held.get(r.key)
    if (!list) this.held.set(r.key, (list = []))
    const prev = list[list.length - 1]?.object
    list.push({ atMs: r.atMs, object: r.object })
    if (!prev || !r.object) return r
    const delta = diffObject(prev as Record<string, unknown>, r.object as Record<string, unknown>) ?? {}
    const { object: _whole, ...rest } = r
    return { ...rest, delta }
  }

  /** A reset: the UI drops every revision written at or after `fromMs`. */
  private dropHeld(fromMs: number): void {
    for (const [key, list] of this.held) {
      let n = list.length
      while (n > 0 && (list[n - 1] as Held).atMs >= fromMs) n--
      if (n === 0) this.held.delete(key)
      else list.length = n
    }
  }
}

/**
 * What playback is about to reach may make a post this many times larger than maxPostBytes (so a
 * cursor waiting for the trace catches up quickly, yet no post is unbounded).
 */
const MUST_FACTOR = 32
/** While paused, posts may be this many times larger than maxPostBytes. */
const PAUSED_FACTOR = 32

/** Frames of one generation accumulated for the next post: content appended, state from the latest. */
class PendingFrame {
  private readonly messages: MessageView[] = []
  private readonly revisions: ObjectRevision[] = []
  /** What has been posted already (a size-limited post takes a prefix). */
  private messagesFrom = 0
  private revisionsFrom = 0
  computedUntilMs = 0
  idleAtMs: number | undefined
  /** A compaction not posted yet: it goes out with the next post. */
  private compacted: CompactedTrace | undefined

  constructor(readonly generation: number) {}

  get empty(): boolean {
    return (
      this.messagesFrom >= this.messages.length &&
      this.revisionsFrom >= this.revisions.length &&
      this.compacted === undefined
    )
  }

  add(frame: Frame): void {
    if (frame.compacted) {
      // Messages waiting here that the run has since compacted are not posted at all.
      this.compacted = frame.compacted
      const through = frame.compacted.throughId
      while ((this.messages[this.messagesFrom]?.id ?? Number.POSITIVE_INFINITY) <= through)
        this.messagesFrom++
    }
    for (const m of frame.messages) this.messages.push(m)
    for (const r of frame.revisions) this.revisions.push(r)
    this.computedUntilMs = frame.computedUntilMs
    this.idleAtMs = frame.idleAtMs
  }

  /**
   * The next post: everything, or (with `maxBytes`) messages and revisions in time order until
   * about maxBytes of JSON (MUST_FACTOR times that for those at or before `mustMs`). A revision is only taken with the
   * messages before it, and the frame says the trace is complete only up to what it carries.
   */
  take(encode: (r: ObjectRevision) => WireRevision, maxBytes: number | undefined, mustMs: number): WireFrame {
    const limit = maxBytes ?? Number.POSITIVE_INFINITY
    let bytes = 0
    const messages: MessageView[] = []
    let i = this.messagesFrom
    for (; i < this.messages.length; i++) {
      const m = this.messages[i] as MessageView
      if (messages.length > 0 && bytes >= (m.sentAtMs > mustMs ? limit : MUST_FACTOR * limit)) break
      messages.push(m)
      if (maxBytes !== undefined) bytes += JSON.stringify(m).length
    }
    const nextMessageMs = (this.messages[i] as MessageView | undefined)?.sentAtMs ?? Number.POSITIVE_INFINITY
    const revisions: WireRevision[] = []
    let j = this.revisionsFrom
    for (; j < this.revisions.length; j++) {
      const r = this.revisions[j] as ObjectRevision
      if (r.atMs >= nextMessageMs) break
      if (messages.length + revisions.length > 0 && bytes >= (r.atMs > mustMs ? limit : MUST_FACTOR * limit))
        break
      const w = encode(r)
      revisions.push(w)
      if (maxBytes !== undefined) bytes += JSON.stringify(w).length
    }
    this.messagesFrom = i
    this.revisionsFrom = j
    const compacted = this.compacted
    this.compacted = undefined
    const rest = !this.empty
    const nextRevisionMs = (this.revisions[j] as ObjectRevision | undefined)?.atMs ?? Number.POSITIVE_INFINITY
    const computedUntilMs = rest
      ? Math.min(this.computedUntilMs, Math.min(nextMessageMs, nextRevisionMs) - 1)
      : this.computedUntilMs
    return {
      type: 'frame',
      generation: this.generation,
      messages,
      revisions,
      computedUntilMs,
      ...(!rest && this.idleAtMs !== undefined ? { idleAtMs: this.idleAtMs } : {}),
      ...(compacted ? { compacted } : {}),
    }
  }
}
