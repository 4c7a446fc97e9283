/**
 * What the scheduling panel derives from the store, kept out of the component so it is tested:
 * when to ask the worker again, and what to say when there is no attempt to show.
 */
import type { Pod } from '../../api/types'
import { type MessageView, SCHEDULER } from '../../protocol/messages'
import { type Translate, t } from '../i18n/i18n'

/** `namespace/name` → its parts (a name without a namespace is in `default`). */
export function splitPodKey(pod: string): { namespace: string; name: string } {
  const i = pod.indexOf('/')
  return i < 0 ? { namespace: 'default', name: pod } : { namespace: pod.slice(0, i), name: pod.slice(i + 1) }
}

/**
 * The scheduler's `filter` and `score` steps about one Pod. Each attempt is one `filter` step
 * (plus a `score` step when it bound): when their count changes, the worker has a new or completed
 * attempt to tell, so the panel refetches then, and not on every frame or cursor move. Counting
 * `score` too covers a frame boundary falling between an attempt's two steps.
 */
function isAttemptStep(m: MessageView, namespace: string, name: string): boolean {
  return (
    m.kind === 'step' &&
    m.from === SCHEDULER &&
    (m.stage === 'filter' || m.stage === 'score') &&
    m.object?.name === name &&
    (m.object.namespace ?? 'default') === namespace
  )
}

/**
 * A counter of a Pod's attempt steps that only scans what was appended since its last call: the
 * store appends frames to `messages` (a new array each time) and a fork replaces the tail, so when
 * the last message it counted is still in place it goes on from there, otherwise it starts over.
 */
export function attemptStepCounter(): (messages: readonly MessageView[], pod: string) => number {
  let lastPod = ''
  let scanned = 0
  let lastSeen: MessageView | undefined
  let count = 0
  return (messages, pod) => {
    const appended = pod === lastPod && scanned <= messages.length && messages[scanned - 1] === lastSeen
    if (!appended) {
      lastPod = pod
      scanned = 0
      count = 0
    }
    const { namespace, name } = splitPodKey(pod)
    for (let i = scanned; i < messages.length; i++) {
      if (isAttemptStep(messages[i] as MessageView, namespace, name)) count++
    }
    scanned = messages.length
    lastSeen = messages[scanned - 1]
    return count
  }
}

/**
 * The muted line shown instead of an attempt: the Pod was bound by its manifest (spec.nodeName
 * from the start: the scheduler never sees such a Pod), its attempts all lie after the cursor, or
 * it has none yet. `created` is the Pod as first written (undefined before it exists).
 */
export function noAttemptText(attemptsTotal: number, created: Pod | undefined, tr: Translate = t): string {
  const node = created?.spec?.nodeName
  if (node) return tr('scheduling.boundWithoutScheduler', { node })
  if (attemptsTotal > 0) return tr('scheduling.noneBeforeCursor')
  return tr('scheduling.notYet')
}
