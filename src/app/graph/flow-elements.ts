/**
 * The layout as React Flow elements: one node per control-plane box, per node box and for the
 * collapsed nodes; one edge per wire between boxes (kubelet ↔ containerd is drawn inside its node
 * box). Nothing moves: positions come from the layout and nodes are neither draggable nor
 * selectable.
 */
import type { Node } from '../../api/types'
import { familyOf } from './colors'
import { wireBetween } from './geometry'
import { APISERVER, CONTROL_COMPONENTS, type GraphLayout, MORE_NODES, REGISTRY, type Rect } from './layout'
import type { GraphFlowNode } from './nodes'
import type { WireFlowEdge } from './WireEdge'

/** The React Flow node id and handle an anchor belongs to (kubelets and runtimes live in node boxes). */
function endpoint(id: string): { node: string; handle: string } {
  const slash = id.indexOf('/')
  if (slash < 0) return { node: id, handle: 'c' }
  return { node: `node/${id.slice(slash + 1)}`, handle: id.slice(0, slash) }
}

const position = (r: Rect) => ({ x: r.x, y: r.y })
const fixed = { draggable: false, selectable: false, focusable: false, connectable: false } as const

export function toFlowNodes(layout: GraphLayout, nodes: readonly Node[]): GraphFlowNode[] {
  const byName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]))
  const out: GraphFlowNode[] = []
  for (const component of CONTROL_COMPONENTS) {
    const r = layout.components.get(component)
    if (!r) continue
    out.push({
      id: component,
      type: 'component',
      position: position(r),
      width: r.width,
      height: r.height,
      data: { component },
      ...fixed,
    })
  }
  for (const g of layout.groups) {
    out.push({
      id: `node/${g.name}`,
      type: 'clusterNode',
      position: position(g.rect),
      width: g.rect.width,
      height: g.rect.height,
      data: { name: g.name, node: byName.get(g.name) },
      ...fixed,
    })
  }
  if (layout.more) {
    out.push({
      id: MORE_NODES,
      type: 'moreNodes',
      position: position(layout.more.rect),
      width: layout.more.rect.width,
      height: layout.more.rect.height,
      data: { names: layout.more.names },
      ...fixed,
    })
  }
  return out
}

export function toFlowEdges(layout: GraphLayout): WireFlowEdge[] {
  const out: WireFlowEdge[] = []
  for (const e of layout.edges) {
    if (e.internal) continue
    const a = layout.anchors.get(e.source)
    const b = layout.anchors.get(e.target)
    if (!a || !b) continue
    const source = endpoint(e.source)
    const target = endpoint(e.target)
    // Tint by the end that is not the apiserver (the apiserver is at one end of most wires); the
    // runtimes' wires are the registry's (image pulls).
    const far = e.target === REGISTRY ? REGISTRY : e.source === APISERVER ? e.target : e.source
    out.push({
      id: e.id,
      type: 'wire',
      source: source.node,
      sourceHandle: `${source.handle}-s`,
      target: target.node,
      targetHandle: `${target.handle}-t`,
      data: { segment: wireBetween(a, b), family: familyOf(far) },
      selectable: false,
      focusable: false,
      deletable: false,
    })
  }
  return out
}
