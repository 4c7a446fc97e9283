/**
 * While teaching mode is on: stepping goes through the story's messages only, and neither stepping
 * nor playing goes past an unanswered question (playback pauses on it).
 */
import type { MessageView } from '../../protocol/messages'
import { sentBy } from '../model/trace-index'
import { pause, setStepPolicy } from '../playback'
import { useStore } from '../store/store'
import { isStoryMessage } from './moments'
import { questionAt } from './questions'
import { useTeaching } from './teaching-store'

/** The first index in [from, to) holding an unanswered question, or undefined. */
function unansweredBetween(messages: readonly MessageView[], from: number, to: number): number | undefined {
  const { answers } = useTeaching.getState()
  const { revisions } = useStore.getState()
  for (let i = Math.max(0, from); i < to; i++) {
    const m = messages[i] as MessageView
    if (m.stage !== 'filter' && m.stage !== 'kubelet-watch') continue
    const q = questionAt(messages, i, revisions)
    if (q && !answers[q.id]) return i
  }
  return undefined
}

function stopAt(from: number, to: number): number {
  const { messages } = useStore.getState()
  // A question at `from` (where the learner stands) or between: stop on it.
  return unansweredBetween(messages, Math.max(0, from), to) ?? to
}

/** Turn teaching's stepping rules and the play gate on; returns the switch-off. */
export function installTeachingPolicy(): () => void {
  setStepPolicy({ include: isStoryMessage, stopAt })
  const unsubscribe = useStore.subscribe((s, prev) => {
    if (!s.playing || s.cursorMs <= prev.cursorMs) return
    const from = sentBy(s.messages, prev.cursorMs)
    const to = sentBy(s.messages, s.cursorMs)
    const at = unansweredBetween(s.messages, from, to)
    if (at === undefined) return
    const m = s.messages[at] as MessageView
    pause()
    useStore.setState({ cursorMs: m.sentAtMs, selectedMessageId: m.id })
  })
  return () => {
    unsubscribe()
    setStepPolicy(undefined)
  }
}
