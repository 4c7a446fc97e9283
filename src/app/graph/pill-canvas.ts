/**
 * Paints the pill draw list (pill-paint.ts) on one canvas over the graph, in screen coordinates at
 * the device's pixel ratio (so labels stay sharp at any zoom). The colours, borders and fonts are
 * not repeated here: they are read from graph.css by styling a hidden probe element as the pill
 * would have been (`pf-pill pf-pill--<variant> pf-fam-<family>`), once per kind of pill and theme.
 *
 * One draw per change, whatever changed (the cursor, pan and zoom, the selection, keyboard focus,
 * the theme): `schedule()` coalesces them into a microtask, which runs before the frame paints.
 */
import type { MessageView } from '../../protocol/messages'
import type { Family, PillVariant } from './colors'
import { type PillBox, pillDrawList, pillFont, type Viewport } from './pill-paint'
import { type Sprite, SpriteCache } from './pill-sprites'
import type { PillView } from './scene'

/** What the pills look like, read from graph.css. */
interface PillStyle {
  readonly fill: string
  readonly stroke: string
  readonly strokeWidth: number
  readonly dashed: boolean
  readonly text: string
  readonly opacity: number
  readonly shadow: boolean
}

interface Cached {
  /** Frames it was drawn on before this one. */
  drawn: number
  width?: number
  /** Its look (pill-sprites.ts), at the size it was last drawn. */
  look?: string
  lookSize?: number
  /** The draw that last used it. */
  used: number
}

const SPRITE_SWEEP = 120
/** Bitmaps kept at most (a few times the pills on screen). */
const MAX_SPRITES = 512
/** New pill bitmaps made per frame at most; the others are drawn as vectors until their turn. */
const SPRITES_PER_FRAME = 12
/** Label widths kept at most (then forgotten at once: they are cheap to measure again). */
const MAX_LABEL_WIDTHS = 4096

/** The canvas, carrying what it drew last: e2e tests find pills on it through this. */
export type PillCanvasElement = HTMLCanvasElement & { pills?: readonly PillBox[] }

export interface PainterInput {
  readonly pills: () => readonly PillView[]
  readonly selectedId: () => number | undefined
}

export class PillPainter {
  private readonly ctx: CanvasRenderingContext2D | null
  private readonly styles = new Map<string, PillStyle>()
  /** Per message drawn lately: its label's width and look (a Map: messages outlive their flight). */
  private readonly cache = new Map<MessageView, Cached>()
  /** The bitmaps, by look: shared by every message that looks the same. */
  private readonly sprites = new SpriteCache<ImageBitmap>((image) => image.close(), SPRITE_SWEEP, MAX_SPRITES)
  /** Label widths at PILL_FONT_PX, by weight and label. */
  private readonly labelWidths = new Map<string, number>()
  /** A scratch canvas the bitmaps are drawn on (one context, not one per pill). */
  private scratch: OffscreenCanvas | undefined
  /** Draws so far: messages not drawn for SPRITE_SWEEP draws are forgotten. */
  private draws = 0
  private fontFamily = ''
  /** The font last set on the canvas on screen. */
  private paintFont = ''
  /** The context labels are measured with (measurer()), and the font last set on it. */
  private measuring: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null | undefined
  private measuringFont = ''
  private focusColor = ''
  private viewport: Viewport = { x: 0, y: 0, zoom: 1 }
  private width = 0
  private height = 0
  private focusedId: number | undefined
  private scheduled = false
  /** The pills as last drawn (hit testing uses the same list the user sees). */
  list: readonly PillBox[] = []

  constructor(
    private readonly canvas: PillCanvasElement,
    private readonly probe: HTMLElement,
    private readonly input: PainterInput,
  ) {
    this.ctx = canvas.getContext('2d')
  }

  setView(viewport: Viewport, width: number, height: number): void {
    this.viewport = viewport
    this.width = width
    this.height = height
    this.schedule()
  }

  setFocused(id: number | undefined): void {
    if (id === this.focusedId) return
    this.focusedId = id
    this.schedule()
  }

  /** The theme changed: read the colours again. */
  restyle(): void {
    this.styles.clear()
    this.sprites.clear()
    this.cache.clear()
    this.labelWidths.clear()
    this.fontFamily = ''
    this.schedule()
  }

  schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    queueMicrotask(() => {
      this.scheduled = false
      this.draw()
    })
  }

  draw(): void {
    const ctx = this.ctx
    if (!ctx) return
    if (!this.fontFamily) this.readTheme()
    const dpr = globalThis.devicePixelRatio || 1
    const w = Math.max(0, Math.round(this.width * dpr))
    const h = Math.max(0, Math.round(this.height * dpr))
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w
      this.canvas.height = h
      // A resized canvas' context is back to its defaults.
      this.paintFont = ''
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, this.width, this.height)
    const list = pillDrawList({
      pills: this.input.pills(),
      viewport: this.viewport,
      scale: pillScale(this.viewport.zoom),
      width: this.width,
      height: this.height,
      selectedId: this.input.selectedId(),
      focusedId: this.focusedId,
      textWidth: (pill, routine) => this.textWidth(pill.message, pill.label, routine),
    })
    this.list = list
    this.canvas.pills = list
    this.draws++
    this.sprites.nextDraw()
    // A pill becomes a bitmap, drawn once (its label does not change in flight) and copied at whole
    // device pixels on every frame: a software canvas rasterizes on the main thread, and ~100
    // pills' text and rounded borders rasterized anew cost more than copies. Pills that look the
    // same share one bitmap, so a new message is usually copied from the start. A look not seen
    // before is drawn as vectors, and at most SPRITES_PER_FRAME bitmaps are made a frame: a burst
    // of new messages (a watch event fanned out) must not stall one frame.
    let budget = SPRITES_PER_FRAME
    let identity = false
    let font = this.paintFont
    for (const b of list) {
      const entry = this.entry(b.message)
      const look = this.look(entry, b)
      let sprite = this.sprites.get(look, b.size, dpr)
      // Only for pills drawn on an earlier frame too: many messages cross in a frame or two, and
      // a bitmap for a look no other message has would be made for nothing.
      if (!sprite && budget > 0 && entry.drawn > 0) {
        budget--
        sprite = this.sprite(b, dpr)
        this.sprites.set(look, sprite)
      }
      entry.drawn++
      if (sprite) {
        if (!identity) ctx.setTransform(1, 0, 0, 1, 0, 0)
        identity = true
        ctx.drawImage(sprite.image, Math.round(b.x * dpr) - sprite.cx, Math.round(b.y * dpr) - sprite.cy)
      } else {
        if (identity) ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
        identity = false
        font = this.paintPill(ctx, b, b.x - b.width / 2, b.y - b.height / 2, font)
      }
    }
    this.paintFont = font
    // The selection (outline 2px, offset 1px) and keyboard focus (offset 2px), as on the elements.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    for (const b of list) {
      if (!b.selected && !b.focused) continue
      const s = b.size
      const off = (b.focused ? 3 : 2) * s
      const r = b.height / 2
      ctx.lineWidth = 2 * s
      ctx.strokeStyle = this.focusColor
      ctx.beginPath()
      ctx.roundRect(
        b.x - b.width / 2 - off,
        b.y - b.height / 2 - off,
        b.width + 2 * off,
        b.height + 2 * off,
        r + off,
      )
      ctx.stroke()
    }
    if (this.draws % SPRITE_SWEEP === 0) {
      for (const [m, c] of this.cache) if (this.draws - c.used > SPRITE_SWEEP) this.cache.delete(m)
    }
  }

  /**
   * What the pill's bitmap depends on: its label, colours (variant, family, routine) and border,
   * and its size (the zoom); the selection and focus rings are drawn over it. Made once per
   * message and size.
   */
  private look(entry: Cached, b: PillBox): string {
    if (entry.look === undefined || entry.lookSize !== b.size) {
      entry.look = `${b.variant} ${b.family} ${b.routine ? 1 : 0} ${b.size} ${b.label}`
      entry.lookSize = b.size
    }
    return entry.look
  }

  /** The pill as a bitmap at device pixels, its centre at (cx, cy). */
  private sprite(b: PillBox, dpr: number): Sprite<ImageBitmap> {
    const s = b.size
    const pad = 2 * s
    const w = Math.ceil((b.width + 2 * pad) * dpr)
    const h = Math.ceil((b.height + 2 * pad) * dpr)
    // An ImageBitmap, not a canvas: drawing a canvas snapshots it first, on every copy.
    this.scratch ??= new OffscreenCanvas(w, h)
    const canvas = this.scratch
    canvas.width = w
    canvas.height = h
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no 2D context for the pills')
    const cx = Math.round(w / 2)
    const cy = Math.round(h / 2)
    ctx.setTransform(dpr, 0, 0, dpr, cx - (b.width / 2) * dpr, cy - (b.height / 2) * dpr)
    this.paintPill(ctx, b, 0, 0, '')
    return { image: canvas.transferToImageBitmap(), cx, cy, size: s, dpr }
  }

  /**
   * One pill as vectors, its top-left corner at (left, top) in the context's units (CSS px);
   * `font` is the context's font as last set (setting a font parses it); returns the font set.
   */
  private paintPill(
    ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
    b: PillBox,
    left: number,
    top: number,
    font: string,
  ): string {
    const st = this.style(b.variant, b.family, b.routine)
    const s = b.size
    const r = b.height / 2
    ctx.globalAlpha = st.opacity
    if (st.shadow) {
      // graph.css's `box-shadow: 0 1px 2px rgba(0,0,0,.25)`, without the blur (a blurred
      // shadow costs a software canvas more than the rest of the pill).
      ctx.fillStyle = 'rgba(0, 0, 0, 0.16)'
      ctx.beginPath()
      ctx.roundRect(left, top + s, b.width, b.height, r)
      ctx.fill()
    }
    // The background under the border too (background-clip: border-box), the border inside the box.
    ctx.fillStyle = st.fill
    ctx.beginPath()
    ctx.roundRect(left, top, b.width, b.height, r)
    ctx.fill()
    if (st.strokeWidth > 0) {
      const inset = (st.strokeWidth * s) / 2
      ctx.beginPath()
      ctx.roundRect(left + inset, top + inset, b.width - 2 * inset, b.height - 2 * inset, r - inset)
      ctx.lineWidth = st.strokeWidth * s
      ctx.strokeStyle = st.stroke
      ctx.setLineDash(st.dashed ? [3 * st.strokeWidth * s, 2 * st.strokeWidth * s] : [])
      ctx.stroke()
    }
    const f = pillFont(b.routine, s, this.fontFamily)
    if (f !== font) ctx.font = f
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillStyle = st.text
    ctx.fillText(b.label, left + b.width / 2, top + b.height / 2 + 0.5 * s)
    ctx.globalAlpha = 1
    return f
  }

  private entry(m: MessageView): Cached {
    let c = this.cache.get(m)
    if (!c) {
      c = { used: this.draws, drawn: 0 }
      this.cache.set(m, c)
    }
    c.used = this.draws
    return c
  }

  private textWidth(m: MessageView, label: string, routine: boolean): number {
    const c = this.entry(m)
    if (c.width === undefined) {
      const ctx = this.measurer()
      if (!ctx) return label.length * 6
      // Setting a font parses it: only when it changes.
      const font = pillFont(routine, 1, this.fontFamily)
      // Without an OffscreenCanvas this is the canvas on screen, whose font the painting changes:
      // set it every time, and tell the painting.
      const onScreen = ctx === this.ctx
      if (onScreen || font !== this.measuringFont) {
        ctx.font = font
        this.measuringFont = font
        if (onScreen) this.paintFont = font
      }
      // Many messages share a label ("200 OK", a Pod's GET): measured once per label.
      const key = `${routine ? 5 : 6}${label}`
      let width = this.labelWidths.get(key)
      if (width === undefined) {
        width = ctx.measureText(label).width
        if (this.labelWidths.size >= MAX_LABEL_WIDTHS) this.labelWidths.clear()
        this.labelWidths.set(key, width)
      }
      c.width = width
    }
    return c.width
  }

  /**
   * A context to measure labels with, on a canvas outside the document: text measured on the
   * canvas on screen makes the browser bring the document's style up to date first, mid-frame,
   * just after React changed it.
   */
  private measurer(): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null {
    if (this.measuring === undefined)
      this.measuring =
        typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : this.ctx
    return this.measuring
  }

  /**
   * The pills as SVG in flow coordinates, at the size they are drawn (for the graph's SVG and PNG
   * export, src/app/export/graph-image.ts, which copies the viewport's DOM: the canvas is not in
   * it). Every pill in flight, wherever the user has panned.
   */
  svg(): SVGSVGElement {
    if (!this.fontFamily) this.readTheme()
    const NS = 'http://www.w3.org/2000/svg'
    const svg = document.createElementNS(NS, 'svg')
    svg.setAttribute('width', '1')
    svg.setAttribute('height', '1')
    svg.setAttribute('style', 'position:absolute;left:0;top:0;overflow:visible')
    svg.setAttribute('data-testid', 'exported-pills')
    const list = pillDrawList({
      pills: this.input.pills(),
      viewport: { x: 0, y: 0, zoom: 1 },
      scale: pillScale(this.viewport.zoom),
      width: Number.POSITIVE_INFINITY,
      height: Number.POSITIVE_INFINITY,
      selectedId: this.input.selectedId(),
      focusedId: undefined,
      textWidth: (pill, routine) => this.textWidth(pill.message, pill.label, routine),
    })
    for (const b of list) {
      const st = this.style(b.variant, b.family, b.routine)
      const s = b.size
      const g = document.createElementNS(NS, 'g')
      g.setAttribute('opacity', String(st.opacity))
      const rect = document.createElementNS(NS, 'rect')
      const inset = (st.strokeWidth * s) / 2
      for (const [k, v] of Object.entries({
        x: b.x - b.width / 2 + inset,
        y: b.y - b.height / 2 + inset,
        width: b.width - 2 * inset,
        height: b.height - 2 * inset,
        rx: b.height / 2 - inset,
      }))
        rect.setAttribute(k, String(Math.round(v * 100) / 100))
      rect.setAttribute(
        'style',
        `fill:${st.fill};stroke:${st.strokeWidth > 0 ? st.stroke : 'none'};stroke-width:${st.strokeWidth * s}px${st.dashed ? `;stroke-dasharray:${3 * st.strokeWidth * s} ${2 * st.strokeWidth * s}` : ''}`,
      )
      const text = document.createElementNS(NS, 'text')
      text.setAttribute('x', String(Math.round(b.x * 100) / 100))
      text.setAttribute('y', String(Math.round((b.y + 0.5 * s) * 100) / 100))
      text.setAttribute(
        'style',
        `fill:${st.text};font:${pillFont(b.routine, s, this.fontFamily)};text-anchor:middle;dominant-baseline:central`,
      )
      text.textContent = b.label
      g.append(rect, text)
      svg.append(g)
    }
    return svg
  }

  private readTheme(): void {
    const probe = this.probe
    probe.className = 'pf-pill pf-pill-probe pf-pill--request is-selected'
    const cs = getComputedStyle(probe)
    this.fontFamily = cs.fontFamily || 'sans-serif'
    this.focusColor = cs.outlineColor
  }

  private style(variant: PillVariant, family: Family, routine: boolean): PillStyle {
    const key = `${variant} ${family} ${routine}`
    let st = this.styles.get(key)
    if (!st) {
      const probe = this.probe
      probe.className = `pf-pill pf-pill-probe pf-pill--${variant} pf-fam-${family}${routine ? ' is-routine' : ''}`
      const cs = getComputedStyle(probe)
      st = {
        fill: cs.backgroundColor,
        stroke: cs.borderTopColor,
        strokeWidth: cs.borderTopStyle === 'none' ? 0 : Number.parseFloat(cs.borderTopWidth) || 0,
        dashed: cs.borderTopStyle === 'dashed',
        text: cs.color,
        opacity: Number.parseFloat(cs.opacity) || 1,
        shadow: cs.boxShadow !== 'none' && cs.boxShadow !== '',
      }
      this.styles.set(key, st)
    }
    return st
  }
}

/** Pills and captions never render smaller than their flow size, nor below PILL_FONT_PX on screen. */
export const pillScale = (zoom: number): number => Math.max(1, 1 / (zoom || 1))

/** The painter on screen (one graph at a time), for the export. */
let onScreen: PillPainter | undefined

export function setPainterOnScreen(painter: PillPainter | undefined): void {
  onScreen = painter
}

/** The pills in flight as SVG in flow coordinates, or undefined if no graph is on screen. */
export const pillsSvg = (): SVGSVGElement | undefined => onScreen?.svg()
