/**
 * kubectl drain's pod filters (v1.33, kubectl/pkg/drain/filters.go makeFilters), in their order:
 * skipDeleted, daemonSet, mirrorPod, localStorage, unreplicated. A pod runs through them until one
 * says "do not delete"; only the last status is kept, so a warning of an earlier filter is lost
 * when a later one says Okay (as upstream's own TODO notes).
 *
 * skipDeleted only acts with --skip-wait-for-delete-timeout, which the simulation does not take:
 * it always says Okay here and is left out.
 */
import {
  DAEMONSET_FATAL,
  DAEMONSET_WARNING,
  LOCAL_STORAGE_FATAL,
  LOCAL_STORAGE_WARNING,
  type PodDelete,
  type PodDeleteStatus,
  UNMANAGED_FATAL,
  UNMANAGED_WARNING,
} from '../../api/kubectl/drain-output'
import type { KubeObject, Pod } from '../../api/types'
import type { ApiResult } from '../client/client'
import type { Proc } from '../kernel/kernel'
import type { DrainFlags } from '../scenario/scenario'

/** corev1.MirrorPodAnnotationKey: a static pod's mirror, which the apiserver cannot delete. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror'

/** The daemonSet filter's GET of a pod's DaemonSet. */
export type GetDaemonSet = (namespace: string, name: string) => Proc<ApiResult<KubeObject>>

const OKAY: PodDeleteStatus = { delete: true, reason: 'Okay' }
const SKIP: PodDeleteStatus = { delete: false, reason: 'Skip' }
const warn = (del: boolean, message: string): PodDeleteStatus => ({ delete: del, reason: 'Warning', message })
const fail = (message: string): PodDeleteStatus => ({ delete: false, reason: 'Error', message })

/** filterPods: every pod of the list with the status its filters gave it, in list order. */
export function* filterPods(
  pods: readonly Pod[],
  flags: DrainFlags,
  getDaemonSet: GetDaemonSet,
): Proc<PodDelete[]> {
  const out: PodDelete[] = []
  for (const pod of pods) {
    let status = yield* daemonSetFilter(pod, flags, getDaemonSet)
    for (const filter of [mirrorPodFilter, localStorageFilter, unreplicatedFilter]) {
      if (!status.delete) break
      status = filter(pod, flags)
    }
    out.push({ namespace: pod.metadata?.namespace ?? '', name: pod.metadata?.name ?? '', status })
  }
  return out
}

/**
 * A DaemonSet's pods are never deleted (its controller ignores cordons and would put them back):
 * an error without --ignore-daemonsets. A finished one may go; one whose DaemonSet is gone goes
 * with --force, with a warning.
 */
function* daemonSetFilter(pod: Pod, flags: DrainFlags, getDaemonSet: GetDaemonSet): Proc<PodDeleteStatus> {
  const ref = controllerOf(pod)
  if (ref?.kind !== 'DaemonSet') return OKAY
  if (finished(pod)) return OKAY
  const got = yield* getDaemonSet(pod.metadata?.namespace ?? '', ref.name)
  if (!got.ok) {
    const message = got.status.message ?? ''
    return got.code === 404 && flags.force ? warn(true, message) : fail(message)
  }
  return flags.ignoreDaemonsets ? warn(false, DAEMONSET_WARNING) : fail(DAEMONSET_FATAL)
}

function mirrorPodFilter(pod: Pod): PodDeleteStatus {
  return pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined ? SKIP : OKAY
}

/** emptyDir data dies with the pod: only with --delete-emptydir-data (finished pods always). */
function localStorageFilter(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  if (!(pod.spec?.volumes ?? []).some((v) => v.emptyDir)) return OKAY
  if (finished(pod)) return OKAY
  return flags.deleteEmptydirData ? warn(true, LOCAL_STORAGE_WARNING) : fail(LOCAL_STORAGE_FATAL)
}

/** A pod no controller will recreate is only deleted with --force (finished pods always). */
function unreplicatedFilter(pod: Pod, flags: DrainFlags): PodDeleteStatus {
  if (finished(pod)) return OKAY
  if (controllerOf(pod)) return OKAY
  return flags.force ? warn(true, UNMANAGED_WARNING) : fail(UNMANAGED_FATAL)
}

function finished(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed'
}

/** metav1.GetControllerOf: the owner reference marked controller. */
function controllerOf(pod: Pod): { kind: string; name: string } | undefined {
  return pod.metadata?.ownerReferences?.find((r) => r.controller === true)
}
