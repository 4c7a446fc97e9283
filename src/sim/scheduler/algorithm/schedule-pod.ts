/**
 * SchedulePod: the scheduling algorithm proper (Filter, then Score, then pick), without the queue,
 * the cache updates or the API calls around it.
 *
 * kube-scheduler: pkg/scheduler/schedule_one.go (SchedulePod, findNodesThatFitPod,
 * findNodesThatPassFilters, prioritizeNodes). Nodes are filtered one after another from the
 * round-robin start index until enough feasible ones are found; upstream runs 16 goroutines, so
 * which extra nodes it looks at varies from run to run, while here it is exact.
 */
import type { Pod } from '../../../api/types'
import type { Rng } from '../../kernel/rng'
import type { CycleState } from '../framework/cycle-state'
import type { Diagnosis, FitError } from '../framework/fit-error'
import type { Framework, PriorityList } from '../framework/framework'
import type { NodeInfo, NodeInfoLister } from '../framework/node-info'
import { NodeToStatus } from '../framework/node-to-status'
import { newStatus, type Status, statusMessage } from '../framework/status'
import { numFeasibleNodesToFind } from './num-feasible'
import { type Selection, selectHost } from './select-host'

/** How much of the cluster one attempt looked at. */
export interface SearchStats {
  readonly numAllNodes: number
  /** Nodes left after PreFilter narrowed them (all nodes when it did not). */
  readonly numCandidateNodes: number
  readonly numNodesToFind: number
  /** Index into the node list where Filter started (round robin across attempts). */
  readonly startIndex: number
  /** Nodes Filter looked at: feasible ones plus rejected ones. */
  readonly evaluatedNodes: number
  readonly feasibleNodes: number
  /** Set when the pod's nominated node (from preemption) passed Filter and was taken directly. */
  readonly nominatedNode?: string
}

/**
 * What one attempt found. `feasible`, `priorities` and `selection.ties` are scratch the algorithm
 * and the framework reuse: read them before the next schedulePod (the scheduler's recorder does).
 */
export type ScheduleOutcome =
  | {
      readonly kind: 'scheduled'
      readonly suggestedHost: string
      readonly search: SearchStats
      readonly feasible: readonly NodeInfo[]
      /** null when Score was skipped because exactly one node was feasible. */
      readonly priorities: PriorityList | null
      readonly selection: Selection | null
    }
  | { readonly kind: 'unschedulable'; readonly fitError: FitError; readonly search: SearchStats }
  | { readonly kind: 'no-nodes' }
  | { readonly kind: 'error'; readonly status: Status; readonly search: SearchStats | null }

/** The algorithm's state across attempts: where the next Filter pass starts. */
export class ScheduleAlgorithm {
  nextStartNodeIndex = 0
  /** The feasible nodes and the tied ones of the last attempt, reused (see ScheduleOutcome). */
  private readonly feasibleScratch: NodeInfo[] = []
  private readonly tiesScratch: number[] = []

  constructor(
    private readonly snapshot: NodeInfoLister,
    private readonly rng: Rng,
    /** KubeSchedulerConfiguration.percentageOfNodesToScore (global; a profile value wins). */
    private readonly percentageOfNodesToScore?: number,
  ) {}

  schedulePod(fwk: Framework, state: CycleState, pod: Pod): ScheduleOutcome {
    const allNodes = this.snapshot.list()
    if (allNodes.length === 0) return { kind: 'no-nodes' }
    const diagnosis: Diagnosis = {
      nodeToStatus: new NodeToStatus(),
      unschedulablePlugins: new Set(),
      preFilterMsg: '',
      postFilterMsg: '',
    }
    const stats = (candidates: number, toFind: number, start: number, feasible: number): SearchStats => ({
      numAllNodes: allNodes.length,
      numCandidateNodes: candidates,
      numNodesToFind: toFind,
      startIndex: start,
      evaluatedNodes: feasible + diagnosis.nodeToStatus.size,
      feasibleNodes: feasible,
    })

    // PreFilter.
    const pre = fwk.runPreFilterPlugins(state, pod, allNodes)
    if (pre.status !== null && pre.status.code !== 'Success') {
      if (pre.status.code === 'Error') return { kind: 'error', status: pre.status, search: null }
      // Every node gets the PreFilter's status, so preemption sees it; the message is listed once.
      diagnosis.nodeToStatus.absentNodesStatus = pre.status
      diagnosis.preFilterMsg = statusMessage(pre.status)
      if (pre.status.plugin) diagnosis.unschedulablePlugins.add(pre.status.plugin)
      return {
        kind: 'unschedulable',
        fitError: { numAllNodes: allNodes.length, diagnosis },
        search: stats(0, 0, this.nextStartNodeIndex, 0),
      }
    }
    let nodes = allNodes
    if (pre.result !== null) {
      const names = pre.result.nodeNames
      nodes = allNodes.filter((ni) => names.has(ni.name))
      diagnosis.nodeToStatus.absentNodesStatus = newStatus('UnschedulableAndUnresolvable', [
        `node(s) didn't satisfy plugin(s) [${[...pre.pluginsWithNodes].sort().join(' ')}]`,
      ])
    }

    // A node preemption nominated is likely the only one that fits: try it first (evaluateNominatedNode).
    const nominated = pod.status?.nominatedNodeName
    if (nominated) {
      const ni = this.snapshot.get(nominated)
      if (ni && (pre.result === null || pre.result.nodeNames.has(nominated))) {
        const s = fwk.runFilterPluginsWithNominatedPods(state, pod, ni)
        if (s === null) {
          const search: SearchStats = {
            ...stats(nodes.length, 1, this.nextStartNodeIndex, 1),
            nominatedNode: nominated,
          }
          return {
            kind: 'scheduled',
            suggestedHost: nominated,
            search,
            feasible: [ni],
            priorities: null,
            selection: null,
          }
        }
        if (s.code === 'Error') return { kind: 'error', status: s, search: null }
        // Its verdict is recorded by the full pass below, which looks at it again.
      }
    }

    // Filter.
    const start = this.nextStartNodeIndex
    const { feasible, numNodesToFind, error } = this.findNodesThatPassFilters(
      fwk,
      state,
      pod,
      diagnosis,
      nodes,
    )
    const processed = feasible.length + diagnosis.nodeToStatus.size
    this.nextStartNodeIndex = (this.nextStartNodeIndex + processed) % allNodes.length
    const search = stats(
      nodes.length,
      numNodesToFind,
      nodes.length > 0 ? start % nodes.length : 0,
      feasible.length,
    )
    if (error) return { kind: 'error', status: error, search }
    if (feasible.length === 0) {
      return { kind: 'unschedulable', fitError: { numAllNodes: allNodes.length, diagnosis }, search }
    }

    // One feasible node: no need to score.
    if (feasible.length === 1) {
      const only = feasible[0] as NodeInfo
      return {
        kind: 'scheduled',
        suggestedHost: only.name,
        search,
        feasible,
        priorities: null,
        selection: null,
      }
    }

    // Score.
    const priorities = this.prioritizeNodes(fwk, state, pod, feasible)
    if (!('totals' in priorities)) return { kind: 'error', status: priorities, search }
    const selection = selectHost(priorities.totals, this.rng, this.tiesScratch)
    const host = feasible[selection.index] as NodeInfo
    return { kind: 'scheduled', suggestedHost: host.name, search, feasible, priorities, selection }
  }

  private findNodesThatPassFilters(
    fwk: Framework,
    state: CycleState,
    pod: Pod,
    diagnosis: Diagnosis,
    nodes: readonly NodeInfo[],
  ): { feasible: NodeInfo[]; numNodesToFind: number; error: Status | null } {
    const numAllNodes = nodes.length
    let numNodesToFind = numFeasibleNodesToFind(
      fwk.percentageOfNodesToScore ?? this.percentageOfNodesToScore,
      numAllNodes,
    )
    // Without Score plugins any feasible node will do.
    if (!fwk.hasScorePlugins) numNodesToFind = Math.min(1, numAllNodes)
    // Written by index and cut to length at the end: setting `length = 0` first would drop the
    // array's storage, and every attempt would grow it again.
    const feasible = this.feasibleScratch
    let found = 0
    const start = this.nextStartNodeIndex
    if (numAllNodes === 0) {
      // No nodes: nothing to look at.
    } else if (!fwk.hasFilterPlugins) {
      for (; found < numNodesToFind; found++)
        feasible[found] = nodes[(start + found) % numAllNodes] as NodeInfo
    } else {
      for (let i = 0; i < numAllNodes; i++) {
        const ni = nodes[(start + i) % numAllNodes] as NodeInfo
        const s = fwk.runFilterPluginsWithNominatedPods(state, pod, ni)
        if (s === null) {
          feasible[found++] = ni
          if (found >= numNodesToFind) break
          continue
        }
        if (s.code === 'Error') {
          feasible.length = found
          return { feasible, numNodesToFind, error: s }
        }
        diagnosis.nodeToStatus.set(ni.name, s)
        if (s.plugin) diagnosis.unschedulablePlugins.add(s.plugin)
      }
    }
    feasible.length = found
    return { feasible, numNodesToFind, error: null }
  }

  /** prioritizeNodes: without Score plugins every node scores 1. */
  private prioritizeNodes(
    fwk: Framework,
    state: CycleState,
    pod: Pod,
    nodes: readonly NodeInfo[],
  ): PriorityList | Status {
    if (!fwk.hasScorePlugins) {
      return { nodes, plugins: [], weights: [], scores: [], totals: nodes.map(() => 1) }
    }
    const pre = fwk.runPreScorePlugins(state, pod, nodes)
    if (pre !== null && pre.code !== 'Success') return pre
    return fwk.runScorePlugins(state, pod, nodes)
  }
}
