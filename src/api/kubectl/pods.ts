/**
 * `kubectl get pods` (and `-o wide`): READY, the STATUS column's reason, RESTARTS and AGE.
 *
 * kubectl / apiserver table printer: pkg/printers/internalversion/printers.go (printPod), the
 * v1.29+ version that counts restartable init containers (sidecars). STATUS is, in order of
 * precedence: the deletion (`Terminating`, or `Unknown` for a lost node), the first regular
 * container's waiting or terminated reason, the init container that is not done
 * (`Init:0/1`, `Init:CrashLoopBackOff`, …), `SchedulingGated`, status.reason, status.phase.
 */
import type { Container, ContainerStatus, Pod } from '../types'
import { humanDuration, parseTimeMs, translateTimestampSince } from './duration'
import { type Column, type PrintOptions, printTable, type TableView } from './table'

export interface PodSummary {
  /** `<ready>/<total>` */
  readonly ready: string
  readonly status: string
  /** `2` or `2 (5m3s ago)` */
  readonly restarts: string
}

const isRestartable = (c: Container | undefined): boolean => c?.restartPolicy === 'Always'

function lastTerminationMs(cs: ContainerStatus): number | undefined {
  return parseTimeMs(cs.lastState?.terminated?.finishedAt)
}

/** The cells printPod computes before NAME and AGE. */
export function podSummary(pod: Pod, nowMs: number): PodSummary {
  const spec = pod.spec
  const status = pod.status ?? {}
  let restarts = 0
  let sidecarRestarts = 0
  let total = spec?.containers?.length ?? 0
  let ready = 0
  let lastRestart: number | undefined
  let lastSidecarRestart: number | undefined
  const later = (a: number | undefined, b: number | undefined) =>
    b !== undefined && (a === undefined || b > a) ? b : a

  let reason = status.phase ?? ''
  if (status.reason) reason = status.reason
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated'
  }

  const initSpecs = new Map<string, Container>()
  for (const c of spec?.initContainers ?? []) {
    initSpecs.set(c.name, c)
    if (isRestartable(c)) total++
  }

  let initializing = false
  const initStatuses = status.initContainerStatuses ?? []
  for (const [i, cs] of initStatuses.entries()) {
    restarts += cs.restartCount ?? 0
    lastRestart = later(lastRestart, lastTerminationMs(cs))
    const sidecar = isRestartable(initSpecs.get(cs.name))
    if (sidecar) {
      sidecarRestarts += cs.restartCount ?? 0
      lastSidecarRestart = later(lastSidecarRestart, lastTerminationMs(cs))
    }
    const terminated = cs.state?.terminated
    const waiting = cs.state?.waiting
    if (terminated && terminated.exitCode === 0) continue
    if (sidecar && cs.started === true) {
      if (cs.ready) ready++
      continue
    }
    if (terminated) {
      // Initialization failed.
      if (!terminated.reason) {
        reason = terminated.signal
          ? `Init:Signal:${terminated.signal}`
          : `Init:ExitCode:${terminated.exitCode}`
      } else reason = `Init:${terminated.reason}`
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`
    } else {
      reason = `Init:${i}/${spec?.initContainers?.length ?? 0}`
    }
    initializing = true
    break
  }

  const initialized = (status.conditions ?? []).some((c) => c.type === 'Initialized' && c.status === 'True')
  if (!initializing || initialized) {
    restarts = sidecarRestarts
    lastRestart = lastSidecarRestart
    let hasRunning = false
    const statuses = status.containerStatuses ?? []
    // Last to first, so the first container's reason wins.
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i] as ContainerStatus
      restarts += cs.restartCount ?? 0
      lastRestart = later(lastRestart, lastTerminationMs(cs))
      const waiting = cs.state?.waiting
      const terminated = cs.state?.terminated
      if (waiting?.reason) reason = waiting.reason
      else if (terminated?.reason) reason = terminated.reason
      else if (terminated) {
        reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`
      } else if (cs.ready && cs.state?.running) {
        hasRunning = true
        ready++
      }
    }
    // A container still running beside one that completed: Running (or NotReady) rather than Completed.
    if (reason === 'Completed' && hasRunning) {
      const podReady = (status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True')
      reason = podReady ? 'Running' : 'NotReady'
    }
  }

  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed'
  if (pod.metadata?.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown'
  else if (pod.metadata?.deletionTimestamp && !terminal) reason = 'Terminating'

  let restartsText = String(restarts)
  if (restarts !== 0 && lastRestart !== undefined) {
    restartsText = `${restarts} (${humanDuration(nowMs - lastRestart)} ago)`
  }
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsText }
}

const COLUMNS: readonly Column[] = [
  { name: 'Name' },
  { name: 'Ready' },
  { name: 'Status' },
  { name: 'Restarts' },
  { name: 'Age' },
  { name: 'IP', priority: 1 },
  { name: 'Node', priority: 1 },
  { name: 'Nominated Node', priority: 1 },
  { name: 'Readiness Gates', priority: 1 },
]

function readinessGates(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? []
  if (gates.length === 0) return '<none>'
  let trueCount = 0
  for (const g of gates) {
    const c = pod.status?.conditions?.find((x) => x.type === g.conditionType)
    if (c?.status === 'True') trueCount++
  }
  return `${trueCount}/${gates.length}`
}

export const POD_TABLE: TableView<Pod> = {
  columns: COLUMNS,
  namespace: (pod) => pod.metadata?.namespace ?? '',
  row(pod, nowMs) {
    const s = podSummary(pod, nowMs)
    return [
      pod.metadata?.name ?? '',
      s.ready,
      s.status,
      s.restarts,
      translateTimestampSince(pod.metadata?.creationTimestamp, nowMs),
      pod.status?.podIPs?.[0]?.ip || '<none>',
      pod.spec?.nodeName || '<none>',
      pod.status?.nominatedNodeName || '<none>',
      readinessGates(pod),
    ]
  },
}

/** `kubectl get pods [-o wide] [-A]`; pods in the order given (the apiserver lists by name). */
export function getPods(pods: readonly Pod[], options: PrintOptions): string {
  return printTable(POD_TABLE, pods, options)
}
