/**
 * What the worker has to post, in posting order, and how much of it one post takes (WorkerHost
 * decides when). Frames computed one after another merge into one pending frame, posted in
 * size-limited chunks; other events keep their place behind the trace computed before them (a
 * reset counts from it), except answers to a request about what the UI already holds (a message's
 * payload, a parse error), which go first, and kubectl's answer to an action (`applied`), which
 * goes ahead of the trace but behind every other event (the reset of its fork): kubectl prints as
 * soon as the simulation knows its answer, while the messages behind it stream at one post per
 * animation frame (after a fork mid-rollout that is several posts; playback waits for them).
 * A reset also drops what is queued ahead of it that the UI would drop on receiving it.
 */
import type {
  CompactedTrace,
  MessageView,
  ObjectRevision,
  ReceivedFrame,
  WireRevision,
  WorkerEvent,
} from '../protocol/messages'

export type Frame = Extract<WorkerEvent, { type: 'frame' }>
/** A chunk of the trace as the Outbox gives it: messages not packed yet, events riding on it. */
export type OutgoingFrame = ReceivedFrame & {
  readonly followedBy?: readonly Exclude<WorkerEvent, { type: 'frame' }>[]
}
type Reset = Extract<WorkerEvent, { type: 'reset' }>
/** A reset as the Outbox gives it, with the events queued right behind it riding on it. */
export type OutgoingReset = Reset & {
  readonly followedBy?: readonly Exclude<WorkerEvent, { type: 'frame' }>[]
}

/** Events that answer a request and refer to nothing queued: they need not wait for the trace. */
const ANSWERS: ReadonlySet<WorkerEvent['type']> = new Set([
  'message-detail',
  'scheduling-attempts',
  'parse-error',
  'pong',
])

const isAnswer = (e: WorkerEvent): boolean =>
  ANSWERS.has(e.type) || (e.type === 'error' && e.requestId !== undefined)

/** A size limit for one post: `maxBytes` of JSON, or `mustBytes` for what playback is about to reach. */
export interface PostLimit {
  readonly maxBytes: number
  readonly mustBytes: number
  /** Items sent at or before this virtual time may take the `mustBytes` allowance. */
  readonly mustMs: number
  /** About how many bytes a message adds to the post (as it will be packed). */
  readonly sizeOf: (m: MessageView) => number
}

export class Outbox {
  private readonly items: Array<PendingFrame | WorkerEvent> = []
  /** How many items at the head are answers (they keep their order among themselves). */
  private answers = 0

  get empty(): boolean {
    return this.items.length === 0
  }

  /** Whether a frame (of any generation) is waiting. */
  get hasFrames(): boolean {
    return this.items.some((i) => i instanceof PendingFrame)
  }

  /** Whether an event (not a frame) is waiting. */
  get hasEvent(): boolean {
    return this.items.some((i) => !(i instanceof PendingFrame))
  }

  addFrame(frame: Frame): void {
    const last = this.items[this.items.length - 1]
    if (last instanceof PendingFrame && last.generation === frame.generation) {
      last.add(frame)
      return
    }
    const pending = new PendingFrame(frame.generation)
    pending.add(frame)
    this.items.push(pending)
  }

  addEvent(event: WorkerEvent): void {
    if (isAnswer(event)) {
      this.items.splice(this.answers++, 0, event)
      return
    }
    if (event.type === 'applied') {
      // Ahead of the queued trace, behind the last event (and the answers, and earlier results).
      let at = this.items.length
      while (at > this.answers && this.items[at - 1] instanceof PendingFrame) at--
      this.items.splice(at, 0, event)
      return
    }
    if (event.type === 'reset') this.trimBefore(event)
    this.items.push(event)
  }

  /**
   * The next post, or undefined when nothing waits. A frame gives a chunk (all of it without
   * `limit`), with the events queued right behind it when it is the last (`followedBy`); `encode` turns
   * its revisions into what goes on the wire.
   */
  next(
    encode: (r: ObjectRevision) => WireRevision,
    limit: PostLimit | undefined,
  ): Exclude<WorkerEvent, { type: 'frame' | 'reset' }> | OutgoingReset | OutgoingFrame | undefined {
    const head = this.items[0]
    if (!head) return undefined
    if (!(head instanceof PendingFrame)) {
      this.items.shift()
      if (this.answers > 0) {
        this.answers--
        return head as Exclude<WorkerEvent, { type: 'frame' }>
      }
      // A fork's reset takes kubectl's answer along when it is known by then (one post, one
      // animation frame, instead of two).
      if (head.type !== 'reset') return head as Exclude<WorkerEvent, { type: 'frame' | 'reset' }>
      const followedBy = this.eventsAtHead()
      return followedBy.length ? { ...head, followedBy } : head
    }
    const chunk = head.take(encode, limit)
    if (!head.empty) return chunk
    this.items.shift()
    // The events right behind the trace ride on its last chunk (one post instead of two).
    const followedBy = this.eventsAtHead()
    return followedBy.length ? { ...chunk, followedBy } : chunk
  }

  /** Take the events (not frames) at the head of the queue. */
  private eventsAtHead(): Exclude<WorkerEvent, { type: 'frame' }>[] {
    const events: Exclude<WorkerEvent, { type: 'frame' }>[] = []
    for (let next = this.items[0]; next && !(next instanceof PendingFrame); next = this.items[0]) {
      events.push(next as Exclude<WorkerEvent, { type: 'frame' }>)
      this.items.shift()
    }
    return events
  }

  /** Drop the head item (it could not be posted: a bug, reported instead of retried forever). */
  dropHead(): void {
    if (this.items.shift() !== undefined && this.answers > 0) this.answers--
  }

  /**
   * A reset drops the UI's messages from `fromMessageId` and revisions from `fromMs`: those still
   * queued are never posted (a fork during a long stream would otherwise first post everything the
   * old run computed ahead).
   */
  private trimBefore(reset: Reset): void {
    for (const item of this.items)
      if (item instanceof PendingFrame) item.trim(reset.fromMessageId, reset.fromMs)
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i]
      if (item instanceof PendingFrame && item.empty) {
        this.items.splice(i, 1)
        if (i < this.answers) this.answers--
      }
    }
  }
}

/**
 * Items posted beyond the limit: at least one per post, and what completes the post's time (a
 * revision is only taken with the messages before it).
 */
export class PendingFrame {
  private messages: MessageView[] = []
  private revisions: ObjectRevision[] = []
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

  /** Drop what a reset drops (see Outbox.trimBefore); what is left is complete up to just before `fromMs`. */
  trim(fromMessageId: number, fromMs: number): void {
    const keep = this.messages.findIndex((m, i) => i >= this.messagesFrom && m.id >= fromMessageId)
    if (keep >= 0) this.messages.length = keep
    const keepRevisions = this.revisions.findIndex((r, i) => i >= this.revisionsFrom && r.atMs >= fromMs)
    if (keepRevisions >= 0) this.revisions.length = keepRevisions
    this.computedUntilMs = Math.min(this.computedUntilMs, fromMs - 1)
    this.idleAtMs = undefined
  }

  /**
   * The next post: everything, or (with `limit`) messages and revisions in time order until about
   * limit.maxBytes of JSON (limit.mustBytes for those at or before limit.mustMs). The frame says
   * the trace is complete only up to what it carries.
   */
  take(encode: (r: ObjectRevision) => WireRevision, limit: PostLimit | undefined): ReceivedFrame {
    const max = limit?.maxBytes ?? Number.POSITIVE_INFINITY
    const must = limit?.mustBytes ?? Number.POSITIVE_INFINITY
    const mustMs = limit?.mustMs ?? Number.POSITIVE_INFINITY
    let bytes = 0
    const messages: MessageView[] = []
    let i = this.messagesFrom
    for (; i < this.messages.length; i++) {
      const m = this.messages[i] as MessageView
      if (messages.length > 0 && bytes >= (m.sentAtMs > mustMs ? max : must)) break
      messages.push(m)
      if (limit) bytes += limit.sizeOf(m)
    }
    const nextMessageMs = (this.messages[i] as MessageView | undefined)?.sentAtMs ?? Number.POSITIVE_INFINITY
    const revisions: WireRevision[] = []
    let j = this.revisionsFrom
    for (; j < this.revisions.length; j++) {
      const r = this.revisions[j] as ObjectRevision
      if (r.atMs >= nextMessageMs) break
      if (messages.length + revisions.length > 0 && bytes >= (r.atMs > mustMs ? max : must)) break
      const w = encode(r)
      revisions.push(w)
      if (limit) bytes += JSON.stringify(w).length
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
