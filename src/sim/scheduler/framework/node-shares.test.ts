/**
 * NodeShares hands out a node's kept share only while it is current: a node that changed after
 * the last sync, or one outside the list, has none (the caller takes it itself).
 */
import { describe, expect, it } from 'vitest'
import { SchedulerCache } from '../cache/cache'
import { makeNode, makePod } from '../testing/builders'
import { NodeShares } from './node-shares'

describe('NodeShares', () => {
  it('gives a share only for a node unchanged since the last sync', () => {
    const cache = new SchedulerCache()
    cache.addNode(makeNode('n0').obj())
    cache.addNode(makeNode('n1').obj())
    const pod = (name: string) => makePod(name).uid(name).nodeName('n0').obj()
    cache.addPod(pod('a'))
    let takes = 0
    const shares = new NodeShares<number>(
      (ni) => ni.node !== null && ni.pods.length > 0,
      (ni) => {
        takes++
        return ni.pods.length
      },
      () => {},
    )
    const [n0, n1] = cache.list().filter((ni) => ni.node !== null)
    if (!n0 || !n1) throw new Error('two nodes')
    shares.sync(cache, () => cache.havePodsList())
    expect(shares.shareOf(n0)).toBe(1)
    expect(shares.shareOf(n1)).toBeUndefined()
    cache.addPod(pod('b'))
    expect(shares.shareOf(n0)).toBeUndefined()
    shares.sync(cache, () => cache.havePodsList())
    expect(shares.shareOf(n0)).toBe(2)
    // Only the node that changed was taken again.
    expect(takes).toBe(2)
    shares.sync(cache, () => cache.havePodsList())
    expect(takes).toBe(2)
  })
})
