import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import { translator } from '../i18n/i18n'
import { makePod } from '../model/testing'
import { attemptStepCounter, noAttemptText, splitPodKey } from './panel-model'

let id = 0
function message(over: Partial<MessageView>): MessageView {
  id++
  return {
    id,
    from: 'kube-scheduler',
    to: 'kube-scheduler',
    kind: 'step',
    summary: `#${id}`,
    stage: 'filter',
    sentAtMs: id,
    deliverAtMs: id,
    causeId: null,
    object: { resource: 'pods', namespace: 'default', name: 'web' },
    ...over,
  } as MessageView
}

describe('attemptStepCounter', () => {
  it("counts the scheduler's filter and score steps about the Pod only", () => {
    const count = attemptStepCounter()
    const messages = [
      message({}),
      message({ stage: 'score' }),
      message({ stage: 'bind', kind: 'http-request' }),
      message({ object: { resource: 'pods', namespace: 'default', name: 'other' } }),
      message({ object: { resource: 'pods', namespace: 'kube-system', name: 'web' } }),
      message({ from: 'kubelet/worker-1', to: 'kubelet/worker-1' }),
    ]
    expect(count(messages, 'default/web')).toBe(2)
    expect(count(messages, 'kube-system/web')).toBe(1)
  })

  it('goes on from where it was when messages are appended, and starts over after a fork', () => {
    const count = attemptStepCounter()
    const base = [message({}), message({ stage: 'score' })]
    expect(count(base, 'default/web')).toBe(2)
    const appended = [...base, message({ stage: 'filter' })]
    expect(count(appended, 'default/web')).toBe(3)
    // A fork dropped the tail and the new run sent other messages in its place.
    const forked = [
      base[0] as MessageView,
      message({ stage: 'admit', kind: 'step' }),
      message({ stage: 'bind' }),
    ]
    expect(count(forked, 'default/web')).toBe(1)
    expect(count([], 'default/web')).toBe(0)
  })
})

describe('noAttemptText', () => {
  it('tells a Pod bound by its manifest from one not scheduled yet or not yet at the cursor', () => {
    expect(noAttemptText(0, makePod({ name: 'web', nodeName: 'worker-1' }))).toBe(
      'Bound to worker-1 without the scheduler: the manifest set spec.nodeName.',
    )
    expect(noAttemptText(0, makePod({ name: 'web' }))).toBe('Not scheduled yet.')
    expect(noAttemptText(0, undefined)).toBe('Not scheduled yet.')
    expect(noAttemptText(0, undefined, translator('zh'))).toBe('尚未调度。')
    expect(noAttemptText(0, makePod({ name: 'web', nodeName: 'worker-1' }), translator('zh'))).toBe(
      '未经 Scheduler 就绑定到了 worker-1：清单里设置了 spec.nodeName。',
    )
    expect(noAttemptText(2, makePod({ name: 'web' }))).toBe(
      'This Pod has no scheduling attempt before the cursor.',
    )
  })
})

describe('splitPodKey', () => {
  it('splits namespace/name', () => {
    expect(splitPodKey('kube-system/coredns-1')).toEqual({ namespace: 'kube-system', name: 'coredns-1' })
    expect(splitPodKey('web')).toEqual({ namespace: 'default', name: 'web' })
  })
})
