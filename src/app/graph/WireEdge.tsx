/**
 * An edge as a straight wire between the layout's border points (the same segment the message
 * pills travel on), tinted with the family of the component at its far end.
 */
import { BaseEdge, type Edge, type EdgeProps } from '@xyflow/react'
import { type CSSProperties, memo } from 'react'
import { type Family, familyColor } from './colors'
import type { Segment } from './geometry'

export type WireEdgeData = { readonly segment: Segment; readonly family: Family }
export type WireFlowEdge = Edge<WireEdgeData, 'wire'>

function WireEdgeView({ id, data }: EdgeProps<WireFlowEdge>) {
  if (!data) return null
  const { a, b } = data.segment
  const style = { '--pf-c': familyColor(data.family) } as CSSProperties
  return (
    <BaseEdge
      id={id}
      path={`M ${a.x} ${a.y} L ${b.x} ${b.y}`}
      className="pf-wire"
      style={style}
      interactionWidth={0}
    />
  )
}

export const WireEdge = memo(WireEdgeView)

/** Module scope, so React Flow sees the same object on every render. */
export const edgeTypes = { wire: WireEdge }
