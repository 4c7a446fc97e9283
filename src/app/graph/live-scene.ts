/**
 * The moving layer's scene, kept current outside React: rebuilt whenever the cursor, the trace or
 * the selection changes (inside playback's animation-frame tick: `move` on every frame the cursor
 * moves, `update` when the store changes), its motion written at once to the elements on screen
 * and the pill canvas told to repaint (pill-canvas.ts), and React told only when, at a store
 * update, its shape changed (a message appeared or left: scene-dom.ts). MessageOverlay renders
 * the shape through useSyncExternalStore, in the frame of that store update.
 */
import type { State } from '../store/store'
import type { GraphLayout } from './layout'
import { buildScene, type Scene, upToSelected } from './scene'
import { type Moving, type MovingElement, sameShape, writeMotion } from './scene-dom'

/** The store fields a scene is built from. */
export type SceneState = Pick<State, 'messages' | 'cursorMs' | 'maxFlightMs' | 'selectedMessageId'>

/** Whether a store change can change the scene. */
export const sceneInputChanged = (s: SceneState, prev: SceneState): boolean =>
  s.cursorMs !== prev.cursorMs ||
  s.messages !== prev.messages ||
  s.maxFlightMs !== prev.maxFlightMs ||
  s.selectedMessageId !== prev.selectedMessageId

export class LiveScene {
  private layout: GraphLayout
  private scale: number
  /** What the newest scene was built from. */
  private input: SceneState
  /** The newest scene (its motion is what the DOM shows). */
  private latest: Scene
  /** The scene whose shape React renders. */
  private shape: Scene
  private readonly listeners = new Set<() => void>()
  /** Told on every update (the pill canvas repaints): motion, not shape. */
  private readonly motionListeners = new Set<() => void>()
  private readonly elements = new Map<string, Moving>()

  constructor(layout: GraphLayout, scale: number, state: SceneState) {
    this.layout = layout
    this.scale = scale
    this.input = state
    this.latest = this.build(state, 1)
    this.shape = this.latest
  }

  /** A new layout or pill scale: everything is placed anew, and React re-renders (rings and sizes follow the layout). */
  configure(layout: GraphLayout, scale: number, state: SceneState): void {
    if (layout === this.layout && scale === this.scale) return
    this.layout = layout
    this.scale = scale
    for (const m of this.elements.values()) m.transform = undefined
    this.update(state, true)
  }

  /** Rebuild from the store, write the motion, and tell React if the shape changed. */
  update(state: SceneState, force = false): void {
    this.move(state, force)
    if (!force && sameShape(this.shape, this.latest)) return
    this.shape = this.latest
    for (const l of this.listeners) l()
  }

  /**
   * Rebuild and write the motion only (the cursor moved between the store's display updates,
   * playback.ts): which elements exist follows at the next update, the canvas' pills at once.
   */
  move(state: SceneState, force = false): void {
    if (!force && !sceneInputChanged(state, this.input)) return
    this.input = state
    const scene = this.build(state, this.latest.sampling.step)
    this.latest = scene
    writeMotion(scene, this.elements, this.scale)
    for (const l of this.motionListeners) l()
  }

  /** After React committed: newly mounted elements get their place before the frame is painted. */
  writeLatest(): void {
    writeMotion(this.latest, this.elements, this.scale)
  }

  /** For useSyncExternalStore. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getShape = (): Scene => this.shape

  /** The newest scene: what the pill canvas paints. */
  readonly getLatest = (): Scene => this.latest

  /** `listener` runs after every update, shape change or not; returns the unsubscribe. */
  readonly onMotion = (listener: () => void): (() => void) => {
    this.motionListeners.add(listener)
    return () => this.motionListeners.delete(listener)
  }

  /** A ref callback's body: the element drawn for `key` (scene-dom.ts's keys); returns the cleanup. */
  readonly register = (key: string, el: MovingElement): (() => void) => {
    const moving: Moving = { el }
    this.elements.set(key, moving)
    return () => {
      if (this.elements.get(key) === moving) this.elements.delete(key)
    }
  }

  private build(s: SceneState, previousSampleStep: number): Scene {
    // Stepping stands on one message: those sent later in the same millisecond are not shown yet
    // (a Score step would otherwise give away the Filter step's outcome).
    return buildScene({
      layout: this.layout,
      messages: upToSelected(s.messages, s.cursorMs, s.selectedMessageId),
      cursorMs: s.cursorMs,
      maxFlightMs: s.maxFlightMs,
      selectedMessageId: s.selectedMessageId,
      scale: this.scale,
      previousSampleStep,
    })
  }
}
