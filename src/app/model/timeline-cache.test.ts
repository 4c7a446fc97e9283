import { describe, expect, it } from 'vitest'
import type { ObjectRevision } from '../../protocol/messages'
import { makePodWith, podRevision } from './testing'
import { lanesOf, podTimelines } from './timeline'

describe('lanesOf with thousands of Pods', () => {
  it('recomputes only the Pods whose revisions changed, and agrees with a full computation', () => {
    const index = new Map<string, ObjectRevision[]>()
    for (let i = 0; i < 2000; i++) {
      const name = `web-${i}`
      const r = podRevision(name, i, makePodWith({ name, uid: `u${i}` }))
      index.set(r.key, [r])
    }
    const first = lanesOf(index)
    // The store's next index: a new Map, one key with a new list, every other list shared.
    const next = new Map(index)
    const changed = podRevision(
      'web-7',
      5000,
      makePodWith({ name: 'web-7', uid: 'u7', nodeName: 'worker-1', phase: 'Running' }),
    )
    next.set(changed.key, [...(index.get(changed.key) ?? []), changed])
    const second = lanesOf(next)
    const byName = (lanes: typeof first, name: string) => lanes.find((l) => l.name === name)
    expect(byName(second, 'web-8')?.segments).toBe(byName(first, 'web-8')?.segments)
    expect(byName(second, 'web-7')?.segments).not.toBe(byName(first, 'web-7')?.segments)
    expect(second).toEqual(podTimelines(next))
  })
})
