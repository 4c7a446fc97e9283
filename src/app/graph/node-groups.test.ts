import { describe, expect, it } from 'vitest'
import { kubeletId, runtimeId } from '../../protocol/messages'
import { layoutGraph, MAX_GROUPS, MORE_NODES } from './layout'
import {
  cellGrid,
  GROUPED_ABOVE,
  groupCellPaths,
  nodeOfComponent,
  pinnedNodes,
  SHOWN_NODES,
  shownNodes,
  summarizeGroup,
} from './node-groups'

const names = (n: number) => Array.from({ length: n }, (_, i) => `node-${String(i + 1).padStart(4, '0')}`)

describe('node groups', () => {
  it('draws every node up to the threshold, and SHOWN_NODES of them above it', () => {
    expect(shownNodes(names(GROUPED_ABOVE))).toEqual(names(GROUPED_ABOVE))
    expect(shownNodes(names(GROUPED_ABOVE + 1))).toEqual(names(SHOWN_NODES))
    expect(shownNodes(names(1000))).toHaveLength(SHOWN_NODES)
  })

  it('puts pinned nodes in the last places, keeping the others where they were', () => {
    const all = names(1000)
    expect(shownNodes(all, ['node-0500'])).toEqual([...all.slice(0, SHOWN_NODES - 1), 'node-0500'])
    expect(shownNodes(all, ['node-0500', 'node-0900'])).toEqual([
      ...all.slice(0, SHOWN_NODES - 2),
      'node-0500',
      'node-0900',
    ])
    // Already drawn, unknown, repeated or undefined pins change nothing.
    expect(shownNodes(all, ['node-0002', 'nope', undefined])).toEqual(all.slice(0, SHOWN_NODES))
    expect(shownNodes(all, ['node-0500', 'node-0500'])).toEqual([
      ...all.slice(0, SHOWN_NODES - 1),
      'node-0500',
    ])
  })

  it('pins the focused Pod’s node first, then the selected message’s ends on nodes', () => {
    expect(nodeOfComponent(kubeletId('n1'))).toBe('n1')
    expect(nodeOfComponent(runtimeId('n1'))).toBe('n1')
    expect(nodeOfComponent('kube-apiserver')).toBeUndefined()
    expect(pinnedNodes('a', { from: 'kube-apiserver', to: kubeletId('b') })).toEqual(['a', 'b', undefined])
    expect(pinnedNodes(undefined, undefined)).toEqual([undefined, undefined, undefined])
  })

  it('lays out 1,000 nodes as 8 boxes: the grouped nodes’ messages go to the group card', () => {
    const all = names(1000)
    const l = layoutGraph(all, 4, { shown: shownNodes(all, ['node-0700']) })
    expect(l.groups.map((g) => g.name)).toContain('node-0700')
    expect(l.groups.length + (l.more ? 1 : 0)).toBe(MAX_GROUPS)
    expect(l.more?.names).toHaveLength(1000 - SHOWN_NODES)
    expect(l.more?.names).not.toContain('node-0700')
    expect(l.anchors.get(kubeletId('node-0999'))).toBe(l.more?.rect)
    expect(l.anchors.get(runtimeId('node-0999'))).toBe(l.more?.rect)
    expect(l.anchors.get(MORE_NODES)).toBe(l.more?.rect)
    // Edges: the control plane's, 2 per node drawn in full (+1 inside it), 2 for the card.
    expect(l.edges.filter((e) => !e.internal)).toHaveLength(4 + 2 * SHOWN_NODES + 2)
  })

  it('summarizes the grouped nodes: Ready, Pods, one cell each', () => {
    const s = summarizeGroup(
      ['a', 'b', 'c'],
      (n) => ({ a: 0, b: 3, c: 1 })[n] ?? 0,
      (n) => n !== 'c',
    )
    expect(s).toEqual({
      nodes: 3,
      ready: 2,
      pods: 4,
      cells: [
        { pods: 0, ready: true },
        { pods: 3, ready: true },
        { pods: 1, ready: false },
      ],
    })
    const paths = groupCellPaths(s, 30, 10)
    expect(paths.empty).toBe('M0 0h9v9h-9z')
    expect(paths.many).toBe('M10 0h9v9h-9z')
    expect(paths.down).toBe('M20 0h9v9h-9z')
    expect(paths.some).toBe('')
  })

  it('fits a cell per node into the card', () => {
    for (const n of [1, 7, 100, 993, 5000]) {
      const { size, columns } = cellGrid(n, 192, 108)
      expect(size).toBeGreaterThanOrEqual(1)
      expect(columns * Math.floor(108 / size)).toBeGreaterThanOrEqual(n)
    }
    expect(cellGrid(993, 192, 108).size).toBe(4)
    expect(cellGrid(0, 192, 108)).toEqual({ size: 0, columns: 0 })
  })
})
