import { describe, expect, it } from 'vitest'
import { makeNode, makePod } from '../testing/builders'
import { SchedulerCache } from './cache'
import { NodeTree } from './node-tree'

describe('NodeTree', () => {
  it('interleaves zones in the order they were first seen', () => {
    const t = new NodeTree()
    for (const [name, zone] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['a3', 'a'],
      ['b1', 'b'],
      ['c1', 'c'],
      ['c2', 'c'],
    ]) {
      t.add(
        makeNode(name)
          .zone(zone as string)
          .obj(),
      )
    }
    expect(t.list()).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3'])
    t.remove(makeNode('b1').zone('b').obj())
    expect(t.list()).toEqual(['a1', 'c1', 'a2', 'c2', 'a3'])
  })
})

describe('SchedulerCache', () => {
  it('tracks requested and non-zero requested resources', () => {
    const c = new SchedulerCache()
    c.addNode(makeNode('n').obj())
    c.addPod(makePod('a').requests({ cpu: '250m', memory: '1Gi' }).nodeName('n').obj())
    c.addPod(makePod('b').container().nodeName('n').obj())
    const ni = c.get('n')
    expect(ni?.requested.milliCPU).toBe(250)
    expect(ni?.nonZeroRequested.milliCPU).toBe(350)
    expect(ni?.nonZeroRequested.memory).toBe(1024 * 1024 * 1024 + 200 * 1024 * 1024)
    expect(ni?.pods).toHaveLength(2)
  })

  it('assumes, confirms and forgets pods', () => {
    const c = new SchedulerCache()
    c.addNode(makeNode('n').obj())
    const pod = makePod('p').requests({ cpu: '1' }).nodeName('n').obj()
    c.assumePod(pod)
    expect(c.isAssumedPod(pod)).toBe(true)
    expect(c.get('n')?.requested.milliCPU).toBe(1000)
    c.forgetPod(pod)
    expect(c.get('n')?.requested.milliCPU).toBe(0)
    c.assumePod(pod)
    c.addPod(pod) // the informer sees it bound
    expect(c.isAssumedPod(pod)).toBe(false)
    expect(c.get('n')?.pods).toHaveLength(1)
    c.forgetPod(pod) // no effect once confirmed
    expect(c.get('n')?.pods).toHaveLength(1)
  })

  it('keeps image states shared across nodes', () => {
    const c = new SchedulerCache()
    c.addNode(
      makeNode('a')
        .images({ names: ['nginx:1.27'], sizeBytes: 70e6 })
        .obj(),
    )
    c.addNode(
      makeNode('b')
        .images({ names: ['nginx:1.27'], sizeBytes: 70e6 })
        .obj(),
    )
    expect(c.get('a')?.imageStates.get('nginx:1.27')).toEqual({ sizeBytes: 70e6, numNodes: 2 })
    c.removeNode(makeNode('b').obj())
    expect(c.get('a')?.imageStates.get('nginx:1.27')?.numNodes).toBe(1)
    expect(c.list().map((n) => n.name)).toEqual(['a'])
  })

  it('records host ports', () => {
    const c = new SchedulerCache()
    c.addNode(makeNode('n').obj())
    const pod = makePod('p').hostPort(8080).nodeName('n').obj()
    c.addPod(pod)
    expect([...(c.get('n')?.usedPorts.get('0.0.0.0') ?? [])]).toEqual(['TCP/8080'])
    c.removePod(pod)
    expect(c.get('n')?.usedPorts.size).toBe(0)
  })
})

describe('SchedulerCache change log', () => {
  it('tells which nodes changed since a count, until it forgets', () => {
    const c = new SchedulerCache()
    c.addNode(makeNode('a').obj())
    c.addNode(makeNode('b').obj())
    const at = c.changeCount
    c.addPod(makePod('p').uid('p').nodeName('b').obj())
    c.removeNode(makeNode('a').obj())
    const seen: string[] = []
    expect(c.nodesChangedSince(at, (ni) => seen.push(ni.name))).toBe(true)
    expect(seen).toEqual(['b', 'a'])
    expect(c.nodesChangedSince(c.changeCount, () => seen.push('none'))).toBe(true)
    expect(seen).toHaveLength(2)
    // A reader far behind is told to look at every node.
    for (let i = 0; i < 20_000; i++) c.updateNode(makeNode('b').obj(), makeNode('b').obj())
    expect(c.nodesChangedSince(at, () => {})).toBe(false)
    expect(c.nodesChangedSince(c.changeCount - 10, () => {})).toBe(true)
  })
})
