/**
 * generateAPIPodStatus: the Pod status the kubelet computes from the runtime's view of the pod,
 * the reasons its last start attempts failed, and the status the apiserver holds.
 * A pure function (pkg/kubelet/kubelet_pods.go generateAPIPodStatus, convertToAPIContainerStatuses,
 * getPhase; pkg/kubelet/status/generate.go for the conditions).
 *
 * lastTransitionTime and startTime are not set here: the status manager fills them by comparing
 * with the previous status (status_manager.go updateLastTransitionTime), as upstream does.
 *
 * Init containers and sidecars (restartable init containers) follow the v1.33 code: a pod with
 * init containers shows `PodInitializing` for every container not created yet; a done init
 * container is `ready`; a sidecar counts in ContainersReady; Initialized is False with
 * `containers with incomplete status: [a b]` until every init container has succeeded (or, for a
 * sidecar, started) or a regular container has run.
 *
 * Readiness and startup come from the probe results when the kubelet has them (`probes`, as
 * prober_manager.go UpdatePodStatus sets `started` and `ready`); without them a running container
 * is started and ready, as it is upstream when it has no startup or readiness probe.
 */
import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../../api/types'
import { rfc3339 } from '../kernel/clock'
import type { ContainerStatus as CriContainerStatus } from '../runtime/cri'
import { WAITING } from './events'
import { containersNamed, type RuntimeView, sandboxReady } from './runtime-view'

/** Why the last attempt to start a container failed (the kubelet's reasonCache entry). */
export interface WaitingReason {
  readonly reason: string
  readonly message: string
}

/**
 * The prober's results, by CRI container id (the 64-hex runtime id, without `containerd://`):
 * `true` for a probe that succeeded, `false` for one that failed, `undefined` while it has not
 * run yet. Only consulted for containers whose spec has that probe.
 */
export interface ProbeResults {
  readiness(containerId: string): boolean | undefined
  startup(containerId: string): boolean | undefined
}

export interface StatusInput {
  readonly pod: Pod
  readonly runtime: RuntimeView
  /** reasonCache, by container name. */
  readonly reasons: ReadonlyMap<string, WaitingReason>
  /** The node's InternalIP addresses. */
  readonly hostIPs: readonly string[]
  /** True while the pod is being terminated (deleted): containers will not be restarted. */
  readonly podIsTerminal: boolean
  /** Wall-clock ms at virtual time 0 (Kernel.epochMs), to turn runtime times into metav1.Time. */
  readonly epochMs: number
  /** Readiness and startup probe results; absent: running containers are started and ready. */
  readonly probes?: ProbeResults
}

/** Condition types the kubelet owns (pkg/kubelet/types PodConditionsByKubelet + PodReadyToStartContainers). */
export const KUBELET_CONDITIONS: readonly string[] = [
  'PodReadyToStartContainers',
  'Initialized',
  'Ready',
  'ContainersReady',
  'PodScheduled',
]

export const CONDITION_REASON = {
  UnknownContainerStatuses: 'UnknownContainerStatuses',
  PodCompleted: 'PodCompleted',
  PodFailed: 'PodFailed',
  ContainersNotReady: 'ContainersNotReady',
  ContainersNotInitialized: 'ContainersNotInitialized',
  ReadinessGatesNotReady: 'ReadinessGatesNotReady',
} as const

const isTerminalPhase = (phase: string | undefined): boolean => phase === 'Succeeded' || phase === 'Failed'

/** Go's `%s` of a []string: `[a b]`. */
const goList = (names: readonly string[]): string => `[${names.join(' ')}]`

export function generatePodStatus(input: StatusInput): PodStatus {
  const { pod, runtime } = input
  const old = pod.status ?? {}
  const initSpecs = pod.spec?.initContainers ?? []
  const initContainerStatuses = convertContainerStatuses(input, initSpecs, true)
  const containerStatuses = convertContainerStatuses(input, pod.spec?.containers ?? [], false)
  let phase = getPhase(pod, [...containerStatuses, ...initContainerStatuses], input.podIsTerminal)
  // A pod phase only moves forward: once terminal it stays (generateAPIPodStatus).
  if (isTerminalPhase(old.phase)) phase = old.phase as string

  const all = [...initContainerStatuses, ...containerStatuses]
  const conditions: PodCondition[] = (old.conditions ?? []).filter(
    (c) => !KUBELET_CONDITIONS.includes(c.type),
  )
  conditions.push({ type: 'PodReadyToStartContainers', status: sandboxReady(runtime) ? 'True' : 'False' })
  conditions.push(initializedCondition(pod, all, phase))
  const containersReady = containersReadyCondition(pod, all, phase)
  conditions.push(readyCondition(pod, conditions, containersReady))
  conditions.push(containersReady)
  conditions.push({ type: 'PodScheduled', status: 'True' })

  const podIPs = runtime.sandbox?.network.ip
    ? [runtime.sandbox.network.ip, ...runtime.sandbox.network.additionalIps.map((a) => a.ip)]
    : (old.podIPs ?? []).map((p) => p.ip ?? '').filter((ip) => ip !== '')

  const status: PodStatus = { phase, conditions }
  if (old.reason && isTerminalPhase(phase)) status.reason = old.reason
  if (old.message && isTerminalPhase(phase)) status.message = old.message
  if (input.hostIPs.length > 0) {
    status.hostIP = input.hostIPs[0]
    status.hostIPs = input.hostIPs.map((ip) => ({ ip }))
  }
  if (podIPs.length > 0) {
    status.podIP = podIPs[0]
    status.podIPs = podIPs.map((ip) => ({ ip }))
  }
  if (old.startTime) status.startTime = old.startTime
  if (initContainerStatuses.length > 0) status.initContainerStatuses = initContainerStatuses
  status.containerStatuses = containerStatuses
  status.qosClass = old.qosClass ?? qosClass(pod)
  return status
}

/** ShouldContainerBeRestarted (pkg/kubelet/container/helpers.go). */
export function shouldContainerBeRestarted(pod: Pod, latest: CriContainerStatus | undefined): boolean {
  if (pod.metadata?.deletionTimestamp) return false
  if (!latest) return true
  if (latest.state === 'CONTAINER_RUNNING') return false
  if (latest.state === 'CONTAINER_UNKNOWN' || latest.state === 'CONTAINER_CREATED') return true
  const policy = pod.spec?.restartPolicy ?? 'Always'
  if (policy === 'Never') return false
  if (policy === 'OnFailure' && latest.exitCode === 0) return false
  return true
}

const isRestartable = (c: Container): boolean => c.restartPolicy === 'Always'

/**
 * convertToAPIContainerStatuses for one list (regular or init containers), then the probe
 * manager's `started` / `ready` (UpdatePodStatus). Init statuses keep the spec order
 * (SortStatusesOfInitContainers); regular ones are sorted by name (SortedContainerStatuses).
 */
function convertContainerStatuses(
  input: StatusInput,
  containers: readonly Container[],
  isInit: boolean,
): ContainerStatus[] {
  const { pod, runtime, reasons, epochMs } = input
  const time = (ms: number | undefined): string | undefined =>
    ms === undefined ? undefined : rfc3339(epochMs + ms)
  const hasInitContainers = (pod.spec?.initContainers ?? []).length > 0
  const defaultReason = hasInitContainers ? WAITING.PodInitializing : WAITING.ContainerCreating
  const statuses = containers.map((container) => {
    const [latest, previous] = containersNamed(runtime, container.name)
    let status: ContainerStatus
    if (!latest) {
      status = {
        name: container.name,
        state: { waiting: { reason: defaultReason } },
        lastState: {},
        ready: false,
        restartCount: 0,
        image: container.image ?? '',
        imageID: '',
        started: false,
      }
    } else {
      status = {
        name: container.name,
        state: criState(latest, time),
        lastState: previous?.state === 'CONTAINER_EXITED' ? criState(previous, time) : {},
        ready: false,
        restartCount: latest.metadata.attempt,
        image: latest.image.image,
        imageID: latest.imageRef,
        containerID: `containerd://${latest.id}`,
        started: false,
        ...volumeMounts(container),
      }
    }
    // An init container that succeeded is not started again: no waiting reason for it.
    const succeededInit =
      isInit && latest?.state === 'CONTAINER_EXITED' && latest.exitCode === 0 && !isRestartable(container)
    const reason = reasons.get(container.name)
    if (reason && !succeededInit && shouldContainerBeRestarted(pod, latest)) {
      if (status.state?.terminated) status.lastState = status.state
      status.state = {
        waiting: { reason: reason.reason, ...(reason.message ? { message: reason.message } : {}) },
      }
    }
    const { started, ready } = startedAndReady(input.probes, container, isInit, status, latest?.id)
    status.started = started
    status.ready = ready
    return status
  })
  return isInit ? statuses : statuses.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * prober_manager.go UpdatePodStatus: `started` when running and the startup probe (if any) has
 * succeeded; `ready` when started and the readiness probe (if any) succeeds. A regular init
 * container is never probed: it is `ready` once it exited 0.
 */
function startedAndReady(
  probes: ProbeResults | undefined,
  container: Container,
  isInit: boolean,
  status: ContainerStatus,
  id: string | undefined,
): { started: boolean; ready: boolean } {
  const running = status.state?.running !== undefined && id !== undefined
  if (isInit && !isRestartable(container)) {
    const done = status.state?.terminated?.exitCode === 0
    return { started: running, ready: done }
  }
  if (!running) return { started: false, ready: false }
  const started = !probes || !container.startupProbe || probes.startup(id) === true
  const ready = started && (!probes || !container.readinessProbe || probes.readiness(id) === true)
  return { started, ready }
}

function criState(
  c: CriContainerStatus,
  time: (ms: number | undefined) => string | undefined,
): NonNullable<ContainerStatus['state']> {
  switch (c.state) {
    case 'CONTAINER_RUNNING':
      return { running: { startedAt: time(c.startedAtMs) as string } }
    case 'CONTAINER_EXITED':
      return {
        terminated: {
          exitCode: c.exitCode,
          ...(c.reason ? { reason: c.reason } : {}),
          ...(c.message ? { message: c.message } : {}),
          ...(c.startedAtMs !== undefined ? { startedAt: time(c.startedAtMs) as string } : {}),
          finishedAt: time(c.finishedAtMs) as string,
          containerID: `containerd://${c.id}`,
        },
      }
    default:
      // Created but not started (or unknown): "waiting to be running", without a reason.
      return { waiting: {} }
  }
}

function volumeMounts(container: Container): Pick<ContainerStatus, 'volumeMounts'> {
  const mounts = container.volumeMounts ?? []
  if (mounts.length === 0) return {}
  return {
    volumeMounts: mounts.map((m) => ({
      name: m.name,
      mountPath: m.mountPath,
      ...(m.readOnly ? { readOnly: true, recursiveReadOnly: 'Disabled' } : {}),
    })),
  }
}

const statusOf = (statuses: readonly ContainerStatus[], name: string): ContainerStatus | undefined =>
  statuses.find((s) => s.name === name)

/** HasAnyRegularContainerStarted (pkg/kubelet/container/helpers.go). */
export function hasAnyRegularContainerStarted(pod: Pod, statuses: readonly ContainerStatus[]): boolean {
  const names = new Set((pod.spec?.containers ?? []).map((c) => c.name))
  return statuses.some((s) => names.has(s.name) && (s.state?.running || s.state?.terminated))
}

/**
 * getPhase (kubelet_pods.go): from the statuses of the regular and init containers (one list).
 * Regular init containers that run or wait keep the pod Pending; a failed one fails a
 * restartPolicy Never pod. Sidecars count as running containers once started, and their exits do
 * not count.
 */
export function getPhase(pod: Pod, statuses: readonly ContainerStatus[], podIsTerminal: boolean): string {
  const spec = pod.spec
  let pendingInitialization = 0
  let failedInitialization = 0
  for (const container of spec?.initContainers ?? []) {
    if (isRestartable(container)) continue
    const s = statusOf(statuses, container.name)
    if (!s) pendingInitialization++
    else if (s.state?.running) pendingInitialization++
    else if (s.state?.terminated) {
      if (s.state.terminated.exitCode !== 0) failedInitialization++
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) {
        if (s.lastState.terminated.exitCode !== 0) failedInitialization++
      } else pendingInitialization++
    } else pendingInitialization++
  }

  let unknown = 0
  let running = 0
  let waiting = 0
  let stopped = 0
  let succeeded = 0
  for (const container of spec?.initContainers ?? []) {
    if (!isRestartable(container)) continue
    const s = statusOf(statuses, container.name)
    if (!s) unknown++
    else if (s.state?.running) {
      if (!s.started) pendingInitialization++
      running++
    } else if (s.state?.terminated) {
      // Terminated sidecars do not count for the phase.
    } else if (s.state?.waiting) {
      if (!s.lastState?.terminated) {
        pendingInitialization++
        waiting++
      }
    } else {
      pendingInitialization++
      unknown++
    }
  }
  for (const container of spec?.containers ?? []) {
    const s = statusOf(statuses, container.name)
    if (!s) {
      unknown++
    } else if (s.state?.running) {
      running++
    } else if (s.state?.terminated) {
      stopped++
      if (s.state.terminated.exitCode === 0) succeeded++
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) stopped++
      else waiting++
    } else {
      unknown++
    }
  }
  const policy = spec?.restartPolicy ?? 'Always'
  if (failedInitialization > 0 && policy === 'Never') return 'Failed'
  if (pendingInitialization > 0 && !hasAnyRegularContainerStarted(pod, statuses)) return 'Pending'
  if (waiting > 0) return 'Pending'
  if (running > 0 && unknown === 0) return 'Running'
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed'
    if (policy === 'Always') return 'Running'
    if (stopped === succeeded) return 'Succeeded'
    if (policy === 'Never') return 'Failed'
    return 'Running'
  }
  return 'Pending'
}

/** isInitContainerInitialized (status/generate.go): a sidecar once started, others once ready. */
function isInitContainerInitialized(container: Container, status: ContainerStatus): boolean {
  return isRestartable(container) ? status.started === true : status.ready === true
}

/** GeneratePodInitializedCondition (status/generate.go). */
export function initializedCondition(
  pod: Pod,
  statuses: readonly ContainerStatus[],
  phase: string,
): PodCondition {
  const unknown: string[] = []
  const incomplete: string[] = []
  for (const c of pod.spec?.initContainers ?? []) {
    const s = statusOf(statuses, c.name)
    if (!s) unknown.push(c.name)
    else if (!isInitContainerInitialized(c, s)) incomplete.push(c.name)
  }
  if (phase === 'Succeeded' && unknown.length === 0)
    return { type: 'Initialized', status: 'True', reason: CONDITION_REASON.PodCompleted }
  // A regular container ran: the pod was initialized (sidecars may be restarting).
  if (hasAnyRegularContainerStarted(pod, statuses)) return { type: 'Initialized', status: 'True' }
  const messages: string[] = []
  if (unknown.length > 0) messages.push(`containers with unknown status: ${goList(unknown)}`)
  if (incomplete.length > 0) messages.push(`containers with incomplete status: ${goList(incomplete)}`)
  if (messages.length > 0) {
    return {
      type: 'Initialized',
      status: 'False',
      reason: CONDITION_REASON.ContainersNotInitialized,
      message: messages.join(', '),
    }
  }
  return { type: 'Initialized', status: 'True' }
}

/** GenerateContainersReadyCondition (status/generate.go): sidecars, then regular containers. */
export function containersReadyCondition(
  pod: Pod,
  statuses: readonly ContainerStatus[],
  phase: string,
): PodCondition {
  const unknown: string[] = []
  const unready: string[] = []
  const checked = [...(pod.spec?.initContainers ?? []).filter(isRestartable), ...(pod.spec?.containers ?? [])]
  for (const c of checked) {
    const s = statuses.find((st) => st.name === c.name)
    if (!s) unknown.push(c.name)
    else if (!s.ready) unready.push(c.name)
  }
  if ((phase === 'Succeeded' && unknown.length === 0) || phase === 'Failed') {
    return {
      type: 'ContainersReady',
      status: 'False',
      reason: phase === 'Failed' ? CONDITION_REASON.PodFailed : CONDITION_REASON.PodCompleted,
    }
  }
  const messages: string[] = []
  if (unknown.length > 0) messages.push(`containers with unknown status: ${goList(unknown)}`)
  if (unready.length > 0) messages.push(`containers with unready status: ${goList(unready)}`)
  if (messages.length > 0) {
    return {
      type: 'ContainersReady',
      status: 'False',
      reason: CONDITION_REASON.ContainersNotReady,
      message: messages.join(', '),
    }
  }
  return { type: 'ContainersReady', status: 'True' }
}

/** GeneratePodReadyCondition: ContainersReady, plus every readiness gate's condition True. */
function readyCondition(
  pod: Pod,
  conditions: readonly PodCondition[],
  containersReady: PodCondition,
): PodCondition {
  if (containersReady.status !== 'True') {
    return {
      type: 'Ready',
      status: containersReady.status,
      ...(containersReady.reason ? { reason: containersReady.reason } : {}),
      ...(containersReady.message ? { message: containersReady.message } : {}),
    }
  }
  const messages: string[] = []
  for (const gate of pod.spec?.readinessGates ?? []) {
    const c = conditions.find((x) => x.type === gate.conditionType)
    if (!c)
      messages.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`)
    else if (c.status !== 'True')
      messages.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${c.status}`)
  }
  if (messages.length > 0) {
    return {
      type: 'Ready',
      status: 'False',
      reason: CONDITION_REASON.ReadinessGatesNotReady,
      message: messages.join(', '),
    }
  }
  return { type: 'Ready', status: 'True' }
}

/** v1qos.GetPodQOS, for when the apiserver did not set qosClass. */
export function qosClass(pod: Pod): string {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]
  let any = false
  let guaranteed = true
  for (const c of containers) {
    const req = c.resources?.requests ?? {}
    const lim = c.resources?.limits ?? {}
    for (const r of ['cpu', 'memory']) {
      const q = req[r] ?? lim[r]
      if (q !== undefined) any = true
      if (lim[r] === undefined || (req[r] !== undefined && String(req[r]) !== String(lim[r])))
        guaranteed = false
    }
  }
  if (!any) return 'BestEffort'
  return guaranteed ? 'Guaranteed' : 'Burstable'
}
