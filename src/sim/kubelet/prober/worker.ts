/**
 * A probe worker (pkg/kubelet/prober/worker.go): one process per container and probe kind. It
 * probes at once, then on a ticker of `periodSeconds` (and when the manager triggers a readiness
 * run), until it is stopped. Each run (`doProbe`):
 *
 * - adopts a new container id: the old id's cached result goes, the new one starts at the kind's
 *   initial value (readiness: failure, liveness: success, startup: none), and a worker on hold
 *   resumes;
 * - a container that is not running: failure; the worker ends if it will not be restarted;
 * - skips until `initialDelaySeconds` (whole seconds since the container started) have passed;
 * - startup gates the others: until the container has started (startup probe succeeded, or none),
 *   only the startup worker probes; after that, only the others;
 * - counts consecutive equal results, and sets the cached result only at `successThreshold` /
 *   `failureThreshold`; after a liveness or startup failure, holds until a new container id.
 *
 * The ticker and the initial jitter are background timers: a cluster whose only pending work is
 * probing counts as idle.
 */
import type { Probe } from 'kubernetes-types/core/v1'
import type { Container, Pod } from '../../../api/types'
import { type Proc, Signal, sleep, type Timer, wait } from '../../kernel/kernel'
import type { ContainerBehavior, ProbeKind } from '../../runtime/behavior'
import { type ProbeResult, type ProberEnv, runProbe } from './prober'

/** What a worker knows of the container it probes (from containerStarted / containerStopped). */
export interface ProbedContainer {
  readonly id: string
  readonly startedAtMs: number
  readonly behavior: ContainerBehavior
  running: boolean
  /** Running and probed before virtual time 0 (a bootstrap Pod's): its results are already cached. */
  restored?: boolean
}

/** What a worker needs from its manager. */
export interface WorkerHost {
  readonly env: ProberEnv
  /** When the kubelet (its probe manager) started: workers started within a period jitter. */
  readonly kubeletStartedAtMs: number
  /** The container currently running (or last run) under this pod and name. */
  current(podUid: string, containerName: string): ProbedContainer | undefined
  /** Has the container started (startup probe succeeded, or there is none)? */
  isStarted(podUid: string, containerName: string, containerId: string): boolean
  /** Store a result; `quiet` = no callback (an initial value, a container that is not running). */
  setResult(worker: ProbeWorker, containerId: string, result: ProbeResult | undefined, quiet: boolean): void
  /** The worker has ended. */
  removeWorker(worker: ProbeWorker): void
}

export const DEFAULT_PERIOD_SECONDS = 10
export const DEFAULT_TIMEOUT_SECONDS = 1
export const DEFAULT_SUCCESS_THRESHOLD = 1
export const DEFAULT_FAILURE_THRESHOLD = 3

/** The cached value a new container starts with (worker.go initialValue). */
const INITIAL: Readonly<Record<ProbeKind, ProbeResult | undefined>> = {
  readiness: 'failure',
  liveness: 'success',
  startup: undefined,
}

export class ProbeWorker {
  /** The container id this worker last saw (its results are cached under it). */
  containerId: string | undefined
  stopped = false
  private lastResult: ProbeResult | undefined
  private resultRun = 0
  private onHold = false
  private tickPending = false
  private manualPending = false
  private readonly wake = new Signal()
  private ticker: Timer | undefined
  readonly spec: Probe
  readonly podUid: string

  constructor(
    private readonly host: WorkerHost,
    readonly kind: ProbeKind,
    readonly pod: Pod,
    readonly container: Container,
  ) {
    const spec =
      kind === 'liveness'
        ? container.livenessProbe
        : kind === 'readiness'
          ? container.readinessProbe
          : container.startupProbe
    if (!spec) throw new Error(`${container.name} has no ${kind} probe`)
    this.spec = spec
    this.podUid = pod.metadata?.uid ?? ''
    // A container probed before the scenario began: this worker has been probing it all along.
    const current = host.current(this.podUid, container.name)
    if (current?.restored) this.containerId = current.id
  }

  get periodMs(): number {
    return (this.spec.periodSeconds ?? DEFAULT_PERIOD_SECONDS) * 1000
  }

  /** Probe now (the manager's manualTriggerCh; coalesces like a 1-slot channel). */
  trigger(): void {
    this.manualPending = true
    this.host.env.kernel.notify(this.wake)
  }

  /** Stop after the current run, if any (stopCh). */
  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.ticker?.cancel()
    this.ticker = undefined
    this.host.env.kernel.notify(this.wake)
  }

  *run(): Proc {
    const kernel = this.host.env.kernel
    try {
      // A kubelet that has just started spreads its workers over one period; so do the workers of
      // containers probed before the scenario began (their tickers ran at any phase).
      if (this.periodMs > kernel.nowMs - this.host.kubeletStartedAtMs || this.containerId !== undefined)
        yield* sleep(Math.floor(kernel.rng.next() * this.periodMs), true)
      if (this.stopped) return
      this.startTicker()
      while (!this.stopped) {
        const keepGoing = yield* this.doProbe()
        if (!keepGoing) return
        while (!this.stopped && !this.tickPending && !this.manualPending) yield* wait(this.wake)
        // Go's select picks one ready channel; the other stays ready for the next round.
        if (this.tickPending) this.tickPending = false
        else this.manualPending = false
      }
    } finally {
      this.ticker?.cancel()
      this.ticker = undefined
      if (this.containerId !== undefined) this.host.setResult(this, this.containerId, undefined, true)
      this.host.removeWorker(this)
    }
  }

  /** time.NewTicker: ticks every period from now, on background timers. */
  private startTicker(): void {
    const kernel = this.host.env.kernel
    let next = kernel.nowMs
    const tick = (): void => {
      if (this.stopped) return
      this.tickPending = true
      kernel.notify(this.wake)
      next += this.periodMs
      this.ticker = kernel.at(next, tick, true)
    }
    next += this.periodMs
    this.ticker = kernel.at(next, tick, true)
  }

  /** worker.doProbe: one run; false = the worker should end. */
  private *doProbe(): Proc<boolean> {
    const host = this.host
    const c = host.current(this.podUid, this.container.name)
    if (!c) return true // not created yet
    if (this.containerId !== c.id) {
      if (this.containerId !== undefined) host.setResult(this, this.containerId, undefined, true)
      this.containerId = c.id
      host.setResult(this, c.id, INITIAL[this.kind], true)
      this.onHold = false
    }
    if (this.onHold) return true
    if (!c.running) {
      host.setResult(this, c.id, 'failure', true)
      // Abort if the container will not be restarted.
      return this.pod.spec?.restartPolicy !== 'Never'
    }
    const kernel = host.env.kernel
    if (Math.floor((kernel.nowMs - c.startedAtMs) / 1000) < (this.spec.initialDelaySeconds ?? 0)) return true
    const started = host.isStarted(this.podUid, this.container.name, c.id)
    if (started ? this.kind === 'startup' : this.kind !== 'startup') return true

    const result = yield* runProbe(host.env, {
      kind: this.kind,
      pod: this.pod,
      container: this.container,
      spec: this.spec,
      containerId: c.id,
      startedAtMs: c.startedAtMs,
      behavior: c.behavior,
    })
    if (result === undefined) return true // errored: thrown away

    if (this.lastResult === result) this.resultRun++
    else {
      this.lastResult = result
      this.resultRun = 1
    }
    const failureThreshold = this.spec.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD
    const successThreshold = this.spec.successThreshold ?? DEFAULT_SUCCESS_THRESHOLD
    if (
      (result === 'failure' && this.resultRun < failureThreshold) ||
      (result === 'success' && this.resultRun < successThreshold)
    )
      return true // below threshold: the cached result stays

    host.setResult(this, c.id, result, false)
    if (this.kind !== 'readiness' && result === 'failure') {
      // The container will be restarted: stop probing until a new container id.
      this.onHold = true
      this.resultRun = 0
    }
    return true
  }
}
