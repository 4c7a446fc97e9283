import { describe, expect, it } from 'vitest'
import {
  APISERVER,
  boundsOf,
  type CONTROL_COMPONENTS,
  chooseColumns,
  ETCD,
  GROUP,
  KUBECTL,
  kubeletId,
  layoutGraph,
  MAX_GROUPS,
  MORE_NODES,
  NODES_TOP,
  REGISTRY,
  type Rect,
  runtimeId,
  SCHEDULER,
} from './layout'

const names = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'control-plane' : `worker-${i}`))
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('layoutGraph', () => {
  it('is deterministic', () => {
    expect(layoutGraph(names(4), 2)).toEqual(layoutGraph(names(4), 2))
  })

  it('puts kubectl up left of the apiserver, etcd right of it, the scheduler above, the nodes below', () => {
    const l = layoutGraph(names(4), 2)
    const c = (id: (typeof CONTROL_COMPONENTS)[number]) => l.components.get(id) as Rect
    expect(c(KUBECTL).x + c(KUBECTL).width).toBeLessThan(c(APISERVER).x)
    expect(c(ETCD).x).toBeGreaterThan(c(APISERVER).x + c(APISERVER).width)
    expect(c(ETCD).y).toBe(c(APISERVER).y)
    expect(c(KUBECTL).y + c(KUBECTL).height).toBeLessThan(c(APISERVER).y)
    expect(c(SCHEDULER).y + c(SCHEDULER).height).toBeLessThan(c(APISERVER).y)
    for (const g of l.groups) expect(g.rect.y).toBeGreaterThanOrEqual(NODES_TOP)
    expect(c(APISERVER).y + c(APISERVER).height).toBeLessThan(NODES_TOP)
    // The registry is at the side: the left end of the apiserver's row, under kubectl.
    expect(c(REGISTRY).x + c(REGISTRY).width).toBeLessThan(c(APISERVER).x)
    expect(c(REGISTRY).y).toBe(c(APISERVER).y)
    expect(c(REGISTRY).x).toBeLessThanOrEqual(Math.min(...l.groups.map((g) => g.rect.x)))
  })

  it.each([1, 3, 4, 7, 20, 25, 60])('with %d nodes no two boxes overlap', (n) => {
    for (const cols of [1, 2, 3, 5]) {
      const l = layoutGraph(names(n), cols)
      const rects = [
        ...l.components.values(),
        ...l.groups.map((g) => g.rect),
        ...(l.more ? [l.more.rect] : []),
      ]
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++)
          expect(overlaps(rects[i] as Rect, rects[j] as Rect)).toBe(false)
    }
  })

  it('wraps node boxes into rows of `columns`, in the given order', () => {
    const l = layoutGraph(names(5), 2)
    expect(l.groups.map((g) => [g.name, g.rect.x, g.rect.y])).toEqual([
      ['control-plane', -216, NODES_TOP],
      ['worker-1', 8, NODES_TOP],
      ['worker-2', -216, NODES_TOP + GROUP.height + 16],
      ['worker-3', 8, NODES_TOP + GROUP.height + 16],
      ['worker-4', -216, NODES_TOP + 2 * (GROUP.height + 16)],
    ])
  })

  it('places each kubelet and runtime inside its node box, with anchors for messages', () => {
    const l = layoutGraph(names(3), 3)
    for (const g of l.groups) {
      expect(l.anchors.get(kubeletId(g.name))).toBe(g.kubelet)
      expect(l.anchors.get(runtimeId(g.name))).toBe(g.runtime)
      for (const inner of [g.kubelet, g.runtime]) {
        expect(inner.x).toBeGreaterThanOrEqual(g.rect.x)
        expect(inner.x + inner.width).toBeLessThanOrEqual(g.rect.x + g.rect.width)
        expect(inner.y + inner.height).toBeLessThanOrEqual(g.rect.y + GROUP.usageY)
      }
      expect(g.kubelet.x).toBeLessThan(g.runtime.x)
    }
  })

  it('has the edges messages take', () => {
    const l = layoutGraph(['a', 'b'], 2)
    expect(l.edges.map((e) => `${e.source} -> ${e.target}${e.internal ? ' (inside)' : ''}`)).toEqual([
      'kubectl -> kube-apiserver',
      'kube-apiserver -> etcd',
      'kube-scheduler -> kube-apiserver',
      'kube-controller-manager -> kube-apiserver',
      'kube-apiserver -> kubelet/a',
      'kubelet/a -> runtime/a (inside)',
      'runtime/a -> registry',
      'kube-apiserver -> kubelet/b',
      'kubelet/b -> runtime/b (inside)',
      'runtime/b -> registry',
    ])
  })

  it('shows 12 nodes as 12 boxes', () => {
    const l = layoutGraph(names(12), 5)
    expect(l.groups).toHaveLength(12)
    expect(l.more).toBeUndefined()
  })

  it('groups all but a few nodes beyond 12 into one group card that receives their messages', () => {
    const all = names(38)
    const l = layoutGraph(all, 5)
    expect(l.groups).toHaveLength(MAX_GROUPS - 1)
    expect(l.more?.names).toEqual(all.slice(MAX_GROUPS - 1))
    expect(l.more?.names).toHaveLength(31)
    expect(l.anchors.get(kubeletId('worker-30'))).toBe(l.more?.rect)
    expect(l.anchors.get(runtimeId('worker-30'))).toBe(l.more?.rect)
    expect(l.anchors.get(MORE_NODES)).toBe(l.more?.rect)
    expect(l.edges.filter((e) => e.source === MORE_NODES || e.target === MORE_NODES)).toHaveLength(2)
  })

  it('draws the control plane alone when there are no nodes yet', () => {
    const l = layoutGraph([], 4)
    expect(l.groups).toEqual([])
    expect(l.edges).toHaveLength(4)
  })
})

describe('chooseColumns', () => {
  it.each([
    // nodes, aspect (width / height), columns
    [0, 1.5, 1],
    [1, 1.5, 1],
    [3, 2.2, 3],
    [4, 1.13, 2],
    [4, 2.2, 4],
    [4, 0.6, 1],
    [4, 0.3, 1],
    [12, 1.13, 4],
    [12, 2, 6],
    // Grouped: 7 node boxes and the group card, the same for 20 nodes and for 1,000.
    [20, 1.13, 3],
    [20, 2, 4],
    [60, 1.5, 4],
    [1000, 1.5, 4],
  ])('%d nodes in a %d:1 panel → %d columns', (n, aspect, cols) => {
    expect(chooseColumns(n, aspect)).toBe(cols)
  })

  // The graph panel at 1280×720 is about 665 × 590 px (editor 26%, inspector 22%, bars): the
  // 4-node graph must fit it at zoom 1, so that 11px text stays 11px.
  it('keeps the 4-node graph within 640 × 550 flow units in a squarish panel', () => {
    const { bounds } = layoutGraph(names(4), chooseColumns(4, 1.13))
    expect(bounds.width).toBeLessThanOrEqual(640)
    expect(bounds.height).toBeLessThanOrEqual(550)
  })
})

describe('boundsOf', () => {
  it('encloses the rects', () => {
    expect(
      boundsOf([
        { x: 0, y: 0, width: 10, height: 10 },
        { x: -5, y: 20, width: 10, height: 5 },
      ]),
    ).toEqual({ x: -5, y: 0, width: 15, height: 25 })
  })
})
