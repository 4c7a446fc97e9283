/**
 * Network faults: a cut link or an isolated component loses messages. A lost message is neither
 * delivered nor recorded in the trace (trace ids stay dense); a call waiting for its reply times
 * out (withTimeout) or waits for ever.
 */
import { describe, expect, it } from 'vitest'
import { call, Kernel, type Proc } from '../kernel/kernel'
import { withTimeout } from '../kubelet/node-status'
import { Probe, request } from '../testing/builders'

function setup() {
  const kernel = new Kernel({ seed: 1 })
  const a = new Probe(kernel, 'a')
  const b = new Probe(kernel, 'b')
  const c = new Probe(kernel, 'c')
  b.onReceive = (m, p) => {
    if (m.kind === 'http-request') p.reply(m)
  }
  return { kernel, a, b, c }
}

describe('network faults', () => {
  it('a cut link loses messages both ways, without trace entries; other links work', () => {
    const { kernel, a, b, c } = setup()
    kernel.network.cut('a', 'b')
    a.send('b', 'lost')
    b.send('a', 'lost too')
    a.send('c', 'delivered')
    kernel.run()
    expect(b.received.filter((m) => m.summary === 'lost')).toEqual([])
    expect(a.received).toEqual([])
    expect(c.received.map((m) => m.summary)).toEqual(['delivered'])
    expect(kernel.trace.map((m) => [m.id, m.summary])).toEqual([[1, 'delivered']])
    expect(kernel.lostMessages).toBe(2)
    kernel.network.restore('a', 'b')
    a.send('b', 'after restore')
    kernel.run()
    expect(b.received.map((m) => m.summary)).toEqual(['after restore'])
  })

  it('an isolated component neither sends nor receives', () => {
    const { kernel, a, b, c } = setup()
    kernel.network.isolate('b')
    a.send('b', 'x')
    b.send('c', 'y')
    kernel.run()
    expect(b.received).toEqual([])
    expect(c.received).toEqual([])
    kernel.network.rejoin('b')
    expect(kernel.network.isCut('a', 'b')).toBe(false)
  })

  it('a call over a cut link times out with withTimeout (a background timer)', () => {
    const { kernel } = setup()
    kernel.network.cut('a', 'b')
    const results: string[] = []
    kernel.spawn(
      (function* (): Proc {
        const r = yield* withTimeout(kernel, call(request('a', 'b')), 10_000, 'ping')
        results.push(r.done ? 'answered' : `timed out at ${kernel.nowMs}`)
        kernel.network.restore('a', 'b')
        const again = yield* withTimeout(kernel, call(request('a', 'b')), 10_000, 'ping')
        results.push(again.done ? `answered at ${kernel.nowMs}` : 'timed out')
      })(),
    )
    // Until idle: the timeout is background work, so the run stops with the call pending.
    kernel.run()
    expect(results).toEqual([])
    kernel.run({ untilMs: 20_000 })
    expect(results).toEqual(['timed out at 10000', 'answered at 10004'])
  })
})
