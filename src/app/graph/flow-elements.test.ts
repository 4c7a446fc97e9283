import { describe, expect, it } from 'vitest'
import { makeNode } from '../model/testing'
import { toFlowEdges, toFlowNodes } from './flow-elements'
import { GROUP, layoutGraph, MAX_GROUPS } from './layout'
import { GROUPED_ABOVE } from './node-groups'

const names = ['control-plane', 'worker-1', 'worker-2']
const layout = layoutGraph(names, 3)

describe('toFlowNodes', () => {
  const nodes = toFlowNodes(
    layout,
    names.map((n) => makeNode(n)),
  )

  it('has the control plane, one box per node, all fixed in place at their layout size', () => {
    expect(nodes.map((n) => `${n.type}:${n.id}`)).toEqual([
      'component:kubectl',
      'component:kube-apiserver',
      'component:etcd',
      'component:kube-scheduler',
      'component:kube-controller-manager',
      'component:registry',
      'clusterNode:node/control-plane',
      'clusterNode:node/worker-1',
      'clusterNode:node/worker-2',
    ])
    for (const n of nodes) {
      expect(n.draggable).toBe(false)
      expect(n.selectable).toBe(false)
    }
    const w1 = nodes.find((n) => n.id === 'node/worker-1')
    expect(w1?.position).toEqual({ x: layout.groups[1]?.rect.x, y: layout.groups[1]?.rect.y })
    expect([w1?.width, w1?.height]).toEqual([GROUP.width, GROUP.height])
    expect(w1?.data).toEqual({ name: 'worker-1', node: makeNode('worker-1') })
  })

  it('adds the summary box when nodes are collapsed', () => {
    const many = Array.from({ length: GROUPED_ABOVE + 3 }, (_, i) => `n${i}`)
    const more = toFlowNodes(layoutGraph(many, 5), []).filter((n) => n.type === 'moreNodes')
    expect(more).toHaveLength(1)
    expect(more[0]?.data).toEqual({ names: many.slice(MAX_GROUPS - 1) })
  })
})

describe('toFlowEdges', () => {
  const edges = toFlowEdges(layout)

  it('connects handles: kubelets and runtimes by their handle in the node box', () => {
    expect(edges.map((e) => `${e.source}#${e.sourceHandle} -> ${e.target}#${e.targetHandle}`)).toEqual([
      'kubectl#c-s -> kube-apiserver#c-t',
      'kube-apiserver#c-s -> etcd#c-t',
      'kube-scheduler#c-s -> kube-apiserver#c-t',
      'kube-controller-manager#c-s -> kube-apiserver#c-t',
      'kube-apiserver#c-s -> node/control-plane#kubelet-t',
      'node/control-plane#runtime-s -> registry#c-t',
      'kube-apiserver#c-s -> node/worker-1#kubelet-t',
      'node/worker-1#runtime-s -> registry#c-t',
      'kube-apiserver#c-s -> node/worker-2#kubelet-t',
      'node/worker-2#runtime-s -> registry#c-t',
    ])
  })

  it('tints each wire with the family at its far end from the apiserver', () => {
    expect(edges.map((e) => e.data?.family)).toEqual([
      'user',
      'etcd',
      'scheduler',
      'controller',
      'kubelet',
      'registry',
      'kubelet',
      'registry',
      'kubelet',
      'registry',
    ])
  })
})
