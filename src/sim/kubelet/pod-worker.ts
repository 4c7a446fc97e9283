/**
 * A pod worker (pkg/kubelet/pod_workers.go): one process per pod that runs its syncs one at a time.
 * Updates that arrive during a sync (PLEG events, the informer) coalesce into one more sync after
 * it. A sync that fails is retried after the worker back-off (10 s + up to 50 % jitter), picked up
 * on the node's 1 s sync grid. A pod that reached Succeeded/Failed, or that was deleted, is
 * terminated once (SyncTerminatingPod): containers stopped, sandbox stopped, final status.
 */
import type { Pod } from '../../api/types'
import { type Kernel, type Proc, type Process, Signal, type Timer, wait } from '../kernel/kernel'
import type { KubeletContext } from './context'
import { REASON, stoppingContainer, WAITING } from './events'
import { generatePodStatus, type WaitingReason } from './generate-status'
import { podRef } from './image-manager'
import { latestOfEach } from './runtime-view'
import { type SyncOutcome, syncPod } from './sync-pod'

/** pod_workers.go: backOffPeriod and workerBackOffPeriodJitterFactor. */
export const WORKER_BACKOFF_MS = 10_000
export const WORKER_BACKOFF_JITTER = 0.5

export type WorkerState = 'syncing' | 'terminating' | 'terminated'

const BACKOFF_REASONS: readonly string[] = [WAITING.ImagePullBackOff, WAITING.CrashLoopBackOff]

export class PodWorker {
  state: WorkerState = 'syncing'
  /** The kubelet's reasonCache for this pod: why each container's last start failed. */
  readonly reasons = new Map<string, WaitingReason>()
  private pending = false
  private readonly wake = new Signal()
  private requeue: Timer | undefined
  /** When the last sync finished: the next one needs a pod cache newer than that. */
  private lastSyncMs: number | undefined
  /** Back-off reasons already shown once; only the first showing keeps the cluster busy. */
  private readonly announced = new Set<string>()
  private process: Process | undefined

  constructor(
    private readonly ctx: KubeletContext,
    readonly uid: string,
    /** `namespace/name`, the informer key. */
    readonly key: string,
  ) {}

  private get kernel(): Kernel {
    return this.ctx.kernel
  }

  start(): void {
    this.process = this.kernel.spawn(this.run(), `pod worker ${this.key}`)
  }

  /** Ask for a sync (UpdatePod). */
  update(): void {
    this.pending = true
    this.kernel.notify(this.wake)
  }

  stop(): void {
    this.requeue?.cancel()
    this.process?.cancel()
  }

  private *run(): Proc {
    for (;;) {
      while (!this.pending) yield* wait(this.wake)
      this.pending = false
      // podCache.GetNewerThan: see the runtime's state as of after the previous sync ended, so
      // what that sync started is known (pod_workers.go podWorkerLoop).
      if (this.lastSyncMs !== undefined) {
        while (this.ctx.pleg.timestampMs <= this.lastSyncMs) {
          this.ctx.pleg.requestRelist()
          yield* wait(this.ctx.pleg.relisted)
        }
        // Updates that came while waiting are covered by the sync about to run.
        this.pending = false
      }
      const pod = this.ctx.currentPod(this.key)
      if (!pod || pod.metadata?.uid !== this.uid || this.state === 'terminated') continue
      if (pod.metadata?.deletionTimestamp) {
        yield* this.terminate(pod)
        this.lastSyncMs = this.kernel.nowMs
        continue
      }
      this.kernel.step(this.ctx.id, 'kubelet-watch', `SyncPod ${this.key}`, { podUid: this.uid }, podRef(pod))
      const outcome = yield* syncPod(this.ctx, pod, this.reasons)
      if (outcome.terminal) yield* this.terminate(pod)
      else if (outcome.failed) this.scheduleRequeue(outcome)
      this.lastSyncMs = this.kernel.nowMs
    }
  }

  /**
   * Retry after the worker back-off. The timer is background work (a cluster waiting only on
   * retries is idle), except the first time a back-off reason is about to be shown, so that a
   * run "until idle" ends with the pod showing ImagePullBackOff / CrashLoopBackOff.
   */
  private scheduleRequeue(outcome: SyncOutcome): void {
    let foreground = false
    for (const [name, r] of outcome.reasons) {
      const id = `${name}\u0000${r.reason}`
      if (
        BACKOFF_REASONS.includes(r.reason) &&
        outcome.shownReasons.get(name) !== r.reason &&
        !this.announced.has(id)
      ) {
        this.announced.add(id)
        foreground = true
      }
    }
    const delay =
      WORKER_BACKOFF_MS + Math.floor(this.kernel.rng.next() * WORKER_BACKOFF_MS * WORKER_BACKOFF_JITTER)
    this.requeue?.cancel()
    this.requeue = this.kernel.after(delay, () => this.update(), !foreground)
  }

  /** SyncTerminatingPod + SyncTerminatedPod: stop everything, report the final status. */
  private *terminate(pod: Pod): Proc {
    this.state = 'terminating'
    this.requeue?.cancel()
    const ctx = this.ctx
    const object = podRef(pod)
    this.kernel.step(ctx.id, 'kubelet-watch', `SyncTerminatingPod ${this.key}`, { podUid: this.uid }, object)
    const deleting = pod.metadata?.deletionTimestamp !== undefined
    const view = ctx.pleg.view(this.uid)
    const grace = pod.metadata?.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30
    const running = latestOfEach(view).filter((c) => c.state === 'CONTAINER_RUNNING')
    // Containers are stopped in parallel (killContainersWithSyncResult runs one goroutine each).
    const done = new Signal()
    let left = running.length
    for (const c of running) {
      const fieldPath = `spec.containers{${c.metadata.name}}`
      ctx.recorder.event(pod, 'Normal', REASON.Killing, stoppingContainer(c.metadata.name), { fieldPath })
      this.kernel.spawn(
        (function* (): Proc {
          yield* ctx.runtime.call<'StopContainer'>(
            { method: 'StopContainer', containerId: c.id, timeout: grace },
            deleting ? 'delete' : 'containers',
            object,
          )
          left--
          ctx.kernel.notify(done)
        })(),
        `stop ${c.metadata.name}`,
      )
    }
    while (left > 0) yield* wait(done)
    if (view.sandbox?.state === 'SANDBOX_READY') {
      yield* ctx.runtime.call<'StopPodSandbox'>(
        { method: 'StopPodSandbox', podSandboxId: view.sandbox.id },
        deleting ? 'delete' : 'sandbox',
        object,
      )
    }
    // The runtime's events for what was just stopped are already here: take them in.
    ctx.pleg.requestRelist()
    yield* wait(ctx.pleg.relisted)
    const current = ctx.currentPod(this.key) ?? pod
    const status = generatePodStatus({
      pod: current,
      runtime: ctx.pleg.view(this.uid),
      reasons: this.reasons,
      hostIPs: ctx.hostIPs,
      podIsTerminal: true,
      epochMs: this.kernel.epochMs,
    })
    ctx.statuses.setPodStatus(current, status)
    ctx.statuses.markTerminated(this.uid)
    this.state = 'terminated'
  }
}
