/**
 * PodTopologySpread: spread pods that match a selector evenly over topology domains (nodes, zones…)
 * as spec.topologySpreadConstraints ask.
 * - PreFilter/Filter: the `DoNotSchedule` constraints (filtering.ts): a node must have every
 *   topology key (`node(s) didn't match pod topology spread constraints (missing required label)`,
 *   UnschedulableAndUnresolvable) and keep each skew within maxSkew (`node(s) didn't match pod
 *   topology spread constraints`, Unschedulable). PreFilter says Skip when there are none, which
 *   costs nothing for the usual pod. AddPod/RemovePod keep the counts right for preemption.
 * - PreScore/Score/NormalizeScore: the `ScheduleAnyway` constraints (scoring.ts); PreScore says
 *   Skip when there are none.
 * - A pod without constraints gets the default ones (defaults.ts): with `defaultingType: System`
 *   (the default) hostname maxSkew 3 and zone maxSkew 5, both ScheduleAnyway, for pods a Service
 *   or a ReplicaSet selects.
 * - Args: PodTopologySpreadArgs (args.ts). Queueing hints: queueing-hints.ts.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/podtopologyspread/ (plugin.go, common.go,
 * filtering.go, scoring.go), v1.33.
 */
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'
import { ProblemList } from '../../config/read'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import {
  type ClusterEventWithHint,
  type EnqueueExtensions,
  type FilterPlugin,
  type Handle,
  PluginError,
  PRE_FILTER_OK,
  type PreFilterExtensions,
  type PreFilterOutcome,
  type PreFilterPlugin,
  type PreScorePlugin,
  type ScoreExtensions,
  type ScorePlugin,
} from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, errorStatus, SKIP, type Status } from '../../framework/status'
import { type PodTopologySpreadArgs, readPodTopologySpreadArgs } from './args'
import { type Constraint, toConstraints, type UnsatisfiableAction } from './common'
import { buildDefaultConstraints, SYSTEM_DEFAULT_CONSTRAINTS } from './defaults'
import { calPreFilterState, filterNode, PreFilterState, updateWithPod } from './filtering'
import { KeptSpreadCounts } from './kept-counts'
import { nodeChangeHint, podChangeHint } from './queueing-hints'
import { calPreScoreState, normalizeScores, type PreScoreState, scoreNode } from './scoring'

export const NAME = 'PodTopologySpread'
export const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints"
export const ERR_REASON_NODE_LABEL_NOT_MATCH = `${ERR_REASON_CONSTRAINTS_NOT_MATCH} (missing required label)`

const CONSTRAINTS_NOT_MATCH = constStatus('Unschedulable', ERR_REASON_CONSTRAINTS_NOT_MATCH, NAME)
const NODE_LABEL_NOT_MATCH = constStatus(
  'UnschedulableAndUnresolvable',
  ERR_REASON_NODE_LABEL_NOT_MATCH,
  NAME,
)
const PRE_FILTER_STATE_KEY = `PreFilter${NAME}`
const PRE_SCORE_STATE_KEY = `PreScore${NAME}`
const SKIP_PRE_FILTER: PreFilterOutcome = Object.freeze({ result: null, status: SKIP })

export class PodTopologySpread
  implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions
{
  readonly name = NAME
  /** The constraints of pods that have none (empty: no defaulting). */
  readonly defaultConstraints: readonly TopologySpreadConstraint[]
  /** defaultingType System: nodes need not carry every default topology key to be scored. */
  readonly systemDefaulted: boolean
  /** PreScore's and Score's counts, kept between cycles (kept-counts.ts). */
  private readonly keptCounts = new KeptSpreadCounts()

  /** Invalid args are refused here too, as New validates them; the configuration reports them first. */
  constructor(
    private readonly handle: Handle,
    args: PodTopologySpreadArgs = {},
  ) {
    const problems = new ProblemList()
    const read = readPodTopologySpreadArgs(problems, args, 'args')
    if (problems.size > 0) {
      throw new Error(`${NAME}: ${problems.problems.map((p) => p.message).join(', ')}`)
    }
    this.systemDefaulted = read.defaultingType === 'System'
    this.defaultConstraints = this.systemDefaulted
      ? SYSTEM_DEFAULT_CONSTRAINTS
      : (read.defaultConstraints ?? [])
  }

  /** getConstraints (and the soft half of initPreScoreState): the pod's constraints of one action. */
  constraintsOf(pod: Pod, action: UnsatisfiableAction): Constraint[] {
    const own = pod.spec?.topologySpreadConstraints
    if (own && own.length > 0) return toConstraints(own, pod.metadata?.labels, action)
    if (this.defaultConstraints.length === 0) return []
    return buildDefaultConstraints(pod, this.defaultConstraints, action, this.handle.listers)
  }

  preFilter(state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): PreFilterOutcome {
    const constraints = this.constraintsOf(pod, 'DoNotSchedule')
    if (constraints.length === 0) return SKIP_PRE_FILTER
    state.write(PRE_FILTER_STATE_KEY, calPreFilterState(pod, constraints, nodes))
    return PRE_FILTER_OK
  }

  private updateState(
    state: CycleState,
    pod: Pod,
    other: Pod,
    nodeInfo: NodeInfo,
    delta: number,
  ): Status | null {
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
    if (!(s instanceof PreFilterState))
      return errorStatus(`reading "${PRE_FILTER_STATE_KEY}" from cycleState`, NAME)
    updateWithPod(s, other, pod, nodeInfo.node, delta)
    return null
  }

  readonly preFilterExtensions: PreFilterExtensions = {
    addPod: (state, pod, podInfo, nodeInfo) => this.updateState(state, pod, podInfo.pod, nodeInfo, 1),
    removePod: (state, pod, podInfo, nodeInfo) => this.updateState(state, pod, podInfo.pod, nodeInfo, -1),
  }

  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
    if (!s) return errorStatus(`reading "${PRE_FILTER_STATE_KEY}" from cycleState`, NAME)
    switch (filterNode(s, pod, nodeInfo.node as Node)) {
      case 'fits':
        return null
      case 'missing-label':
        return NODE_LABEL_NOT_MATCH
      case 'skew':
        return CONSTRAINTS_NOT_MATCH
    }
  }

  preScore(state: CycleState, pod: Pod, nodes: readonly NodeInfo[]): Status | null {
    const allNodes = this.handle.snapshot.list()
    if (allNodes.length === 0) return SKIP
    const constraints = this.constraintsOf(pod, 'ScheduleAnyway')
    if (constraints.length === 0) return SKIP
    // Only the pod's own constraints and List defaults need every topology key on a node.
    const own = pod.spec?.topologySpreadConstraints
    const requireAllTopologies = (own !== undefined && own.length > 0) || !this.systemDefaulted
    state.write(
      PRE_SCORE_STATE_KEY,
      calPreScoreState(
        pod,
        constraints,
        nodes,
        allNodes,
        requireAllTopologies,
        this.keptCounts.for(pod, constraints, requireAllTopologies, this.handle.snapshot),
      ),
    )
    return null
  }

  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    const s = state.read<PreScoreState>(PRE_SCORE_STATE_KEY)
    if (!s) throw new PluginError(`reading "${PRE_SCORE_STATE_KEY}" from cycleState`)
    return scoreNode(s, pod, nodeInfo)
  }

  readonly scoreExtensions: ScoreExtensions = {
    normalizeScore: (state, _pod, nodes, scores) => {
      const s = state.read<PreScoreState>(PRE_SCORE_STATE_KEY)
      if (!s) return errorStatus(`reading "${PRE_SCORE_STATE_KEY}" from cycleState`, NAME)
      normalizeScores(s, nodes, scores)
      return null
    },
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: {
          resource: 'Pod',
          actionType:
            ActionType.Add | ActionType.UpdatePodLabel | ActionType.UpdatePodToleration | ActionType.Delete,
        },
        hint: (pod, oldObj, newObj) =>
          podChangeHint(
            this.constraintsOf(pod, 'DoNotSchedule'),
            pod,
            oldObj as Pod | undefined,
            newObj as Pod | undefined,
          ),
      },
      {
        event: {
          resource: 'Node',
          actionType:
            ActionType.Add | ActionType.Delete | ActionType.UpdateNodeLabel | ActionType.UpdateNodeTaint,
        },
        hint: (pod, oldObj, newObj) =>
          nodeChangeHint(
            this.constraintsOf(pod, 'DoNotSchedule'),
            oldObj as Node | undefined,
            newObj as Node | undefined,
          ),
      },
    ]
  }
}
