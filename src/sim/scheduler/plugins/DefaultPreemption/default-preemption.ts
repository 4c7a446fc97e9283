/**
 * DefaultPreemption (PostFilter, and PreEnqueue with async preemption): when no node fits a pod,
 * find a node where evicting lower-priority pods would make room, nominate the pod to it and evict
 * those pods; or say, in FailedScheduling's `preemption: …` part, why preemption cannot help.
 *
 * kube-scheduler v1.33: pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go and
 * pkg/scheduler/framework/preemption/preemption.go (Evaluator.Preempt). The search is in
 * candidates.ts, the evictions in executor.ts.
 *
 * Messages (the PostFilter status, prefixed `preemption: `):
 * - preemptionPolicy Never: `not eligible due to preemptionPolicy=Never.`
 * - victims of an earlier preemption still terminating on the nominated node:
 *   `not eligible due to a terminating pod on the nominated node.`
 * - no candidate: a second FitError over the dry run's verdicts — `Preemption is not helpful for
 *   scheduling` for nodes that were not tried (UnschedulableAndUnresolvable ones), `No preemption
 *   victims found for incoming pod` where no lower-priority pod runs, or the Filter reason that
 *   remains with every lower-priority pod gone.
 * With a candidate the status is Success and carries no message, so FailedScheduling lists only
 * the Filter reasons; the nomination goes to status.nominatedNodeName.
 */
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType } from '../../framework/events'
import { fitErrorMessage } from '../../framework/fit-error'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  Handle,
  PostFilterOutcome,
  PostFilterPlugin,
  PreEnqueuePlugin,
} from '../../framework/interfaces'
import type { NodeToStatus } from '../../framework/node-to-status'
import { constStatus, newStatus, type Status, statusMessage } from '../../framework/status'
import {
  findCandidates,
  ineligibility,
  numCandidates,
  PREEMPTION_NOT_HELPFUL,
  pickOneNodeForPreemption,
} from './candidates'
import { PreemptionExecutor } from './executor'

export { NO_VICTIMS, PREEMPTION_NOT_HELPFUL } from './candidates'

export const NAME = 'DefaultPreemption'
export const WAITING_FOR_PREEMPTION = 'waiting for the preemption for this pod to be finished'

export interface DefaultPreemptionArgs {
  readonly minCandidateNodesPercentage?: number
  readonly minCandidateNodesAbsolute?: number
}

const WAITING = constStatus('UnschedulableAndUnresolvable', WAITING_FOR_PREEMPTION, NAME)

export class DefaultPreemption implements PostFilterPlugin, PreEnqueuePlugin, EnqueueExtensions {
  readonly name = NAME
  private readonly executor: PreemptionExecutor

  constructor(
    private readonly handle: Handle,
    readonly args: Required<DefaultPreemptionArgs> = {
      minCandidateNodesPercentage: 10,
      minCandidateNodesAbsolute: 100,
    },
  ) {
    this.executor = new PreemptionExecutor(handle)
  }

  /** While its victims are being evicted, the preemptor waits outside activeQ. */
  preEnqueue(pod: Pod): Status | null {
    return this.executor.isPodRunningPreemption(pod.metadata?.uid) ? WAITING : null
  }

  eventsToRegister(): readonly ClusterEventWithHint[] {
    // The pods this plugin gates were rejected by others too, whose hints decide; this one only
    // makes a victim's deletion an event the gated pod is told about.
    return [{ event: { resource: 'AssignedPod', actionType: ActionType.Delete }, hint: () => 'QueueSkip' }]
  }

  postFilter(state: CycleState, pod: Pod, statuses: NodeToStatus): PostFilterOutcome {
    const { result, status } = this.preempt(state, pod, statuses)
    const msg = statusMessage(status)
    return {
      result,
      status: msg === '' ? status : newStatus(status?.code ?? 'Unschedulable', [`preemption: ${msg}`], NAME),
    }
  }

  /** Evaluator.Preempt. */
  private preempt(state: CycleState, pod: Pod, statuses: NodeToStatus): PostFilterOutcome {
    const nominatedStatus = statuses.get(pod.status?.nominatedNodeName ?? '')
    const why = ineligibility(pod, nominatedStatus, this.handle)
    if (why !== '') return { result: null, status: newStatus('Unschedulable', [why], NAME) }

    const allNodes = this.handle.snapshot.list()
    if (allNodes.length === 0)
      return { result: null, status: newStatus('Error', ['no nodes available'], NAME) }
    const nowMs = this.nowMs()
    const { minCandidateNodesPercentage: pct, minCandidateNodesAbsolute: abs } = this.args
    const search = findCandidates(
      this.handle,
      state,
      pod,
      statuses,
      (n) => this.handle.rng.intn(n),
      (n) => numCandidates(n, pct, abs),
      nowMs,
    )
    if (search.candidates.length === 0) {
      if (search.error) return { result: null, status: search.error }
      search.nodeToStatus.absentNodesStatus = newStatus('UnschedulableAndUnresolvable', [
        PREEMPTION_NOT_HELPFUL,
      ])
      const message = fitErrorMessage({
        numAllNodes: allNodes.length,
        diagnosis: {
          nodeToStatus: search.nodeToStatus,
          unschedulablePlugins: new Set(),
          preFilterMsg: '',
          postFilterMsg: '',
        },
      })
      // NominatedNode(''): clear an earlier nomination.
      return { result: { nominatedNodeName: '' }, status: newStatus('Unschedulable', [message], NAME) }
    }
    const best = pickOneNodeForPreemption(search.candidates, nowMs)
    if (!best)
      return { result: null, status: newStatus('Unschedulable', ['no candidate node for preemption'], NAME) }
    this.executor.prepareCandidateAsync(best, pod)
    return {
      result: {
        nominatedNodeName: best.nodeName,
        victims: best.victims.map((v) => `${v.metadata?.namespace}/${v.metadata?.name}`),
      },
      status: null,
    }
  }

  /** Wall-clock ms for "now" (pods not started yet count as starting now). */
  private nowMs(): number {
    const kernel = (this.handle.client as Partial<Handle['client']>).kernel
    return kernel ? kernel.epochMs + kernel.nowMs : 0
  }
}
