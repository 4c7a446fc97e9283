/**
 * Heap held by a scheduler_perf cluster (etcd, kube-apiserver, kube-scheduler) after `pods` Pods
 * went through the whole path, split into the cluster's state and the trace (message headers and
 * their payloads). Needs `node --expose-gc` for figures that do not count garbage.
 */
import { perfNode, schedulingBasic } from './scheduler-perf/cases'
import { perfControlPlane } from './scheduler-perf/control-plane'

export interface MemoryResult {
  readonly nodes: number
  readonly pods: number
  readonly bound: number
  readonly messages: number
  /** MiB after the run, over the heap before the cluster existed. */
  readonly totalMiB: number
  /** MiB of the booted cluster with its nodes, before any Pod. */
  readonly nodesMiB: number
  /** KiB each Pod added (state and trace). */
  readonly perPodKiB: number
  readonly stateMiB: number
  readonly traceMiB: number
  readonly exact: boolean
}

export function memory(nodes: number, pods: number): MemoryResult {
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
  )
  cp.kernel.run()
  const booted = heap()
  cp.creator.createAll(
    Array.from({ length: pods }, (_, i) => c.pod(i, 'measure')),
    16,
    () => {},
  )
  cp.kernel.run()
  const after = heap()
  const messages = cp.kernel.trace.length
  // What the trace alone holds: drop it and measure again (the run is over; nothing reads it).
  cp.kernel.trace.length = 0
  const withoutTrace = heap()
  return {
    nodes,
    pods,
    bound: cp.bound(),
    messages,
    totalMiB: after - before,
    nodesMiB: booted - before,
    perPodKiB: ((after - booted) * 1024) / pods,
    stateMiB: withoutTrace - before,
    traceMiB: after - withoutTrace,
    exact: gc !== undefined,
  }
}
