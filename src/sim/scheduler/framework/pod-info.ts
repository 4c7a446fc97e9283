/**
 * framework.PodInfo: a pod together with what the scheduler derives from it once (its requests,
 * its host ports), so NodeInfo bookkeeping does not re-parse quantities on every add and remove.
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (PodInfo, calculateResource).
 */
import type { Pod } from '../../../api/types'
import { podRequests } from './pod-requests'
import type { Resource } from './resource'

export interface HostPort {
  readonly ip: string
  readonly protocol: string
  readonly port: number
}

export interface PodInfo {
  readonly pod: Pod
  /** `namespace/name`. */
  readonly key: string
  readonly uid: string
  readonly requests: Resource
  /** The request with 100m / 200Mi for missing cpu / memory keys (NodeInfo.NonZeroRequested). */
  readonly nonZeroMilliCPU: number
  readonly nonZeroMemory: number
  readonly hostPorts: readonly HostPort[]
}

export function podKey(pod: Pod): string {
  const m = pod.metadata
  return `${m?.namespace ?? ''}/${m?.name ?? ''}`
}

/** The pod's host ports, with the defaults NodeInfo applies (0.0.0.0, TCP). */
function hostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = []
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) {
      if (p.hostPort && p.hostPort > 0) {
        out.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort })
      }
    }
  }
  return out
}

export function newPodInfo(pod: Pod): PodInfo {
  const nonZero = podRequests(pod, true)
  return {
    pod,
    key: podKey(pod),
    uid: pod.metadata?.uid ?? podKey(pod),
    requests: podRequests(pod),
    nonZeroMilliCPU: nonZero.milliCPU,
    nonZeroMemory: nonZero.memory,
    hostPorts: hostPorts(pod),
  }
}
