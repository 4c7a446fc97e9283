/**
 * The graph as an image, exactly as it is drawn: React Flow's viewport (the HTML boxes, the SVG
 * wires and the messages on them) copied with its computed styles into an SVG `<foreignObject>`,
 * at scale 1 and framed around its contents whatever the user's pan and zoom, on the graph's
 * background colour; the PNG is that SVG drawn on a canvas at twice the size.
 *
 * Why a copy of the DOM rather than an SVG drawn again from layout.ts: the boxes are rich HTML
 * (component state, usage bars, Pod cards with sandbox and container states, messages in flight,
 * the theme's colours) and a second renderer would have to repeat all of it and drift from it.
 * Why not html-to-image (the usual choice with React Flow): it copies every computed property onto
 * every element, and here an element has about 2,200 of them, 1,700 being custom properties
 * (Monaco's theme variables on the root): 10 s for one export on a 2-core machine and a file of
 * megabytes; and its releases after 1.11.11 drop the styles of SVG elements, so React Flow's
 * edges vanish (bubkoo/html-to-image#516). This copy keeps, per element, only the properties that
 * differ from a bare element's defaults or from its parent's values, and no custom properties
 * (computed values have them resolved already): well under a second, and a file of about 100 kB.
 *
 * The SVG wraps HTML: browsers show it, and so do pages and slides that show it as an image;
 * vector editors may not. The PNG is the portable picture.
 */

import { pillsSvg } from '../graph/pill-canvas'

export const GRAPH_SVG_FILE_NAME = 'podflow-graph.svg'
export const GRAPH_PNG_FILE_NAME = 'podflow-graph.png'

const SVG_NS = 'http://www.w3.org/2000/svg'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
/** Room around the contents, in flow units (px at scale 1). */
const PAD = 24
/** PNG pixels per flow unit: sharp on high-density screens and in slides. */
export const PNG_PIXEL_RATIO = 2

interface Frame {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

type Styles = ReadonlyMap<string, string>

function graphElements(): { readonly root: HTMLElement; readonly viewport: HTMLElement } {
  const root = document.querySelector<HTMLElement>('[data-testid=graph] .react-flow')
  const viewport = root?.querySelector<HTMLElement>('.react-flow__viewport')
  if (!root || !viewport) throw new Error('the graph is not on screen')
  return { root, viewport }
}

/** The contents' bounds in flow coordinates: every node box and everything on the overlay. */
function contentFrame(root: HTMLElement, viewport: HTMLElement): Frame {
  const m = new DOMMatrixReadOnly(getComputedStyle(viewport).transform)
  const scale = m.a || 1
  const origin = root.getBoundingClientRect()
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  // The overlay's pills and rings sit in two containers of zero size (MessageOverlay.tsx).
  for (const el of viewport.querySelectorAll('.react-flow__node, .pf-overlay > * > *')) {
    const r = el.getBoundingClientRect()
    if (r.width === 0 && r.height === 0) continue
    x0 = Math.min(x0, (r.left - origin.left - m.e) / scale)
    y0 = Math.min(y0, (r.top - origin.top - m.f) / scale)
    x1 = Math.max(x1, (r.right - origin.left - m.e) / scale)
    y1 = Math.max(y1, (r.bottom - origin.top - m.f) / scale)
  }
  if (!Number.isFinite(x0)) throw new Error('the graph has nothing to draw yet')
  return {
    x: Math.floor(x0 - PAD),
    y: Math.floor(y0 - PAD),
    width: Math.ceil(x1 - x0 + 2 * PAD),
    height: Math.ceil(y1 - y0 + 2 * PAD),
  }
}

/** Properties that would move or change the picture after the fact, or mean nothing in it. */
const SKIPPED = /^(?:--|transition|animation|cursor$|pointer-events$|user-select$|-webkit-user)/

function stylesOf(style: CSSStyleDeclaration): Map<string, string> {
  const out = new Map<string, string>()
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i)
    if (!SKIPPED.test(name)) out.set(name, style.getPropertyValue(name))
  }
  return out
}

/** The computed styles of bare elements (per namespace and tag) in an unstyled document. */
class Defaults {
  private readonly frame = document.createElement('iframe')
  private readonly cache = new Map<string, Styles>()

  constructor() {
    this.frame.setAttribute('aria-hidden', 'true')
    this.frame.tabIndex = -1
    for (const [k, v] of Object.entries({
      position: 'fixed',
      left: '-10000px',
      top: '0',
      width: '200px',
      height: '200px',
      border: '0',
      visibility: 'hidden',
    }))
      this.frame.style.setProperty(k, v)
    document.body.append(this.frame)
  }

  of(el: Element): Styles {
    const key = `${el.namespaceURI}|${el.localName}`
    const cached = this.cache.get(key)
    if (cached) return cached
    const doc = this.frame.contentDocument
    const win = this.frame.contentWindow
    if (!doc?.body || !win) return new Map()
    const probe = doc.createElementNS(el.namespaceURI, el.localName)
    // An SVG shape is styled as one only inside an <svg>.
    const host =
      el.namespaceURI === SVG_NS && el.localName !== 'svg' ? doc.createElementNS(SVG_NS, 'svg') : probe
    if (host !== probe) host.append(probe)
    doc.body.append(host)
    const styles = stylesOf(win.getComputedStyle(probe))
    host.remove()
    this.cache.set(key, styles)
    return styles
  }

  dispose(): void {
    this.frame.remove()
  }
}

/**
 * A copy of `source` whose every element carries, inline, the computed properties that differ from
 * its defaults or from its parent's values (the rest come out the same by inheritance or default);
 * the top element carries them all.
 */
function copyWithStyles(source: Element, parent: Styles | undefined, defaults: Defaults): Element {
  const copy = source.cloneNode(false) as Element
  const computed = stylesOf(getComputedStyle(source))
  const bare = defaults.of(source)
  let css = ''
  for (const [name, value] of computed) {
    if (parent === undefined || value !== bare.get(name) || value !== parent.get(name))
      css += `${name}:${value};`
  }
  copy.setAttribute('style', css)
  for (const child of source.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE)
      copy.append(copyWithStyles(child as Element, computed, defaults))
    else if (child.nodeType === Node.TEXT_NODE) copy.append(child.cloneNode(false))
  }
  return copy
}

/** The graph as SVG text, and its size in px. */
export function graphSvgText(): { readonly svg: string; readonly width: number; readonly height: number } {
  const { root, viewport } = graphElements()
  const frame = contentFrame(root, viewport)
  const defaults = new Defaults()
  let content: Element
  try {
    content = copyWithStyles(viewport, undefined, defaults)
  } finally {
    defaults.dispose()
  }
  const v = content as HTMLElement
  // The messages in flight are painted on a canvas outside the viewport (graph/PillLayer.tsx).
  const pills = pillsSvg()
  if (pills) v.append(pills)
  v.style.setProperty('transform', `translate(${-frame.x}px, ${-frame.y}px)`)
  v.style.setProperty('transform-origin', '0 0')
  v.style.setProperty('position', 'absolute')
  v.style.setProperty('left', '0')
  v.style.setProperty('top', '0')

  const stage = document.createElementNS(XHTML_NS, 'div') as HTMLElement
  for (const [k, val] of Object.entries({
    position: 'relative',
    width: `${frame.width}px`,
    height: `${frame.height}px`,
    overflow: 'hidden',
    'background-color': getComputedStyle(root).backgroundColor,
    'font-family': getComputedStyle(root).fontFamily,
  }))
    stage.style.setProperty(k, val)
  stage.append(content)

  const svg = document.createElementNS(SVG_NS, 'svg')
  svg.setAttribute('width', String(frame.width))
  svg.setAttribute('height', String(frame.height))
  svg.setAttribute('viewBox', `0 0 ${frame.width} ${frame.height}`)
  const title = document.createElementNS(SVG_NS, 'title')
  title.textContent = 'podflow: the cluster graph'
  svg.append(title)
  const foreign = document.createElementNS(SVG_NS, 'foreignObject')
  foreign.setAttribute('x', '0')
  foreign.setAttribute('y', '0')
  foreign.setAttribute('width', '100%')
  foreign.setAttribute('height', '100%')
  foreign.append(stage)
  svg.append(foreign)
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`
  return { svg: text, width: frame.width, height: frame.height }
}

export function graphSvg(): Blob {
  return new Blob([graphSvgText().svg], { type: 'image/svg+xml;charset=utf-8' })
}

/** The SVG drawn on a canvas at PNG_PIXEL_RATIO. */
export async function graphPng(): Promise<Blob> {
  const { svg, width, height } = graphSvgText()
  const image = new Image()
  image.width = width
  image.height = height
  // A data: URL keeps the canvas untainted where a foreignObject is drawn.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = width * PNG_PIXEL_RATIO
  canvas.height = height * PNG_PIXEL_RATIO
  const context = canvas.getContext('2d')
  if (!context) throw new Error('the browser has no 2D canvas')
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the PNG'))),
      'image/png',
    ),
  )
}
