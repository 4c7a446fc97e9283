import { describe, expect, it } from 'vitest'
import { type Sprite, SpriteCache } from './pill-sprites'

const sprite = (image: string, size = 1, dpr = 1): Sprite<string> => ({ image, cx: 5, cy: 5, size, dpr })

function cache(sweepAfter = 10, max = 100) {
  const closed: string[] = []
  return { closed, sprites: new SpriteCache<string>((image) => closed.push(image), sweepAfter, max) }
}

describe('SpriteCache', () => {
  it('gives every message with the same look the one bitmap', () => {
    const { sprites, closed } = cache()
    sprites.nextDraw()
    expect(sprites.get('request http 0 1 GET pods', 1, 1)).toBeUndefined()
    const made = sprite('a')
    sprites.set('request http 0 1 GET pods', made)
    sprites.nextDraw()
    expect(sprites.get('request http 0 1 GET pods', 1, 1)).toBe(made)
    expect(sprites.get('request http 0 1 GET pods', 1, 1)).toBe(made)
    expect(sprites.get('request http 0 1 POST pods', 1, 1)).toBeUndefined()
    expect(closed).toEqual([])
  })

  it('draws a look again at another size or pixel ratio, closing the old bitmap', () => {
    const { sprites, closed } = cache()
    sprites.set('l', sprite('a', 1, 1))
    expect(sprites.get('l', 2, 1)).toBeUndefined()
    expect(closed).toEqual(['a'])
    sprites.set('l', sprite('b', 2, 1))
    expect(sprites.get('l', 2, 2)).toBeUndefined()
    expect(closed).toEqual(['a', 'b'])
    expect(sprites.size).toBe(0)
  })

  it('closes a bitmap it replaces', () => {
    const { sprites, closed } = cache()
    sprites.set('l', sprite('a'))
    sprites.set('l', sprite('b'))
    expect(closed).toEqual(['a'])
    expect(sprites.get('l', 1, 1)?.image).toBe('b')
  })

  it('lets go of bitmaps not copied for sweepAfter draws, and keeps the ones copied', () => {
    const { sprites, closed } = cache(10)
    sprites.set('kept', sprite('k'))
    sprites.set('idle', sprite('i'))
    for (let d = 0; d < 25; d++) {
      sprites.nextDraw()
      sprites.get('kept', 1, 1)
    }
    expect(closed).toEqual(['i'])
    expect(sprites.get('kept', 1, 1)?.image).toBe('k')
    expect(sprites.get('idle', 1, 1)).toBeUndefined()
  })

  it('holds at most max bitmaps, closing the least lately copied', () => {
    const { sprites, closed } = cache(1000, 4)
    for (let i = 0; i < 7; i++) {
      sprites.nextDraw()
      sprites.set(`l${i}`, sprite(`s${i}`))
    }
    // Over one and a half times max at the seventh: the three least lately copied go.
    sprites.nextDraw()
    expect(closed).toEqual(['s0', 's1', 's2'])
    expect(sprites.size).toBe(4)
  })

  it('closes every bitmap on clear (a new theme)', () => {
    const { sprites, closed } = cache()
    sprites.set('a', sprite('a'))
    sprites.set('b', sprite('b'))
    sprites.clear()
    expect(closed.sort()).toEqual(['a', 'b'])
    expect(sprites.size).toBe(0)
  })
})
