/**
 * NodePorts.
 * - PreFilter: the host ports the pod wants (container ports with hostPort > 0; hostIP defaults to
 *   0.0.0.0, protocol to TCP). A pod that wants none gets Skip, so Filter does not run for it.
 * - Filter: a node where one of those ports is already taken is rejected with
 *   `node(s) didn't have free ports for the requested pod ports` (Unschedulable: preemption can
 *   free the port). A wanted port on 0.0.0.0 conflicts with the same protocol/port on any IP of the
 *   node; a wanted port on a specific IP conflicts with that IP and with 0.0.0.0.
 * - Queueing hints: deleting a pod that held a port this pod wants (on a node, or nominated to
 *   one) is worth a retry; any other pod deletion is not. A new node always is.
 *
 * Only regular containers count, as in v1.33.0–v1.33.5 (and NodeInfo.usedPorts, which counts the
 * same ones). v1.33.6 (cherry-pick #133390 of #132040, in 1.34) adds the ports of restartable init
 * containers (sidecars) on both sides.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/nodeports/node_ports.go; conflict rules from
 * HostPortInfo.CheckConflict in pkg/scheduler/framework/types.go.
 */
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import {
  type ClusterEventWithHint,
  type EnqueueExtensions,
  type FilterPlugin,
  PRE_FILTER_OK,
  type PreFilterOutcome,
  type PreFilterPlugin,
  type QueueingHint,
} from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, SKIP, type Status } from '../../framework/status'

export const NAME = 'NodePorts'
export const ERR_REASON = "node(s) didn't have free ports for the requested pod ports"

/** DefaultBindAllHostIP: a host port on every address of the node. */
export const BIND_ALL_HOST_IP = '0.0.0.0'

const PRE_FILTER_STATE_KEY = `PreFilter${NAME}`
const NO_FREE_PORTS = constStatus('Unschedulable', ERR_REASON, NAME)
const PRE_FILTER_SKIP: PreFilterOutcome = Object.freeze({ result: null, status: SKIP })

/** A host port the pod wants, sanitized, with its NodeInfo.usedPorts key (`TCP/8080`). */
export interface WantedPort {
  readonly ip: string
  readonly key: string
}

/** What NodeInfo.usedPorts holds: ip → `protocol/port`. */
export type UsedPorts = ReadonlyMap<string, ReadonlySet<string>>

/**
 * getContainerPorts: the pod's host ports, from its regular containers, with hostIP and protocol
 * defaulted as HostPortInfo.sanitize does.
 */
export function wantedHostPorts(pod: Pod): WantedPort[] {
  const out: WantedPort[] = []
  for (const c of pod.spec?.containers ?? []) {
    for (const p of c.ports ?? []) {
      if (!p.hostPort || p.hostPort <= 0) continue
      out.push({ ip: p.hostIP || BIND_ALL_HOST_IP, key: `${p.protocol || 'TCP'}/${p.hostPort}` })
    }
  }
  return out
}

/** HostPortInfo.CheckConflict for one wanted port. */
export function checkConflict(used: UsedPorts, port: WantedPort): boolean {
  if (port.ip === BIND_ALL_HOST_IP) {
    for (const keys of used.values()) if (keys.has(port.key)) return true
    return false
  }
  return used.get(BIND_ALL_HOST_IP)?.has(port.key) === true || used.get(port.ip)?.has(port.key) === true
}

/** fitsPorts: none of the wanted ports is taken. */
export function fitsPorts(wanted: readonly WantedPort[], used: UsedPorts): boolean {
  for (let i = 0; i < wanted.length; i++) if (checkConflict(used, wanted[i] as WantedPort)) return false
  return true
}

function usedPortsOf(ports: readonly WantedPort[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>()
  for (const p of ports) {
    let keys = used.get(p.ip)
    if (!keys) used.set(p.ip, (keys = new Set()))
    keys.add(p.key)
  }
  return used
}

export class NodePorts implements PreFilterPlugin, FilterPlugin, EnqueueExtensions {
  readonly name = NAME

  preFilter(state: CycleState, pod: Pod): PreFilterOutcome {
    const wanted = wantedHostPorts(pod)
    if (wanted.length === 0) return PRE_FILTER_SKIP
    // Not changed by adding or removing other pods: no PreFilterExtensions, no clone needed.
    state.write(PRE_FILTER_STATE_KEY, wanted)
    return PRE_FILTER_OK
  }

  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    const wanted = state.read<readonly WantedPort[]>(PRE_FILTER_STATE_KEY) ?? wantedHostPorts(pod)
    return fitsPorts(wanted, nodeInfo.usedPorts) ? null : NO_FREE_PORTS
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      // Container ports are immutable, so pod updates never free one.
      { event: { resource: 'Pod', actionType: ActionType.Delete }, hint: isSchedulableAfterPodDeleted },
      // With queueing hints on (the v1.33 default), only a new node; retried without a hint.
      { event: { resource: 'Node', actionType: ActionType.Add } },
    ]
  }
}

/** Queue only when the deleted pod held (or was nominated to hold) a port this pod wants. */
function isSchedulableAfterPodDeleted(pod: Pod, oldObj: unknown): QueueingHint {
  const deleted = oldObj as Pod
  if (!deleted.spec?.nodeName && !deleted.status?.nominatedNodeName) return 'QueueSkip'
  const freed = wantedHostPorts(deleted)
  if (freed.length === 0) return 'QueueSkip'
  // Would the pod fit on a node holding only the deleted pod's ports? Then nothing it wants was freed.
  return fitsPorts(wantedHostPorts(pod), usedPortsOf(freed)) ? 'QueueSkip' : 'Queue'
}
