/**
 * One sync of a pod: kubelet.go SyncPod (status first, then the runtime work) and
 * kuberuntime_manager.go SyncPod (v1.33): computePodActions (with the sidecar-aware
 * computeInitContainerActions), kill what must go, the sandbox, then the init containers to start
 * (one at a time: the next one only once the previous has exited 0, or, for a sidecar, started),
 * then the regular containers; each start is back-off check, image, CreateContainer,
 * StartContainer, and the postStart hook.
 */
import { intValue } from '../../api/quantity'
import type { Container, Pod } from '../../api/types'
import type { Proc } from '../kernel/kernel'
import type { ContainerConfig, ContainerStatus as CriContainerStatus, PodSandboxConfig } from '../runtime/cri'
import {
  ConfigReader,
  CREATE_CONTAINER_CONFIG_ERROR,
  type EnvResult,
  FAILED_MOUNT,
  makeEnvironmentVariables,
  mountSetUpFailed,
  mountsConfig,
  readsConfig,
  unmountableVolumes,
} from './container-env'
import type { KubeletContext } from './context'
import {
  backOffRestarting,
  containerFieldPath,
  crashLoopBackOffMessage,
  createdContainer,
  createPodSandboxFailed,
  errorEvent,
  killedForPostStartHook,
  postStartHookFailed,
  REASON,
  startedContainer,
  WAITING,
} from './events'
import {
  generatePodStatus,
  type ProbeResults,
  shouldContainerBeRestarted,
  type WaitingReason,
} from './generate-status'
import { podRef } from './image-manager'
import { isSidecar, type KillReason, killContainer, killContainers } from './kill'
import { runLifecycleHandler } from './lifecycle'
import { criErrorText } from './runtime-client'
import { containersNamed, latestContainer, type RuntimeView, sandboxReady } from './runtime-view'
import { checkRunAsNonRoot } from './security-context'

export interface ContainerToKill {
  /** CRI container id. */
  readonly id: string
  readonly name: string
  /** The Killing event's message. */
  readonly message: string
  readonly reason: KillReason
}

export interface PodActions {
  /** Stop every running container and the sandbox (the pod is done, or its sandbox is gone). */
  readonly killPod: boolean
  readonly createSandbox: boolean
  /** Indexes into spec.initContainers, in order. */
  readonly initContainersToStart: readonly number[]
  /** Indexes into spec.containers, in order. */
  readonly containersToStart: readonly number[]
  readonly containersToKill: readonly ContainerToKill[]
}

interface MutableActions {
  killPod: boolean
  createSandbox: boolean
  initContainersToStart: number[]
  containersToStart: number[]
  containersToKill: ContainerToKill[]
}

/** isInitContainerFailed (kuberuntime_container.go). */
function isInitContainerFailed(c: CriContainerStatus): boolean {
  if (c.reason === 'OOMKilled') return true
  if (c.state === 'CONTAINER_EXITED' && c.exitCode !== 0) return true
  return c.state === 'CONTAINER_UNKNOWN'
}

const unknownStateMessage = (init: boolean): string =>
  `${init ? 'Init container' : 'Container'} is in "unknown" state, try killing it before restart`

/**
 * computeInitContainerActions (kuberuntime_container.go, the SidecarContainers version): walks
 * the init containers from the last to the first to find the next one to start, and the sidecars
 * to restart. Returns true when the pod is initialized.
 */
export function computeInitContainerActions(
  pod: Pod,
  view: RuntimeView,
  changes: MutableActions,
  probes?: ProbeResults,
): boolean {
  const inits = pod.spec?.initContainers ?? []
  if (inits.length === 0) return true
  // A regular container created or running: every init container has run at some point.
  let podHasInitialized = (pod.spec?.containers ?? []).some((c) => {
    const state = latestContainer(view, c.name)?.state
    return state === 'CONTAINER_CREATED' || state === 'CONTAINER_RUNNING'
  })
  let isPreviouslyInitialized = podHasInitialized
  const restartOnFailure = (pod.spec?.restartPolicy ?? 'Always') !== 'Never'
  const toStart = changes.initContainersToStart
  for (let i = inits.length - 1; i >= 0; i--) {
    const container = inits[i] as Container
    const sidecar = isSidecar(container)
    const status = latestContainer(view, container.name)
    if (!status) {
      if (isPreviouslyInitialized && sidecar) toStart.push(i)
      continue
    }
    if (isPreviouslyInitialized && !sidecar) continue
    switch (status.state) {
      case 'CONTAINER_CREATED':
        // Created but never started (the start failed): start it again.
        toStart.push(i)
        break
      case 'CONTAINER_RUNNING': {
        if (!sidecar) break // wait for it to finish
        // A sidecar with a startup probe is initialized once the probe succeeded.
        if (container.startupProbe && probes && probes.startup(status.id) !== true) break
        if (i === inits.length - 1) podHasInitialized = true
        else if (!isPreviouslyInitialized) toStart.push(i + 1)
        break
      }
      case 'CONTAINER_EXITED':
        if (sidecar) {
          toStart.push(i)
        } else if (isInitContainerFailed(status)) {
          if (!restartOnFailure) {
            changes.killPod = true
            changes.initContainersToStart = []
            return false
          }
          toStart.push(i)
        } else if (i === inits.length - 1) {
          podHasInitialized = true
        } else {
          toStart.push(i + 1)
        }
        break
      default:
        if (!sidecar && !restartOnFailure) {
          changes.killPod = true
          changes.initContainersToStart = []
          return false
        }
        changes.containersToKill.push({
          id: status.id,
          name: container.name,
          message: unknownStateMessage(true),
          reason: 'unknown',
        })
        toStart.push(i)
    }
    isPreviouslyInitialized = true
  }
  // No init container has run yet: start the first one.
  if (!isPreviouslyInitialized) toStart.push(0)
  toStart.reverse()
  return podHasInitialized
}

/** computePodActions (kuberuntime_manager.go). */
export function computePodActions(pod: Pod, view: RuntimeView, probes?: ProbeResults): PodActions {
  const containers = pod.spec?.containers ?? []
  const inits = pod.spec?.initContainers ?? []
  const policy = pod.spec?.restartPolicy ?? 'Always'
  const createSandbox = !sandboxReady(view)
  const changes: MutableActions = {
    killPod: createSandbox,
    createSandbox,
    initContainersToStart: [],
    containersToStart: [],
    containersToKill: [],
  }
  if (createSandbox) {
    // A Never pod whose containers already ran gets no new sandbox.
    if (view.sandbox && policy === 'Never' && view.containers.length > 0)
      return { ...changes, createSandbox: false }
    const toStart = containers
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => {
        const latest = latestContainer(view, c.name)
        return !(policy === 'OnFailure' && latest?.state === 'CONTAINER_EXITED' && latest.exitCode === 0)
      })
      .map(({ i }) => i)
    // Nothing left to run once initialized: no new sandbox.
    if (toStart.length === 0 && containers.some((c) => latestContainer(view, c.name) !== undefined))
      return { ...changes, createSandbox: false }
    // A new sandbox starts from the first init container.
    if (inits.length > 0) return { ...changes, initContainersToStart: [0] }
    return { ...changes, containersToStart: toStart }
  }
  const initialized = computeInitContainerActions(pod, view, changes, probes)
  if (changes.killPod || !initialized) return changes
  let keepCount = 0
  containers.forEach((c, i) => {
    const latest = latestContainer(view, c.name)
    if (latest?.state === 'CONTAINER_RUNNING') {
      keepCount++
      return
    }
    if (!shouldContainerBeRestarted(pod, latest)) return
    changes.containersToStart.push(i)
    if (latest?.state === 'CONTAINER_UNKNOWN')
      changes.containersToKill.push({
        id: latest.id,
        name: c.name,
        message: unknownStateMessage(false),
        reason: 'unknown',
      })
  })
  // Every regular container is done for good: stop the pod (sidecars included, not restarted).
  if (keepCount === 0 && changes.containersToStart.length === 0) {
    changes.killPod = true
    changes.initContainersToStart = []
  }
  return changes
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

export function containerConfig(
  pod: Pod,
  container: Container,
  imageRef: string,
  attempt: number,
): ContainerConfig {
  const m = pod.metadata ?? {}
  return {
    metadata: { name: container.name, attempt },
    image: { image: imageRef, userSpecifiedImage: container.image ?? '' },
    ...(container.command ? { command: container.command } : {}),
    ...(container.args ? { args: container.args } : {}),
    envs: (container.env ?? []).map((e) => ({ key: e.name, value: e.value ?? '' })),
    ...(container.stdin ? { stdin: true } : {}),
    ...(container.tty ? { tty: true } : {}),
    ...(container.resources?.limits?.memory !== undefined
      ? { linux: { resources: { memoryLimitInBytes: intValue(container.resources.limits.memory) } } }
      : {}),
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

/** The running containers of a pod as the runtime view has them. */
export function runningContainers(view: RuntimeView): Array<{ id: string; name: string }> {
  const names = [...new Set(view.containers.map((c) => c.metadata.name))]
  return names
    .map((n) => latestContainer(view, n) as CriContainerStatus)
    .filter((c) => c.state === 'CONTAINER_RUNNING')
    .map((c) => ({ id: c.id, name: c.metadata.name }))
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
    ...(ctx.probes ? { probes: ctx.probes } : {}),
  })
  ctx.statuses.setPodStatus(pod, status)
  const shownReasons = new Map<string, string>()
  for (const s of [...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? [])])
    if (s.state?.waiting?.reason) shownReasons.set(s.name, s.state.waiting.reason)
  const outcome = (failed: boolean): SyncOutcome => ({ terminal: false, failed, reasons, shownReasons })
  if (status.phase === 'Succeeded' || status.phase === 'Failed') return { ...outcome(false), terminal: true }

  const actions = computePodActions(pod, view, ctx.probes)
  const object = podRef(pod)
  let podIP = view.sandbox?.network.ip || undefined
  if (actions.killPod) {
    // Stop whatever still runs (sidecars after the app) and the sandbox.
    yield* killContainers(ctx, pod, runningContainers(view), 'containers', podIP)
    if (view.sandbox?.state === 'SANDBOX_READY') {
      yield* ctx.runtime.call<'StopPodSandbox'>(
        { method: 'StopPodSandbox', podSandboxId: view.sandbox.id },
        'sandbox',
        object,
      )
    }
    if (!actions.createSandbox) return outcome(false)
  } else {
    for (const k of actions.containersToKill) {
      yield* killContainer(ctx, pod, k, { message: k.message, reason: k.reason, stage: 'containers' })
    }
  }
  yield* pruneInitContainers(ctx, pod, view)

  const config = sandboxConfig(pod)
  let sandboxId = view.sandbox?.id ?? ''
  // WaitForAttachAndMount: the configMap and secret volumes are set up before the sandbox is
  // created (a running pod's stay mounted; their later refreshes are not modelled).
  if (actions.createSandbox && !(yield* volumesMounted(ctx, pod))) return outcome(true)
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
    const sandboxStatus = yield* ctx.runtime.call<'PodSandboxStatus'>(
      { method: 'PodSandboxStatus', podSandboxId: sandboxId },
      'sandbox',
      object,
    )
    if (sandboxStatus.ok) podIP = sandboxStatus.status.network.ip || undefined
  }
  const start = { sandboxId, config, view, ...(podIP ? { podIP } : {}) }
  let failed = false
  // Init containers: a failure stops the sync, except for a sidecar (the next one may still start).
  for (const index of actions.initContainersToStart) {
    const container = pod.spec?.initContainers?.[index] as Container
    const result = yield* startContainer(ctx, pod, container, start)
    if (result) {
      reasons.set(container.name, result)
      failed = true
      if (isSidecar(container)) continue
      return outcome(true)
    }
    reasons.delete(container.name)
  }
  for (const index of actions.containersToStart) {
    const container = pod.spec?.containers?.[index] as Container
    const result = yield* startContainer(ctx, pod, container, start)
    if (result) {
      reasons.set(container.name, result)
      failed = true
    } else {
      reasons.delete(container.name)
    }
  }
  return outcome(failed)
}

/**
 * pruneInitContainersBeforeStart: keep only the newest exited instance of each init container
 * (the one the status shows); older ones are removed from the runtime.
 */
function* pruneInitContainers(ctx: KubeletContext, pod: Pod, view: RuntimeView): Proc {
  for (const c of pod.spec?.initContainers ?? []) {
    const dead = containersNamed(view, c.name).filter(
      (s) => s.state === 'CONTAINER_EXITED' || s.state === 'CONTAINER_UNKNOWN',
    )
    for (const old of dead.slice(1)) {
      yield* ctx.runtime.call<'RemoveContainer'>(
        { method: 'RemoveContainer', containerId: old.id },
        'containers',
        podRef(pod),
      )
    }
  }
}

interface StartContext {
  readonly sandboxId: string
  readonly config: PodSandboxConfig
  readonly view: RuntimeView
  readonly podIP?: string
}

/** The `start` closure of kuberuntime SyncPod: back-off, then startContainer. Undefined on success. */
function* startContainer(
  ctx: KubeletContext,
  pod: Pod,
  container: Container,
  { sandboxId, config, view, podIP }: StartContext,
): Proc<WaitingReason | undefined> {
  const fieldPath = containerFieldPath(pod, container.name)
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
  // generateContainerConfig: the environment from ConfigMaps and Secrets (container-env.ts).
  const env = yield* containerEnv(ctx, pod, container)
  if (env && !env.ok) {
    event('Warning', REASON.Failed, errorEvent(env.message))
    return { reason: CREATE_CONTAINER_CONFIG_ERROR, message: env.message }
  }
  // generateContainerConfig: the image's user against runAsNonRoot (security-context.ts).
  const nonRoot = yield* checkRunAsNonRoot(ctx, pod, container)
  if (nonRoot) return nonRoot
  const created = yield* ctx.runtime.call<'CreateContainer'>(
    {
      method: 'CreateContainer',
      podSandboxId: sandboxId,
      config: {
        ...containerConfig(pod, container, image.imageRef, attempt),
        ...(env?.ok ? { envs: env.envs.map((e) => ({ ...e })) } : {}),
      },
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

  // The postStart hook: the sync waits for it; a failure kills the container.
  const postStart = container.lifecycle?.postStart
  if (postStart) {
    const hook = yield* runLifecycleHandler(
      ctx,
      pod,
      container,
      created.containerId,
      postStart,
      'postStart',
      podIP,
      'containers',
    )
    if (!hook.ok) {
      event('Warning', REASON.FailedPostStartHook, postStartHookFailed)
      yield* killContainer(
        ctx,
        pod,
        { id: created.containerId, name: container.name },
        {
          message: killedForPostStartHook,
          reason: 'postStartHook',
          stage: 'containers',
          ...(podIP ? { podIP } : {}),
        },
      )
      return { reason: WAITING.PostStartHookError, message: hook.message }
    }
  }
  return undefined
}

/**
 * The container's environment when it reads ConfigMaps or Secrets (undefined when it reads
 * none, or when the context has no client): the kubelet GETs each object it names.
 */
function* containerEnv(ctx: KubeletContext, pod: Pod, container: Container): Proc<EnvResult | undefined> {
  if (!ctx.client || !readsConfig(container)) return undefined
  const reader = new ConfigReader(ctx.client, pod.metadata?.namespace ?? 'default', 'containers')
  return yield* makeEnvironmentVariables(reader, pod, container)
}

/** Whether every configMap and secret volume can be set up; a FailedMount event for each that cannot. */
function* volumesMounted(ctx: KubeletContext, pod: Pod): Proc<boolean> {
  if (!ctx.client || !mountsConfig(pod)) return true
  const reader = new ConfigReader(ctx.client, pod.metadata?.namespace ?? 'default', 'sandbox')
  const failed = yield* unmountableVolumes(reader, pod)
  for (const f of failed)
    ctx.recorder.event(pod, 'Warning', FAILED_MOUNT, mountSetUpFailed(f.volume, f.error))
  return failed.length === 0
}

/**
 * Kill a container because its liveness or startup probe failed (the integrator's entry point;
 * upstream does this inside SyncPod from computePodActions' ContainersToKill): the `Killing` event
 * with `message` (e.g. `Container app failed liveness probe, will be restarted`), the preStop hook,
 * then StopContainer with the pod's terminationGracePeriodSeconds (or the probe's own
 * terminationGracePeriodSeconds when `probe` says which probe it was). The next SyncPod restarts
 * the container per restartPolicy, with the CrashLoopBackOff back-off.
 */
export function* killContainerForProbe(
  ctx: KubeletContext,
  pod: Pod,
  containerName: string,
  containerId: string,
  message: string,
  probe?: 'liveness' | 'startup',
): Proc {
  const podIP = ctx.pleg.view(pod.metadata?.uid ?? '').sandbox?.network.ip || undefined
  yield* killContainer(
    ctx,
    pod,
    { id: containerId, name: containerName },
    { message, reason: probe ?? 'unknown', stage: 'containers', ...(podIP ? { podIP } : {}) },
  )
}
