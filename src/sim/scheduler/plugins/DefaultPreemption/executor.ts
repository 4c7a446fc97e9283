/**
 * Carrying out a preemption, asynchronously (SchedulerAsyncPreemption, beta and on in v1.33): the
 * scheduling cycle only decides; a separate process then clears the nomination of lower-priority
 * pods nominated to the node, marks each victim with DisruptionTarget=True, deletes it (with its
 * grace period) and records `Preempted` on it. While that runs, the preemptor is kept out of the
 * queue (DefaultPreemption's PreEnqueue); it is let go just before the last victim is deleted, so
 * that the deletion event finds it waiting.
 *
 * kube-scheduler v1.33: pkg/scheduler/framework/preemption/preemption.go (prepareCandidateAsync,
 * PreemptPod, clearNominatedNodeName).
 */
import { PODS } from '../../../../api/resources'
import type { KubeObject, Pod } from '../../../../api/types'
import type { Proc } from '../../../kernel/kernel'
import { Signal, wait } from '../../../kernel/kernel'
import type { Handle } from '../../framework/interfaces'
import { asPodObject } from '../../framework/pod-info'
import { type Candidate, podPriority } from './candidates'

export class PreemptionExecutor {
  /** Preemptors (by uid) whose victims are still being evicted. */
  private readonly preempting = new Set<string>()

  constructor(private readonly handle: Handle) {}

  isPodRunningPreemption(uid: string | undefined): boolean {
    return uid !== undefined && this.preempting.has(uid)
  }

  /** prepareCandidateAsync: mark the preemptor, then evict in a process of its own. */
  prepareCandidateAsync(candidate: Candidate, preemptor: Pod): void {
    const victims = candidate.victims.filter((v) => !v.metadata?.deletionTimestamp)
    if (victims.length === 0) return
    const uid = preemptor.metadata?.uid ?? ''
    this.preempting.add(uid)
    const kernel = this.handle.client.kernel
    kernel.spawn(
      this.run(candidate.nodeName, preemptor, victims, uid),
      `preempt for ${preemptor.metadata?.name}`,
    )
  }

  private *run(nodeName: string, preemptor: Pod, victims: readonly Pod[], uid: string): Proc {
    const kernel = this.handle.client.kernel
    // Lower-priority pods nominated to this node may no longer fit there: let them look again.
    const priority = podPriority(preemptor)
    for (const pi of this.handle.nominator.nominatedPodsForNode(nodeName)) {
      if (podPriority(pi.pod) >= priority || !pi.pod.status?.nominatedNodeName) continue
      const m = pi.pod.metadata ?? {}
      yield* this.handle.client.patch(
        PODS,
        m.namespace,
        m.name ?? '',
        { status: { nominatedNodeName: null } },
        'application/strategic-merge-patch+json',
        'preempt',
        'status',
      )
    }
    // All victims but the last in parallel.
    const rest = victims.slice(0, -1)
    if (rest.length > 0) {
      const done = new Signal()
      let pending = rest.length
      for (const v of rest) {
        kernel.spawn(this.preemptPod(nodeName, preemptor, v), `preempt ${v.metadata?.name}`).whenDone(() => {
          pending--
          if (pending === 0) kernel.notify(done)
        })
      }
      while (pending > 0) yield* wait(done)
    }
    // Let the preemptor go before the last deletion, so the deletion's event can requeue it.
    this.preempting.delete(uid)
    yield* this.preemptPod(nodeName, preemptor, victims[victims.length - 1] as Pod)
  }

  /** PreemptPod: DisruptionTarget condition, DELETE, and the `Preempted` event. */
  private *preemptPod(nodeName: string, preemptor: Pod, victim: Pod): Proc {
    const client = this.handle.client
    const m = victim.metadata ?? {}
    const condition = victim.status?.conditions?.find((c) => c.type === 'DisruptionTarget')
    const message = `${preemptor.spec?.schedulerName ?? this.handle.profileName}: preempting to accommodate a higher priority pod`
    if (
      !(
        condition?.status === 'True' &&
        condition.reason === 'PreemptionByScheduler' &&
        condition.message === message
      )
    ) {
      const patched = yield* client.patch(
        PODS,
        m.namespace,
        m.name ?? '',
        {
          status: {
            conditions: [
              {
                type: 'DisruptionTarget',
                status: 'True',
                reason: 'PreemptionByScheduler',
                message,
                lastProbeTime: null,
                lastTransitionTime: client.kernel.wallTime(),
              },
            ],
          },
        },
        'application/strategic-merge-patch+json',
        'preempt',
        'status',
      )
      if (patched.code === 404) return // already gone
    }
    const deleted = yield* client.delete(PODS, m.namespace, m.name ?? '', 'preempt')
    if (deleted.code === 404) return
    this.handle.eventRecorder?.event(
      asPodObject(victim) as KubeObject,
      'Normal',
      'Preempted',
      `Preempted by pod ${preemptor.metadata?.uid} on node ${nodeName}`,
      { action: 'Preempting', related: asPodObject(preemptor) as KubeObject },
    )
  }
}
