import { describe, expect, it } from 'vitest'
import { formatCpu, formatMemory, fraction, nodeAt, nodeUsage } from './node-usage'
import { indexOf, makeNode, makePod, revisionOf } from './testing'

describe('nodeUsage', () => {
  const node = makeNode('worker-1', { cpu: '2', memory: '4091904Ki', pods: '110' })
  const pods = [
    makePod({ name: 'a', nodeName: 'worker-1', phase: 'Running', requests: { cpu: '250m', memory: '64Mi' } }),
    makePod({ name: 'b', nodeName: 'worker-1', requests: { cpu: '500m', memory: '128Mi' } }),
    makePod({
      name: 'done',
      nodeName: 'worker-1',
      phase: 'Succeeded',
      requests: { cpu: '1', memory: '1Gi' },
    }),
  ]

  it('sums the requests of unfinished Pods against allocatable', () => {
    expect(nodeUsage(node, pods)).toEqual({
      podCount: 3,
      pods: { used: 2, allocatable: 110 },
      cpu: { used: 750, allocatable: 2000 },
      memory: { used: 192 * 2 ** 20, allocatable: 4091904 * 1024 },
    })
  })

  it('is empty without a node object', () => {
    expect(nodeUsage(undefined, []).cpu).toEqual({ used: 0, allocatable: 0 })
  })
})

describe('fraction', () => {
  it.each([
    [{ used: 500, allocatable: 2000 }, 0.25],
    [{ used: 3000, allocatable: 2000 }, 1],
    [{ used: 10, allocatable: 0 }, 0],
  ])('%j → %d', (u, f) => expect(fraction(u)).toBe(f))
})

describe('formatting', () => {
  it.each([
    [0, '0'],
    [250, '250m'],
    [1000, '1'],
    [1500, '1.5'],
    [2000, '2'],
  ])('cpu %d → %s', (milli, text) => expect(formatCpu(milli)).toBe(text))

  it.each([
    [0, '0'],
    [64 * 2 ** 20, '64Mi'],
    [192 * 2 ** 20, '192Mi'],
    [4091904 * 1024, '3.9Gi'],
    [4 * 2 ** 30, '4Gi'],
    [512 * 1024, '512Ki'],
    [300, '300'],
  ])('memory %d → %s', (bytes, text) => expect(formatMemory(bytes)).toBe(text))
})

describe('nodeAt', () => {
  it('reads the Node from its minions key', () => {
    const v1 = makeNode('w')
    const index = indexOf([revisionOf('nodes', 'w', -1, v1, 'minions')])
    expect(nodeAt(index, 0, 'w')).toBe(v1)
    expect(nodeAt(index, 0, 'x')).toBeUndefined()
  })
})
