/**
 * The cluster as a graph: the control plane on top, one box per cluster node below (its kubelet,
 * containerd and Pods), the image registry at the side, and every message in flight at the cursor
 * moving along its wire. Fills its container (give the container a size and `position: relative`).
 *
 * Reads from the store: `nodes` (the layout), `revisions` + `cursorMs` (state shown in boxes,
 * narrowly per box), `messages` + `maxFlightMs` + `cursorMs` (the overlay only),
 * `selectedMessageId` and `focusedPodKey` (highlights). Writes: `selectedMessageId` (clicking a
 * message) and `focusedPodKey` (clicking a Pod).
 */
import '@xyflow/react/dist/style.css'
import './graph.css'
import {
  Background,
  BackgroundVariant,
  Controls,
  type FitViewOptions,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useStore as useFlowStore,
  useReactFlow,
  useStoreApi,
} from '@xyflow/react'
import { LazyMotion, MotionConfig } from 'motion/react'
import { useEffect, useMemo, useRef } from 'react'
import { useT } from '../i18n/i18n'
import { CompactedNotice } from '../scale/CompactedNotice'
import { ComputeProgress } from '../scale/ComputeProgress'
import { useStore } from '../store/store'
import { toFlowEdges, toFlowNodes } from './flow-elements'
import { chooseColumns, layoutGraph } from './layout'
import { MessageOverlay } from './MessageOverlay'
import { nodeTypes } from './nodes'
import { useShownNodes } from './use-node-groups'
import { edgeTypes } from './WireEdge'

/** Room above for the top row's step captions, below for the last row's. */
const FIT: FitViewOptions = {
  padding: { top: '28px', bottom: '16px', left: '10px', right: '10px' },
  maxZoom: 1.25,
}
const PRO_OPTIONS = { hideAttribution: true }

/** Width / height of the flow's container, in steps of 0.05 (1.4 until it has been measured). */
const aspectSelector = (s: { width: number; height: number }) =>
  s.width > 0 && s.height > 0 ? Math.round((s.width / s.height) * 20) / 20 : 1.4

function GraphCanvas() {
  const nodes = useStore((s) => s.nodes)
  const webhooks = useStore((s) => s.webhooks)
  const aspect = useFlowStore(aspectSelector)
  const t = useT()
  const names = useMemo(() => nodes.map((n) => n.metadata?.name ?? '').filter((n) => n !== ''), [nodes])
  const namesKey = names.join('\n')
  const columns = chooseColumns(names.length, aspect)
  // With many nodes, the ones drawn in full follow the focused Pod and the selected message.
  const shown = useShownNodes(names)
  // The layout depends on the names only (not on the Node objects), so a fork that resends the same
  // nodes keeps the layout, and the viewport, as they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey stands for names
  const layout = useMemo(
    () => layoutGraph(names, columns, { webhooks, shown }),
    [namesKey, columns, webhooks, shown],
  )
  // Another node drawn in full keeps the boxes where they are: no re-fit for that.
  const fitKey = `${namesKey}|${columns}|${webhooks}`
  const flowNodes = useMemo(() => toFlowNodes(layout, nodes), [layout, nodes])
  const flowEdges = useMemo(() => toFlowEdges(layout), [layout])

  // Fit on load and whenever the layout changes (a new node list, or a container shape that wants
  // another column count); fitView waits for new nodes to be measured. When the container is
  // resized, fit again unless the user has panned or zoomed since the last fit.
  const { fitView } = useReactFlow()
  const flowStore = useStoreApi()
  const userMoved = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-fit when the layout's shape changes
  useEffect(() => {
    userMoved.current = false
    fitView(FIT)
  }, [fitKey, fitView])
  useEffect(
    () =>
      flowStore.subscribe((s, prev) => {
        if ((s.width !== prev.width || s.height !== prev.height) && !userMoved.current) fitView(FIT)
      }),
    [flowStore, fitView],
  )

  return (
    <ReactFlow
      nodes={flowNodes}
      edges={flowEdges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      fitView
      fitViewOptions={FIT}
      minZoom={0.15}
      maxZoom={2}
      onMoveStart={(event) => {
        // Only gestures (drag, wheel, pinch) carry an event; fitView and the Controls' buttons
        // do not.
        if (event) userMoved.current = true
      }}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      deleteKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      panActivationKeyCode={null}
      zoomOnDoubleClick={false}
      proOptions={PRO_OPTIONS}
      aria-label={t('graph.label')}
    >
      <Background variant={BackgroundVariant.Dots} gap={24} size={1} />
      <Controls showInteractive={false} position="bottom-left" />
      <MessageOverlay layout={layout} />
      <Panel position="bottom-center">
        <ComputeProgress />
        <CompactedNotice />
      </Panel>
    </ReactFlow>
  )
}

/**
 * Motion's animation engine, a chunk fetched as the graph mounts rather than part of the first
 * load (issue 10: initial JS); Pod cards (`m.li`) animate once it is here.
 */
const motionFeatures = () => import('./motion-features').then((m) => m.default)

/** The cluster graph. No props: everything comes from the store. */
export function ClusterGraph() {
  return (
    <div className="pf-graph" data-testid="graph">
      <ReactFlowProvider>
        <LazyMotion features={motionFeatures}>
          <MotionConfig reducedMotion="user">
            <GraphCanvas />
          </MotionConfig>
        </LazyMotion>
      </ReactFlowProvider>
    </div>
  )
}
