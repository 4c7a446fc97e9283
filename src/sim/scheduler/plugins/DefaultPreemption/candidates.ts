/**
 * Preemption's search, without side effects: which nodes could take the pod if some lower-priority
 * pods left, which pods would have to leave (the fewest, least important first), and which node
 * to pick among the candidates.
 *
 * kube-scheduler v1.33: pkg/scheduler/framework/preemption/preemption.go (findCandidates,
 * DryRunPreemption, SelectCandidate, pickOneNodeForPreemption) and
 * plugins/defaultpreemption/default_preemption.go (SelectVictimsOnNode, PodEligibleToPreemptOthers,
 * calculateNumCandidates), pkg/scheduler/util (MoreImportantPod, GetEarliestPodStartTime).
 *
 * Simplifications: PodDisruptionBudgets are not simulated, so no victim ever violates one and
 * every candidate is "non-violating". Upstream dry-runs nodes in parallel and stops once enough
 * candidates are found, so which candidates it finds beyond the first varies; here nodes are tried
 * one after another from the random offset, so the set is exact.
 */
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import type { Handle } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { NodeToStatus } from '../../framework/node-to-status'
import type { PodInfo } from '../../framework/pod-info'
import { errorStatus, newStatus, type Status } from '../../framework/status'

export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling'
export const NO_VICTIMS = 'No preemption victims found for incoming pod'
export const NOT_ELIGIBLE_NEVER = 'not eligible due to preemptionPolicy=Never.'
export const NOT_ELIGIBLE_TERMINATING = 'not eligible due to a terminating pod on the nominated node.'

export interface Candidate {
  readonly nodeName: string
  /** Most important first. */
  readonly victims: readonly Pod[]
  readonly numPDBViolations: number
}

export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0
}

/** GetPodStartTime: status.startTime, or now when the pod has not started. */
function startTimeMs(pod: Pod, nowMs: number): number {
  const t = pod.status?.startTime
  const ms = t ? Date.parse(t) : Number.NaN
  return Number.isNaN(ms) ? nowMs : ms
}

/** MoreImportantPod: higher priority, then the one running longer. */
export function moreImportantPod(a: Pod, b: Pod, nowMs: number): boolean {
  const pa = podPriority(a)
  const pb = podPriority(b)
  if (pa !== pb) return pa > pb
  return startTimeMs(a, nowMs) < startTimeMs(b, nowMs)
}

/** podTerminatingByPreemption: deleting, with DisruptionTarget=True from the scheduler. */
export function podTerminatingByPreemption(pod: Pod): boolean {
  if (!pod.metadata?.deletionTimestamp) return false
  const c = pod.status?.conditions?.find((x) => x.type === 'DisruptionTarget')
  return c !== undefined && c.status === 'True' && c.reason === 'PreemptionByScheduler'
}

/** PodEligibleToPreemptOthers: '' when eligible, else the reason. */
export function ineligibility(pod: Pod, nominatedNodeStatus: Status, handle: Handle): string {
  if (pod.spec?.preemptionPolicy === 'Never') return NOT_ELIGIBLE_NEVER
  const nominated = pod.status?.nominatedNodeName
  if (!nominated) return ''
  // Its nominated node no longer fits at all: preempting elsewhere is allowed again.
  if (nominatedNodeStatus.code === 'UnschedulableAndUnresolvable') return ''
  const ni = handle.snapshot.get(nominated)
  const priority = podPriority(pod)
  for (const p of ni?.pods ?? []) {
    if (podPriority(p.pod) < priority && podTerminatingByPreemption(p.pod)) return NOT_ELIGIBLE_TERMINATING
  }
  return ''
}

/** calculateNumCandidates: max(percentage of nodes, absolute minimum), at most all nodes. */
export function numCandidates(numNodes: number, percentage: number, absolute: number): number {
  return Math.min(numNodes, Math.max(Math.trunc((numNodes * percentage) / 100), absolute))
}

/**
 * SelectVictimsOnNode: remove every lower-priority pod, check the pod fits; then give pods back,
 * most important first, as long as the pod still fits. The ones that could not come back are the
 * victims. `nodeInfo` and `state` are copies this function may change.
 */
export function selectVictimsOnNode(
  handle: Handle,
  state: CycleState,
  pod: Pod,
  nodeInfo: NodeInfo,
  nowMs: number,
): { victims: Pod[]; status: Status | null } {
  const fw = handle.framework
  const priority = podPriority(pod)
  const potential: PodInfo[] = nodeInfo.pods.filter((p) => podPriority(p.pod) < priority)
  const remove = (pi: PodInfo): Status | null => {
    nodeInfo.removePod(pi.uid)
    return fw.runPreFilterExtensionRemovePod(state, pod, pi, nodeInfo)
  }
  const add = (pi: PodInfo): Status | null => {
    nodeInfo.addPod(pi)
    return fw.runPreFilterExtensionAddPod(state, pod, pi, nodeInfo)
  }
  for (const pi of potential) {
    const s = remove(pi)
    if (s !== null) return { victims: [], status: s }
  }
  if (potential.length === 0) {
    return { victims: [], status: newStatus('UnschedulableAndUnresolvable', [NO_VICTIMS]) }
  }
  const fits = fw.runFilterPluginsWithNominatedPods(state, pod, nodeInfo)
  if (fits !== null && fits.code !== 'Success') return { victims: [], status: fits }
  potential.sort((a, b) =>
    moreImportantPod(a.pod, b.pod, nowMs) ? -1 : moreImportantPod(b.pod, a.pod, nowMs) ? 1 : 0,
  )
  const victims: Pod[] = []
  for (const pi of potential) {
    const s = add(pi)
    if (s !== null) return { victims: [], status: s }
    const stillFits = fw.runFilterPluginsWithNominatedPods(state, pod, nodeInfo)
    if (stillFits !== null && stillFits.code !== 'Success') {
      const r = remove(pi)
      if (r !== null) return { victims: [], status: r }
      victims.push(pi.pod)
    }
  }
  return { victims, status: null }
}

export interface CandidateSearch {
  readonly candidates: readonly Candidate[]
  /** Why each node that was tried is not a candidate; other nodes are absent. */
  readonly nodeToStatus: NodeToStatus
  readonly error?: Status
}

/**
 * findCandidates + DryRunPreemption: the nodes that failed with plain Unschedulable are tried,
 * from `offset` round the list, each on copies of its NodeInfo and of the cycle state, until
 * `wanted` candidates are found.
 */
export function findCandidates(
  handle: Handle,
  state: CycleState,
  pod: Pod,
  statuses: NodeToStatus,
  pickOffset: (n: number) => number,
  wanted: (n: number) => number,
  nowMs: number,
): CandidateSearch {
  const potential = handle.snapshot.list().filter((ni) => statuses.get(ni.name).code === 'Unschedulable')
  const nodeToStatus = new NodeToStatus()
  if (potential.length === 0) return { candidates: [], nodeToStatus }
  const offset = pickOffset(potential.length)
  const n = wanted(potential.length)
  const candidates: Candidate[] = []
  let error: Status | undefined
  for (let i = 0; i < potential.length && candidates.length < n; i++) {
    const ni = potential[(offset + i) % potential.length] as NodeInfo
    const { victims, status } = selectVictimsOnNode(handle, state.clone(), pod, ni.clone(), nowMs)
    if (status === null && victims.length > 0) {
      candidates.push({ nodeName: ni.name, victims, numPDBViolations: 0 })
      continue
    }
    const s = status ?? errorStatus(`expected at least one victim pod on node "${ni.name}"`)
    if (s.code === 'Error') error ??= s
    nodeToStatus.set(ni.name, s)
  }
  return { candidates, nodeToStatus, ...(error ? { error } : {}) }
}

/**
 * pickOneNodeForPreemption: fewest PDB violations, then the lowest highest-priority victim, then
 * the smallest sum of priorities, then the fewest victims, then the latest start among the
 * highest-priority victims; still tied, the first candidate.
 */
export function pickOneNodeForPreemption(
  candidates: readonly Candidate[],
  nowMs: number,
): Candidate | undefined {
  const OFFSET = 2 ** 31 // MaxInt32 + 1: makes every priority non-negative before summing
  const scoreFuncs: ((c: Candidate) => number)[] = [
    (c) => -c.numPDBViolations,
    (c) => -podPriority(c.victims[0] as Pod),
    (c) => -c.victims.reduce((sum, p) => sum + podPriority(p) + OFFSET, 0),
    (c) => -c.victims.length,
    (c) => earliestStartOfTopPriority(c.victims, nowMs),
  ]
  let remaining = [...candidates]
  for (const f of scoreFuncs) {
    if (remaining.length <= 1) break
    let max = Number.NEGATIVE_INFINITY
    let best: Candidate[] = []
    for (const c of remaining) {
      const v = f(c)
      if (v > max) {
        max = v
        best = [c]
      } else if (v === max) best.push(c)
    }
    remaining = best
  }
  return remaining[0]
}

/** GetEarliestPodStartTime: among the victims of the highest priority, the earliest start. */
function earliestStartOfTopPriority(victims: readonly Pod[], nowMs: number): number {
  if (victims.length === 0) return Number.NEGATIVE_INFINITY
  const top = Math.max(...victims.map(podPriority))
  let earliest = Number.POSITIVE_INFINITY
  for (const p of victims) if (podPriority(p) === top) earliest = Math.min(earliest, startTimeMs(p, nowMs))
  return earliest
}
