/**
 * Cluster events: what changed in the cluster, in the terms plugins use to say which changes might
 * make a pod they rejected schedulable (EnqueueExtensions / QueueingHints).
 *
 * kube-scheduler: staging/src/k8s.io/kube-scheduler/framework/types.go (ClusterEvent, ActionType),
 * pkg/scheduler/framework/events.go (NodeSchedulingPropertiesChange, PodSchedulingPropertiesChange).
 * Labels follow ClusterEvent.Label(): resource name + action name, e.g. `NodeAdd`,
 * `AssignedPodDelete`, `NodeUpdateNodeTaint`, or a custom label (`UnschedulableTimeout`).
 */
import type { Node, Pod } from '../../../api/types'
import { podRequests } from './pod-requests'

/** Bit flags, so a registration can cover several actions (`Add | UpdateNodeTaint`). */
export const ActionType = {
  Add: 1 << 0,
  Delete: 1 << 1,
  UpdateNodeAllocatable: 1 << 2,
  UpdateNodeLabel: 1 << 3,
  UpdateNodeTaint: 1 << 4,
  UpdateNodeCondition: 1 << 5,
  UpdateNodeAnnotation: 1 << 6,
  UpdatePodLabel: 1 << 7,
  UpdatePodScaleDown: 1 << 8,
  UpdatePodToleration: 1 << 9,
  UpdatePodSchedulingGatesEliminated: 1 << 10,
  UpdatePodOther: 1 << 11,
} as const

const ALL_UPDATE = (1 << 12) - 1 - ActionType.Add - ActionType.Delete
export const UPDATE = ALL_UPDATE
export const ALL = (1 << 12) - 1

const ACTION_NAMES = Object.entries(ActionType) as [string, number][]

/**
 * `Pod` in a registration matches both kinds of pod events; the queue emits `AssignedPod` (a bound
 * pod changed) or `UnschedulablePod` (a pod waiting in the queue changed). `*` is the wildcard.
 */
export type EventResource =
  | 'Node'
  | 'Pod'
  | 'AssignedPod'
  | 'UnschedulablePod'
  | 'PersistentVolumeClaim'
  | 'PersistentVolume'
  | '*'

export interface ClusterEvent {
  readonly resource: EventResource
  readonly actionType: number
  /** Overrides the generated label (UnschedulableTimeout, ForceActivate…). */
  readonly customLabel?: string
}

export function actionName(actionType: number): string {
  if (actionType === ALL) return 'All'
  const names = ACTION_NAMES.filter(([, bit]) => (actionType & bit) !== 0).map(([name]) => name)
  return names.join('|')
}

export function eventLabel(e: ClusterEvent): string {
  return e.customLabel ?? `${e.resource}${actionName(e.actionType)}`
}

export const EVENT_NODE_ADD: ClusterEvent = { resource: 'Node', actionType: ActionType.Add }
export const EVENT_ASSIGNED_POD_ADD: ClusterEvent = { resource: 'AssignedPod', actionType: ActionType.Add }
export const EVENT_ASSIGNED_POD_DELETE: ClusterEvent = {
  resource: 'AssignedPod',
  actionType: ActionType.Delete,
}
export const EVENT_UNSCHEDULABLE_TIMEOUT: ClusterEvent = {
  resource: '*',
  actionType: ALL,
  customLabel: 'UnschedulableTimeout',
}

/** Queue movements that are not cluster events, used as "why" labels. */
export const BACKOFF_COMPLETE = 'BackoffComplete'
export const SCHEDULE_ATTEMPT_FAILURE = 'ScheduleAttemptFailure'
export const POP_FROM_BACKOFF_Q = 'PopFromBackoffQ'
export const UNSCHEDULED_POD_ADD = 'UnscheduledPodAdd'
export const UNSCHEDULED_POD_UPDATE = 'UnscheduledPodUpdate'

export function isWildCard(e: ClusterEvent): boolean {
  return e.resource === '*' && e.actionType === ALL
}

/**
 * framework.MatchClusterEvents: does a registered event cover an incoming one? A wildcard
 * registration covers everything; an incoming wildcard (UnschedulableTimeout) is handled by the
 * queue before it asks, and matches only wildcard registrations.
 */
export function matchClusterEvents(registered: ClusterEvent, incoming: ClusterEvent): boolean {
  if (isWildCard(registered)) return true
  const resourceMatches =
    registered.resource === incoming.resource ||
    (registered.resource === 'Pod' &&
      (incoming.resource === 'AssignedPod' || incoming.resource === 'UnschedulablePod'))
  return resourceMatches && (registered.actionType & incoming.actionType) !== 0
}

/**
 * NodeSchedulingPropertiesChange: the node updates that may matter to scheduling. Heartbeats
 * (condition times, images) produce none, so they never wake pods up.
 */
export function nodeSchedulingPropertiesChange(newNode: Node, oldNode: Node): ClusterEvent[] {
  const events: ClusterEvent[] = []
  const push = (a: number) => events.push({ resource: 'Node', actionType: a })
  // spec.unschedulable is reported as a taint change, as kube-scheduler does.
  if (Boolean(newNode.spec?.unschedulable) !== Boolean(oldNode.spec?.unschedulable))
    push(ActionType.UpdateNodeTaint)
  if (!sameJson(newNode.status?.allocatable, oldNode.status?.allocatable))
    push(ActionType.UpdateNodeAllocatable)
  if (!sameJson(newNode.metadata?.labels, oldNode.metadata?.labels)) push(ActionType.UpdateNodeLabel)
  if (!sameJson(newNode.spec?.taints, oldNode.spec?.taints)) push(ActionType.UpdateNodeTaint)
  if (!sameJson(conditionStatuses(newNode), conditionStatuses(oldNode))) push(ActionType.UpdateNodeCondition)
  if (!sameJson(newNode.metadata?.annotations, oldNode.metadata?.annotations))
    push(ActionType.UpdateNodeAnnotation)
  return events
}

function conditionStatuses(node: Node): Record<string, string> {
  const out: Record<string, string> = {}
  for (const c of node.status?.conditions ?? []) out[c.type] = c.status
  return out
}

/** PodSchedulingPropertiesChange: how a pod update may change scheduling (UpdatePodOther if none). */
export function podSchedulingPropertiesChange(newPod: Pod, oldPod: Pod): ClusterEvent[] {
  const resource: EventResource = newPod.spec?.nodeName ? 'AssignedPod' : 'UnschedulablePod'
  const events: ClusterEvent[] = []
  const push = (a: number) => events.push({ resource, actionType: a })
  if (!sameJson(newPod.metadata?.labels, oldPod.metadata?.labels)) push(ActionType.UpdatePodLabel)
  if (requestsDecreased(newPod, oldPod)) push(ActionType.UpdatePodScaleDown)
  const oldGates = oldPod.spec?.schedulingGates?.length ?? 0
  const newGates = newPod.spec?.schedulingGates?.length ?? 0
  if (oldGates > 0 && newGates === 0) push(ActionType.UpdatePodSchedulingGatesEliminated)
  if (!sameJson(newPod.spec?.tolerations, oldPod.spec?.tolerations)) push(ActionType.UpdatePodToleration)
  if (events.length === 0) push(ActionType.UpdatePodOther)
  return events
}

/** extractPodScaleDown: some request went down (or away), e.g. by an in-place resize. */
function requestsDecreased(newPod: Pod, oldPod: Pod): boolean {
  const n = podRequests(newPod)
  const o = podRequests(oldPod)
  if (n.milliCPU < o.milliCPU || n.memory < o.memory || n.ephemeralStorage < o.ephemeralStorage) return true
  if (o.scalar) for (const [k, v] of o.scalar) if ((n.scalar?.get(k) ?? 0) < v) return true
  return false
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}
