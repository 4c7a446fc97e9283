/**
 * What a Pod card shows: its sandbox and its containers, each in one of a few visual states, and
 * what the Pod asks of its node.
 */
import { milliValue, parseQuantity } from '../../api/quantity'
import type { Container, ContainerStatus, Pod } from '../../api/types'
import { isTerminal } from './pods-view'

/** A container's state as the kubelet reports it (status.*ContainerStatuses[].state). */
export type ContainerPhase = 'none' | 'waiting' | 'running' | 'terminated'

export interface ContainerView {
  readonly name: string
  readonly image?: string
  /** 'init' for a plain init container, 'sidecar' for one with restartPolicy Always. */
  readonly role: 'init' | 'sidecar' | 'main'
  readonly phase: ContainerPhase
  /** The waiting or terminated reason (`ContainerCreating`, `ErrImagePull`, `Completed`…). */
  readonly reason?: string
  readonly exitCode?: number
  readonly ready: boolean
  /** Something went wrong: an error while waiting, or a non-zero exit. */
  readonly failed: boolean
}

/**
 * The Pod sandbox (the pause container). The kubelet reports it through the
 * PodReadyToStartContainers condition: True once the sandbox runs with its network set up.
 */
export type SandboxPhase = 'none' | 'creating' | 'ready' | 'stopped'

export interface PodStateView {
  readonly sandbox: SandboxPhase
  readonly containers: readonly ContainerView[]
}

/** Waiting reasons of a container that is on its way (everything else is trouble). */
const BENIGN_WAITING = new Set(['ContainerCreating', 'PodInitializing'])

function containerView(spec: Container, status: ContainerStatus | undefined, role: ContainerView['role']) {
  const state = status?.state
  let phase: ContainerPhase = 'none'
  let reason: string | undefined
  let exitCode: number | undefined
  let failed = false
  if (state?.running) phase = 'running'
  else if (state?.terminated) {
    phase = 'terminated'
    reason = state.terminated.reason
    exitCode = state.terminated.exitCode
    failed = state.terminated.exitCode !== 0
  } else if (state?.waiting) {
    phase = 'waiting'
    reason = state.waiting.reason
    failed = reason !== undefined && !BENIGN_WAITING.has(reason)
  }
  const view: ContainerView = {
    name: spec.name,
    ...(spec.image ? { image: spec.image } : {}),
    role,
    phase,
    ...(reason ? { reason } : {}),
    ...(exitCode !== undefined ? { exitCode } : {}),
    ready: status?.ready === true,
    failed,
  }
  return view
}

/** The sandbox and every container (init containers first, in spec order) with their state. */
export function podState(pod: Pod): PodStateView {
  const status = pod.status
  const byName = (list: readonly ContainerStatus[] | undefined) =>
    new Map((list ?? []).map((c) => [c.name, c]))
  const init = byName(status?.initContainerStatuses)
  const main = byName(status?.containerStatuses)
  const containers: ContainerView[] = [
    ...(pod.spec?.initContainers ?? []).map((c) =>
      containerView(c, init.get(c.name), c.restartPolicy === 'Always' ? 'sidecar' : 'init'),
    ),
    ...(pod.spec?.containers ?? []).map((c) => containerView(c, main.get(c.name), 'main')),
  ]
  const ready = status?.conditions?.find((c) => c.type === 'PodReadyToStartContainers')
  let sandbox: SandboxPhase
  if (!pod.spec?.nodeName) sandbox = 'none'
  else if (ready?.status === 'True') sandbox = 'ready'
  else if (isTerminal(pod)) sandbox = 'stopped'
  else sandbox = 'creating'
  return { sandbox, containers }
}

export interface PodRequests {
  readonly milliCpu: number
  readonly memoryBytes: number
}

const requestsOf = (c: Container) => ({
  milliCpu: milliValue(c.resources?.requests?.cpu),
  memoryBytes: parseQuantity(c.resources?.requests?.memory) ?? 0,
})

/**
 * The Pod's effective CPU and memory request, as kube-scheduler counts it against the node
 * (component-helpers resource.PodRequests): regular containers and sidecars add up; each plain
 * init container runs alone beside the sidecars started before it; the Pod needs the larger of
 * the two, plus spec.overhead.
 */
export function podRequests(pod: Pod): PodRequests {
  let cpu = 0
  let memory = 0
  for (const c of pod.spec?.containers ?? []) {
    const r = requestsOf(c)
    cpu += r.milliCpu
    memory += r.memoryBytes
  }
  let sidecarCpu = 0
  let sidecarMemory = 0
  let initCpu = 0
  let initMemory = 0
  for (const c of pod.spec?.initContainers ?? []) {
    const r = requestsOf(c)
    if (c.restartPolicy === 'Always') {
      cpu += r.milliCpu
      memory += r.memoryBytes
      sidecarCpu += r.milliCpu
      sidecarMemory += r.memoryBytes
      initCpu = Math.max(initCpu, sidecarCpu)
      initMemory = Math.max(initMemory, sidecarMemory)
    } else {
      initCpu = Math.max(initCpu, r.milliCpu + sidecarCpu)
      initMemory = Math.max(initMemory, r.memoryBytes + sidecarMemory)
    }
  }
  cpu = Math.max(cpu, initCpu)
  memory = Math.max(memory, initMemory)
  const overhead = pod.spec?.overhead
  if (overhead) {
    cpu += milliValue(overhead.cpu)
    memory += parseQuantity(overhead.memory) ?? 0
  }
  return { milliCpu: cpu, memoryBytes: memory }
}
