/**
 * The pills on one canvas, as plain data (pill-canvas.ts paints it): where each message in flight
 * is drawn on screen at the current pan and zoom, in the order it is painted, and which pill a
 * click lands on. ~100 pills as DOM elements cost the main thread ~3 ms of style, paint and
 * layerize a frame, and their position writes ~1.5 ms more (docs/performance.md, browser frame
 * budget); drawn on a canvas they cost one draw call each. Nothing here touches the DOM.
 */
import { type MessageView, ROUTINE_STAGES } from '../../protocol/messages'
import type { Family, PillVariant } from './colors'
import { PILL_FONT_PX, PILL_HEIGHT, type PillView } from './scene'

/** Horizontal padding inside a pill at scale 1 (graph.css `.pf-pill`: `padding: 0 7px`). */
export const PILL_PAD_X = 7

/** React Flow's viewport: screen = flow × zoom + (x, y). */
export interface Viewport {
  readonly x: number
  readonly y: number
  readonly zoom: number
}

/** One pill as painted, in CSS pixels of the canvas (its top-left corner is 0, 0). */
export interface PillBox {
  readonly id: number
  readonly message: MessageView
  readonly label: string
  readonly family: Family
  readonly variant: PillVariant
  /** Routine traffic (leases, heartbeats): drawn fainter and lighter (graph.css `.is-routine`). */
  readonly routine: boolean
  readonly selected: boolean
  readonly focused: boolean
  /** Centre. */
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  /** CSS px per flow unit of pill: the pill's scale times the zoom. */
  readonly size: number
  /** Progress along the wire (0–1), as the inspector has it (not the reduced-motion stop). */
  readonly progress: number
}

export interface DrawListInput {
  readonly pills: readonly PillView[]
  readonly viewport: Viewport
  /** Pills are drawn this much larger than their flow size (MessageOverlay: never below 1 on screen). */
  readonly scale: number
  /** The canvas' size in CSS px: pills wholly outside it are left out. */
  readonly width: number
  readonly height: number
  readonly selectedId: number | undefined
  readonly focusedId: number | undefined
  /** The pill's label width in px at PILL_FONT_PX (canvas measureText; a table in tests). */
  readonly textWidth: (pill: PillView, routine: boolean) => number
}

/**
 * The pills to paint, bottom first: the scene's order, then the selected and the focused pill on
 * top (as their DOM elements' z-index had them).
 */
export function pillDrawList(input: DrawListInput): PillBox[] {
  const { viewport: v, width, height } = input
  const size = input.scale * v.zoom
  const h = PILL_HEIGHT * size
  const out: PillBox[] = []
  const top: PillBox[] = []
  for (const p of input.pills) {
    const m = p.message
    const routine = ROUTINE_STAGES.has(m.stage)
    const w = (input.textWidth(p, routine) + 2 * PILL_PAD_X + 2) * size
    const x = p.at.x * v.zoom + v.x
    const y = p.at.y * v.zoom + v.y
    const selected = m.id === input.selectedId
    const focused = m.id === input.focusedId
    // Off screen (with room for the selection ring): not drawn, not clickable.
    if (
      !selected &&
      !focused &&
      (x + w / 2 < -4 || x - w / 2 > width + 4 || y + h / 2 < -4 || y - h / 2 > height + 4)
    )
      continue
    const box: PillBox = {
      id: m.id,
      message: m,
      label: p.label,
      family: p.family,
      variant: p.variant,
      routine,
      selected,
      focused,
      x,
      y,
      width: w,
      height: h,
      size,
      progress: p.progress,
    }
    if (selected || focused) top.push(box)
    else out.push(box)
  }
  return out.concat(top)
}

/** The pill painted on top at (x, y), canvas CSS px; `slop` px around each pill count too. */
export function hitTest(list: readonly PillBox[], x: number, y: number, slop = 1): PillBox | undefined {
  for (let i = list.length - 1; i >= 0; i--) {
    const b = list[i] as PillBox
    if (Math.abs(x - b.x) > b.width / 2 + slop || Math.abs(y - b.y) > b.height / 2 + slop) continue
    // Rounded ends: outside the end caps' circles is a miss.
    const r = b.height / 2
    const dx = Math.abs(x - b.x) - (b.width / 2 - r)
    if (dx > 0 && dx * dx + (y - b.y) * (y - b.y) > (r + slop) * (r + slop)) continue
    return b
  }
  return undefined
}

/** The label's font at `size` (CSS px per flow unit): graph.css `.pf-pill` (600; routine 500). */
export function pillFont(routine: boolean, size: number, family: string): string {
  return `${routine ? 500 : 600} ${round2(PILL_FONT_PX * size)}px ${family}`
}

const round2 = (v: number): number => Math.round(v * 100) / 100
