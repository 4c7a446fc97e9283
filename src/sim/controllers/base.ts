/**
 * What every controller inside kube-controller-manager shares: its own API client (its own
 * identity, as with --use-service-account-credentials), its event recorder, a workqueue, worker
 * processes, and the retry-with-backoff of failed syncs.
 *
 * client-go: util/workqueue (DefaultControllerRateLimiter's per-item exponential part: 5ms
 * doubling up to 1000s). Controllers stop on the first API error of a sync and retry the key later,
 * as processNextWorkItem / handleErr do upstream.
 */

import type { Status } from '../../api/types'
import type { ApiClient, ApiResult } from '../client/client'
import type { EventRecorder } from '../client/events'
import { WorkQueue } from '../client/workqueue'
import { type Effect, type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import { CONTROLLER_MANAGER, type ObjectRef } from '../kernel/trace'
import type { ControllerName, ReconcileStep } from './steps'

/** An API call failed; the sync stops and the key is retried with backoff. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: Status,
  ) {
    super(status.message ?? `HTTP ${code}`)
  }
}

/** The object of a successful call, or an ApiError. */
export function must<T>(result: ApiResult<T>): T {
  if (result.ok) return result.object
  throw new ApiError(result.code, result.status)
}

const BASE_DELAY_MS = 5
const MAX_DELAY_MS = 1000 * 1000
/**
 * Retries after this many consecutive failures are background work: they still happen, but a
 * controller that fails forever (FailedCreate against a quota) does not keep a run-until-idle
 * simulation busy.
 */
const FOREGROUND_RETRIES = 5

export interface ControllerDeps {
  readonly kernel: Kernel
  /** This controller's own client (its service-account identity). */
  readonly client: ApiClient
  readonly recorder: EventRecorder
  /** Concurrent syncs (--concurrent-deployment-syncs / --concurrent-replicaset-syncs, default 5). */
  readonly workers: number
}

interface PendingStep {
  readonly summary: string
  readonly payload: ReconcileStep
  readonly object?: ObjectRef
  readonly cause: number | null
}

interface SyncContext {
  pending: PendingStep | undefined
}

export abstract class QueueController {
  readonly kernel: Kernel
  readonly queue: WorkQueue
  private readonly failures = new Map<string, number>()
  private readonly apiClient: ApiClient
  private readonly eventRecorder: EventRecorder
  /** The sync whose process is running right now (syncs interleave across workers). */
  private active: SyncContext | undefined

  constructor(
    readonly name: ControllerName,
    private readonly deps: ControllerDeps,
  ) {
    this.kernel = deps.kernel
    this.apiClient = deps.client
    this.eventRecorder = deps.recorder
    this.queue = new WorkQueue(deps.kernel)
  }

  /** This controller's API client. Using it records the sync's pending decision step first. */
  get client(): ApiClient {
    this.flushStep()
    return this.apiClient
  }

  /** This controller's event recorder (records the pending decision step first, too). */
  get recorder(): EventRecorder {
    this.flushStep()
    return this.eventRecorder
  }

  /** Reconcile the object with this `namespace/name` key. Throws ApiError to retry later. */
  protected abstract sync(key: string): Proc

  /** Start the worker processes; call once the informers have synced. */
  startWorkers(): void {
    for (let i = 0; i < this.deps.workers; i++) this.kernel.spawn(this.worker(), `${this.name} worker ${i}`)
  }

  private *worker(): Proc {
    const ctx: SyncContext = { pending: undefined }
    for (;;) {
      const key = yield* this.queue.get()
      ctx.pending = undefined
      try {
        yield* this.inContext(ctx, this.sync(key))
        this.failures.delete(key)
      } catch (e) {
        if (!(e instanceof ApiError)) throw e
        this.retry(key)
      } finally {
        this.queue.done(key)
      }
    }
  }

  /** queue.AddRateLimited: 5ms × 2^failures, at most 1000s. */
  private retry(key: string): void {
    const n = this.failures.get(key) ?? 0
    this.failures.set(key, n + 1)
    const delayMs = Math.min(BASE_DELAY_MS * 2 ** n, MAX_DELAY_MS)
    this.kernel.after(delayMs, () => this.queue.add(key), n >= FOREGROUND_RETRIES)
  }

  /** queue.AddAfter. `background` timers (progress deadlines) do not keep the cluster busy. */
  enqueueAfter(key: string, delayMs: number, background = false): void {
    this.kernel.after(delayMs, () => this.queue.add(key), background)
  }

  /** Wall-clock epoch milliseconds now. */
  nowMs(): number {
    return this.kernel.epochMs + this.kernel.nowMs
  }

  /** Now as metav1.Time. */
  now(): string {
    return this.kernel.wallTime()
  }

  /** Record a decision in the trace now; it becomes the cause of what follows. */
  step(summary: string, payload: ReconcileStep, object?: ObjectRef): void {
    this.kernel.step(CONTROLLER_MANAGER, 'reconcile', summary, payload, object)
  }

  /**
   * Note a sync's decision. It is recorded (caused by what woke the sync) just before the sync's
   * first request or event, and dropped if the sync writes nothing: most syncs (a pod's status
   * changed, the counts did not) only read the cache, and a step for each would bury the story.
   */
  decide(summary: string, payload: ReconcileStep, object?: ObjectRef): void {
    if (!this.active) throw new Error(`${this.name}: decide() outside a sync`)
    this.active.pending = { summary, payload, object, cause: this.kernel.cause }
  }

  private flushStep(): void {
    const p = this.active?.pending
    if (!p || !this.active) return
    this.active.pending = undefined
    this.kernel.cause = p.cause
    this.step(p.summary, p.payload, p.object)
  }

  /** Run a sync's generator, marking its context active whenever it runs. */
  private *inContext<T>(ctx: SyncContext, gen: Proc<T>): Proc<T> {
    let input: unknown
    for (;;) {
      this.active = ctx
      let r: IteratorResult<Effect, T>
      try {
        r = gen.next(input)
      } finally {
        this.active = undefined
      }
      if (r.done) return r.value
      input = yield r.value
    }
  }

  /** Run requests concurrently (the sync's pending step is recorded first). */
  *parallel<T>(procs: readonly Proc<T>[], name: string): Proc<T[]> {
    this.flushStep()
    return yield* all(this.kernel, procs, name)
  }
}

/**
 * Run generators concurrently (goroutines joined by a WaitGroup) and return their results in
 * order. Each starts in its own kernel event at the current time, in the order given.
 */
export function* all<T>(kernel: Kernel, procs: readonly Proc<T>[], name = 'parallel'): Proc<T[]> {
  const running = procs.map((p, i) => kernel.spawn(p, `${name} ${i}`))
  const joined = new Signal()
  for (const p of running) p.whenDone(() => kernel.notify(joined))
  while (!running.every((p) => p.done)) yield* wait(joined)
  return running.map((p) => p.result as T)
}
