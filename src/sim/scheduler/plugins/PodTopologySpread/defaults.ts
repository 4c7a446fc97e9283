/**
 * Default constraints: what PodTopologySpread applies to a pod that has no
 * spec.topologySpreadConstraints. With `defaultingType: System` (the default) they are
 * `{kubernetes.io/hostname, maxSkew 3, ScheduleAnyway}` and
 * `{topology.kubernetes.io/zone, maxSkew 5, ScheduleAnyway}`; with `List`, the args'
 * defaultConstraints. Their selector is built per pod from the Services selecting the pod and
 * the controller owning it (helper.DefaultSelector); a pod nothing selects gets no constraints.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/plugin.go
 * (systemDefaultConstraints), common.go (buildDefaultConstraints),
 * pkg/scheduler/framework/plugins/helper/spread.go (DefaultSelector, GetPodServices). The
 * simulator has no ReplicationControllers or StatefulSets, so only ReplicaSet owners are looked
 * up (upstream would find no such objects here either).
 */
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import { fromLabelSelector, matches, type Requirement, type Selector } from '../../../../api/labels'
import type { Pod } from '../../../../api/types'
import type { Listers } from '../../framework/listers'
import {
  type Constraint,
  LABEL_HOSTNAME,
  LABEL_TOPOLOGY_ZONE,
  toConstraints,
  type UnsatisfiableAction,
} from './common'

export const SYSTEM_DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = Object.freeze([
  { topologyKey: LABEL_HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
])

function setSelector(set: Readonly<Record<string, string>>): Requirement[] {
  return Object.entries(set).map(([key, value]) => ({ key, operator: 'In', values: [value] }))
}

/**
 * helper.DefaultSelector: the merged selectors of the Services (in the pod's namespace) whose
 * selector matches the pod, plus the selector of the ReplicaSet that controls the pod.
 */
export function defaultSelector(pod: Pod, listers: Listers): Selector {
  const namespace = pod.metadata?.namespace ?? ''
  const labels = pod.metadata?.labels
  // Services that select the pod do not conflict, so merging their selectors is safe.
  const set: Record<string, string> = {}
  for (const svc of listers.services.list(namespace)) {
    const sel = svc.spec?.selector
    // A Service without a selector selects nothing, not everything.
    if (!sel) continue
    if (!matches(labels, setSelector(sel))) continue
    Object.assign(set, sel)
  }
  const selector = setSelector(set)
  const owner = pod.metadata?.ownerReferences?.find((r) => r.controller === true)
  if (owner?.apiVersion === 'apps/v1' && owner.kind === 'ReplicaSet') {
    const rs = listers.replicaSets.get(namespace, owner.name)
    // A missing selector is labels.Nothing(), whose requirements are not added.
    const rsSelector = rs ? fromLabelSelector(rs.spec?.selector) : undefined
    if (rsSelector) selector.push(...rsSelector)
  }
  return selector
}

/** buildDefaultConstraints: the default constraints of one action with the pod's default selector. */
export function buildDefaultConstraints(
  pod: Pod,
  defaults: readonly TopologySpreadConstraint[],
  action: UnsatisfiableAction,
  listers: Listers,
): Constraint[] {
  const constraints = toConstraints(defaults, pod.metadata?.labels, action)
  if (constraints.length === 0) return constraints
  const selector = defaultSelector(pod, listers)
  if (selector.length === 0) return []
  return constraints.map((c) => ({ ...c, selector }))
}
