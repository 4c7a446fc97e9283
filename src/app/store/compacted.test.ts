/**
 * The store's side of a large run's compaction: a frame that says the run compacted drops the
 * messages it holds up to there; a fork inside the compacted stretch forgets the compaction (the
 * new run reports its own).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { CompactedTrace, MessageView } from '../../protocol/messages'
import { framesPatch, initialTrace, resetTrace, useStore } from './store'

const message = (id: number): MessageView =>
  ({
    id,
    from: 'a',
    to: 'b',
    kind: 'step',
    summary: `m${id}`,
    sentAtMs: id * 10,
    deliverAtMs: id * 10,
    causeId: null,
    stage: 'boot',
  }) as MessageView

const compacted = (throughId: number): CompactedTrace => ({
  messages: throughId,
  throughId,
  untilMs: throughId * 10,
  byStage: { boot: throughId },
})

const frame = (generation: number, ids: number[], c?: CompactedTrace) => ({
  type: 'frame' as const,
  generation,
  messages: ids.map(message),
  revisions: [],
  computedUntilMs: (ids[ids.length - 1] ?? 0) * 10,
  ...(c ? { compacted: c } : {}),
})

describe('compaction in the store', () => {
  beforeEach(() => useStore.setState({ ...initialTrace, generation: 1 }))

  it('a frame with a compaction drops what it compacted and keeps the rest in order', () => {
    useStore.setState(framesPatch(useStore.getState(), [frame(1, [1, 2, 3, 4, 5])]))
    useStore.setState(framesPatch(useStore.getState(), [frame(1, [6, 7], compacted(4))]))
    const s = useStore.getState()
    expect(s.messages.map((m) => m.id)).toEqual([5, 6, 7])
    expect(s.compacted).toEqual(compacted(4))
    // Frames without one keep it.
    useStore.setState(framesPatch(useStore.getState(), [frame(1, [8])]))
    expect(useStore.getState().compacted).toEqual(compacted(4))
  })

  it('a fork after the compacted stretch keeps the compaction; one inside it forgets it', () => {
    useStore.setState(framesPatch(useStore.getState(), [frame(1, [1, 2, 3, 4, 5, 6], compacted(3))]))
    resetTrace(2, 55, 6, [], { seed: 1, clusterYaml: '', actions: [] })
    expect(useStore.getState().compacted).toEqual(compacted(3))
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([4, 5])
    resetTrace(3, 20, 2, [], { seed: 1, clusterYaml: '', actions: [] })
    expect(useStore.getState().compacted).toBeUndefined()
    expect(useStore.getState().messages).toEqual([])
  })
})
