import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { Session } from '../../worker/session'
import { Mirror } from '../../worker/testing/mirror'
import { addRevisions } from '../model/objects'
import { stepForward } from '../playback'
import { initialEditor, initialLayout, initialPlayback, initialTrace, useStore } from '../store/store'
import { isStoryMessage } from './moments'
import { installTeachingPolicy } from './policy'
import { questionAt } from './questions'
import { answer, useTeaching } from './teaching-store'

const NGINX =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n'

function simulated() {
  const session = new Session()
  const mirror = new Mirror()
  mirror.take(session.load({ seed: 1, clusterYaml: '', actions: [] }))
  mirror.take(session.apply(1, NGINX, 0))
  for (let r = session.computeSome(500); ; r = session.computeSome(500)) {
    mirror.take(r.events)
    if (!r.more) break
  }
  const revisions = new Map()
  addRevisions(revisions, mirror.revisions)
  return { messages: mirror.messages, revisions }
}

const { messages, revisions } = simulated()
const filterIndex = messages.findIndex((m) => m.stage === 'filter')
const filter = messages[filterIndex] as MessageView
const selected = () => useStore.getState().selectedMessageId

describe('teaching mode’s stepping and play gate', () => {
  let uninstall: () => void
  beforeEach(() => {
    useStore.setState({
      ...initialTrace,
      ...initialPlayback,
      ...initialEditor,
      ...initialLayout,
      messages,
      revisions,
    })
    useTeaching.setState({ enabled: true, answers: {}, glossaryTerm: undefined })
    uninstall = installTeachingPolicy()
  })
  afterEach(() => uninstall())

  it('steps through story messages only, and stops at a question until it is answered', () => {
    const seen: number[] = []
    for (let i = 0; i < 400 && selected() !== filter.id; i++) {
      stepForward()
      seen.push(selected() as number)
    }
    expect(selected()).toBe(filter.id)
    for (const id of seen) expect(isStoryMessage(messages[id - 1] as MessageView)).toBe(true)
    stepForward()
    stepForward()
    expect(selected()).toBe(filter.id)
    const q = questionAt(messages, filterIndex, revisions)
    if (!q) throw new Error('no question at Filter')
    answer(q.id, { choice: 'worker-1', truth: q.kind === 'whichNode' ? (q.truth ?? '') : q.truth })
    stepForward()
    expect(messages.find((m) => m.id === selected())?.stage).toBe('score')
  })

  it('pauses playback on an unanswered question the cursor runs past', () => {
    useStore.setState({ cursorMs: 0, playing: true })
    useStore.setState({ cursorMs: filter.sentAtMs + 500 })
    expect(useStore.getState()).toMatchObject({
      playing: false,
      cursorMs: filter.sentAtMs,
      selectedMessageId: filter.id,
    })
  })

  it('switched off, stepping goes through every message again', () => {
    uninstall()
    uninstall = () => {}
    useStore.setState({ cursorMs: filter.sentAtMs, selectedMessageId: filter.id })
    stepForward()
    expect(selected()).toBe(filter.id + 1)
  })
})
