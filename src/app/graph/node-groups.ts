/**
 * Node groups: how a large cluster's nodes are drawn. Up to GROUPED_ABOVE nodes, every node gets
 * its own box (kubelet, containerd, usage, Pods). Above that, SHOWN_NODES nodes keep a box and the
 * rest are drawn as one group card ("kubelet × 993, 990 Ready") with a cell per node; their
 * messages travel to the card. Which nodes keep a box is chosen here, as a pure function: the
 * first nodes of the cluster, except that the nodes the user is looking at (the focused Pod's
 * node, the selected message's ends) take the last places, so they are always drawn in full.
 *
 * Why 12: a node box is 208×188 flow units. Twelve boxes make three rows of four, which fit the
 * graph panel of a 1280×720 window at about half size — the smallest at which a box's name, usage
 * and Pod cards can still be read. Beyond that the boxes shrink below readable, and at 1,000 nodes
 * React Flow would hold 1,000 node elements (and 2,000 edges). With SHOWN_NODES + 1 = 8 boxes the
 * graph is the same size for 13 nodes and for 1,000.
 */
import { kubeletId, runtimeId } from '../../protocol/messages'

/** Clusters with more nodes than this draw their nodes as SHOWN_NODES boxes and one group card. */
export const GROUPED_ABOVE = 12
/** Node boxes drawn in full when the nodes are grouped (the group card is one more box). */
export const SHOWN_NODES = 7

/** The node a component id belongs to (`kubelet/<node>`, `runtime/<node>`), or undefined. */
export function nodeOfComponent(id: string): string | undefined {
  const slash = id.indexOf('/')
  if (slash < 0) return undefined
  const kind = id.slice(0, slash)
  return kind === 'kubelet' || kind === 'runtime' ? id.slice(slash + 1) : undefined
}

/**
 * The nodes drawn in full, in drawing order, for a cluster of `names` (in cluster order), given
 * the nodes the user is looking at (`pinned`, most important first; unknown names are ignored).
 * All of `names` up to GROUPED_ABOVE; otherwise the first `slots` names, with the pinned nodes
 * that are not among them replacing the last ones, so a pin moves as few boxes as possible.
 * Deterministic: the same arguments give the same answer.
 */
export function shownNodes(
  names: readonly string[],
  pinned: readonly (string | undefined)[] = [],
  slots = SHOWN_NODES,
): readonly string[] {
  if (names.length <= GROUPED_ABOVE) return names
  const known = new Set(names)
  const first = names.slice(0, slots)
  const inFirst = new Set(first)
  const extra: string[] = []
  for (const p of pinned) {
    if (p === undefined || !known.has(p) || inFirst.has(p) || extra.includes(p)) continue
    extra.push(p)
  }
  const kept = extra.slice(0, slots)
  return [...first.slice(0, slots - kept.length), ...kept]
}

/** The nodes a focused Pod and a selected message point at, most important first. */
export function pinnedNodes(
  focusedPodNode: string | undefined,
  selected: { readonly from: string; readonly to: string } | undefined,
): (string | undefined)[] {
  return [
    focusedPodNode,
    selected ? nodeOfComponent(selected.to) : undefined,
    selected ? nodeOfComponent(selected.from) : undefined,
  ]
}

/** What the group card says about its nodes, and a cell per node for its grid. */
export interface GroupSummary {
  readonly nodes: number
  readonly ready: number
  readonly pods: number
  /** One cell per grouped node, in order: its Pod count, and whether it is Ready. */
  readonly cells: readonly { readonly pods: number; readonly ready: boolean }[]
}

export function summarizeGroup(
  names: readonly string[],
  podsOn: (name: string) => number,
  isReady: (name: string) => boolean,
): GroupSummary {
  let ready = 0
  let pods = 0
  const cells = names.map((name) => {
    const cell = { pods: podsOn(name), ready: isReady(name) }
    if (cell.ready) ready++
    pods += cell.pods
    return cell
  })
  return { nodes: names.length, ready, pods, cells }
}

/** A grid of `count` square cells filling a `width`×`height` box: the cell size and the columns. */
export function cellGrid(count: number, width: number, height: number): { size: number; columns: number } {
  if (count <= 0) return { size: 0, columns: 0 }
  // The largest size s such that floor(width / s) * floor(height / s) >= count.
  let size = Math.max(1, Math.floor(Math.sqrt((width * height) / count)))
  while (size > 1 && Math.floor(width / size) * Math.floor(height / size) < count) size--
  return { size, columns: Math.max(1, Math.floor(width / size)) }
}

/** Every component id of `names` (kubelets and runtimes), for the layout's anchors. */
export function componentsOf(names: readonly string[]): string[] {
  return names.flatMap((n) => [kubeletId(n), runtimeId(n)])
}

/** Where the group card's cell grid starts, below its title and two lines of text. */
export const GROUP_CELLS_TOP = 72

/**
 * The card's cells as SVG path data, one path per kind: not Ready (`down`), no Pods (`empty`),
 * some Pods (`some`: up to half the busiest node's count) and more (`many`).
 */
export function groupCellPaths(
  summary: GroupSummary,
  width: number,
  height: number,
): { empty: string; some: string; many: string; down: string } {
  const { size, columns } = cellGrid(summary.cells.length, width, height)
  const out = { empty: '', some: '', many: '', down: '' }
  const max = summary.cells.reduce((m, c) => Math.max(m, c.pods), 0)
  const inner = Math.max(1, size - (size >= 4 ? 1 : 0))
  summary.cells.forEach((c, i) => {
    const x = (i % columns) * size
    const y = Math.floor(i / columns) * size
    const kind = !c.ready ? 'down' : c.pods === 0 ? 'empty' : c.pods * 2 <= max ? 'some' : 'many'
    out[kind] += `M${x} ${y}h${inner}v${inner}h${-inner}z`
  })
  return out
}
