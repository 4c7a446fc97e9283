/**
 * Heap held by a scheduler_perf cluster (etcd, kube-apiserver, kube-scheduler) after `pods` Pods
 * went through the whole path, split into the cluster's state and the trace (message headers and
 * their payloads). The trace is kept as large runs keep it: the newest TRACE_KEEP messages in full,
 * older ones compacted (kernel traceRetention); `keepMessages: undefined` keeps all of it. Needs
 * `node --expose-gc` for figures that do not count garbage.
 */
import { perfNode, schedulingBasic } from './scheduler-perf/cases'
import { perfControlPlane } from './scheduler-perf/control-plane'

/** Messages a large run keeps in full (≈ 1,300 Pods of detail; between this and twice it). */
export const TRACE_KEEP = 50_000

export interface MemoryResult {
  readonly nodes: number
  readonly pods: number
  readonly bound: number
  readonly messages: number
  /** Messages kept in full at the end (the rest compacted into counts per stage). */
  readonly keptMessages: number
  /** MiB after the run, over the heap before the cluster existed. */
  readonly totalMiB: number
  /** MiB of the booted cluster with its nodes, before any Pod. */
  readonly nodesMiB: number
  /** KiB each Pod added (state and trace). */
  readonly perPodKiB: number
  /**
   * KiB each Pod of the second half added to the cluster's state (the trace apart: with retention
   * it is bounded): the cost of one more Pod.
   */
  readonly statePerPodKiB: number
  /** MiB the trace can reach with this retention (twice the kept messages, at this run's size each). */
  readonly traceBoundMiB: number | undefined
  readonly stateMiB: number
  readonly traceMiB: number
  readonly exact: boolean
}

export function memory(
  nodes: number,
  pods: number,
  keepMessages: number | undefined = TRACE_KEEP,
): MemoryResult {
  const gc = (globalThis as { gc?: () => void }).gc
  const heap = () => {
    gc?.()
    gc?.()
    return process.memoryUsage().heapUsed / 2 ** 20
  }
  const c = schedulingBasic({ nodes, initPods: 0, measurePods: pods })
  const before = heap()
  const cp = perfControlPlane(
    Array.from({ length: nodes }, (_, i) => perfNode(i)),
    c.namespaces,
    keepMessages === undefined ? undefined : { keepMessages },
  )
  cp.kernel.run()
  const booted = heap()
  // In two halves: what the second half adds is what each further Pod costs, once the bounded
  // parts (the watch cache's event windows, the kept trace) are full.
  const half = Math.floor(pods / 2)
  const create = (from: number, to: number) => {
    cp.creator.createAll(
      Array.from({ length: to - from }, (_, i) => c.pod(from + i, 'measure')),
      16,
      () => {},
    )
    cp.kernel.run()
  }
  create(0, half)
  const mid = heap()
  const keptAtMid = cp.kernel.trace.length
  create(half, pods)
  const after = heap()
  const messages = cp.kernel.messageCount
  const keptMessages = cp.kernel.trace.length
  // What the trace alone holds: drop it and measure again (the run is over; nothing reads it).
  cp.kernel.trace.length = 0
  const withoutTrace = heap()
  const perMessageMiB = (after - withoutTrace) / keptMessages
  const stateAtMid = mid - keptAtMid * perMessageMiB
  return {
    nodes,
    pods,
    bound: cp.bound(),
    messages,
    keptMessages,
    totalMiB: after - before,
    nodesMiB: booted - before,
    perPodKiB: ((after - booted) * 1024) / pods,
    statePerPodKiB: ((withoutTrace - stateAtMid) * 1024) / (pods - half),
    traceBoundMiB: keepMessages === undefined ? undefined : perMessageMiB * 2 * keepMessages,
    stateMiB: withoutTrace - before,
    traceMiB: after - withoutTrace,
    exact: gc !== undefined,
  }
}
