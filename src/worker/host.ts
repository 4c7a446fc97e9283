/**
 * The worker's loop around a Session, without the worker globals (sim.worker.ts wires those), so
 * it runs in Node tests with a fake clock: commands are handled as they arrive; the simulation is
 * computed in short time slices with a yield to the event loop between them, so a command waits
 * at most one slice; everything computed is batched into at most one `frame` post per frame
 * interval (~16 ms), never one post per message.
 */
import type { Command, MessageView, ObjectRevision, WorkerEvent } from '../protocol/messages'
import { errorText, Session } from './session'

type Frame = Extract<WorkerEvent, { type: 'frame' }>

export interface HostEnvironment {
  /** postMessage to the main thread. */
  post(event: WorkerEvent): void
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
}

export class WorkerHost {
  readonly session = new Session()
  private readonly sliceMs: number
  private readonly frameMs: number
  private readonly budget: number
  private pumpScheduled = false
  private pending: PendingFrame | undefined
  private lastFrameAtMs = Number.NEGATIVE_INFINITY
  private flushScheduled = false

  constructor(
    private readonly env: HostEnvironment,
    options: HostOptions = {},
  ) {
    this.sliceMs = options.sliceMs ?? 8
    this.frameMs = options.frameMs ?? 16
    this.budget = options.budget ?? 250
  }

  /** One command from the UI. Never throws: a failure is posted as an `error` event. */
  handle(command: Command): void {
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
        return s.load(command.scenario, command.requestId)
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
      this.env.post(e)
    }
    this.flushWhenDue()
  }

  private flushWhenDue(): void {
    if (!this.pending || this.flushScheduled) return
    const wait = this.lastFrameAtMs + this.frameMs - this.env.now()
    if (wait <= 0) {
      this.flush()
      return
    }
    this.flushScheduled = true
    this.env.later(() => {
      this.flushScheduled = false
      this.flushWhenDue()
    }, wait)
  }

  private flush(): void {
    const frame = this.pending
    if (!frame) return
    this.pending = undefined
    this.lastFrameAtMs = this.env.now()
    try {
      this.env.post(frame.toEvent())
    } catch (e) {
      this.env.post({ type: 'error', message: `could not post a frame: ${errorText(e)}` })
    }
  }
}

/** Frames of one generation accumulated for the next post: content appended, state from the latest. */
class PendingFrame {
  readonly messages: MessageView[] = []
  readonly revisions: ObjectRevision[] = []
  computedUntilMs = 0
  idleAtMs: number | undefined

  constructor(readonly generation: number) {}

  add(frame: Frame): void {
    for (const m of frame.messages) this.messages.push(m)
    for (const r of frame.revisions) this.revisions.push(r)
    this.computedUntilMs = frame.computedUntilMs
    this.idleAtMs = frame.idleAtMs
  }

  toEvent(): Frame {
    return {
      type: 'frame',
      generation: this.generation,
      messages: this.messages,
      revisions: this.revisions,
      computedUntilMs: this.computedUntilMs,
      ...(this.idleAtMs !== undefined ? { idleAtMs: this.idleAtMs } : {}),
    }
  }
}
