/**
 * The handle on the dock's top edge: drag it, or focus it and press ↑ / ↓, to give the dock more or
 * less of the window (the graph takes the rest). Double-click restores the default height.
 */
import type { KeyboardEvent, PointerEvent } from 'react'
import { useT } from './i18n/i18n'
import { useStore } from './store/store'

const MIN_PX = 120
/** The graph keeps at least this much of the window. */
const GRAPH_MIN_PX = 220

function clamp(px: number): number {
  return Math.round(Math.min(Math.max(MIN_PX, px), window.innerHeight - GRAPH_MIN_PX))
}

/** The dock's height before any resize: `--dock-h`'s fallback in app.css. */
function defaultHeight(): number {
  return Math.round(Math.max(190, window.innerHeight * 0.3))
}

function currentHeight(handle: HTMLElement): number {
  return handle.parentElement?.getBoundingClientRect().height ?? 240
}

export function DockResizer() {
  const height = useStore((s) => s.dockHeight)
  const t = useT()
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const handle = e.currentTarget
    handle.setPointerCapture(e.pointerId)
    const startY = e.clientY
    const startH = currentHeight(handle)
    const move = (ev: globalThis.PointerEvent) =>
      useStore.setState({ dockHeight: clamp(startH + startY - ev.clientY) })
    const up = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', up)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', up)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
    e.preventDefault()
    e.stopPropagation()
    const step = e.key === 'ArrowUp' ? 24 : -24
    useStore.setState({ dockHeight: clamp(currentHeight(e.currentTarget) + step) })
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter (WAI-ARIA window splitter), not a static rule
    <div
      className="dock-resize"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('dock.resize')}
      // A focusable separator needs a value (WAI-ARIA window splitter): the dock's height in
      // pixels, the CSS default's (max(190px, 30vh), app.css) until the user resizes it.
      aria-valuenow={height ?? defaultHeight()}
      aria-valuemin={MIN_PX}
      aria-valuemax={Math.max(MIN_PX, window.innerHeight - GRAPH_MIN_PX)}
      aria-valuetext={t('dock.resizeValue', { px: height ?? defaultHeight() })}
      tabIndex={0}
      data-testid="dock-resize"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => useStore.setState({ dockHeight: undefined })}
    />
  )
}
