/**
 * The timeline's cursor: its time on the axis, and the cover over what has not happened yet
 * (from the cursor to the end of every lane; its left edge is the cursor's line). These follow
 * the store's cursor in the display update itself, while the lanes render after it, deferred
 * (Timeline.tsx): a cursor that moved changes these two elements and nothing else, so the lanes
 * are neither rendered nor painted again until one of them reaches a new mark.
 */
import { memo } from 'react'
import { useStore } from '../store/store'
import { formatOffset, LABEL_WIDTH, pxOf, type TimeWindow } from './scale'

interface Props {
  readonly window: TimeWindow
  /** The track's width, px. */
  readonly width: number
}

/** The cursor's time on the axis (in the axis' track). */
export const AxisCursor = memo(function AxisCursor({ window, width }: Props) {
  const cursorMs = useStore((s) => s.cursorMs)
  const x = pxOf(window, width, cursorMs)
  if (x < 0 || x > width) return null
  return (
    <span className="tl-axis-cursor" style={{ left: x }} data-testid="timeline-cursor">
      {formatOffset(cursorMs, 1)}
    </span>
  )
})

/**
 * From the cursor to the end of every lane, under the axis (`top`) and `height` px tall: a
 * segment still open runs on under it. Its own layer, moved by a transform.
 */
export const FutureCover = memo(function FutureCover({
  window,
  width,
  top,
  height,
}: Props & { readonly top: number; readonly height: number }) {
  const x = useStore((s) => pxOf(window, width, s.cursorMs))
  return (
    <div
      className={`tl-future${x < 0 ? ' before-window' : ''}`}
      style={{
        transform: `translateX(${LABEL_WIDTH + Math.min(Math.max(x, 0), width + 2)}px)`,
        width: width + 2,
        top,
        height,
      }}
      data-testid="timeline-future"
      aria-hidden="true"
    />
  )
})
