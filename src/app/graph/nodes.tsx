/**
 * React Flow node types: a control-plane component box, a cluster node box (kubelet, containerd,
 * usage, Pods) and the summary box for collapsed nodes. Each is memoized and subscribes to the
 * store narrowly (its own state line, its own Pods), so the cursor moving re-renders a box only
 * when what it shows changes. Moving messages live in MessageOverlay, not here.
 */
import { type Node as FlowNode, Handle, type NodeProps, Position } from '@xyflow/react'
import { AnimatePresence } from 'motion/react'
import { type CSSProperties, memo, useMemo } from 'react'
import { nodeRoles, nodeStatus } from '../../api/kubectl'
import type { Node } from '../../api/types'
import { formatCount, plural, type Translate, useT } from '../i18n/i18n'
import { formatCpu, formatMemory, fraction, nodeAt, nodeUsage, type Usage } from '../model/node-usage'
import { podKey, podsOnNodeAt } from '../model/pods-view'
import { useStore } from '../store/store'
import { familyColor, familyOf } from './colors'
import { componentState, stateMeaning } from './component-state'
import { componentName, componentTestId } from './labels'
import {
  type ControlComponent,
  GROUP,
  KUBELET_BOX,
  kubeletId,
  MORE_NODES,
  type Rect,
  RUNTIME_BOX,
  runtimeId,
} from './layout'
import { GROUP_CELLS_TOP, type GroupSummary, groupCellPaths } from './node-groups'
import { OverflowPod, PodCard } from './PodCard'
import { groupSummaryAt } from './use-node-groups'
import { useShallowArray } from './use-shallow-array'

export type ComponentNodeData = { readonly component: ControlComponent }
export type ClusterNodeData = { readonly name: string; readonly node: Node | undefined }
export type MoreNodesData = { readonly names: readonly string[] }

export type ComponentFlowNode = FlowNode<ComponentNodeData, 'component'>
export type ClusterFlowNode = FlowNode<ClusterNodeData, 'clusterNode'>
export type MoreNodesFlowNode = FlowNode<MoreNodesData, 'moreNodes'>
export type GraphFlowNode = ComponentFlowNode | ClusterFlowNode | MoreNodesFlowNode

/** A box's title: the component's own name (the webhooks' box is the one described in words). */
const title = (id: ControlComponent, tr: Translate): string => (id === 'webhooks' ? tr('graph.webhooks') : id)

/**
 * Invisible handles at the centre of `rect` (relative to the node): edges need handles to attach
 * to, but WireEdge draws from the layout's own border points.
 */
const Anchor = memo(AnchorView, (a, b) => a.id === b.id && sameRect(a.rect, b.rect))

const sameRect = (a: Rect, b: Rect): boolean =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height

/**
 * (Memoized: a box renders again whenever a Pod or the Node it shows changes, and React Flow's
 * Handles under it are not cheap to render; their place never moves.)
 */
function AnchorView({ id, rect }: { id: string; rect: Rect }) {
  const style: CSSProperties = { left: rect.x + rect.width / 2, top: rect.y + rect.height / 2 }
  return (
    <>
      <Handle
        className="pf-handle"
        type="source"
        id={`${id}-s`}
        position={Position.Top}
        style={style}
        isConnectable={false}
      />
      <Handle
        className="pf-handle"
        type="target"
        id={`${id}-t`}
        position={Position.Top}
        style={style}
        isConnectable={false}
      />
    </>
  )
}

const familyStyle = (id: string): CSSProperties => ({ '--pf-c': familyColor(familyOf(id)) }) as CSSProperties

function ComponentNodeView({ data, width, height }: NodeProps<ComponentFlowNode>) {
  const id = data.component
  const t = useT()
  const state = useStore((s) => componentState(id, s.revisions, s.cursorMs, t))
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled box of the diagram, not a form's fieldset
    <div
      className="pf-box"
      style={familyStyle(id)}
      data-testid={componentTestId(id)}
      data-component={id}
      role="group"
      aria-label={t('graph.box', { title: title(id, t), meaning: stateMeaning(id, t), state })}
    >
      <Anchor id="c" rect={{ x: 0, y: 0, width: width ?? 0, height: height ?? 0 }} />
      <span className="pf-box-title">{title(id, t)}</span>
      <span className="pf-box-state" title={state}>
        {state}
      </span>
    </div>
  )
}

export const ComponentNode = memo(ComponentNodeView)

interface UsageRowProps {
  readonly label: string
  readonly usage: Usage
  readonly text: string
}

/** Memoized by value: a node box renders again for every change of one of its Pods. */
const UsageRow = memo(
  UsageRowView,
  (a: UsageRowProps, b: UsageRowProps) =>
    a.label === b.label &&
    a.text === b.text &&
    a.usage.used === b.usage.used &&
    a.usage.allocatable === b.usage.allocatable,
)

function UsageRowView({ label, usage, text }: UsageRowProps) {
  const f = fraction(usage)
  const t = useT()
  return (
    <div
      className="pf-usage-row"
      role="img"
      aria-label={t('graph.usage.label', { resource: label, value: text })}
      title={t('graph.usage.title', { resource: label, value: text })}
    >
      <span className="pf-usage-label">{label}</span>
      <span className={`pf-usage-bar${usage.used > usage.allocatable ? ' over' : ''}`}>
        <span style={{ width: `${Math.round(f * 100)}%` }} />
      </span>
      <span className="pf-usage-value">{text}</span>
    </div>
  )
}

function ClusterNodeView({ data }: NodeProps<ClusterFlowNode>) {
  const { name } = data
  const t = useT()
  const pods = useShallowArray((s) => podsOnNodeAt(s.revisions, s.cursorMs, name))
  const node = useStore((s) => nodeAt(s.revisions, s.cursorMs, name)) ?? data.node
  const usage = useMemo(() => nodeUsage(node, pods), [node, pods])
  const roles = node ? nodeRoles(node) : []
  const status = node ? nodeStatus(node) : 'Unknown'
  const shown = pods.slice(0, GROUP.slots)
  const hidden = pods.length - shown.length
  const kubelet = kubeletId(name)
  const runtime = runtimeId(name)
  const chipLine: CSSProperties = {
    left: KUBELET_BOX.x + KUBELET_BOX.width,
    top: KUBELET_BOX.y + KUBELET_BOX.height / 2,
    width: RUNTIME_BOX.x - KUBELET_BOX.x - KUBELET_BOX.width,
  }
  return (
    <section
      className={`pf-node${status.startsWith('Ready') ? '' : ' not-ready'}`}
      data-testid={`node-${name}`}
      data-pods={pods.length}
      aria-label={
        roles.length
          ? t('graph.nodeWithRoles', { name, roles: roles.join(', '), status, count: usage.podCount })
          : t('graph.node', { name, status, count: usage.podCount })
      }
    >
      <Anchor id="kubelet" rect={KUBELET_BOX} />
      <Anchor id="runtime" rect={RUNTIME_BOX} />
      <header className="pf-node-title" style={{ height: GROUP.titleHeight }}>
        <span className="pf-node-name" title={name}>
          {name}
        </span>
      </header>
      {(roles.length > 0 || !status.startsWith('Ready')) && (
        <span className="pf-node-tags">
          {!status.startsWith('Ready') && <span className="pf-tag danger">{status}</span>}
          {roles.map((r) => (
            <span key={r} className="pf-tag">
              {r}
            </span>
          ))}
        </span>
      )}
      <span className="pf-chip-line" style={chipLine} aria-hidden="true" />
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled box of the diagram, not a form's fieldset */}
      <div
        className="pf-chip"
        style={{ ...chipRect(KUBELET_BOX), ...familyStyle(kubelet) }}
        data-testid={componentTestId(kubelet)}
        data-component={kubelet}
        role="group"
        aria-label={componentName(kubelet, t)}
      >
        kubelet
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled box of the diagram, not a form's fieldset */}
      <div
        className="pf-chip"
        style={{ ...chipRect(RUNTIME_BOX), ...familyStyle(runtime) }}
        data-testid={componentTestId(runtime)}
        data-component={runtime}
        role="group"
        aria-label={componentName(runtime, t)}
      >
        containerd
      </div>
      <div className="pf-usage" style={{ top: GROUP.usageY }}>
        <UsageRow
          label={t('graph.usage.cpu')}
          usage={usage.cpu}
          text={`${formatCpu(usage.cpu.used)} / ${formatCpu(usage.cpu.allocatable)}`}
        />
        <UsageRow
          label={t('graph.usage.memory')}
          usage={usage.memory}
          text={`${formatMemory(usage.memory.used)} / ${formatMemory(usage.memory.allocatable)}`}
        />
        <UsageRow
          label={t('graph.usage.pods')}
          usage={usage.pods}
          text={`${usage.pods.used} / ${usage.pods.allocatable}`}
        />
      </div>
      <ul
        className="pf-pods"
        style={{ top: GROUP.podsY, gap: GROUP.slotGap }}
        aria-label={t('graph.podsOn', { node: name })}
      >
        {pods.length === 0 && <li className="pf-pods-empty">{t('graph.noPods')}</li>}
        <AnimatePresence initial={false}>
          {shown.map((pod) => (
            <PodCard key={podKey(pod)} pod={pod} />
          ))}
        </AnimatePresence>
      </ul>
      {hidden > 0 && (
        <>
          <span className="pf-pods-more" aria-hidden="true">
            {plural(t, hidden, 'graph.morePodsOne', 'graph.morePodsOther')}
          </span>
          {/* Not drawn, but there for screen readers and tests, like the cards. */}
          <ul className="pf-offscreen" aria-label={t('graph.morePodsOn', { count: hidden, node: name })}>
            {pods.slice(shown.length).map((pod) => (
              <OverflowPod key={podKey(pod)} pod={pod} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

const chipRect = (r: Rect): CSSProperties => ({ left: r.x, top: r.y, width: r.width, height: r.height })

export const ClusterNode = memo(ClusterNodeView)

function MoreNodesView({ data, width, height }: NodeProps<MoreNodesFlowNode>) {
  const { names } = data
  const t = useT()
  const summary = useStore((s) => groupSummaryAt(s.revisions, s.cursorMs, names))
  const { nodes, ready, pods } = summary
  return (
    <section
      className={`pf-node pf-more${ready < nodes ? ' not-ready' : ''}`}
      style={familyStyle(MORE_NODES)}
      data-testid="node-more"
      data-component={MORE_NODES}
      data-nodes={nodes}
      data-ready={ready}
      data-pods={pods}
      aria-label={t('scale.group.label', { count: nodes, ready, pods })}
    >
      <Anchor id="c" rect={{ x: 0, y: 0, width: width ?? 0, height: height ?? 0 }} />
      <header className="pf-node-title">
        <span className="pf-node-name">{t('graph.moreNodes', { count: formatCount(nodes) })}</span>
      </header>
      <p className="pf-more-line pf-more-kubelets" data-testid="node-group-kubelets">
        {t('scale.group.kubelets', { count: formatCount(nodes), ready: formatCount(ready) })}
      </p>
      <p className="pf-more-line pf-more-runtimes">
        {t('scale.group.runtimes', { count: formatCount(nodes) })} ·{' '}
        {plural(t, pods, 'scale.group.podsOne', 'scale.group.podsOther')}
      </p>
      <GroupCells summary={summary} />
    </section>
  )
}

/** The grouped nodes as a grid of cells, drawn as one SVG path per kind of cell. */
const GroupCells = memo(function GroupCells({ summary }: { summary: GroupSummary }) {
  const t = useT()
  const width = GROUP.width - 2 * GROUP.pad
  const height = GROUP.height - GROUP_CELLS_TOP - GROUP.pad
  const paths = useMemo(() => groupCellPaths(summary, width, height), [summary, width, height])
  return (
    <svg
      className="pf-more-cells"
      style={{ top: GROUP_CELLS_TOP, left: GROUP.pad }}
      width={width}
      height={height}
      role="img"
      aria-label={t('scale.group.cells')}
      data-testid="node-group-cells"
    >
      <title>{t('scale.group.cells')}</title>
      <path className="cell-empty" d={paths.empty} />
      <path className="cell-some" d={paths.some} />
      <path className="cell-many" d={paths.many} />
      <path className="cell-down" d={paths.down} />
    </svg>
  )
})

export const MoreNodes = memo(MoreNodesView)

/** Module scope, so React Flow sees the same object on every render. */
export const nodeTypes = { component: ComponentNode, clusterNode: ClusterNode, moreNodes: MoreNodes }
