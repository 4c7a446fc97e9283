/**
 * NodeAffinity.
 * - PreFilter: Skip when the pod has no nodeSelector and no required node affinity; when every
 *   required term names nodes with `metadata.name In`, narrow Filter to those nodes.
 * - Filter: spec.nodeSelector and requiredDuringScheduling… must both match the node's labels
 *   (`node(s) didn't match Pod's node affinity/selector`, UnschedulableAndUnresolvable).
 * - PreScore/Score: the sum of the weights of the matching preferredDuringScheduling… terms,
 *   normalized so the best node gets 100. PreScore skips pods without preferred terms.
 * - Args: `addedAffinity` (a scheduler-enforced node affinity for every pod of the profile).
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go.
 */
import type { NodeAffinity as NodeAffinitySpec, PreferredSchedulingTerm } from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import {
  type ClusterEventWithHint,
  type EnqueueExtensions,
  type FilterPlugin,
  MAX_NODE_SCORE,
  PRE_FILTER_OK,
  type PreFilterOutcome,
  type PreFilterPlugin,
  type PreScorePlugin,
  type ScoreExtensions,
  type ScorePlugin,
} from '../../framework/interfaces'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, newStatus, SKIP, type Status } from '../../framework/status'
import { matchNodeSelector, matchRequiredNodeAffinity, preferredScore } from '../helper/node-affinity'
import { defaultNormalizeScore } from '../helper/normalize-score'

export const NAME = 'NodeAffinity'
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector"
export const ERR_REASON_ENFORCED = "node(s) didn't match scheduler-enforced node affinity"
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict'

const POD_MISMATCH = constStatus('UnschedulableAndUnresolvable', ERR_REASON_POD, NAME)
const ENFORCED_MISMATCH = constStatus('UnschedulableAndUnresolvable', ERR_REASON_ENFORCED, NAME)
const PRE_SCORE_STATE_KEY = `PreScore${NAME}`

export interface NodeAffinityArgs {
  readonly addedAffinity?: NodeAffinitySpec
}

function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>()
  for (const x of a) if (b.has(x)) out.add(x)
  return out
}

export class NodeAffinity
  implements PreFilterPlugin, FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions
{
  readonly name = NAME
  private readonly addedAffinity: NodeAffinitySpec | undefined

  constructor(args: NodeAffinityArgs = {}) {
    this.addedAffinity = args.addedAffinity
  }

  private matchesAdded(node: Node): boolean {
    const required = this.addedAffinity?.requiredDuringSchedulingIgnoredDuringExecution
    return !required || matchNodeSelector(node, required)
  }

  preFilter(_state: CycleState, pod: Pod): PreFilterOutcome {
    const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution
    if (
      !required &&
      !this.addedAffinity?.requiredDuringSchedulingIgnoredDuringExecution &&
      !pod.spec?.nodeSelector
    ) {
      return { result: null, status: SKIP }
    }
    if (!required || required.nodeSelectorTerms.length === 0) return PRE_FILTER_OK
    // If every term pins node names, only those nodes can match (terms are ORed, fields ANDed).
    let nodeNames: Set<string> | null = null
    for (const term of required.nodeSelectorTerms) {
      let termNames: Set<string> | null = null
      for (const r of term.matchFields ?? []) {
        if (r.key !== 'metadata.name' || r.operator !== 'In') continue
        const s = new Set<string>(r.values ?? [])
        termNames = termNames === null ? s : intersect(termNames, s)
      }
      if (termNames === null) return PRE_FILTER_OK
      nodeNames = nodeNames === null ? termNames : new Set([...nodeNames, ...termNames])
    }
    if (nodeNames !== null && nodeNames.size === 0) {
      return { result: null, status: newStatus('UnschedulableAndUnresolvable', [ERR_REASON_CONFLICT], NAME) }
    }
    return nodeNames !== null ? { result: { nodeNames }, status: null } : PRE_FILTER_OK
  }

  filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    const node = nodeInfo.node as Node
    if (!this.matchesAdded(node)) return ENFORCED_MISMATCH
    return matchRequiredNodeAffinity(pod, node) ? null : POD_MISMATCH
  }

  preScore(state: CycleState, pod: Pod): Status | null {
    const preferred = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution
    const added = this.addedAffinity?.preferredDuringSchedulingIgnoredDuringExecution
    if (!preferred && !added) return SKIP
    state.write(PRE_SCORE_STATE_KEY, preferred ?? [])
    return null
  }

  score(state: CycleState, pod: Pod, nodeInfo: NodeInfo): number {
    const node = nodeInfo.node as Node
    const preferred =
      state.read<readonly PreferredSchedulingTerm[]>(PRE_SCORE_STATE_KEY) ??
      pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ??
      []
    const added = this.addedAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []
    return preferredScore(node, added) + preferredScore(node, preferred)
  }

  readonly scoreExtensions: ScoreExtensions = {
    normalizeScore: (_state, _pod, _nodes, scores) => defaultNormalizeScore(MAX_NODE_SCORE, false, scores),
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeLabel },
        // Worth a retry only when the node now matches and did not before.
        hint: (pod, oldObj, newObj) => {
          const after = newObj as Node
          if (!this.matchesAdded(after) || !matchRequiredNodeAffinity(pod, after)) return 'QueueSkip'
          if (oldObj === undefined) return 'Queue'
          return matchRequiredNodeAffinity(pod, oldObj as Node) ? 'QueueSkip' : 'Queue'
        },
      },
    ]
  }
}
