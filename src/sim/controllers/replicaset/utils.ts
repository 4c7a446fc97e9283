/**
 * Pure ReplicaSet helpers: slow-start batches, the Pod built from a template, and the status.
 *
 * kube-controller-manager: pkg/controller/replicaset/replica_set.go (slowStartBatch,
 * burstReplicas), replica_set_utils.go (calculateStatus), pkg/controller/controller_utils.go
 * (GetPodFromTemplate, getPodsPrefix, SlowStartInitialBatchSize).
 */
import type { ReplicaSetCondition, ReplicaSetStatus } from 'kubernetes-types/apps/v1'
import type { OwnerReference } from 'kubernetes-types/meta/v1'
import type { Pod, ReplicaSet } from '../../../api/types'
import { clone } from '../../../api/types'
import { canonicalJson } from '../hash'
import { factsOf, type ObjectFacts } from '../object-facts'
import type { ReplicaCounts } from './claim-counts'

/** --kube-api-burst based default of the ReplicaSet controller: at most 500 creates or deletes per sync. */
export const BURST_REPLICAS = 500
/** controller.SlowStartInitialBatchSize */
export const SLOW_START_INITIAL_BATCH_SIZE = 1

/**
 * slowStartBatch's batch sizes for `count` calls: 1, 2, 4, … (each batch runs concurrently; the
 * next starts only if the whole batch succeeded).
 */
export function slowStartBatches(count: number, initial = SLOW_START_INITIAL_BATCH_SIZE): number[] {
  const out: number[] = []
  let remaining = count
  for (let size = Math.min(remaining, initial); size > 0; size = Math.min(2 * size, remaining)) {
    out.push(size)
    remaining -= size
  }
  return out
}

/** getPodsPrefix: `<controller name>-`, the generateName of its pods. */
export function podsPrefix(controllerName: string): string {
  return `${controllerName}-`
}

/**
 * GetPodFromTemplate: labels, annotations and finalizers from the template, generateName from the
 * controller, the controller reference, and the template's spec. The apiserver adds the name.
 */
export function podFromTemplate(rs: ReplicaSet, controllerRef: OwnerReference): Pod {
  const template = rs.spec?.template
  const meta = template?.metadata ?? {}
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: podsPrefix(rs.metadata?.name ?? ''),
      namespace: rs.metadata?.namespace,
      ...(meta.labels ? { labels: { ...meta.labels } } : {}),
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta.finalizers ? { finalizers: [...meta.finalizers] } : {}),
      ownerReferences: [controllerRef],
    },
    spec: clone(template?.spec ?? { containers: [] }),
  }
}

export function getReplicaSetCondition(status: ReplicaSetStatus | undefined, type: string) {
  return status?.conditions?.find((c) => c.type === type)
}

/**
 * calculateStatus: counts over the ReplicaSet's active pods, and the ReplicaFailure condition when
 * creating or deleting pods failed (`manageError` is the API error's message).
 */
export function calculateReplicaSetStatus(
  rs: ReplicaSet,
  pods: readonly Pod[],
  manageError: string | undefined,
  nowMs: number,
  now: string,
  /** What was read of each of `pods` already (claimPods), if it was. */
  podFacts?: readonly ObjectFacts[],
): ReplicaSetStatus {
  return replicaSetStatusOf(rs, countReplicas(rs, pods, nowMs, podFacts), manageError, now)
}

/** calculateStatus's counts over the claimed pods. */
export function countReplicas(
  rs: ReplicaSet,
  pods: readonly Pod[],
  nowMs: number,
  podFacts?: readonly ObjectFacts[],
): ReplicaCounts {
  const minReady = rs.spec?.minReadySeconds ?? 0
  let labeled = 0
  let ready = 0
  let available = 0
  const templateLabels = rs.spec?.template?.metadata?.labels ?? undefined
  for (let i = 0; i < pods.length; i++) {
    // One read of the Pod's facts for all three counts: this runs for every Pod at every sync.
    const facts = podFacts?.[i] ?? factsOf(pods[i] as Pod)
    if (facts.hasAll(templateLabels)) labeled++
    if (facts.ready) {
      ready++
      if (facts.availableAt(minReady, nowMs)) available++
    }
  }
  return { replicas: pods.length, labeled, ready, available }
}

/** calculateStatus from the counts (counted, or kept: see claim-counts.ts). */
export function replicaSetStatusOf(
  rs: ReplicaSet,
  counts: ReplicaCounts,
  manageError: string | undefined,
  now: string,
): ReplicaSetStatus {
  const { replicas, labeled, ready, available } = counts
  let conditions: ReplicaSetCondition[] = (rs.status?.conditions ?? []).map((c) => ({ ...c }))
  const failure = getReplicaSetCondition(rs.status, 'ReplicaFailure')
  if (manageError !== undefined && !failure) {
    const diff = replicas - (rs.spec?.replicas ?? 1)
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : ''
    conditions = [
      ...conditions,
      { type: 'ReplicaFailure', status: 'True', lastTransitionTime: now, reason, message: manageError },
    ]
  } else if (manageError === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== 'ReplicaFailure')
  }
  return {
    replicas,
    ...(labeled ? { fullyLabeledReplicas: labeled } : {}),
    ...(ready ? { readyReplicas: ready } : {}),
    ...(available ? { availableReplicas: available } : {}),
    ...(rs.status?.observedGeneration ? { observedGeneration: rs.status.observedGeneration } : {}),
    ...(conditions.length ? { conditions } : {}),
  }
}

/** updateReplicaSetStatus's early return: nothing changed and the generation was observed. */
export function replicaSetStatusUnchanged(rs: ReplicaSet, next: ReplicaSetStatus): boolean {
  const cur: ReplicaSetStatus = rs.status ?? { replicas: 0 }
  return (
    (cur.replicas ?? 0) === (next.replicas ?? 0) &&
    (cur.fullyLabeledReplicas ?? 0) === (next.fullyLabeledReplicas ?? 0) &&
    (cur.readyReplicas ?? 0) === (next.readyReplicas ?? 0) &&
    (cur.availableReplicas ?? 0) === (next.availableReplicas ?? 0) &&
    (rs.metadata?.generation ?? 0) === (cur.observedGeneration ?? 0) &&
    canonicalJson(cur.conditions ?? []) === canonicalJson(next.conditions ?? [])
  )
}
