/**
 * Stopping containers (pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer and
 * killContainersWithSyncResult, kuberuntime_termination_order.go; v1.33):
 *
 * 1. the `Killing` event (`Stopping container <name>`, or the reason given: a failed probe, a
 *    failed postStart hook);
 * 2. the preStop hook, if any and if there is grace left: it may use up to the whole grace period,
 *    and what it used (whole seconds) is taken off;
 * 3. sidecars wait for their turn: all regular containers first, then the sidecars in reverse
 *    order of spec.initContainers, each waiting at most the grace it has left;
 * 4. `StopContainer` with what is left of the grace period, at least 2 s
 *    (minimumGracePeriodInSeconds).
 *
 * All of a pod's containers are stopped in parallel (one process each, as upstream runs one
 * goroutine each); the ordering above is what makes sidecars outlive the app.
 */
import type { Container, Pod } from '../../api/types'
import { type Kernel, type Proc, Signal, wait } from '../kernel/kernel'
import type { Stage } from '../kernel/trace'
import type { KubeletContext } from './context'
import { containerFieldPath, preStopHookFailed, REASON, stoppingContainer } from './events'
import { podRef } from './image-manager'
import { runLifecycleHandler } from './lifecycle'

/** kuberuntime_manager.go minimumGracePeriodInSeconds. */
export const MINIMUM_GRACE_PERIOD_SECONDS = 2

/** containerKillReason: why a container is being killed (the probe ones pick their grace period). */
export type KillReason = 'liveness' | 'startup' | 'postStartHook' | 'unknown'

export const isSidecar = (c: Container | undefined): boolean => c?.restartPolicy === 'Always'

/** GetContainerSpec: a container of the pod by name, regular or init. */
export function containerSpec(pod: Pod, name: string): { container: Container; isInit: boolean } | undefined {
  const regular = pod.spec?.containers?.find((c) => c.name === name)
  if (regular) return { container: regular, isInit: false }
  const init = pod.spec?.initContainers?.find((c) => c.name === name)
  return init ? { container: init, isInit: true } : undefined
}

/**
 * setTerminationGracePeriod: the deletion's grace period if the pod is being deleted, else the
 * pod's terminationGracePeriodSeconds, or the probe's own for a liveness/startup kill.
 */
export function terminationGracePeriod(
  pod: Pod,
  container: Container | undefined,
  reason: KillReason,
): number {
  const deletion = pod.metadata?.deletionGracePeriodSeconds
  if (deletion !== undefined && deletion !== null) return deletion
  const probeGrace =
    reason === 'liveness'
      ? container?.livenessProbe?.terminationGracePeriodSeconds
      : reason === 'startup'
        ? container?.startupProbe?.terminationGracePeriodSeconds
        : undefined
  if (probeGrace !== undefined && probeGrace !== null) return probeGrace
  // The apiserver defaults it to 30; the fallback only matters for hand-built test pods.
  return pod.spec?.terminationGracePeriodSeconds ?? 30
}

/**
 * terminationOrdering: sidecars wait for every regular container, and each sidecar for the
 * sidecars after it in spec.initContainers. Containers not running count as terminated already.
 */
export class TerminationOrdering {
  private readonly terminated = new Map<string, { done: boolean; readonly listeners: Array<() => void> }>()
  private readonly prereqs = new Map<string, string[]>()

  constructor(
    private readonly kernel: Kernel,
    pod: Pod,
    runningNames: readonly string[],
  ) {
    const running = new Set(runningNames)
    const entry = (name: string) => {
      this.terminated.set(name, { done: !running.has(name), listeners: [] })
    }
    const main: string[] = []
    for (const c of pod.spec?.containers ?? []) {
      entry(c.name)
      main.push(c.name)
    }
    let laterSidecar: string | undefined
    for (const c of [...(pod.spec?.initContainers ?? [])].reverse()) {
      entry(c.name)
      if (!isSidecar(c)) continue
      this.prereqs.set(c.name, [...main, ...(laterSidecar ? [laterSidecar] : [])])
      laterSidecar = c.name
    }
  }

  /** The containers `name` waits for. */
  waitsFor(name: string): readonly string[] {
    return this.prereqs.get(name) ?? []
  }

  /** Wait until it is `name`'s turn, at most `graceSec`; returns the seconds waited. */
  *waitForTurn(name: string, graceSec: number): Proc<number> {
    if (graceSec <= 0) return 0
    const kernel = this.kernel
    const start = kernel.nowMs
    const wake = new Signal()
    let expired = false
    const timer = kernel.after(graceSec * 1000, () => {
      expired = true
      kernel.notify(wake)
    })
    try {
      for (const p of this.waitsFor(name)) {
        const e = this.terminated.get(p)
        if (!e || e.done) continue
        e.listeners.push(() => kernel.notify(wake))
        while (!e.done && !expired) yield* wait(wake)
        if (expired) break
      }
    } finally {
      timer.cancel()
    }
    return (kernel.nowMs - start) / 1000
  }

  containerTerminated(name: string): void {
    const e = this.terminated.get(name)
    if (!e || e.done) return
    e.done = true
    for (const fn of e.listeners.splice(0)) fn()
  }
}

export interface KillOptions {
  /** The Killing event's message; `Stopping container <name>` when absent. */
  readonly message?: string
  readonly reason?: KillReason
  readonly gracePeriodOverride?: number
  readonly ordering?: TerminationOrdering
  readonly stage: Stage
  /** The pod IP, for httpGet preStop hooks without a host. */
  readonly podIP?: string
}

/**
 * executePreStopHook: run the hook, waiting for it at most `graceSec`; returns the whole seconds
 * it took. A hook still running when the grace period ends goes on (its failure is reported when
 * it ends), as upstream's goroutine does.
 */
function* executePreStopHook(
  ctx: KubeletContext,
  pod: Pod,
  container: Container,
  containerId: string,
  graceSec: number,
  stage: Stage,
  podIP: string | undefined,
): Proc<number> {
  const kernel = ctx.kernel
  const start = kernel.nowMs
  const handler = container.lifecycle?.preStop
  if (!handler) return 0
  const wake = new Signal()
  let finished = false
  let expired = false
  kernel.spawn(
    (function* (): Proc {
      const result = yield* runLifecycleHandler(
        ctx,
        pod,
        container,
        containerId,
        handler,
        'preStop',
        podIP,
        stage,
      )
      if (!result.ok) {
        ctx.recorder.event(pod, 'Warning', REASON.FailedPreStopHook, preStopHookFailed, {
          fieldPath: containerFieldPath(pod, container.name),
        })
      }
      finished = true
      kernel.notify(wake)
    })(),
    `preStop ${container.name}`,
  )
  const timer = kernel.after(graceSec * 1000, () => {
    expired = true
    kernel.notify(wake)
  })
  try {
    while (!finished && !expired) yield* wait(wake)
  } finally {
    timer.cancel()
  }
  return Math.floor((kernel.nowMs - start) / 1000)
}

/** killContainer: Killing event, preStop hook, termination ordering, StopContainer. */
export function* killContainer(
  ctx: KubeletContext,
  pod: Pod,
  target: { readonly id: string; readonly name: string },
  options: KillOptions,
): Proc {
  const spec = containerSpec(pod, target.name)
  const container = spec?.container
  const reason = options.reason ?? 'unknown'
  let grace = terminationGracePeriod(pod, container, reason)
  ctx.recorder.event(pod, 'Normal', REASON.Killing, options.message || stoppingContainer(target.name), {
    fieldPath: containerFieldPath(pod, target.name),
  })
  if (options.gracePeriodOverride !== undefined) grace = options.gracePeriodOverride
  if (container?.lifecycle?.preStop && grace > 0) {
    grace -= yield* executePreStopHook(ctx, pod, container, target.id, grace, options.stage, options.podIP)
  }
  if (options.ordering && grace > 0) {
    grace -= Math.floor(yield* options.ordering.waitForTurn(target.name, grace))
  }
  if (grace < MINIMUM_GRACE_PERIOD_SECONDS) grace = MINIMUM_GRACE_PERIOD_SECONDS
  yield* ctx.runtime.call<'StopContainer'>(
    { method: 'StopContainer', containerId: target.id, timeout: grace },
    options.stage,
    podRef(pod),
  )
  options.ordering?.containerTerminated(target.name)
}

/**
 * killContainersWithSyncResult: stop the given running containers in parallel (sidecars in
 * termination order when the pod has any) and wait for all of them.
 */
export function* killContainers(
  ctx: KubeletContext,
  pod: Pod,
  running: readonly { readonly id: string; readonly name: string }[],
  stage: Stage,
  podIP?: string,
): Proc {
  if (running.length === 0) return
  const kernel = ctx.kernel
  const ordering = (pod.spec?.initContainers ?? []).some(isSidecar)
    ? new TerminationOrdering(
        kernel,
        pod,
        running.map((c) => c.name),
      )
    : undefined
  const done = new Signal()
  let left = running.length
  for (const c of running) {
    kernel.spawn(
      (function* (): Proc {
        try {
          yield* killContainer(ctx, pod, c, {
            stage,
            ...(ordering ? { ordering } : {}),
            ...(podIP ? { podIP } : {}),
          })
        } finally {
          left--
          kernel.notify(done)
        }
      })(),
      `kill ${c.name}`,
    )
  }
  while (left > 0) yield* wait(done)
}
