/**
 * A pod worker (pkg/kubelet/pod_workers.go): one process per pod that runs its syncs one at a time.
 * Updates that arrive during a sync (PLEG events, the informer) coalesce into one more sync after
 * it. A sync that fails is retried after the worker back-off (10 s + up to 50 % jitter), picked up
 * on the node's 1 s sync grid. A pod that reached Succeeded/Failed, or that was deleted, is
 * terminated once (SyncTerminatingPod): containers stopped (preStop hooks, sidecars after the
 * app), sandbox stopped, final status.
 *
 * Kills asked for by the prober (`killForProbe`) run in the worker too, between syncs, so that
 * they never race a sync of the same pod; the sync after them restarts the container.
 */
import type { Pod } from '../../api/types'
import { type Kernel, type Proc, type Process, Signal, type Timer, wait } from '../kernel/kernel'
import { CREATE_CONTAINER_CONFIG_ERROR } from './container-env'
import type { KubeletContext } from './context'
import { WAITING } from './events'
import { generatePodStatus, type WaitingReason } from './generate-status'
import { podRef } from './image-manager'
import { killContainers } from './kill'
import { killContainerForProbe, runningContainers, type SyncOutcome, syncPod } from './sync-pod'

/** pod_workers.go: backOffPeriod and workerBackOffPeriodJitterFactor. */
export const WORKER_BACKOFF_MS = 10_000
export const WORKER_BACKOFF_JITTER = 0.5

export type WorkerState = 'syncing' | 'terminating' | 'terminated'

/** A container to kill because a probe failed (see killContainerForProbe). */
export interface ProbeKill {
  readonly containerName: string
  /** CRI container id: the instance the probe failed on (a newer one is left alone). */
  readonly containerId: string
  /** The Killing event's message, e.g. `Container app failed liveness probe, will be restarted`. */
  readonly message: string
  readonly probe?: 'liveness' | 'startup'
}

/** Reasons a run that ends when idle should still get to show (the first retry is foreground). */
const BACKOFF_REASONS: readonly string[] = [
  WAITING.ImagePullBackOff,
  WAITING.CrashLoopBackOff,
  CREATE_CONTAINER_CONFIG_ERROR,
]

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
  private readonly kills: ProbeKill[] = []

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

  /**
   * Kill a container for a failed liveness or startup probe. It runs in this worker, before its
   * next sync, and that sync (with a pod cache newer than the kill) restarts the container.
   */
  killForProbe(kill: ProbeKill): void {
    if (this.state !== 'syncing') return
    this.kills.push(kill)
    this.update()
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
      if (this.kills.length > 0 && !pod.metadata?.deletionTimestamp) {
        yield* this.runKills(pod)
        continue
      }
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

  /** Kill what the prober asked for (still-running instances only), then sync again. */
  private *runKills(pod: Pod): Proc {
    const kills = this.kills.splice(0)
    const running = new Set(runningContainers(this.ctx.pleg.view(this.uid)).map((c) => c.id))
    for (const k of kills) {
      if (!running.has(k.containerId)) continue
      yield* killContainerForProbe(this.ctx, pod, k.containerName, k.containerId, k.message, k.probe)
    }
    this.lastSyncMs = this.kernel.nowMs
    this.pending = true
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
    // killPodWithSyncResult: every running container in parallel (preStop hooks, sidecars last).
    yield* killContainers(
      ctx,
      pod,
      runningContainers(view),
      deleting ? 'delete' : 'containers',
      view.sandbox?.network.ip || undefined,
    )
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
      ...(ctx.probes ? { probes: ctx.probes } : {}),
    })
    ctx.statuses.setPodStatus(current, status)
    ctx.statuses.markTerminated(this.uid)
    this.state = 'terminated'
  }
}
