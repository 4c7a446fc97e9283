/**
 * The store's side of a fork (`reset`): the messages before the fork stay, in order, and the
 * longest flight is the longest of those.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { framesPatch, initialTrace, resetTrace, useStore } from './store'

/** Message `id`, sent at id × 10 ms, `flightMs` on the wire. */
const message = (id: number, flightMs: number): MessageView =>
  ({
    id,
    from: 'a',
    to: 'b',
    kind: 'http-request',
    summary: `m${id}`,
    sentAtMs: id * 10,
    deliverAtMs: id * 10 + flightMs,
    causeId: null,
    stage: 'submit',
  }) as MessageView

const receive = (messages: MessageView[]) =>
  useStore.setState(
    framesPatch(useStore.getState(), [
      { type: 'frame', generation: 1, messages, revisions: [], computedUntilMs: messages.length * 10 },
    ]),
  )

const fork = (fromMessageId: number) =>
  resetTrace(2, fromMessageId * 10, fromMessageId, [], { seed: 1, clusterYaml: '', actions: [] })

describe('a fork in the store', () => {
  beforeEach(() => useStore.setState({ ...initialTrace, generation: 1 }))

  it('keeps the messages before the fork and the longest flight among them', () => {
    receive([message(1, 5), message(2, 40), message(3, 5), message(4, 90), message(5, 5)])
    expect(useStore.getState().maxFlightMs).toBe(90)
    // The longest flight stays.
    fork(6)
    expect(useStore.getState().maxFlightMs).toBe(90)
    // It goes with its message: the longest left is the next longest.
    fork(4)
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([1, 2, 3])
    expect(useStore.getState().maxFlightMs).toBe(40)
    fork(1)
    expect(useStore.getState().messages).toEqual([])
    expect(useStore.getState().maxFlightMs).toBe(0)
  })
})
