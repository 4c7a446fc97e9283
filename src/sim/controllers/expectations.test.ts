import { describe, expect, it } from 'vitest'
import { ControllerExpectations, EXPECTATIONS_TIMEOUT_MS } from './expectations'

describe('ControllerExpectations', () => {
  let now = 0
  const e = new ControllerExpectations(() => now)

  it('is satisfied with no record', () => {
    expect(e.satisfied('default/a')).toBe(true)
  })

  it('waits until every expected creation is observed', () => {
    e.expectCreations('default/a', 2)
    expect(e.satisfied('default/a')).toBe(false)
    e.creationObserved('default/a')
    expect(e.satisfied('default/a')).toBe(false)
    e.creationObserved('default/a')
    expect(e.satisfied('default/a')).toBe(true)
  })

  it('counts each expected deletion once, and only expected ones', () => {
    e.expectDeletions('default/b', ['default/p1', 'default/p2'])
    e.deletionObserved('default/b', 'default/p1')
    e.deletionObserved('default/b', 'default/p1') // the DELETED event after the deletionTimestamp update
    e.deletionObserved('default/b', 'default/other')
    expect(e.get('default/b')).toEqual({ add: 0, del: 1 })
    e.deletionObserved('default/b', 'default/p2')
    expect(e.satisfied('default/b')).toBe(true)
  })

  it('expires after five minutes', () => {
    e.expectCreations('default/c', 1)
    now += EXPECTATIONS_TIMEOUT_MS
    expect(e.satisfied('default/c')).toBe(false)
    now += 1
    expect(e.satisfied('default/c')).toBe(true)
  })
})
