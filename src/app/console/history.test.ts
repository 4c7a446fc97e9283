import { describe, expect, it } from 'vitest'
import { EMPTY_HISTORY, newer, older, remember } from './history'

describe('command history', () => {
  it('↑ walks back from the draft, ↓ returns to it; repeats and blanks are kept once', () => {
    let h = remember(remember(remember(remember(EMPTY_HISTORY, 'get pods'), 'get pods'), '  '), 'get nodes')
    expect(h.entries).toEqual(['get pods', 'get nodes'])
    const up1 = older(h, 'desc')
    expect(up1?.text).toBe('get nodes')
    h = up1?.history ?? h
    const up2 = older(h, 'get nodes')
    expect(up2?.text).toBe('get pods')
    h = up2?.history ?? h
    expect(older(h, 'get pods')).toBeUndefined()
    const down1 = newer(h)
    expect(down1?.text).toBe('get nodes')
    h = down1?.history ?? h
    const down2 = newer(h)
    expect(down2?.text).toBe('desc')
    h = down2?.history ?? h
    expect(newer(h)).toBeUndefined()
    expect(remember(h, 'help')).toEqual({ entries: ['get pods', 'get nodes', 'help'], index: 3, draft: '' })
  })

  it('nothing to recall in an empty history', () => {
    expect(older(EMPTY_HISTORY, 'x')).toBeUndefined()
    expect(newer(EMPTY_HISTORY)).toBeUndefined()
  })
})
