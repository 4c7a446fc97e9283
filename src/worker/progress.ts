/**
 * The `progress` event: how far the current run has got, read from the cluster's etcd (Pods and
 * ReplicaSets as stored now). Cheap enough to call every PROGRESS_INTERVAL_MS even with 10,000
 * Pods; never part of the trace. `podsWanted` is what the workload asks for: the Deployments'
 * replicas, the replicas of ReplicaSets no Deployment owns, and the Pods no ReplicaSet owns.
 */
import { DEPLOYMENTS, PODS, REPLICA_SETS } from '../api/resources'
import type { Deployment, Pod, ReplicaSet } from '../api/types'
import type { WorkerProgress } from '../protocol/messages'
import type { Cluster } from '../sim/cluster/cluster'

export function progressEvent(cluster: Cluster, generation: number, computing: boolean): WorkerProgress {
  const store = cluster.etcd.store
  let pods = 0
  let podsRunning = 0
  let bare = 0
  for (const kv of store.range(`${PODS.etcdPrefix}/`)) {
    const pod = kv.value as Pod
    pods++
    const phase = pod.status?.phase
    if (phase === 'Running' || phase === 'Succeeded' || phase === 'Failed') podsRunning++
    if (!pod.metadata?.ownerReferences?.some((o) => o.kind === 'ReplicaSet' && o.controller)) bare++
  }
  // A Deployment wants its replicas (during a rollout its ReplicaSets' sum runs above that); a
  // ReplicaSet of its own wants its replicas.
  let replicas = 0
  for (const kv of store.range(`${DEPLOYMENTS.etcdPrefix}/`))
    replicas += (kv.value as Deployment).spec?.replicas ?? 1
  for (const kv of store.range(`${REPLICA_SETS.etcdPrefix}/`)) {
    const rs = kv.value as ReplicaSet
    if (!rs.metadata?.ownerReferences?.some((o) => o.kind === 'Deployment' && o.controller))
      replicas += rs.spec?.replicas ?? 0
  }
  return {
    type: 'progress',
    generation,
    computing,
    simulatedMs: cluster.kernel.nowMs,
    messages: cluster.kernel.messageCount,
    pods,
    podsRunning,
    podsWanted: replicas + bare,
  }
}
