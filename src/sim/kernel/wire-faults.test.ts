/**
 * Faults on one message, planned by id before it is sent (drop-message, delay-message), and calls
 * the kernel fails (a connection found dead).
 */
import { describe, expect, it } from 'vitest'
import { Probe, request } from '../testing/builders'
import { CallFailed, call, Kernel, type Proc } from './kernel'
import type { Message } from './trace'

function setup() {
  const kernel = new Kernel({ seed: 1, network: { defaultLink: { latencyMs: 10 }, links: {} } })
  const a = new Probe(kernel, 'a')
  const b = new Probe(kernel, 'b')
  return { kernel, a, b }
}

describe('Kernel: wire plans', () => {
  it('drops a message on the wire at the plan’s time: recorded with lostAtMs, never delivered', () => {
    const { kernel, a, b } = setup()
    const heard: Array<[number, boolean]> = []
    kernel.planWireFault(2, { atMs: 5, drop: true, sent: (m, applied) => heard.push([m.id, applied]) })
    a.send('b', 'one')
    a.send('b', 'two')
    a.send('b', 'three')
    kernel.run()
    expect(b.received.map((m) => m.summary)).toEqual(['one', 'three'])
    expect(kernel.trace[1]).toMatchObject({ id: 2, summary: 'two', deliverAtMs: 10, lostAtMs: 5 })
    expect(heard).toEqual([[2, true]])
  })

  it('delays a message; later messages on the same link keep their order behind it', () => {
    const { kernel, a, b } = setup()
    kernel.planWireFault(1, { atMs: 0, delayMs: 100, sent: () => {} })
    a.send('b', 'late')
    kernel.at(3, () => a.send('b', 'behind'))
    kernel.run()
    expect(b.received.map((m) => [m.summary, m.deliverAtMs])).toEqual([
      ['late', 110],
      ['behind', 110],
    ])
    expect(kernel.trace[0]).toMatchObject({ delayedByMs: 100, deliverAtMs: 110 })
  })

  it('does nothing to a message that is not on the wire at the plan’s time, or to a step', () => {
    const { kernel, a, b } = setup()
    const heard: boolean[] = []
    kernel.planWireFault(1, { atMs: 10, drop: true, sent: (_, applied) => heard.push(applied) })
    kernel.planWireFault(2, { atMs: 0, drop: true, sent: (_, applied) => heard.push(applied) })
    a.send('b', 'arrives at 10')
    kernel.step('a', 'submit', 'thinking', null)
    kernel.run()
    expect(b.received.map((m) => m.summary)).toEqual(['arrives at 10'])
    expect(kernel.trace.every((m) => m.lostAtMs === undefined)).toBe(true)
    expect(heard).toEqual([false, false])
  })
})

describe('Kernel: failCall', () => {
  it('resumes the waiting call with CallFailed, the cause being what is current when it fails', () => {
    const { kernel, a } = setup()
    let caught: unknown
    kernel.planWireFault(1, { atMs: 0, drop: true, sent: () => {} })
    kernel.spawn(
      (function* (): Proc {
        try {
          yield* call(request('a', 'b', 'GET /x'))
        } catch (e) {
          caught = e
          a.send('b', 'after')
        }
      })(),
    )
    let failedAt = -1
    kernel.at(50, () => {
      const step = kernel.step('a', 'fault', 'connection lost', null)
      expect(kernel.isWaitingFor(1)).toBe(true)
      expect(kernel.failCall(1, 'http2: client connection lost')).toBe(true)
      failedAt = step.id
    })
    kernel.run()
    expect(caught).toBeInstanceOf(CallFailed)
    expect(caught).toMatchObject({ requestId: 1, reason: 'http2: client connection lost' })
    const after = kernel.trace.find((m) => m.summary === 'after') as Message
    expect(after).toMatchObject({ sentAtMs: 50, causeId: failedAt })
    expect(kernel.failCall(1, 'again')).toBe(false)
  })
})

describe('Network: slow links', () => {
  it('multiplies a link’s latency both ways from now on, and a factor of 1 restores it', () => {
    const { kernel, a, b } = setup()
    kernel.network.slow('a', 'b', 3)
    expect(a.send('b', 'x').deliverAtMs).toBe(30)
    expect(b.send('a', 'y').deliverAtMs).toBe(30)
    kernel.network.slow('b', 'a', 1)
    expect(a.send('b', 'z').deliverAtMs).toBe(30)
    kernel.run()
    expect(a.send('b', 'w').deliverAtMs).toBe(kernel.nowMs + 10)
  })
})
