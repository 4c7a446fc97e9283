/**
 * Test helpers for InterPodAffinity: pod affinity terms (PodBuilder has no helper for them), pods
 * carrying them, and a plugin over a real SchedulerCache as its snapshot.
 */
import type { PodAffinityTerm, WeightedPodAffinityTerm } from 'kubernetes-types/core/v1'
import type { LabelSelector } from 'kubernetes-types/meta/v1'
import type { Namespace, Node, Pod } from '../../../../../api/types'
import { SchedulerCache } from '../../../cache/cache'
import { staticListers } from '../../../framework/listers'
import type { PodBuilder } from '../../../testing/builders'
import type { InterPodAffinityArgs } from '../args'
import { InterPodAffinity } from '../inter-pod-affinity'

export const HOSTNAME = 'kubernetes.io/hostname'
export const ZONE = 'topology.kubernetes.io/zone'

/** A PodAffinityTerm selecting `matchLabels` (in the pod's own namespace unless `extra` says otherwise). */
export function term(
  topologyKey: string,
  matchLabels: Record<string, string>,
  extra: Partial<PodAffinityTerm> = {},
): PodAffinityTerm {
  const labelSelector: LabelSelector = { matchLabels }
  return { labelSelector, topologyKey, ...extra }
}

export function weighted(weight: number, podAffinityTerm: PodAffinityTerm): WeightedPodAffinityTerm {
  return { weight, podAffinityTerm }
}

export interface PodAffinitySpec {
  readonly required?: readonly PodAffinityTerm[]
  readonly preferred?: readonly WeightedPodAffinityTerm[]
  readonly antiRequired?: readonly PodAffinityTerm[]
  readonly antiPreferred?: readonly WeightedPodAffinityTerm[]
}

/** The builder's pod with spec.affinity.podAffinity / podAntiAffinity set from `spec`. */
export function withPodAffinity(b: PodBuilder, spec: PodAffinitySpec): Pod {
  const pod = b.obj()
  const podAffinity =
    spec.required || spec.preferred
      ? {
          ...(spec.required ? { requiredDuringSchedulingIgnoredDuringExecution: [...spec.required] } : {}),
          ...(spec.preferred ? { preferredDuringSchedulingIgnoredDuringExecution: [...spec.preferred] } : {}),
        }
      : undefined
  const podAntiAffinity =
    spec.antiRequired || spec.antiPreferred
      ? {
          ...(spec.antiRequired
            ? { requiredDuringSchedulingIgnoredDuringExecution: [...spec.antiRequired] }
            : {}),
          ...(spec.antiPreferred
            ? { preferredDuringSchedulingIgnoredDuringExecution: [...spec.antiPreferred] }
            : {}),
        }
      : undefined
  return {
    ...pod,
    spec: {
      ...pod.spec,
      containers: pod.spec?.containers ?? [],
      affinity: {
        ...pod.spec?.affinity,
        ...(podAffinity ? { podAffinity } : {}),
        ...(podAntiAffinity ? { podAntiAffinity } : {}),
      },
    },
  }
}

/** A copy of the pod bound to `nodeName`. */
export function on(pod: Pod, nodeName: string): Pod {
  return { ...pod, spec: { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName } }
}

export function namespace(name: string, labels: Record<string, string> = {}): Namespace {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } } as Namespace
}

/** A SchedulerCache with these nodes and bound pods, and the plugin reading it as its snapshot. */
export function setup(
  nodes: readonly Node[],
  pods: readonly Pod[] = [],
  options: { args?: InterPodAffinityArgs; namespaces?: readonly Namespace[] } = {},
): { cache: SchedulerCache; pl: InterPodAffinity } {
  const cache = new SchedulerCache()
  for (const n of nodes) cache.addNode(n)
  for (const p of pods) cache.addPod(p)
  const listers = staticListers({ namespaces: options.namespaces ?? [namespace('default')] })
  return { cache, pl: new InterPodAffinity({ snapshot: cache, listers }, options.args) }
}
