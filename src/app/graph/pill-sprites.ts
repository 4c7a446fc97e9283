/**
 * The pill canvas' bitmaps, one per look: a label in a colour, at a size and pixel ratio. Messages
 * in flight repeat their looks (a Pod's status PATCH and its `200 OK`, the same WATCH fanned out to
 * many kubelets), so a pill that appears this frame is usually copied from a bitmap made for an
 * earlier message instead of being drawn as text and vectors, the dearest thing the canvas does.
 * Nothing here touches the DOM: the bitmaps are made and closed by the caller's functions.
 */

/** A pill drawn once, copied on every frame: its image and where its centre is in it. */
export interface Sprite<Image> {
  readonly image: Image
  /** Its centre, device px. */
  readonly cx: number
  readonly cy: number
  /** What it was drawn for: at another zoom or on another screen it is drawn again. */
  readonly size: number
  readonly dpr: number
}

interface Held<Image> {
  readonly sprite: Sprite<Image>
  /** The draw that last copied it. */
  used: number
}

export class SpriteCache<Image> {
  private readonly held = new Map<string, Held<Image>>()
  /** Draws so far (`nextDraw()`); a bitmap not copied for `sweepAfter` draws is closed. */
  private draws = 0

  constructor(
    private readonly close: (image: Image) => void,
    private readonly sweepAfter: number,
    /** Bitmaps held at most: beyond it, the least lately copied are closed at the next sweep. */
    private readonly max: number,
  ) {}

  get size(): number {
    return this.held.size
  }

  /**
   * A draw begins: every `sweepAfter` draws the bitmaps not copied lately are let go, and the
   * least lately copied beyond `max` (sooner if half as many again have been made since).
   */
  nextDraw(): void {
    this.draws++
    if (this.draws % this.sweepAfter !== 0 && this.held.size <= this.max * 1.5) return
    for (const [look, h] of this.held) if (this.draws - h.used > this.sweepAfter) this.drop(look, h)
    if (this.held.size <= this.max) return
    const byAge = [...this.held].sort((a, b) => a[1].used - b[1].used)
    for (const [look, h] of byAge.slice(0, this.held.size - this.max)) this.drop(look, h)
  }

  /** The bitmap of `look` made for this size and ratio, if there is one (and it counts as copied). */
  get(look: string, size: number, dpr: number): Sprite<Image> | undefined {
    const h = this.held.get(look)
    if (!h) return undefined
    if (h.sprite.size !== size || h.sprite.dpr !== dpr) {
      this.drop(look, h)
      return undefined
    }
    h.used = this.draws
    return h.sprite
  }

  /** Keep a bitmap just made for `look` (one made before for it is closed). */
  set(look: string, sprite: Sprite<Image>): void {
    const old = this.held.get(look)
    if (old) this.close(old.sprite.image)
    this.held.set(look, { sprite, used: this.draws })
  }

  /** Close every bitmap (the theme changed: every look is drawn again). */
  clear(): void {
    for (const h of this.held.values()) this.close(h.sprite.image)
    this.held.clear()
  }

  private drop(look: string, h: Held<Image>): void {
    this.held.delete(look)
    this.close(h.sprite.image)
  }
}
