/**
 * Predict, then reveal: the moments where the learner answers before the simulation shows it.
 * - After the Scheduler's Filter step with two or more feasible nodes: which node will win? The
 *   truth is the next Score step for the same Pod.
 * - When the kubelet receives its Pod: will it start and keep running? The truth is whether, in
 *   what has been computed, the Pod ends Ready and never restarted (a crashing container is Ready
 *   for a moment, then restarts: that is a no).
 * Stepping past a question's message is blocked until it is answered or skipped.
 */
import type { MessageView } from '../../protocol/messages'
import type { RevisionIndex } from '../model/objects'
import { lanesOf } from '../model/timeline'
import { momentOf } from './moments'

export type Question =
  | {
      readonly id: string
      readonly kind: 'whichNode'
      readonly pod: string
      /** The message the question is asked at (stepping past it waits for an answer). */
      readonly atId: number
      readonly feasible: number
      /** The Score step that reveals it, if computed. */
      readonly truth: string | undefined
    }
  | {
      readonly id: string
      readonly kind: 'willStart'
      readonly pod: string
      readonly atId: number
      readonly truth: 'yes' | 'no'
    }

/** The question asked at messages[index], if any. */
export function questionAt(
  messages: readonly MessageView[],
  index: number,
  revisions: RevisionIndex,
): Question | undefined {
  const m = messages[index]
  if (!m) return undefined
  const moment = momentOf(messages, index)
  if (moment.part === 'filter' && Number(moment.params.feasible) >= 2) {
    const pod = moment.params.pod ?? ''
    let truth: string | undefined
    for (let i = index + 1; i < messages.length; i++) {
      const next = messages[i] as MessageView
      if (next.stage !== 'score' && next.stage !== 'filter') continue
      const s = /^(Score|Filter) ([^:\s]+)(?:: (\S+))?/.exec(next.summary)
      if (!s || s[2] !== pod) continue
      if (s[1] === 'Score') truth = s[3]
      break
    }
    return {
      id: `whichNode:${m.id}`,
      kind: 'whichNode',
      pod,
      atId: m.id,
      feasible: Number(moment.params.feasible),
      truth,
    }
  }
  if (moment.part === 'kubeletWatch') {
    const pod = moment.params.pod ?? ''
    const [namespace, name] = pod.includes('/') ? pod.split('/') : ['default', pod]
    const key = `/registry/pods/${namespace}/${name}`
    const lane = lanesOf(revisions)
      .filter((l) => l.key === key && l.createdAtMs <= m.sentAtMs)
      .at(-1)
    // Started and kept running: Ready at the end of what is computed, never restarted.
    const lastReady = lane?.conditions.filter((c) => c.type === 'Ready').at(-1)
    const steady = lastReady?.status === 'True' && (lane?.restarts.length ?? 0) === 0
    return { id: `willStart:${m.id}`, kind: 'willStart', pod, atId: m.id, truth: steady ? 'yes' : 'no' }
  }
  return undefined
}
