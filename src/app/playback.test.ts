import { beforeEach, describe, expect, it } from 'vitest'
import type { MessageView } from '../protocol/messages'
import { seek, stepBack, stepForward } from './playback'
import { initialEditor, initialPlayback, initialTrace, useStore } from './store/store'

const m = (id: number, sentAtMs: number, stage: MessageView['stage']): MessageView => ({
  id,
  from: 'a',
  to: 'b',
  kind: 'http-request',
  summary: `m${id}`,
  sentAtMs,
  deliverAtMs: sentAtMs + 2,
  causeId: null,
  stage,
})

// Several messages share one millisecond, as steps inside the apiserver do.
const messages = [
  m(1, 0, 'submit'),
  m(2, 15, 'authenticate'),
  m(3, 15, 'authorize'),
  m(4, 15, 'admit'),
  m(5, 20, 'persist'),
]

describe('stepping through messages', () => {
  beforeEach(() => useStore.setState({ ...initialTrace, ...initialPlayback, ...initialEditor, messages }))
  const selected = () => useStore.getState().selectedMessageId

  it('goes message by message even within one millisecond, and back', () => {
    seek(0)
    stepForward()
    expect(selected()).toBe(2)
    stepForward()
    expect(selected()).toBe(3)
    expect(useStore.getState().cursorMs).toBe(15)
    stepForward()
    stepForward()
    expect(selected()).toBe(5)
    stepForward()
    expect(selected()).toBe(5)
    stepBack()
    expect(selected()).toBe(4)
    stepBack()
    stepBack()
    stepBack()
    expect(selected()).toBe(1)
  })

  it('jumps a whole stage with byStage', () => {
    useStore.setState({
      messages: [
        m(1, 0, 'submit'),
        m(2, 1, 'submit'),
        m(3, 2, 'admit'),
        m(4, 3, 'admit'),
        m(5, 4, 'persist'),
      ],
    })
    seek(0)
    stepForward()
    expect(selected()).toBe(2)
    stepForward(true)
    expect(selected()).toBe(3)
    stepForward(true)
    expect(selected()).toBe(5)
    stepBack(true)
    expect(selected()).toBe(3)
  })
})
