/**
 * A node's load as the scheduler sees it: the requests of the Pods bound to it against its
 * allocatable CPU, memory and Pod count. Finished Pods (Succeeded, Failed) no longer count, as
 * in kube-scheduler, whose informer for assigned Pods excludes them.
 */
import { formatMilliCpu, intValue, milliValue, parseQuantity } from '../../api/quantity'
import type { Node, Pod } from '../../api/types'
import type { RevisionIndex } from './objects'
import { revisionAt } from './objects'
import { podRequests } from './pod-state'
import { isTerminal } from './pods-view'

/** The Node object at `atMs` (etcd keeps Nodes under `minions`), or undefined if there is none. */
export function nodeAt(index: RevisionIndex, atMs: number, name: string): Node | undefined {
  return (revisionAt(index.get(`/registry/minions/${name}`) ?? [], atMs)?.object as Node | null) ?? undefined
}

export interface Usage {
  readonly used: number
  readonly allocatable: number
}

export interface NodeUsage {
  /** Pods bound to the node, finished ones included (the node box draws them all). */
  readonly podCount: number
  /** Pods that hold resources (not finished), against status.allocatable.pods. */
  readonly pods: Usage
  /** Millicores. */
  readonly cpu: Usage
  /** Bytes. */
  readonly memory: Usage
}

export function nodeUsage(node: Node | undefined, pods: readonly Pod[]): NodeUsage {
  const allocatable = node?.status?.allocatable ?? {}
  let active = 0
  let cpu = 0
  let memory = 0
  for (const pod of pods) {
    if (isTerminal(pod)) continue
    active++
    const r = podRequests(pod)
    cpu += r.milliCpu
    memory += r.memoryBytes
  }
  return {
    podCount: pods.length,
    pods: { used: active, allocatable: intValue(allocatable.pods) },
    cpu: { used: cpu, allocatable: milliValue(allocatable.cpu) },
    memory: { used: memory, allocatable: parseQuantity(allocatable.memory) ?? 0 },
  }
}

/** used / allocatable in [0, 1] (0 when nothing is allocatable; over-commit shows as full). */
export function fraction(u: Usage): number {
  if (u.allocatable <= 0) return 0
  return Math.min(1, Math.max(0, u.used / u.allocatable))
}

/** CPU the way kubectl prints it: `250m`, `2`, `1.5` for 1500m. */
export function formatCpu(milli: number): string {
  if (milli % 1000 === 0 || milli < 1000) return formatMilliCpu(milli)
  return String(Number((milli / 1000).toFixed(2)))
}

const KI = 1024
const MI = KI * 1024
const GI = MI * 1024

/** Memory compactly, in binary units: `64Mi`, `3.9Gi`, `512Ki`, `0`. */
export function formatMemory(bytes: number): string {
  if (bytes <= 0) return '0'
  if (bytes >= GI) return `${trim(bytes / GI)}Gi`
  if (bytes >= MI) return `${trim(bytes / MI)}Mi`
  if (bytes >= KI) return `${trim(bytes / KI)}Ki`
  return String(bytes)
}

function trim(n: number): string {
  return n >= 100 ? String(Math.round(n)) : String(Number(n.toFixed(1)))
}
