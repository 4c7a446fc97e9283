import { describe, expect, it } from 'vitest'
import type { ObjectRevision } from '../../protocol/messages'
import { eventRevision, makeEvent, makePodWith, podRevision } from './testing'
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

  it('keeps the very lane object of a Pod whose revisions and Events did not change', () => {
    const index = new Map<string, ObjectRevision[]>()
    for (let i = 0; i < 3; i++) {
      const name = `web-${i}`
      const r = podRevision(name, i, makePodWith({ name, uid: `u${i}` }))
      index.set(r.key, [r])
    }
    const first = lanesOf(index)
    const next = new Map(index)
    const changed = podRevision('web-1', 50, makePodWith({ name: 'web-1', uid: 'u1', phase: 'Running' }))
    next.set(changed.key, [...(index.get(changed.key) ?? []), changed])
    const second = lanesOf(next)
    const byName = (lanes: typeof first, name: string) => lanes.find((l) => l.name === name)
    expect(byName(second, 'web-0')).toBe(byName(first, 'web-0'))
    expect(byName(second, 'web-2')).toBe(byName(first, 'web-2'))
    expect(byName(second, 'web-1')).not.toBe(byName(first, 'web-1'))
    expect(byName(second, 'web-1')?.segments.map((s) => s.status)).toEqual(
      podTimelines(next)
        .find((l) => l.name === 'web-1')
        ?.segments.map((s) => s.status),
    )
  })

  it('makes a new lane for a Pod when an Event about it arrives', () => {
    const index = new Map<string, ObjectRevision[]>()
    const pod = podRevision('web-0', 0, makePodWith({ name: 'web-0', uid: 'u0' }))
    index.set(pod.key, [pod])
    const first = lanesOf(index)
    const next = new Map(index)
    const event = eventRevision(5, makeEvent({ reason: 'Scheduled', pod: 'web-0', podUid: 'u0' }))
    next.set(event.key, [event])
    const second = lanesOf(next)
    expect(second[0]).not.toBe(first[0])
    expect(second[0]?.events.map((e) => e.reason)).toEqual(['Scheduled'])
  })
})
