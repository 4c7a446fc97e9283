/**
 * framework.PodInfo: a pod together with what the scheduler derives from it once (its requests,
 * its host ports), so NodeInfo bookkeeping does not re-parse quantities on every add and remove.
 *
 * kube-scheduler: pkg/scheduler/framework/types.go (PodInfo, calculateResource).
 */
import type { Pod } from '../../../api/types'
import {
  type AffinityTerm,
  affinityTerms,
  type WeightedAffinityTerm,
  weightedAffinityTerms,
} from './affinity-term'
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
  /** spec.affinity.podAffinity required terms, parsed (InterPodAffinity, the queue's cross-topology check). */
  readonly requiredAffinityTerms: readonly AffinityTerm[]
  readonly requiredAntiAffinityTerms: readonly AffinityTerm[]
  readonly preferredAffinityTerms: readonly WeightedAffinityTerm[]
  readonly preferredAntiAffinityTerms: readonly WeightedAffinityTerm[]
}

const NONE: readonly never[] = Object.freeze([])

/** podWithAffinity: the pod has pod affinity or anti-affinity of any kind (NodeInfo.PodsWithAffinity). */
export function hasPodAffinityTerms(pi: PodInfo): boolean {
  return (
    pi.requiredAffinityTerms.length > 0 ||
    pi.requiredAntiAffinityTerms.length > 0 ||
    pi.preferredAffinityTerms.length > 0 ||
    pi.preferredAntiAffinityTerms.length > 0
  )
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
  const a = pod.spec?.affinity
  const affinity = a?.podAffinity
  const anti = a?.podAntiAffinity
  return {
    pod,
    key: podKey(pod),
    uid: pod.metadata?.uid ?? podKey(pod),
    requests: podRequests(pod),
    nonZeroMilliCPU: nonZero.milliCPU,
    nonZeroMemory: nonZero.memory,
    hostPorts: hostPorts(pod),
    requiredAffinityTerms: affinity
      ? affinityTerms(pod, affinity.requiredDuringSchedulingIgnoredDuringExecution)
      : NONE,
    requiredAntiAffinityTerms: anti
      ? affinityTerms(pod, anti.requiredDuringSchedulingIgnoredDuringExecution)
      : NONE,
    preferredAffinityTerms: affinity
      ? weightedAffinityTerms(pod, affinity.preferredDuringSchedulingIgnoredDuringExecution)
      : NONE,
    preferredAntiAffinityTerms: anti
      ? weightedAffinityTerms(pod, anti.preferredDuringSchedulingIgnoredDuringExecution)
      : NONE,
  }
}

/** Informer list items may lack kind/apiVersion; events need them in `regarding`. */
export function asPodObject(pod: Pod): Pod {
  return pod.kind && pod.apiVersion ? pod : { ...pod, apiVersion: 'v1', kind: 'Pod' }
}
