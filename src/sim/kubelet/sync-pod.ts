/**
 * One sync of a pod: kubelet.go SyncPod (status first, then the runtime work) and
 * kuberuntime_manager.go SyncPod (computePodActions, sandbox, then each container:
 * back-off check, image, CreateContainer, StartContainer).
 */
import type { Container, Pod } from '../../api/types'
import type { Proc } from '../kernel/kernel'
import type { ContainerConfig, PodSandboxConfig } from '../runtime/cri'
import type { KubeletContext } from './context'
import {
  backOffRestarting,
  crashLoopBackOffMessage,
  createdContainer,
  createPodSandboxFailed,
  errorEvent,
  REASON,
  startedContainer,
  WAITING,
} from './events'
import { generatePodStatus, shouldContainerBeRestarted, type WaitingReason } from './generate-status'
import { podRef } from './image-manager'
import { criErrorText } from './runtime-client'
import { containersNamed, latestContainer, type RuntimeView, sandboxReady } from './runtime-view'

export interface PodActions {
  readonly createSandbox: boolean
  /** Indexes into spec.containers, in order. */
  readonly containersToStart: readonly number[]
}

/** computePodActions (kuberuntime_manager.go), for regular containers. */
export function computePodActions(pod: Pod, view: RuntimeView): PodActions {
  const containers = pod.spec?.containers ?? []
  const policy = pod.spec?.restartPolicy ?? 'Always'
  if (!sandboxReady(view)) {
    // A Never pod whose containers already ran gets no new sandbox.
    if (view.sandbox && policy === 'Never' && view.containers.length > 0)
      return { createSandbox: false, containersToStart: [] }
    const toStart = containers
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => {
        const latest = latestContainer(view, c.name)
        return !(policy === 'OnFailure' && latest?.state === 'CONTAINER_EXITED' && latest.exitCode === 0)
      })
      .map(({ i }) => i)
    return { createSandbox: true, containersToStart: toStart }
  }
  const toStart: number[] = []
  containers.forEach((c, i) => {
    const latest = latestContainer(view, c.name)
    if (latest?.state === 'CONTAINER_RUNNING') return
    if (shouldContainerBeRestarted(pod, latest)) toStart.push(i)
  })
  return { createSandbox: false, containersToStart: toStart }
}

export function sandboxConfig(pod: Pod): PodSandboxConfig {
  const m = pod.metadata ?? {}
  return {
    metadata: { name: m.name ?? '', namespace: m.namespace ?? 'default', uid: m.uid ?? '', attempt: 0 },
    hostname: pod.spec?.hostname ?? m.name ?? '',
    labels: {
      ...(m.labels ?? {}),
      'io.kubernetes.pod.name': m.name ?? '',
      'io.kubernetes.pod.namespace': m.namespace ?? 'default',
      'io.kubernetes.pod.uid': m.uid ?? '',
    },
    annotations: { ...(m.annotations ?? {}) },
  }
}

function containerConfig(pod: Pod, container: Container, imageRef: string, attempt: number): ContainerConfig {
  const m = pod.metadata ?? {}
  return {
    metadata: { name: container.name, attempt },
    image: { image: imageRef, userSpecifiedImage: container.image ?? '' },
    ...(container.command ? { command: container.command } : {}),
    ...(container.args ? { args: container.args } : {}),
    envs: (container.env ?? []).map((e) => ({ key: e.name, value: e.value ?? '' })),
    ...(container.stdin ? { stdin: true } : {}),
    ...(container.tty ? { tty: true } : {}),
    labels: {
      'io.kubernetes.container.name': container.name,
      'io.kubernetes.pod.name': m.name ?? '',
      'io.kubernetes.pod.namespace': m.namespace ?? 'default',
      'io.kubernetes.pod.uid': m.uid ?? '',
    },
    annotations: {
      'io.kubernetes.container.restartCount': String(attempt),
      'io.kubernetes.container.terminationMessagePath':
        container.terminationMessagePath ?? '/dev/termination-log',
      'io.kubernetes.container.terminationMessagePolicy': container.terminationMessagePolicy ?? 'File',
      'io.kubernetes.pod.terminationGracePeriod': String(pod.spec?.terminationGracePeriodSeconds ?? 30),
    },
  }
}

export interface SyncOutcome {
  /** The pod reached Succeeded or Failed: stop it (SyncTerminatingPod). */
  readonly terminal: boolean
  /** Some step failed (the pod worker retries after its back-off period). */
  readonly failed: boolean
  /** Waiting reasons this sync put in the reason cache, by container. */
  readonly reasons: ReadonlyMap<string, WaitingReason>
  /** The status set at the start of this sync. */
  readonly shownReasons: ReadonlyMap<string, string>
}

/**
 * One SyncPod. `reasons` is the pod's reason cache (updated in place with each start attempt).
 */
export function* syncPod(
  ctx: KubeletContext,
  pod: Pod,
  reasons: Map<string, WaitingReason>,
): Proc<SyncOutcome> {
  const uid = pod.metadata?.uid ?? ''
  const view = ctx.pleg.view(uid)
  const status = generatePodStatus({
    pod,
    runtime: view,
    reasons,
    hostIPs: ctx.hostIPs,
    podIsTerminal: false,
    epochMs: ctx.kernel.epochMs,
  })
  ctx.statuses.setPodStatus(pod, status)
  const shownReasons = new Map<string, string>()
  for (const s of status.containerStatuses ?? [])
    if (s.state?.waiting?.reason) shownReasons.set(s.name, s.state.waiting.reason)
  const outcome = (failed: boolean): SyncOutcome => ({ terminal: false, failed, reasons, shownReasons })
  if (status.phase === 'Succeeded' || status.phase === 'Failed') return { ...outcome(false), terminal: true }

  const actions = computePodActions(pod, view)
  const object = podRef(pod)
  const config = sandboxConfig(pod)
  let sandboxId = view.sandbox?.id ?? ''
  if (actions.createSandbox) {
    const created = yield* ctx.runtime.call<'RunPodSandbox'>(
      { method: 'RunPodSandbox', config },
      'sandbox',
      object,
    )
    if (!created.ok) {
      ctx.recorder.event(
        pod,
        'Warning',
        REASON.FailedCreatePodSandBox,
        createPodSandboxFailed(criErrorText(created.error)),
      )
      return outcome(true)
    }
    sandboxId = created.podSandboxId
    // The kubelet reads the new sandbox's IPs before starting containers (for the downward API).
    yield* ctx.runtime.call<'PodSandboxStatus'>(
      { method: 'PodSandboxStatus', podSandboxId: sandboxId },
      'sandbox',
      object,
    )
  }
  let failed = false
  for (const index of actions.containersToStart) {
    const container = pod.spec?.containers?.[index] as Container
    const result = yield* startContainer(ctx, pod, container, sandboxId, config, view)
    if (result) {
      reasons.set(container.name, result)
      failed = true
    } else {
      reasons.delete(container.name)
    }
  }
  return outcome(failed)
}

/** The `start` closure of kuberuntime SyncPod: back-off, then startContainer. Undefined on success. */
function* startContainer(
  ctx: KubeletContext,
  pod: Pod,
  container: Container,
  sandboxId: string,
  config: PodSandboxConfig,
  view: RuntimeView,
): Proc<WaitingReason | undefined> {
  const fieldPath = `spec.containers{${container.name}}`
  const event = (type: 'Normal' | 'Warning', reason: string, message: string): void =>
    ctx.recorder.event(pod, type, reason, message, { fieldPath })
  const object = podRef(pod)
  const now = ctx.kernel.nowMs

  // doBackOff: the newest exited container of that name starts the back-off window.
  const exited = containersNamed(view, container.name).find((c) => c.state === 'CONTAINER_EXITED')
  if (exited) {
    const key = `${pod.metadata?.name}_${pod.metadata?.namespace}_${pod.metadata?.uid}_${container.name}`
    const finishedAt = exited.finishedAtMs ?? now
    if (ctx.crashBackoff.isInBackOffSince(key, finishedAt, now)) {
      event('Warning', REASON.BackOff, backOffRestarting(container.name, pod))
      return {
        reason: WAITING.CrashLoopBackOff,
        message: crashLoopBackOffMessage(ctx.crashBackoff.get(key), container.name, pod),
      }
    }
    ctx.crashBackoff.next(key, finishedAt, now)
  }

  const image = yield* ctx.images.ensureImageExists(pod, container, config)
  if (!image.ok) {
    event('Warning', REASON.Failed, errorEvent(image.reason))
    return { reason: image.reason, message: image.message }
  }
  const latest = containersNamed(view, container.name)[0]
  const attempt = latest ? latest.metadata.attempt + 1 : 0
  const created = yield* ctx.runtime.call<'CreateContainer'>(
    {
      method: 'CreateContainer',
      podSandboxId: sandboxId,
      config: containerConfig(pod, container, image.imageRef, attempt),
      sandboxConfig: config,
    },
    'containers',
    object,
  )
  if (!created.ok) {
    const message = criErrorText(created.error)
    event('Warning', REASON.Failed, errorEvent(message))
    return { reason: WAITING.CreateContainerError, message }
  }
  event('Normal', REASON.Created, createdContainer(container.name))
  const started = yield* ctx.runtime.call<'StartContainer'>(
    { method: 'StartContainer', containerId: created.containerId },
    'containers',
    object,
  )
  if (!started.ok) {
    const message = criErrorText(started.error)
    event('Warning', REASON.Failed, errorEvent(message))
    return { reason: WAITING.RunContainerError, message }
  }
  event('Normal', REASON.Started, startedContainer(container.name))
  return undefined
}
