/**
 * InterPodAffinity: spec.affinity.podAffinity / podAntiAffinity.
 * - PreFilter counts, per topology pair, the existing pods' required anti-affinity terms that
 *   select the incoming pod (walking only nodes with such pods), and — only when the incoming pod
 *   has required terms — the existing pods its required affinity / anti-affinity terms select
 *   (walking every node). Skip when nothing was counted and the pod has no required terms.
 *   AddPod/RemovePod keep the counts right for preemption's dry runs and nominated pods.
 * - Filter, in upstream order: `node(s) didn't match pod affinity rules`
 *   (UnschedulableAndUnresolvable), `node(s) didn't match pod anti-affinity rules` (Unschedulable),
 *   `node(s) didn't satisfy existing pods anti-affinity rules` (Unschedulable). A pod whose
 *   affinity terms select itself passes when no pod anywhere matches them (the first of a group).
 * - PreScore/Score: weights summed per topology pair (scoring.ts), normalized to [0, 100] between
 *   the lowest and highest node. Skip when there is nothing to score.
 * - Args: hardPodAffinityWeight (default 1), ignorePreferredTermsOfExistingPods (args.ts).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/interpodaffinity/plugin.go, filtering.go,
 * scoring.go.
 */
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  FilterPlugin,
  Handle,
  PreFilterExtensions,
  PreFilterOutcome,
  PreFilterPlugin,
  PreScorePlugin,
  ScoreExtensions,
  ScorePlugin,
} from '../../framework/interfaces'
import { PluginError } from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { newPodInfo } from '../../framework/pod-info'
import { constStatus, errorStatus, SKIP, type Status } from '../../framework/status'
import {
  defaultInterPodAffinityArgs,
  HARD_POD_AFFINITY_WEIGHT_RANGE,
  type InterPodAffinityArgs,
  validHardPodAffinityWeight,
} from './args'
import {
  incomingAffinityAntiAffinityCounts,
  PreFilterState,
  satisfyExistingPodsAntiAffinity,
  satisfyPodAffinity,
  satisfyPodAntiAffinity,
} from './filtering'
import { INTER_POD_AFFINITY_EVENTS } from './hints'
import { normalizeScores, type PreScoreState, scoreNode, topologyScore } from './scoring'
import { mergeTermNamespaces, namespaceLabelsSnapshot } from './terms'
import { ExistingAntiAffinityShares, IncomingShares, ScoringPods } from './walk-cache'

export type { InterPodAffinityArgs }

export const NAME = 'InterPodAffinity'
export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH =
  "node(s) didn't satisfy existing pods anti-affinity rules"
export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules"
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules"

export const PRE_FILTER_STATE_KEY = `PreFilter${NAME}`
export const PRE_SCORE_STATE_KEY = `PreScore${NAME}`

const AFFINITY_MISMATCH = constStatus(
  'UnschedulableAndUnresolvable',
  ERR_REASON_AFFINITY_RULES_NOT_MATCH,
  NAME,
)
const ANTI_AFFINITY_MISMATCH = constStatus('Unschedulable', ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH, NAME)
const EXISTING_ANTI_AFFINITY_MISMATCH = constStatus(
  'Unschedulable',
  ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH,
  NAME,
)

/** The error texts upstream gives when a state is missing (framework.ErrNotFound). */
const preFilterStateMissing = () =>
  errorStatus(`error reading "${PRE_FILTER_STATE_KEY}" from cycleState: not found`, NAME)
const preScoreStateMissing = () => `failed to read "${PRE_SCORE_STATE_KEY}" from cycleState: not found`

export class InterPodAffinity
  implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions
{
  readonly name = NAME
  readonly args: Required<InterPodAffinityArgs>
  private readonly existingShares = new ExistingAntiAffinityShares()
  private readonly incomingShares = new IncomingShares()
  private readonly scoringPods: ScoringPods

  /** Invalid args are refused here too (New validates); the configuration reports them first. */
  constructor(
    private readonly handle: Pick<Handle, 'snapshot' | 'listers'>,
    args: InterPodAffinityArgs = {},
  ) {
    this.args = defaultInterPodAffinityArgs(args)
    this.scoringPods = new ScoringPods(this.args.hardPodAffinityWeight)
    if (!validHardPodAffinityWeight(this.args.hardPodAffinityWeight)) {
      throw new Error(
        `hardPodAffinityWeight: Invalid value: ${this.args.hardPodAffinityWeight}: ${HARD_POD_AFFINITY_WEIGHT_RANGE}`,
      )
    }
  }

  preFilter(state: CycleState, pod: Pod, _allNodes: readonly NodeInfo[]): PreFilterOutcome {
    const namespaces = this.handle.listers.namespaces
    const pi = newPodInfo(pod)
    const affinity = pi.requiredAffinityTerms.map((t) => mergeTermNamespaces(t, namespaces))
    const antiAffinity = pi.requiredAntiAffinityTerms.map((t) => mergeTermNamespaces(t, namespaces))
    const nsLabels = namespaceLabelsSnapshot(namespaces, pod.metadata?.namespace ?? '')
    const snapshot = this.handle.snapshot
    // The walks' counts, kept between cycles (walk-cache.ts); the walk itself when a term cannot
    // be kept. Upstream walks allNodes; the nodes without pods add nothing, so only those with
    // pods are walked (asked for only when there is something to walk for).
    const existing = this.existingShares.counts(pod, nsLabels, snapshot)
    const hasTerms = affinity.length > 0 || antiAffinity.length > 0
    const incoming =
      (hasTerms ? this.incomingShares.counts(affinity, antiAffinity, snapshot) : undefined) ??
      incomingAffinityAntiAffinityCounts(affinity, antiAffinity, hasTerms ? snapshot.havePodsList() : [])
    if (existing.size === 0 && affinity.length === 0 && antiAffinity.length === 0) {
      return { result: null, status: SKIP }
    }
    state.write(
      PRE_FILTER_STATE_KEY,
      new PreFilterState(
        pod,
        affinity,
        antiAffinity,
        nsLabels,
        existing,
        incoming.affinity,
        incoming.antiAffinity,
      ),
    )
    return { result: null, status: null }
  }

  readonly preFilterExtensions: PreFilterExtensions = {
    addPod: (state, _podToSchedule, podInfoToAdd, nodeInfo) => {
      const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
      if (s === undefined) return preFilterStateMissing()
      s.updateWithPod(podInfoToAdd, nodeInfo.node, 1)
      return null
    },
    removePod: (state, _podToSchedule, podInfoToRemove, nodeInfo) => {
      const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
      if (s === undefined) return preFilterStateMissing()
      s.updateWithPod(podInfoToRemove, nodeInfo.node, -1)
      return null
    },
  }

  filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status | null {
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
    if (s === undefined) return preFilterStateMissing()
    const node = nodeInfo.node
    if (node === null) return errorStatus('node not found', NAME)
    if (!satisfyPodAffinity(s, node)) return AFFINITY_MISMATCH
    if (!satisfyPodAntiAffinity(s, node)) return ANTI_AFFINITY_MISMATCH
    if (!satisfyExistingPodsAntiAffinity(s, node)) return EXISTING_ANTI_AFFINITY_MISMATCH
    return null
  }

  preScore(state: CycleState, pod: Pod): Status | null {
    const pi = newPodInfo(pod)
    const hasConstraints = pi.preferredAffinityTerms.length > 0 || pi.preferredAntiAffinityTerms.length > 0
    // Optionally, existing pods' preferences are ignored when the incoming pod has none.
    if (this.args.ignorePreferredTermsOfExistingPods && !hasConstraints) return SKIP
    const snapshot = this.handle.snapshot
    // Nothing could score (the walk would find nothing): Skip, as after an empty walk.
    if (!hasConstraints && this.scoringPods.count(snapshot) === 0) return SKIP
    // Unless the incoming pod has preferred terms, only pods with affinity terms can score.
    const nodes = hasConstraints ? snapshot.list() : snapshot.havePodsWithAffinityList()
    const namespaces = this.handle.listers.namespaces
    const m = topologyScore(
      {
        pod,
        preferredAffinityTerms: pi.preferredAffinityTerms.map((t) => mergeTermNamespaces(t, namespaces)),
        preferredAntiAffinityTerms: pi.preferredAntiAffinityTerms.map((t) =>
          mergeTermNamespaces(t, namespaces),
        ),
        namespaceLabels: namespaceLabelsSnapshot(namespaces, pod.metadata?.namespace ?? ''),
      },
      nodes,
      hasConstraints,
      this.args.hardPodAffinityWeight,
    )
    if (m.size === 0) return SKIP
    const s: PreScoreState = { topologyScore: m }
    state.write(PRE_SCORE_STATE_KEY, s)
    return null
  }

  score(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): number {
    const s = state.read<PreScoreState>(PRE_SCORE_STATE_KEY)
    if (s === undefined) throw new PluginError(preScoreStateMissing())
    return scoreNode(s.topologyScore, nodeInfo.node?.metadata?.labels)
  }

  readonly scoreExtensions: ScoreExtensions = {
    normalizeScore: (state, _pod, _nodes, scores) => {
      const s = state.read<PreScoreState>(PRE_SCORE_STATE_KEY)
      if (s === undefined) return errorStatus(preScoreStateMissing(), NAME)
      normalizeScores(s.topologyScore, scores)
      return null
    },
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return INTER_POD_AFFINITY_EVENTS
  }
}
