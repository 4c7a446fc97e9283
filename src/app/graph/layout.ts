/**
 * Where everything sits on the graph, in React Flow's flow coordinates, as a pure function of the
 * cluster's node names (and a column count chosen for the container's shape).
 *
 *   [kubectl]      [kube-scheduler]   [kube-controller-manager]
 *          ╲               │            ╱
 *   [registry]        [kube-apiserver] ─── [etcd]
 *
 *   [node 1] [node 2] …        one box per cluster node: kubelet, containerd, usage, Pods
 *   [node k] …  [N more nodes]
 *
 * The apiserver sits in the middle of the row just above the nodes, so its edges to every kubelet
 * fan out downwards without crossing other boxes; the scheduler and the controller-manager sit
 * above it, the registry at the top left, above kubectl, where the runtimes' wires reach it over
the gap between the control plane and the first row of nodes. Each node
 * box has a fixed size (Pods beyond its slots show as "+N more"), so the layout never moves while
 * playing. Beyond GROUPED_ABOVE nodes, all but a few collapse into one group card (node-groups.ts).
 */
import {
  APISERVER,
  CONTROLLER_MANAGER,
  type ComponentId,
  ETCD,
  KUBECTL,
  kubeletId,
  REGISTRY,
  runtimeId,
  SCHEDULER,
  WEBHOOKS,
} from '../../protocol/messages'
import { GROUPED_ABOVE, SHOWN_NODES, shownNodes } from './node-groups'

export { APISERVER, CONTROLLER_MANAGER, ETCD, KUBECTL, kubeletId, REGISTRY, runtimeId, SCHEDULER, WEBHOOKS }

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The pseudo component standing for the collapsed nodes. */
export const MORE_NODES = 'more-nodes'

/**
 * The control-plane components (and the user, the registry and, when the scenario has them, the
 * admission webhook servers), in drawing order.
 */
export const CONTROL_COMPONENTS = [
  KUBECTL,
  APISERVER,
  ETCD,
  SCHEDULER,
  CONTROLLER_MANAGER,
  REGISTRY,
  WEBHOOKS,
] as const
export type ControlComponent = (typeof CONTROL_COMPONENTS)[number]

export const BOX_HEIGHT = 44
export const BOX_WIDTH: Readonly<Record<ControlComponent, number>> = {
  kubectl: 150,
  'kube-apiserver': 200,
  etcd: 140,
  'kube-scheduler': 156,
  'kube-controller-manager': 204,
  registry: 120,
  webhooks: 172,
}

/** A node box's geometry; its contents are placed from these numbers too, so edges meet them. */
export const GROUP = {
  width: 208,
  height: 188,
  pad: 8,
  titleHeight: 18,
  chipY: 30,
  chipWidth: 76,
  chipHeight: 24,
  usageY: 60,
  usageRowHeight: 14,
  podsY: 108,
  slotHeight: 34,
  slotGap: 4,
  /** Pod cards per node box; more Pods show as "+N more Pods" in the title row. */
  slots: 2,
} as const

export const GRID_GAP = 16
/**
 * Node boxes drawn at most when the nodes are grouped (the last one, the group card, stands for
 * the rest); see node-groups.ts for the threshold and why.
 */
export const MAX_GROUPS = SHOWN_NODES + 1
const ROW_GAP = 24
const REGISTRY_GAP = 100
const ETCD_GAP = 64
const NODES_GAP = 40
const MAX_COLUMNS = 10

export interface NodeGroupLayout {
  readonly name: string
  readonly rect: Rect
  /** Absolute rects of the kubelet and containerd boxes inside the node box. */
  readonly kubelet: Rect
  readonly runtime: Rect
}

export interface MoreNodesLayout {
  readonly rect: Rect
  readonly names: readonly string[]
}

export interface EdgeLayout {
  readonly id: string
  readonly source: ComponentId
  readonly target: ComponentId
  /** Drawn inside a node box (kubelet ↔ containerd) rather than as a React Flow edge. */
  readonly internal: boolean
}

export interface GraphLayout {
  readonly columns: number
  readonly components: ReadonlyMap<ControlComponent, Rect>
  readonly groups: readonly NodeGroupLayout[]
  readonly more: MoreNodesLayout | undefined
  /** Every component id the trace can name → the box its messages start and end at. */
  readonly anchors: ReadonlyMap<ComponentId, Rect>
  /** Every component id → the outer box it is drawn in (a node box for kubelets and runtimes). */
  readonly outer: ReadonlyMap<ComponentId, Rect>
  readonly edges: readonly EdgeLayout[]
  readonly bounds: Rect
}

/** The kubelet and containerd boxes, relative to their node box. */
export const KUBELET_BOX: Rect = {
  x: GROUP.pad,
  y: GROUP.chipY,
  width: GROUP.chipWidth,
  height: GROUP.chipHeight,
}
export const RUNTIME_BOX: Rect = {
  x: GROUP.width - GROUP.pad - GROUP.chipWidth,
  y: GROUP.chipY,
  width: GROUP.chipWidth,
  height: GROUP.chipHeight,
}

const offset = (r: Rect, x: number, y: number): Rect => ({ ...r, x: r.x + x, y: r.y + y })

function controlPlane(webhooks: boolean): Map<ControlComponent, Rect> {
  const w = BOX_WIDTH
  const row1 = BOX_HEIGHT + ROW_GAP
  const api: Rect = { x: -w[APISERVER] / 2, y: row1, width: w[APISERVER], height: BOX_HEIGHT }
  const etcd: Rect = { x: api.x + api.width + ETCD_GAP, y: row1, width: w[ETCD], height: BOX_HEIGHT }
  const registry: Rect = {
    x: api.x - REGISTRY_GAP - w[REGISTRY],
    y: row1,
    width: w[REGISTRY],
    height: BOX_HEIGHT,
  }
  const kubectl: Rect = { x: registry.x, y: 0, width: w[KUBECTL], height: BOX_HEIGHT }
  const scheduler: Rect = { x: -40 - w[SCHEDULER] / 2, y: 0, width: w[SCHEDULER], height: BOX_HEIGHT }
  const cm: Rect = {
    x: 180 - w[CONTROLLER_MANAGER] / 2,
    y: 0,
    width: w[CONTROLLER_MANAGER],
    height: BOX_HEIGHT,
  }
  const boxes = new Map<ControlComponent, Rect>([
    [KUBECTL, kubectl],
    [APISERVER, api],
    [ETCD, etcd],
    [SCHEDULER, scheduler],
    [CONTROLLER_MANAGER, cm],
    [REGISTRY, registry],
  ])
  // Top right, beside the controller-manager: the apiserver calls out to it during admission.
  if (webhooks) boxes.set(WEBHOOKS, { x: cm.x + cm.width + 40, y: 0, width: w[WEBHOOKS], height: BOX_HEIGHT })
  return boxes
}

/** The top of the node grid. */
export const NODES_TOP = 2 * BOX_HEIGHT + ROW_GAP + NODES_GAP

/** How many node boxes are drawn for `nodeCount` nodes (the summary box included). */
export function groupCount(nodeCount: number): number {
  return nodeCount > GROUPED_ABOVE ? MAX_GROUPS : nodeCount
}

/**
 * Lay the graph out for these node names (in the given order) with `columns` node boxes per row.
 * Deterministic: the same names and columns give the same layout.
 */
export function layoutGraph(
  nodeNames: readonly string[],
  columns = 4,
  options: {
    readonly webhooks?: boolean
    /** With grouped nodes: the ones drawn in full (node-groups.ts shownNodes; default: the first). */
    readonly shown?: readonly string[]
  } = {},
): GraphLayout {
  const boxes = groupCount(nodeNames.length)
  const collapsed = nodeNames.length > GROUPED_ABOVE
  const visible = collapsed ? (options.shown ?? shownNodes(nodeNames)) : nodeNames
  const drawn = new Set(visible)
  const cols = Math.max(1, Math.min(columns, Math.max(1, boxes)))
  const gridWidth = cols * GROUP.width + (cols - 1) * GRID_GAP
  const gridLeft = -gridWidth / 2
  const cell = (i: number): Rect => ({
    x: gridLeft + (i % cols) * (GROUP.width + GRID_GAP),
    y: NODES_TOP + Math.floor(i / cols) * (GROUP.height + GRID_GAP),
    width: GROUP.width,
    height: GROUP.height,
  })

  const components = controlPlane(options.webhooks === true)
  const anchors = new Map<ComponentId, Rect>(components)
  const outer = new Map<ComponentId, Rect>(components)
  const groups: NodeGroupLayout[] = visible.map((name, i) => {
    const rect = cell(i)
    const group = {
      name,
      rect,
      kubelet: offset(KUBELET_BOX, rect.x, rect.y),
      runtime: offset(RUNTIME_BOX, rect.x, rect.y),
    }
    anchors.set(kubeletId(name), group.kubelet)
    anchors.set(runtimeId(name), group.runtime)
    outer.set(kubeletId(name), rect)
    outer.set(runtimeId(name), rect)
    return group
  })
  let more: MoreNodesLayout | undefined
  if (collapsed) {
    more = { rect: cell(visible.length), names: nodeNames.filter((n) => !drawn.has(n)) }
    for (const id of [MORE_NODES, ...more.names.flatMap((n) => [kubeletId(n), runtimeId(n)])]) {
      anchors.set(id, more.rect)
      outer.set(id, more.rect)
    }
  }

  const edges: EdgeLayout[] = []
  const edge = (source: ComponentId, target: ComponentId, internal = false) =>
    edges.push({ id: `${source}--${target}`, source, target, internal })
  edge(KUBECTL, APISERVER)
  edge(APISERVER, ETCD)
  edge(SCHEDULER, APISERVER)
  edge(CONTROLLER_MANAGER, APISERVER)
  if (components.has(WEBHOOKS)) edge(APISERVER, WEBHOOKS)
  for (const g of groups) {
    edge(APISERVER, kubeletId(g.name))
    edge(kubeletId(g.name), runtimeId(g.name), true)
    edge(runtimeId(g.name), REGISTRY)
  }
  if (more) {
    edge(APISERVER, MORE_NODES)
    edge(MORE_NODES, REGISTRY)
  }

  return {
    columns: cols,
    components,
    groups,
    more,
    anchors,
    outer,
    edges,
    bounds: boundsOf([...outer.values()]),
  }
}

export function boundsOf(rects: readonly Rect[]): Rect {
  if (rects.length === 0) return { x: 0, y: 0, width: 0, height: 0 }
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  for (const r of rects) {
    x0 = Math.min(x0, r.x)
    y0 = Math.min(y0, r.y)
    x1 = Math.max(x1, r.x + r.width)
    y1 = Math.max(y1, r.y + r.height)
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/**
 * The column count that lets the whole graph be drawn largest in a container of this aspect ratio
 * (width / height); ties go to fewer columns. 3 nodes in a wide panel make one row; 4 nodes in a
 * squarish one make two rows of two.
 */
export function chooseColumns(nodeCount: number, aspect: number): number {
  const boxes = groupCount(nodeCount)
  if (boxes <= 1) return 1
  const names = Array.from({ length: nodeCount }, (_, i) => `n${i}`)
  let best = 1
  let bestScale = 0
  for (let cols = 1; cols <= Math.min(boxes, MAX_COLUMNS); cols++) {
    const { bounds } = layoutGraph(names, cols)
    const scale = Math.min(aspect / bounds.width, 1 / bounds.height)
    if (scale > bestScale * 1.0001) {
      best = cols
      bestScale = scale
    }
  }
  return best
}
