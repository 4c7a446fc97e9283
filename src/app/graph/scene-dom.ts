/**
 * The moving layer split in two: its *shape* (which pills, step captions and pulses exist, the
 * selection, the sampling rate), which React renders and which changes only when a message
 * appears or leaves; and its *motion* (where each caption is, how strong each pulse is), written
 * straight to the DOM on every cursor move, while the pills are painted on a canvas
 * (pill-canvas.ts). A moving message therefore costs a draw call, not a React render of the whole
 * overlay (docs/performance.md, browser frame budget).
 */
import type { Point } from './geometry'
import type { Scene } from './scene'

/** An element of the moving layer, with what was last written to it (so unchanged values are not rewritten). */
export interface Moving {
  readonly el: MovingElement
  transform?: string
  opacity?: string
}

/** The part of an HTMLElement the motion writes (a fake in Node tests). */
export interface MovingElement {
  readonly style: { transform: string; opacity: string }
}

/**
 * Registry keys: one namespace per kind of moving element (a step has a caption and a pulse).
 * Pills in flight are not elements: they are painted on a canvas (pill-canvas.ts).
 */
export const captionKey = (id: number): string => `c${id}`
export const pulseKey = (id: number): string => `s${id}`

/**
 * Whether two scenes draw the same elements: the same pills, captions and pulses (by message: a
 * message's label, colour and variant follow from it), the same selection and the same sampling
 * rate. Positions and pulse strengths may differ: those are motion.
 */
export function sameShape(a: Scene, b: Scene): boolean {
  if (a.sampling.step !== b.sampling.step) return false
  // The rate's tooltip counts the messages in flight; it is only on screen while sampling.
  if (a.sampling.step > 1 && a.sampling.total !== b.sampling.total) return false
  if (a.selection?.message !== b.selection?.message) return false
  return (
    sameMessages(a.pills, b.pills) && sameMessages(a.captions, b.captions) && sameMessages(a.pulses, b.pulses)
  )
}

function sameMessages(
  a: readonly { readonly message: { readonly id: number } }[],
  b: readonly { readonly message: { readonly id: number } }[],
): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i]?.message.id !== b[i]?.message.id) return false
  return true
}

/**
 * A caption's transform: centred on `at` (flow coordinates), drawn `scale` times its flow size.
 * Plain numbers, no var(): the browser restyles an element whose transform changed without
 * re-resolving custom properties.
 */
export function pillTransform(at: Point, scale: number): string {
  return `translate(${round(at.x)}px, ${round(at.y)}px) scale(${scale}) translate(-50%, -50%)`
}

/** Hundredths of a flow unit: finer than a device pixel at any zoom the graph allows. */
const round = (v: number): number => Math.round(v * 100) / 100

/**
 * Write the scene's motion to the elements registered for it (step captions and pulses; pills are
 * painted); elements not (yet) registered are skipped (React mounts them, and they are written
 * right after).
 */
export function writeMotion(scene: Scene, elements: ReadonlyMap<string, Moving>, scale: number): void {
  for (const c of scene.captions) {
    const m = elements.get(captionKey(c.message.id))
    if (m) setTransform(m, pillTransform(c.at, scale))
  }
  for (const p of scene.pulses) {
    const m = elements.get(pulseKey(p.message.id))
    if (!m) continue
    const opacity = String(Math.round(p.strength * 1000) / 1000)
    if (m.opacity !== opacity) {
      m.opacity = opacity
      m.el.style.opacity = opacity
    }
  }
}

function setTransform(m: Moving, transform: string): void {
  if (m.transform === transform) return
  m.transform = transform
  m.el.style.transform = transform
}
