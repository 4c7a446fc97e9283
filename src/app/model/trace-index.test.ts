import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../protocol/messages'
import {
  firstIdAtLeast,
  inFlight,
  lastSent,
  longestFlightMs,
  messageById,
  nextSent,
  progress,
  sentBy,
} from './trace-index'

const m = (
  id: number,
  sentAtMs: number,
  deliverAtMs: number,
  kind: MessageView['kind'] = 'http-request',
): MessageView => ({
  id,
  from: 'a',
  to: 'b',
  kind,
  summary: `m${id}`,
  sentAtMs,
  deliverAtMs,
  causeId: null,
  stage: 'submit',
})

const trace = [m(1, 0, 15), m(2, 0, 0, 'step'), m(3, 5, 7), m(4, 5, 400), m(5, 20, 22)]

describe('trace index', () => {
  it.each([
    [-1, 0],
    [0, 2],
    [4, 2],
    [5, 4],
    [21, 5],
  ])('sentBy(%i) = %i', (atMs, expected) => expect(sentBy(trace, atMs)).toBe(expected))

  it('finds what is on the wire, steps excluded, within the longest flight', () => {
    expect(inFlight(trace, 6, 395).map((x) => x.id)).toEqual([1, 3, 4])
    expect(inFlight(trace, 15, 395).map((x) => x.id)).toEqual([4])
    expect(inFlight(trace, 21, 395).map((x) => x.id)).toEqual([4, 5])
  })

  it('takes a dropped message off the wire where it was lost', () => {
    const lost: MessageView = { ...m(6, 0, 100), lostAtMs: 30 }
    expect(inFlight([lost], 29, 100).map((x) => x.id)).toEqual([6])
    expect(inFlight([lost], 30, 100)).toEqual([])
  })

  it('places a message along its edge by the cursor alone', () => {
    expect(progress(m(9, 10, 20), 10)).toBe(0)
    expect(progress(m(9, 10, 20), 15)).toBe(0.5)
    expect(progress(m(9, 10, 20), 25)).toBe(1)
    expect(progress(m(9, 10, 10), 10)).toBe(1)
  })

  it('knows the last message sent and the next one', () => {
    expect(lastSent(trace, 5)?.id).toBe(4)
    expect(nextSent(trace, 5)?.id).toBe(5)
    expect(lastSent(trace, -1)).toBeUndefined()
    expect(nextSent(trace, 20)).toBeUndefined()
  })
})

describe('by id', () => {
  const gappy = [m(2, 0, 1), m(3, 0, 9), m(7, 1, 2)]
  it.each([
    [0, 0],
    [2, 0],
    [3, 1],
    [4, 2],
    [7, 2],
    [8, 3],
  ])('the first message with id %d or more is at %d', (id, index) => {
    expect(firstIdAtLeast(gappy, id)).toBe(index)
  })

  it('finds a message by id, with gaps too', () => {
    expect(messageById(trace, 4)?.id).toBe(4)
    expect(messageById(gappy, 3)?.id).toBe(3)
    expect(messageById(gappy, 7)?.id).toBe(7)
    expect(messageById(gappy, 5)).toBeUndefined()
    expect(messageById([], 1)).toBeUndefined()
  })

  it('the longest flight', () => {
    expect(longestFlightMs(trace)).toBe(395)
    expect(longestFlightMs(gappy)).toBe(9)
    expect(longestFlightMs(trace, 4)).toBe(2)
    expect(longestFlightMs(trace, 5)).toBe(0)
    expect(longestFlightMs([])).toBe(0)
  })
})
