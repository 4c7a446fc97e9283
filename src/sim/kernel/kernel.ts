import { DEFAULT_NETWORK, Network, type NetworkConfig } from '../network/network'
import { DEFAULT_START_TIME, parseStartTime, rfc3339, rfc3339Micro } from './clock'
import { EventHeap, type Scheduled } from './heap'
import { type CompactedTrace, compactInto, StageLog, type TraceRetention } from './retention'
import { Rng } from './rng'
import type { ComponentId, Message, MessageKind, ObjectRef, Stage } from './trace'

/** A component receives the messages addressed to it that are not replies to a pending call. */
export interface Component {
  readonly id: ComponentId
  receive(message: Message): void
}

/** What a component asks the kernel to send; the kernel stamps id, times and cause. */
export interface Outgoing<P = unknown> {
  readonly from: ComponentId
  readonly to: ComponentId
  readonly kind: MessageKind
  readonly summary: string
  readonly stage: Stage
  readonly object?: ObjectRef
  readonly replyTo?: number
  readonly payload: P
  /** Time on the wire beyond the link latency (e.g. bytes / bandwidth for an image layer). */
  readonly transferMs?: number
}

/** Returned to a process whose call timed out before the reply arrived. */
export const TIMED_OUT = Symbol('timed out')

/** A wake-up point processes can wait on (a queue becoming non-empty, a pod being deleted). */
export class Signal {
  /** @internal */ readonly waiters: Process[] = []
}

export type Effect =
  | { readonly type: 'call'; readonly request: Outgoing; readonly timeoutMs?: number }
  | { readonly type: 'sleep'; readonly ms: number; readonly background?: boolean }
  | { readonly type: 'wait'; readonly signal: Signal }

/** A simulated goroutine: a generator that yields effects and is resumed by the kernel. */
export type Proc<T = void> = Generator<Effect, T, unknown>

/**
 * Returned to a process whose call failed without a reply (Kernel.failCall: the connection that
 * carried the request or its reply was lost).
 */
export class CallFailure {
  constructor(
    /** The request's message id. */
    readonly requestId: number,
    /** The transport's error, as the client library words it (`http2: client connection lost`). */
    readonly reason: string,
  ) {}
}

/**
 * Send a request and suspend until its reply. Throws CallTimeout when `timeoutMs` passes first,
 * CallFailed when the kernel fails the call (Kernel.failCall).
 */
export function* call<P = unknown>(request: Outgoing, timeoutMs?: number): Proc<Message<P>> {
  const reply = yield { type: 'call', request, timeoutMs }
  if (reply === TIMED_OUT) throw new CallTimeout(request.summary)
  if (reply instanceof CallFailure) throw new CallFailed(request.summary, reply.requestId, reply.reason)
  return reply as Message<P>
}

export class CallTimeout extends Error {
  constructor(readonly summary: string) {
    super(`timed out: ${summary}`)
  }
}

/** A call that failed without a reply; `reason` is the transport's error text. */
export class CallFailed extends Error {
  constructor(
    readonly summary: string,
    readonly requestId: number,
    readonly reason: string,
  ) {
    super(`${summary}: ${reason}`)
  }
}

/**
 * A fault planned on one message before it is sent (src/sim/faults: drop-message, delay-message),
 * by the id it will get. It applies only if the message is on the wire at `atMs`
 * (sentAtMs ≤ atMs < deliverAtMs); `sent` hears whether it did.
 */
export interface WirePlan {
  readonly atMs: number
  /** Lose the message: it is recorded with `lostAtMs: atMs` and never delivered. */
  readonly drop?: boolean
  /** Deliver it this much later; later messages on the same link keep their order behind it. */
  readonly delayMs?: number
  sent(message: Message, applied: boolean): void
}

export function* sleep(ms: number, background = false): Proc {
  yield { type: 'sleep', ms, background }
}

export function* wait(signal: Signal): Proc {
  yield { type: 'wait', signal }
}

export interface Timer {
  cancel(): void
}

export interface KernelOptions {
  readonly seed: number | string
  readonly network?: NetworkConfig
  /** Wall-clock instant of virtual time 0 (RFC 3339); DEFAULT_START_TIME when absent. */
  readonly startTime?: string
  /** Keep only the newest messages in full (large runs); every message when absent. */
  readonly traceRetention?: TraceRetention
}

/**
 * The discrete-event kernel: a virtual clock in integer milliseconds, an event heap ordered by
 * (time, sequence), one seeded RNG, the network, and the trace. Nothing under src/sim reads the
 * wall clock or Math.random; all time and chance come from here.
 *
 * Causality: while a message is being handled (or a process resumed by it runs), every message
 * sent and every step recorded gets that message as its cause. Steps become the cause of what
 * follows them, so a "why?" chain reads request → authentication → … → etcd write.
 */
export class Kernel {
  nowMs = 0
  /** Wall-clock milliseconds at virtual time 0. */
  readonly epochMs: number
  readonly rng: Rng
  readonly network: Network
  /**
   * The messages kept in full, in id order: all of them, unless `traceRetention` compacts old ones
   * (then `trace[0]` is message `firstRetainedId`). Read one by id with `message(id)`.
   */
  readonly trace: Message[] = []
  /** The summary of the messages compacted away (traceRetention), if any. */
  compacted: CompactedTrace | undefined
  private readonly retention: TraceRetention | undefined
  /** With retention: every message's stage (causeStage must not depend on what was compacted). */
  private readonly stageLog: StageLog | undefined
  /** With retention: compacted requests still waiting for their reply (the fault code reads them). */
  private readonly awaitingReply = new Map<number, Message>()
  /** Messages kept whatever retention compacts (watch requests; see pin). */
  private readonly pinned = new Map<number, Message>()
  private readonly heap = new EventHeap()
  private readonly components = new Map<ComponentId, Component>()
  private readonly pendingCalls = new Map<number, Process>()
  private seq = 0
  /** Virtual time of the last event run (-1 before the first): see canScheduleAt. */
  private lastRunAtMs = -1
  private nextMessageId = 1
  /** The cause attached to what is sent now; see the class comment. */
  cause: number | null = null
  /** How many messages faults (cut links, isolated components) have lost so far. */
  lostMessages = 0
  /** Faults planned on messages not sent yet, by message id (see WirePlan). */
  private readonly wirePlans = new Map<number, WirePlan>()

  constructor(options: KernelOptions) {
    this.epochMs = parseStartTime(options.startTime ?? DEFAULT_START_TIME)
    this.rng = new Rng(options.seed)
    this.network = new Network(options.network ?? DEFAULT_NETWORK, this.rng)
    const retention = options.traceRetention
    if (retention) {
      if (!(Number.isInteger(retention.keepMessages) && retention.keepMessages > 0))
        throw new Error(
          `traceRetention.keepMessages must be a positive integer, not ${retention.keepMessages}`,
        )
      this.retention = retention
      this.stageLog = new StageLog()
    }
  }

  /** Id of `trace[0]`: 1 unless old messages were compacted. */
  get firstRetainedId(): number {
    return (this.compacted?.throughId ?? 0) + 1
  }

  /** How many messages have been recorded, compacted ones included (the last id given). */
  get messageCount(): number {
    return this.nextMessageId - 1
  }

  /**
   * Message `id`, if it is kept: every message without retention; with it, the newest ones and
   * requests still waiting for their reply.
   */
  message(id: number): Message | undefined {
    const i = id - this.firstRetainedId
    return i >= 0 ? this.trace[i] : (this.pinned.get(id) ?? this.awaitingReply.get(id))
  }

  /**
   * Keep `message` readable by id (`message(id)`) after retention compacts it: a long-lived
   * request (a watch) that later work refers back to. Watches live as long as their component, so
   * there is no unpin (a watch a fault closes stays pinned: the fault reads it after closing it).
   */
  pin(message: Message): void {
    if (this.retention) this.pinned.set(message.id, message)
  }

  /** Now (or virtual time `atMs`) as metav1.Time (`2025-05-01T10:00:03Z`). */
  wallTime(atMs = this.nowMs): string {
    return rfc3339(this.epochMs + atMs)
  }

  /** Now as metav1.MicroTime (`2025-05-01T10:00:03.215000Z`). */
  microTime(): string {
    return rfc3339Micro(this.epochMs + this.nowMs)
  }

  register(component: Component): void {
    if (this.components.has(component.id)) throw new Error(`component ${component.id} registered twice`)
    this.components.set(component.id, component)
  }

  component(id: ComponentId): Component | undefined {
    return this.components.get(id)
  }

  /** Run `fn` at virtual time `atMs` with the current cause. */
  at(atMs: number, fn: () => void, background = false): Timer {
    const event = new KernelEvent(this, Math.max(atMs, this.nowMs), this.seq++, background, fn, this.cause)
    this.heap.push(event)
    return event
  }

  /** The sequence number the next scheduled event gets (see atSeq). */
  get nextSeq(): number {
    return this.seq
  }

  /**
   * Whether an event at `atMs` can still be placed anywhere among that millisecond's events: nothing
   * at or after `atMs` has run yet, and the clock is not past it (`run({ untilMs })` moves it on).
   */
  canScheduleAt(atMs: number): boolean {
    return this.lastRunAtMs < atMs && this.nowMs <= atMs
  }

  /**
   * Run `fn` at `atMs`, ordered among that millisecond's events as if it had been scheduled when the
   * sequence stood between `seq`'s neighbours (`seq` is a fraction strictly between two sequence
   * numbers), with no cause. A user action added to a cluster that has already run goes where its
   * constructor would have put it, so the run is the one a rebuild with the action in its scenario
   * would give (see Cluster.addAction). Throws once anything at or after `atMs` has run.
   */
  atSeq(atMs: number, seq: number, fn: () => void): Timer {
    if (!this.canScheduleAt(atMs))
      throw new Error(`cannot schedule at ${atMs} ms: the kernel has run events at ${this.lastRunAtMs} ms`)
    const event = new KernelEvent(this, atMs, seq, false, fn, null)
    this.heap.push(event)
    return event
  }

  /** @internal used by KernelEvent */
  cancelEvent(event: KernelEvent): void {
    this.heap.cancel(event)
  }

  after(ms: number, fn: () => void, background = false): Timer {
    return this.at(this.nowMs + ms, fn, background)
  }

  /**
   * Record a message in the trace and schedule its delivery. A message on a link a fault has cut
   * (Network.cut / isolate) is lost instead: it is not delivered and not recorded (trace ids stay
   * dense, and the trace holds only what travelled); a `call` waiting for its reply waits until
   * its timeout, or for ever.
   */
  send<P>(out: Outgoing<P>): Message<P> {
    if (this.network.isCut(out.from, out.to)) return this.lose(out)
    const deliverAtMs = this.network.deliveryTime(out.from, out.to, this.nowMs, out.transferMs ?? 0)
    const plan = this.wirePlans.size > 0 ? this.takeWirePlan(this.nextMessageId) : undefined
    if (plan) return this.sendPlanned(out, deliverAtMs, plan)
    const message = this.record(out, deliverAtMs)
    this.at(deliverAtMs, () => this.deliver(message))
    return message
  }

  /**
   * Plan a fault on the message that will get id `messageId` (a drop-message or delay-message
   * fault of the scenario, known before the run starts).
   */
  planWireFault(messageId: number, plan: WirePlan): void {
    this.wirePlans.set(messageId, plan)
  }

  private takeWirePlan(id: number): WirePlan | undefined {
    const plan = this.wirePlans.get(id)
    if (plan) this.wirePlans.delete(id)
    return plan
  }

  /** Send a message a WirePlan names: lost or held back when it is on the wire at the plan's time. */
  private sendPlanned<P>(out: Outgoing<P>, deliverAtMs: number, plan: WirePlan): Message<P> {
    const inFlight = this.nowMs <= plan.atMs && plan.atMs < deliverAtMs
    if (inFlight && plan.drop) {
      const message = this.record(out, deliverAtMs, { lostAtMs: plan.atMs })
      plan.sent(message, true)
      return message
    }
    const delayMs = inFlight && plan.delayMs ? plan.delayMs : 0
    const at = deliverAtMs + delayMs
    // One link is one ordered stream: what follows on it waits behind the late message.
    if (delayMs > 0) this.network.holdUntil(out.from, out.to, at)
    const message = this.record(out, at, delayMs > 0 ? { delayedByMs: delayMs } : undefined)
    this.at(at, () => this.deliver(message))
    plan.sent(message, delayMs > 0)
    return message
  }

  /** Whether a process still waits for the reply to request `requestId`. */
  isWaitingFor(requestId: number): boolean {
    return this.pendingCalls.has(requestId)
  }

  /**
   * Fail the call waiting for the reply to request `requestId`: the process resumes with a
   * CallFailure (`call` throws CallFailed). False when no process waits for that reply any more.
   */
  failCall(requestId: number, reason: string): boolean {
    const waiting = this.pendingCalls.get(requestId)
    if (!waiting) return false
    this.pendingCalls.delete(requestId)
    this.awaitingReply.delete(requestId)
    waiting.resumeWith(new CallFailure(requestId, reason))
    return true
  }

  /** The stage of what is being handled now (the current cause), if any. */
  causeStage(): Stage | undefined {
    if (this.cause === null) return undefined
    return this.stageLog ? this.stageLog.get(this.cause) : this.trace[this.cause - 1]?.stage
  }

  /** A lost message: shaped like a sent one, with a negative id no reply can carry. */
  private lose<P>(out: Outgoing<P>): Message<P> {
    this.lostMessages++
    return {
      id: -this.lostMessages,
      from: out.from,
      to: out.to,
      kind: out.kind,
      summary: out.summary,
      sentAtMs: this.nowMs,
      deliverAtMs: this.nowMs,
      causeId: this.cause,
      stage: out.stage,
      ...(out.object ? { object: out.object } : {}),
      ...(out.replyTo !== undefined ? { replyTo: out.replyTo } : {}),
      payload: out.payload,
    }
  }

  /**
   * Record work inside one component (from === to). It is not delivered; it becomes the cause of
   * what the component does next.
   */
  step<P>(
    component: ComponentId,
    stage: Stage,
    summary: string,
    payload: P,
    object?: ObjectRef,
    durationMs = 0,
  ): Message<P> {
    const plan = this.wirePlans.size > 0 ? this.takeWirePlan(this.nextMessageId) : undefined
    const message = this.record(
      { from: component, to: component, kind: 'step', summary, stage, object, payload },
      this.nowMs + durationMs,
    )
    // A step never travels: a fault planned on its id does nothing.
    plan?.sent(message, false)
    this.cause = message.id
    return message
  }

  private record<P>(
    out: Outgoing<P>,
    deliverAtMs: number,
    fault?: { readonly lostAtMs?: number; readonly delayedByMs?: number },
  ): Message<P> {
    // Every message has every field (absent ones undefined, which JSON and the trace hash omit):
    // one object shape for all of them keeps the code that reads messages monomorphic.
    const message: Message<P> = {
      id: this.nextMessageId++,
      from: out.from,
      to: out.to,
      kind: out.kind,
      summary: out.summary,
      sentAtMs: this.nowMs,
      deliverAtMs,
      causeId: this.cause,
      stage: out.stage,
      object: out.object,
      replyTo: out.replyTo,
      lostAtMs: fault?.lostAtMs,
      delayedByMs: fault?.delayedByMs,
      payload: out.payload,
    }
    this.trace.push(message)
    if (this.retention) {
      this.stageLog?.set(message.id, message.stage)
      if (this.trace.length >= 2 * this.retention.keepMessages) this.compact(this.retention.keepMessages)
    }
    return message
  }

  /** Fold all but the newest `keep` messages into `compacted`. */
  private compact(keep: number): void {
    const old = this.trace.splice(0, this.trace.length - keep)
    // Indexed: see compactInto.
    for (let i = 0; i < old.length; i++) {
      const m = old[i] as Message
      if (this.pendingCalls.has(m.id)) this.awaitingReply.set(m.id, m)
    }
    this.compacted = compactInto(this.compacted, old)
  }

  private deliver(message: Message): void {
    this.cause = message.id
    if (message.replyTo !== undefined) {
      const waiting = this.pendingCalls.get(message.replyTo)
      if (waiting) {
        this.pendingCalls.delete(message.replyTo)
        this.awaitingReply.delete(message.replyTo)
        waiting.resumeWith(message)
        return
      }
      // A reply nobody waits for any more (the caller was cancelled or timed out) is dropped,
      // as a closed connection would drop it.
      return
    }
    const target = this.components.get(message.to)
    if (!target) throw new Error(`message ${message.id} to unknown component ${message.to}`)
    target.receive(message)
  }

  /** Start a process now; it first runs in the next event at the current time. */
  spawn<T>(proc: Proc<T>, name = 'process'): Process<T> {
    const process = new Process<T>(this, proc, name)
    this.at(this.nowMs, () => process.resumeWith(undefined))
    return process
  }

  /** Wake every process waiting on `signal` (each resumes in its own event, in wait order). */
  notify(signal: Signal): void {
    const waiters = signal.waiters.splice(0)
    for (const p of waiters) this.at(this.nowMs, () => p.resumeWith(undefined))
  }

  /** @internal used by Process */
  registerCall(messageId: number, process: Process): void {
    this.pendingCalls.set(messageId, process)
  }

  /** @internal used by Process */
  forgetCall(messageId: number): void {
    this.pendingCalls.delete(messageId)
    this.awaitingReply.delete(messageId)
  }

  /** True when no foreground work is pending (background timers do not count). */
  get idle(): boolean {
    return this.heap.foregroundSize === 0
  }

  /** Time of the next pending event, if any. */
  get nextEventAtMs(): number | undefined {
    return this.heap.peek()?.atMs
  }

  /** Run one event. Returns false when there is nothing left. */
  stepEvent(): boolean {
    const item = this.heap.pop()
    if (!item) return false
    if (item.cancelled) return true
    this.nowMs = item.atMs
    this.lastRunAtMs = item.atMs
    item.run()
    return true
  }

  /**
   * Run events until the cluster is idle, or until virtual time `untilMs` (inclusive) when given.
   * With `untilMs`, background work runs too and the clock ends at `untilMs`.
   */
  run(options: { untilMs?: number; maxEvents?: number } = {}): void {
    const { untilMs, maxEvents = Number.POSITIVE_INFINITY } = options
    let n = 0
    for (;;) {
      const next = this.heap.peek()
      if (!next) break
      if (untilMs === undefined ? this.idle : next.atMs > untilMs) break
      if (n++ >= maxEvents) throw new Error(`simulation did not settle within ${maxEvents} events`)
      this.stepEvent()
    }
    if (untilMs !== undefined && this.nowMs < untilMs) this.nowMs = untilMs
  }
}

/**
 * One scheduled event: the heap entry, the timer handed back to whoever scheduled it, and the
 * cause to restore when it runs, in one object (the kernel's hottest allocation).
 */
class KernelEvent implements Scheduled, Timer {
  cancelled = false
  popped = false

  constructor(
    private readonly kernel: Kernel,
    readonly atMs: number,
    readonly seq: number,
    readonly background: boolean,
    private readonly fn: () => void,
    private readonly cause: number | null,
  ) {}

  run(): void {
    this.kernel.cause = this.cause
    this.fn()
  }

  cancel(): void {
    this.kernel.cancelEvent(this)
  }
}

/** A running generator. `cancel()` stops it at its current yield and runs its finally blocks. */
export class Process<T = unknown> {
  done = false
  cancelled = false
  result: T | undefined
  error: unknown
  private timer: Timer | undefined
  private pendingCallId: number | undefined
  private signal: Signal | undefined
  private readonly onDone: Array<() => void> = []

  constructor(
    private readonly kernel: Kernel,
    private readonly gen: Proc<T>,
    readonly name: string,
  ) {}

  /** Run `fn` when the process finishes (normally, by error, or cancelled). */
  whenDone(fn: () => void): void {
    if (this.done) fn()
    else this.onDone.push(fn)
  }

  /** @internal */
  resumeWith(value: unknown): void {
    if (this.done) return
    this.clearWait()
    const kernel = this.kernel
    // Woken by a reply: the reply is the cause. Woken by a timer or a signal: the kernel already
    // holds the cause captured when the timer was set or the signal was notified.
    // Failed by the kernel (CallFailure): the cause is the one current when it failed the call.
    if (value !== undefined && value !== TIMED_OUT && !(value instanceof CallFailure))
      kernel.cause = (value as Message).id
    let step: IteratorResult<Effect, T>
    try {
      step = this.gen.next(value)
    } catch (error) {
      this.error = error
      this.finish()
      throw error
    }
    if (step.done) {
      this.result = step.value
      this.finish()
      return
    }
    this.perform(step.value)
  }

  private perform(effect: Effect): void {
    const kernel = this.kernel
    switch (effect.type) {
      case 'call': {
        const message = kernel.send(effect.request)
        this.pendingCallId = message.id
        kernel.registerCall(message.id, this)
        if (effect.timeoutMs !== undefined) {
          this.timer = kernel.after(effect.timeoutMs, () => {
            kernel.forgetCall(message.id)
            this.pendingCallId = undefined
            this.resumeWith(TIMED_OUT)
          })
        }
        return
      }
      case 'sleep':
        this.timer = kernel.after(effect.ms, () => this.resumeWith(undefined), effect.background)
        return
      case 'wait':
        this.signal = effect.signal
        effect.signal.waiters.push(this)
        return
    }
  }

  private clearWait(): void {
    this.timer?.cancel()
    this.timer = undefined
    if (this.pendingCallId !== undefined) {
      this.kernel.forgetCall(this.pendingCallId)
      this.pendingCallId = undefined
    }
    if (this.signal) {
      const i = this.signal.waiters.indexOf(this)
      if (i >= 0) this.signal.waiters.splice(i, 1)
      this.signal = undefined
    }
  }

  cancel(): void {
    if (this.done) return
    this.cancelled = true
    this.clearWait()
    try {
      this.gen.return(undefined as T)
    } finally {
      this.finish()
    }
  }

  private finish(): void {
    this.done = true
    for (const fn of this.onDone.splice(0)) fn()
  }
}
