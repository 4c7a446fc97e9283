/**
 * DefaultPreemption (PostFilter), first cut: it says why preemption cannot help, in the words the
 * real plugin uses, but never evicts anyone yet.
 *
 * What v1.33 does (pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go and
 * framework/preemption/preemption.go): a pod with preemptionPolicy Never is not eligible; nodes
 * that failed with UnschedulableAndUnresolvable are not candidates ("Preemption is not helpful for
 * scheduling"); on the others it removes every lower-priority pod in a dry run: if there is none,
 * "No preemption victims found for incoming pod"; if the pod still does not fit, the filter's
 * reason; otherwise the node is a candidate and victims are evicted.
 *
 * Simplification (until preemption is simulated): every node that failed with Unschedulable is
 * reported as "No preemption victims found for incoming pod", whatever pods it runs. That is the
 * exact v1.33 text whenever no lower-priority pod exists, which is the case in clusters where pods
 * keep the default priority 0.
 */
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { fitErrorMessage } from '../../framework/fit-error'
import type { Handle, PostFilterOutcome, PostFilterPlugin } from '../../framework/interfaces'
import { NodeToStatus } from '../../framework/node-to-status'
import { newStatus } from '../../framework/status'

export const NAME = 'DefaultPreemption'
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling'
export const NO_VICTIMS = 'No preemption victims found for incoming pod'

export interface DefaultPreemptionArgs {
  readonly minCandidateNodesPercentage?: number
  readonly minCandidateNodesAbsolute?: number
}

export class DefaultPreemption implements PostFilterPlugin {
  readonly name = NAME

  constructor(
    private readonly handle: Pick<Handle, 'snapshot'>,
    readonly args: Required<DefaultPreemptionArgs> = {
      minCandidateNodesPercentage: 10,
      minCandidateNodesAbsolute: 100,
    },
  ) {}

  postFilter(_state: CycleState, pod: Pod, statuses: NodeToStatus): PostFilterOutcome {
    const message = this.preempt(pod, statuses)
    return { result: null, status: newStatus('Unschedulable', [`preemption: ${message}`], NAME) }
  }

  /** Evaluator.Preempt's message when no candidate is found. */
  private preempt(pod: Pod, statuses: NodeToStatus): string {
    if (pod.spec?.preemptionPolicy === 'Never') return 'not eligible due to preemptionPolicy=Never.'
    const nodes = this.handle.snapshot.list()
    const result = new NodeToStatus()
    result.absentNodesStatus = newStatus('UnschedulableAndUnresolvable', [PREEMPTION_NOT_HELPFUL])
    for (const ni of nodes) {
      const s = statuses.get(ni.name)
      result.set(
        ni.name,
        s.code === 'UnschedulableAndUnresolvable'
          ? newStatus('UnschedulableAndUnresolvable', [PREEMPTION_NOT_HELPFUL])
          : newStatus('UnschedulableAndUnresolvable', [NO_VICTIMS]),
      )
    }
    return fitErrorMessage({
      numAllNodes: nodes.length,
      diagnosis: {
        nodeToStatus: result,
        unschedulablePlugins: new Set(),
        preFilterMsg: '',
        postFilterMsg: '',
      },
    })
  }
}
