/**
 * The worker's loop around a Session, without the worker globals (sim.worker.ts wires those), so
 * it runs in Node tests with a fake clock: commands are handled as they arrive; the simulation is
 * computed in short time slices with a yield to the event loop between them, so a command waits
 * at most one slice; everything computed is batched into at most one `frame` post per frame
 * interval (~16 ms), never one post per message. With `ackFrames`, every post (a frame, a reset,
 * an answer, progress) waits until the UI has taken in the last one (a `frame-ack`, sent once per
 * animation frame), so at most one post reaches the main thread per animation frame; `progress`
 * rides on a frame when one goes. What waits is kept in order in an Outbox (outbox.ts). Revisions
 * go out as deltas against the previous revision of the same key the UI holds (protocol/delta.ts).
 */
import { diffObject, jsonEqual, type ObjectDelta } from '../protocol/delta'
import { MessagePacker } from '../protocol/message-pack'
import {
  type Command,
  type MessageView,
  type ObjectRevision,
  PROGRESS_INTERVAL_MS,
  type WireEvent,
  type WirePost,
  type WireRevision,
  type WorkerEvent,
  type WorkerProgress,
} from '../protocol/messages'
import { nextBudget } from './budget'
import { Outbox, type OutgoingReset, type PostLimit } from './outbox'
import { progressEvent } from './progress'
import { errorText, Session } from './session'

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
  /**
   * Kernel events per Session.computeSome call (the clock is checked between calls); absent, it
   * adapts to what the calls cost (budget.ts).
   */
  readonly budget?: number
  /**
   * Post only after the UI acknowledged the previous post (`frame-ack`), or after `ackTimeoutMs`
   * without an answer (a hidden tab runs no animation frames).
   */
  readonly ackFrames?: boolean
  readonly ackTimeoutMs?: number
  /**
   * A frame post carries about this much JSON at most (at least one item; more for what playback
   * is about to reach, and while paused); the rest follows in the next posts. Unlimited when absent.
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
  private budget: number
  private readonly adaptBudget: boolean
  private pumpScheduled = false
  /** Spare work is due once the events queued are posted and taken in (spareTime). */
  private spareWaiting = false
  /**
   * An event (kubectl's answer, a reset) went out and the UI has not acknowledged it yet: it is
   * rendering it, and spare work would take the CPU it needs (two cores, shared with the browser).
   */
  private eventUnacked = false
  /** What waits to be posted, in order. */
  private readonly outbox = new Outbox()
  /** Frames' messages go packed (message-pack.ts); the UI keeps the same string table. */
  private readonly packer = new MessagePacker()
  private lastPostAtMs = Number.NEGATIVE_INFINITY
  /** The pending check's wall time, and its token (a later, earlier check supersedes it). */
  private timerAtMs: number | undefined
  private timerToken = 0
  private readonly maxPostBytes: number | undefined
  /** Where playback is, as the UI last said (what a size-limited post must not hold back). */
  private cursorMs = 0
  /**
   * The latest `progress` not posted yet (with acks it rides on the next frame post); a last one
   * (computing: false) waits until no frame is queued, so it follows the whole trace.
   */
  private progress: WorkerProgress | undefined
  /**
   * The Nodes of the last reset posted (a reset with equal ones leaves them out). A fork keeps
   * the cluster text, which says they are equal; another text is compared by walking them, not as
   * JSON text: a hundred Nodes are ~200 KiB of text, 10–20 ms to write in a busy worker.
   */
  private postedNodes: readonly unknown[] | null | undefined
  /** The cluster text of the last reset posted. */
  private postedCluster: string | undefined
  /** The computedUntilMs the UI has (a partial post never reports less). */
  private postedUntilMs = Number.NEGATIVE_INFINITY
  private playing = false
  private speed = 1
  private readonly ackFrames: boolean
  private readonly ackTimeoutMs: number
  private awaitingAck = false
  /** Per etcd key, the revisions the UI holds (what deltas are computed against). */
  private readonly held = new Map<string, Held[]>()
  /** Per resource and namespace, the keys of the last objects posted, newest first (delta bases). */
  private readonly recentOfGroup = new Map<string, string[]>()
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
    this.adaptBudget = options.budget === undefined
    this.ackFrames = options.ackFrames ?? false
    this.ackTimeoutMs = options.ackTimeoutMs ?? 500
    this.maxPostBytes = options.maxPostBytes
  }

  /** One command from the UI. Never throws: a failure is posted as an `error` event. */
  handle(command: Command): void {
    if (command?.type === 'frame-ack') {
      this.awaitingAck = false
      this.eventUnacked = false
      this.resumeSpareWork()
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
      case 'read-ahead':
        s.readAhead(command.yaml)
        return []
      case 'message':
        return [s.message(command.requestId, command.id)]
      case 'scheduling':
        return [s.scheduling(command.requestId, command.pod)]
      case 'ping':
        return [{ type: 'pong', requestId: command.requestId }]
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
    // The session's spare (session.ts) also runs in slices, but is not progress the user waits for.
    let spareWork = false
    try {
      do {
        const started = this.adaptBudget ? this.env.now() : 0
        const r = this.session.computeSome(this.budget)
        if (this.adaptBudget)
          this.budget = nextBudget(
            this.budget,
            this.env.now() - started,
            this.sliceMs,
            r.more || r.spareWork === true,
          )
        this.emit(r.events)
        more = r.more
        spareWork = r.spareWork === true
      } while ((more || (spareWork && this.spareTime())) && this.env.now() < end)
    } catch (e) {
      more = false
      spareWork = false
      this.emit([{ type: 'error', message: `the worker failed: ${errorText(e)}` }])
    }
    // Spare work resumes once what waits has been posted (see spareTime).
    this.spareWaiting = spareWork && !more && !this.spareTime()
    if (more || (spareWork && !this.spareWaiting)) this.schedulePump()
    this.flushWhenDue()
    this.reportProgress(more)
  }

  /**
   * Whether spare work may run now: not while an event (kubectl's answer, a reset) waits to be
   * posted, as one step of it (a spare's build) can take tens of milliseconds, and the UI's ack
   * that lets the event go would wait behind it; nor until the UI has taken the event in.
   */
  private spareTime(): boolean {
    return !this.outbox.hasEvent && !this.eventUnacked
  }

  /** Spare work waiting for spareTime goes on once it is. */
  private resumeSpareWork(): void {
    if (this.spareWaiting && this.spareTime()) {
      this.spareWaiting = false
      this.schedulePump()
    }
  }

  /**
   * While computing takes long, a `progress` event every PROGRESS_INTERVAL_MS of wall time (the
   * wall clock paces the reports only), and a last one with `computing: false` when caught up.
   */
  private reportProgress(more: boolean): void {
    const cluster = this.session.cluster
    if (!more) {
      this.progressAtMs = undefined
      // Caught up: said once the UI has the whole trace (after the last queued frame).
      if (this.progressSent && cluster)
        this.queueProgress(progressEvent(cluster, this.session.generation, false))
      this.progressSent = false
      return
    }
    const now = this.env.now()
    this.progressAtMs ??= now
    if (!cluster || now - this.progressAtMs < PROGRESS_INTERVAL_MS) return
    this.progressAtMs = now
    this.progressSent = true
    this.queueProgress(progressEvent(cluster, this.session.generation, true))
  }

  /** The newest progress replaces one not posted yet. */
  private queueProgress(progress: WorkerProgress): void {
    this.progress = progress
    this.flushWhenDue()
  }

  /** Queue what the session produced (outbox.ts says in which order it goes), then post what is due. */
  private emit(events: readonly WorkerEvent[]): void {
    for (const e of events) {
      if (e.type === 'frame') this.outbox.addFrame(e)
      else if (e.type === 'progress') this.progress = e
      else this.outbox.addEvent(e)
    }
    this.flushWhenDue()
  }

  /**
   * Post what is due. With acks: one post, then nothing until the UI acknowledges it (or the ack
   * times out). Without: events at once (with the trace queued before them, whole), frames at most
   * every frameMs.
   */
  private flushWhenDue(): void {
    if (!this.ackFrames) {
      this.flushUnpaced()
      return
    }
    if (this.outbox.empty && !this.progress) return
    const sinceLast = this.env.now() - this.lastPostAtMs
    if (this.awaitingAck) {
      // The ack posts the next; the timer only covers an ack that never comes.
      if (sinceLast < this.ackTimeoutMs) {
        this.flushIn(this.ackTimeoutMs - sinceLast)
        return
      }
      // No ack in time (a hidden tab): as if it came.
      this.awaitingAck = false
      this.eventUnacked = false
    }
    // The ack paces posts to the UI's animation frames; a post waits for the last one's ack, not
    // for a frame interval (which, with the ack's jitter, would skip every other animation frame).
    this.postNext()
    this.awaitingAck = true
    if (!this.outbox.empty || this.progress) this.flushIn(this.ackTimeoutMs)
  }

  private flushUnpaced(): void {
    while (this.outbox.hasEvent) this.postNext(false)
    this.postProgressIfDue()
    if (this.outbox.empty) return
    const wait = this.frameMs - (this.env.now() - this.lastPostAtMs)
    if (wait > 0) {
      this.flushIn(wait)
      return
    }
    this.postNext()
    this.postProgressIfDue()
    if (!this.outbox.empty) this.flushIn(this.frameMs)
  }

  /** Without acks, progress goes at once, as its own post (a last one after the queued trace). */
  private postProgressIfDue(): void {
    const progress = this.progress
    if (!progress || (!progress.computing && this.outbox.hasFrames)) return
    this.progress = undefined
    this.env.post(progress)
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
   * Post the next item: an event, or a chunk of the queued trace (what fits in maxPostBytes, more
   * for what playback is about to reach and while paused; all of it when `limited` is false), with
   * the progress riding on it; or the progress alone when nothing else waits.
   */
  private postNext(limited = true): void {
    this.lastPostAtMs = this.env.now()
    let next: ReturnType<Outbox['next']>
    try {
      next = this.outbox.next((r) => this.encode(r), limited ? this.limit() : undefined)
    } catch (e) {
      // A bug: said, and the item dropped rather than retried at every post.
      this.outbox.dropHead()
      next = { type: 'error', message: `could not post a frame: ${errorText(e)}` }
    }
    let post: WirePost | undefined
    if (next?.type === 'frame') {
      const { messages, followedBy, ...frame } = next
      const computedUntilMs = Math.max(frame.computedUntilMs, this.postedUntilMs)
      this.postedUntilMs = computedUntilMs
      post = {
        ...frame,
        packed: this.packer.pack(messages),
        computedUntilMs,
        ...(followedBy ? { followedBy: followedBy.map((e) => this.posting(e)) } : {}),
      }
      // A last progress (computing: false) goes only with the trace's last queued frame.
      const progress = this.progress
      if (this.ackFrames && progress && (progress.computing || !this.outbox.hasFrames)) {
        post = { ...post, progress }
        this.progress = undefined
      }
    } else if (next) post = this.posting(next)
    else if (this.progress) {
      post = this.progress
      this.progress = undefined
    }
    if (post) {
      this.env.post(post)
      // An event, or a frame with events riding on it (a fork's reset, kubectl's answer).
      if (this.ackFrames && (next?.type !== 'frame' ? next !== undefined : next.followedBy?.length))
        this.eventUnacked = true
    }
    this.resumeSpareWork()
  }

  /**
   * An event as it goes out. A reset: the revisions it drops are no longer held (deltas are not
   * made against them), and its Nodes go only when they differ from the last reset's (a fork
   * keeps the cluster: a hundred Nodes are ~200 KiB the UI already holds).
   */
  private posting(e: Exclude<WorkerEvent, { type: 'frame' }> | OutgoingReset): WireEvent {
    if (e.type !== 'reset') return e
    const { followedBy, ...reset } = e as OutgoingReset
    this.dropHeld(reset.fromMs)
    this.postedUntilMs = reset.fromMs
    const nodes = reset.nodes ?? null
    // A run's Nodes are a function of the cluster text (completeNode), so a fork, which keeps the
    // text, has equal ones without walking them. The walk is for a new text: it may change nothing.
    const cluster = reset.scenario.clusterYaml
    const same =
      this.postedNodes !== undefined && (cluster === this.postedCluster || jsonEqual(nodes, this.postedNodes))
    this.postedCluster = cluster
    let wire: WireEvent = reset
    if (!same) this.postedNodes = nodes
    else {
      const { nodes: _same, ...rest } = reset
      wire = rest
    }
    // What rode on it goes out after it (a reset among them drops what it drops then).
    return followedBy?.length ? { ...wire, followedBy: followedBy.map((f) => this.posting(f)) } : wire
  }

  private readonly sizeOf = (m: MessageView): number => this.packer.sizeOf(m)

  private limit(): PostLimit | undefined {
    const max = this.maxPostBytes
    if (max === undefined) return undefined
    // Paused (a jump, a seek): the UI wants the trace fast, in posts big enough to stream a large
    // run quickly yet each too small to block the main thread for long.
    const sizeOf = this.sizeOf
    if (!this.playing)
      return { maxBytes: PAUSED_FACTOR * max, mustBytes: PAUSED_FACTOR * max, mustMs: 0, sizeOf }
    const lead = Math.max(50, this.speed * 50)
    return { maxBytes: max, mustBytes: MUST_FACTOR * max, mustMs: this.cursorMs + lead, sizeOf }
  }

  /**
   * A revision as it goes out: a delta against the object the UI holds for its key, when it holds
   * one; else, for a new object, a delta against the last object of its kind and namespace the UI
   * holds (`base`: a Pod of a ReplicaSet is much like the one before it, an Event like the last
   * Event) when that is much smaller; whole otherwise. Either way the UI holds this object next.
   */
  private encode(r: ObjectRevision): WireRevision {
    let list = this.held.get(r.key)
    if (!list) this.held.set(r.key, (list = []))
    const prev = list[list.length - 1]?.object
    list.push({ atMs: r.atMs, object: r.object })
    if (!r.object) return r
    const { object: whole, ...rest } = r
    const group = `${r.resource}/${r.namespace ?? ''}`
    const recent = this.recentOfGroup.get(group) ?? []
    this.recentOfGroup.set(group, [r.key, ...recent.filter((k) => k !== r.key)].slice(0, BASES))
    if (prev) return { ...rest, delta: diffObject(prev as Json, whole as Json) ?? {} }
    // The smallest delta against a recent object of the group (Events of one reason are alike).
    let best: { base: string; delta: ObjectDelta; bytes: number } | undefined
    for (const key of recent) {
      // Not its own key: held here already (just above), not yet by the UI.
      if (key === r.key) continue
      const base = this.held.get(key)?.at(-1)?.object
      if (!base) continue
      const delta = diffObject(base as Json, whole as Json) ?? {}
      const bytes = JSON.stringify(delta).length
      if (!best || bytes < best.bytes) best = { base: key, delta, bytes }
    }
    return best && best.bytes < BASE_SHARE * JSON.stringify(whole).length
      ? { ...rest, base: best.base, delta: best.delta }
      : r
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
 * What playback is about to reach (the cursor plus a lead) may make a post this many times larger
 * than maxPostBytes while playing. Kept small: one post goes per animation frame, and a post much
 * larger than the rest is a long task on the main thread; with messages packed and new objects sent
 * as deltas, ~8 KiB a frame keeps up with a 100-replica rollout at 0.25× (it was 32 before both).
 */
const MUST_FACTOR = 1.1
/**
 * While paused, posts may be this many times larger than maxPostBytes (a jump or a seek streams
 * fast). 8, not the 32 it was before messages were packed: a post carries ~4 times as many messages
 * per byte now, and the main thread's work to take one in follows the messages, not the bytes.
 */
const PAUSED_FACTOR = 8
/** A new object goes as a delta against another key's object only when that is this much smaller. */
const BASE_SHARE = 0.6
/** How many recent objects of its kind a new object is compared with. */
const BASES = 6

type Json = Record<string, unknown>
