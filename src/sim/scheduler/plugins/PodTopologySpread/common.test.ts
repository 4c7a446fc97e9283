import { describe, expect, it } from 'vitest'
import { fromLabelSelector, type Selector } from '../../../../api/labels'
import { newPodInfo } from '../../framework/pod-info'
import { makeNode, makePod, nodeInfo } from '../../testing/builders'
import { countPodsMatchSelector } from './common'

const web = fromLabelSelector({ matchLabels: { app: 'web' } }) as Selector

describe('countPodsMatchSelector', () => {
  it('counts the node’s pods of the namespace that the selector matches, not terminating ones', () => {
    const ni = nodeInfo(
      makeNode('n1').obj(),
      makePod('a').labels({ app: 'web' }).obj(),
      makePod('b').labels({ app: 'db' }).obj(),
      makePod('c').namespace('other').labels({ app: 'web' }).obj(),
      {
        ...makePod('d').labels({ app: 'web' }).obj(),
        metadata: {
          name: 'd',
          namespace: 'default',
          labels: { app: 'web' },
          deletionTimestamp: '2026-01-01T00:00:00Z',
        },
      },
    )
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(1)
    expect(countPodsMatchSelector(ni, web, 'other')).toBe(1)
    expect(countPodsMatchSelector(ni, null, 'default')).toBe(0)
    expect(countPodsMatchSelector(ni, [], 'default')).toBe(0)
  })

  it('counts again once the node’s pods change, for a selector made anew with the same requirements', () => {
    const ni = nodeInfo(makeNode('n1').obj(), makePod('a').labels({ app: 'web' }).obj())
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(1)
    const again = fromLabelSelector({ matchLabels: { app: 'web' } }) as Selector
    expect(countPodsMatchSelector(ni, again, 'default')).toBe(1)
    const b = newPodInfo({
      ...makePod('b').labels({ app: 'web' }).obj(),
      spec: { containers: [], nodeName: 'n1' },
    })
    ni.addPod(b)
    expect(countPodsMatchSelector(ni, again, 'default')).toBe(2)
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(2)
    ni.removePod(b.uid)
    ni.removePod(ni.pods[0]?.uid ?? '')
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(0)
    // A clone is counted on its own: its pods may change apart from the node's.
    const clone = ni.clone()
    clone.addPod(b)
    expect(countPodsMatchSelector(clone, web, 'default')).toBe(1)
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(0)
  })

  it('tells selectors apart', () => {
    const ni = nodeInfo(makeNode('n1').obj(), makePod('a').labels({ app: 'web', tier: 'front' }).obj())
    expect(countPodsMatchSelector(ni, web, 'default')).toBe(1)
    const back = fromLabelSelector({ matchLabels: { app: 'web', tier: 'back' } }) as Selector
    expect(countPodsMatchSelector(ni, back, 'default')).toBe(0)
  })
})
