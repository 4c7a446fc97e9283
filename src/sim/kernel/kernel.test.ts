import { describe, expect, it } from 'vitest'
import type { NetworkConfig } from '../network/network'
import { Probe, request } from '../testing/builders'
import { CallTimeout, call, type Effect, Kernel, type Proc, Signal, sleep, TIMED_OUT, wait } from './kernel'
import type { Message } from './trace'

const NET: NetworkConfig = { defaultLink: { latencyMs: 5 }, links: {} }

function setup(network: NetworkConfig = NET, seed: number | string = 1) {
  const kernel = new Kernel({ seed, network })
  const a = new Probe(kernel, 'a')
  const b = new Probe(kernel, 'b')
  const c = new Probe(kernel, 'c')
  return { kernel, a, b, c }
}

/** b answers every request after `delayMs` (0: at once). */
function echo(b: Probe, delayMs = 0) {
  b.onReceive = (m, p) => {
    if (delayMs === 0) p.reply(m, `re: ${m.summary}`, { echoed: m.summary })
    else p.kernel.after(delayMs, () => p.reply(m, `re: ${m.summary}`, { echoed: m.summary }))
  }
}

const byId = (kernel: Kernel, summary: string): Message => {
  const m = kernel.trace.find((x) => x.summary === summary)
  if (!m) throw new Error(`no message "${summary}" in the trace`)
  return m
}

describe('Kernel: messages', () => {
  it('delivers after the link latency plus transfer time', () => {
    const { kernel, a, b } = setup()
    const m1 = a.send('b', 'one')
    const m2 = a.send('c', 'two', { transferMs: 7 })
    expect([m1.sentAtMs, m1.deliverAtMs]).toEqual([0, 5])
    expect([m2.sentAtMs, m2.deliverAtMs]).toEqual([0, 12])
    kernel.run()
    expect(b.received.map((m) => m.id)).toEqual([m1.id])
    expect(kernel.nowMs).toBe(12)
  })

  it('stamps ids in send order and records every message in the trace', () => {
    const { kernel, a } = setup()
    a.send('b', 'x')
    a.send('c', 'y')
    expect(kernel.trace.map((m) => [m.id, m.from, m.to, m.summary])).toEqual([
      [1, 'a', 'b', 'x'],
      [2, 'a', 'c', 'y'],
    ])
  })

  it('keeps one link FIFO even when jitter would reorder it', () => {
    const { kernel, a, b } = setup({ defaultLink: { latencyMs: 10, jitterMs: 50 }, links: {} }, 'fifo')
    const sent: Message[] = []
    for (let i = 0; i < 60; i++) {
      kernel.at(i % 7, () => sent.push(a.send('b', `m${i}`)))
    }
    kernel.run()
    const sentOrder = [...sent].sort((x, y) => x.id - y.id).map((m) => m.id)
    expect(b.received.map((m) => m.id)).toEqual(sentOrder)
    const times = b.received.map((m) => m.deliverAtMs)
    expect(times).toEqual([...times].sort((x, y) => x - y))
    // Jitter did vary the delays: not every message took the bare latency.
    expect(new Set(sent.map((m) => m.deliverAtMs - m.sentAtMs)).size).toBeGreaterThan(1)
  })

  it('throws on a message to an unknown component', () => {
    const { kernel, a } = setup()
    a.send('nobody', 'lost')
    expect(() => kernel.run()).toThrow('message 1 to unknown component nobody')
  })

  it('refuses to register a component id twice', () => {
    const { kernel } = setup()
    expect(() => new Probe(kernel, 'a')).toThrow('component a registered twice')
  })

  it('runs a timer set in the past at the current time', () => {
    const { kernel } = setup()
    const at: number[] = []
    kernel.at(50, () => kernel.at(10, () => at.push(kernel.nowMs)))
    kernel.run()
    expect(at).toEqual([50])
  })

  it('a cancelled timer does not run', () => {
    const { kernel } = setup()
    const ran: string[] = []
    const t = kernel.after(10, () => ran.push('cancelled'))
    kernel.after(20, () => ran.push('kept'))
    t.cancel()
    kernel.run()
    expect(ran).toEqual(['kept'])
  })

  it('gives wall-clock times from the start time', () => {
    const kernel = new Kernel({ seed: 1, startTime: '2025-05-01T10:00:00Z' })
    kernel.run({ untilMs: 3215 })
    expect(kernel.wallTime()).toBe('2025-05-01T10:00:03Z')
    expect(kernel.microTime()).toBe('2025-05-01T10:00:03.215000Z')
    expect(kernel.wallTime(-3_600_000)).toBe('2025-05-01T09:00:00Z')
  })
})

describe('Kernel: causality', () => {
  it('user actions have no cause; messages sent while handling one have it as cause', () => {
    const { kernel, a, b } = setup()
    b.onReceive = (_m, p) => p.send('c', 'forwarded')
    const m1 = a.send('b', 'start')
    kernel.run()
    expect(m1.causeId).toBeNull()
    expect(byId(kernel, 'forwarded').causeId).toBe(m1.id)
  })

  it('a step is caused by the message being handled and causes what follows it', () => {
    const { kernel, a, b } = setup()
    b.onReceive = (m, p) => {
      kernel.step('b', 'authenticate', 'checked', null)
      kernel.step('b', 'authorize', 'allowed', null)
      p.send('c', `after ${m.summary}`)
    }
    const m1 = a.send('b', 'req')
    kernel.run()
    const checked = byId(kernel, 'checked')
    const allowed = byId(kernel, 'allowed')
    expect(checked).toMatchObject({ from: 'b', to: 'b', kind: 'step', causeId: m1.id })
    expect(allowed.causeId).toBe(checked.id)
    expect(byId(kernel, 'after req').causeId).toBe(allowed.id)
  })

  it('a step with a duration ends later but is not delivered', () => {
    const { kernel, b } = setup()
    const received: number[] = []
    b.onReceive = () => received.push(1)
    kernel.at(3, () => kernel.step('b', 'filter', 'filtering', null, undefined, 4))
    kernel.run()
    expect(byId(kernel, 'filtering')).toMatchObject({ sentAtMs: 3, deliverAtMs: 7 })
    expect(received).toEqual([])
  })

  it('a timer keeps the cause it was set with, whatever ran in between', () => {
    const { kernel, a, b } = setup()
    b.onReceive = (m, p) => {
      if (m.summary === 'first') kernel.after(100, () => p.send('c', 'late'))
    }
    const first = a.send('b', 'first')
    kernel.at(50, () => a.send('b', 'second'))
    kernel.run()
    expect(byId(kernel, 'second').causeId).toBeNull()
    expect(byId(kernel, 'late').causeId).toBe(first.id)
  })

  it('a process spawned while handling a message starts with that cause', () => {
    const { kernel, a, b } = setup()
    b.onReceive = (m) => {
      kernel.spawn(
        (function* () {
          kernel.step('b', 'admit', `work for ${m.summary}`, null)
        })(),
      )
    }
    const m1 = a.send('b', 'go')
    kernel.run()
    expect(byId(kernel, 'work for go').causeId).toBe(m1.id)
  })

  it('a process resumed by a reply continues with the reply as cause', () => {
    const { kernel, a, b } = setup()
    echo(b)
    kernel.spawn(
      (function* () {
        yield* call(request('a', 'b', 'ping'))
        a.send('c', 'after reply')
      })(),
    )
    kernel.run()
    expect(byId(kernel, 'ping').causeId).toBeNull()
    expect(byId(kernel, 're: ping').causeId).toBe(byId(kernel, 'ping').id)
    expect(byId(kernel, 'after reply').causeId).toBe(byId(kernel, 're: ping').id)
  })

  it('a process resumed by its sleep timer continues with the cause from before the sleep', () => {
    const { kernel, a, b } = setup()
    echo(b)
    kernel.spawn(
      (function* () {
        yield* call(request('a', 'b', 'ping'))
        kernel.step('a', 'status', 'decided', null)
        yield* sleep(100)
        a.send('c', 'after sleep')
      })(),
    )
    kernel.at(50, () => a.send('b', 'noise'))
    kernel.run()
    expect(byId(kernel, 'after sleep').causeId).toBe(byId(kernel, 'decided').id)
  })

  it('a process woken by a signal continues with the cause of the notify', () => {
    const { kernel, a, b } = setup()
    const signal = new Signal()
    kernel.spawn(
      (function* () {
        yield* wait(signal)
        a.send('c', 'woken')
      })(),
    )
    b.onReceive = () => kernel.notify(signal)
    kernel.at(20, () => {
      kernel.cause = null
      a.send('b', 'wake up')
    })
    kernel.run()
    expect(byId(kernel, 'woken').causeId).toBe(byId(kernel, 'wake up').id)
  })
})

describe('Kernel: processes', () => {
  it('call returns the reply message and the process its result', () => {
    const { kernel, b } = setup()
    echo(b, 10)
    const p = kernel.spawn(
      (function* (): Proc<unknown> {
        const reply = yield* call<{ echoed: string }>(request('a', 'b', 'hello'))
        return { payload: reply.payload, at: kernel.nowMs }
      })(),
    )
    expect(p.done).toBe(false)
    kernel.run()
    // 5 ms there, 10 ms in b, 5 ms back.
    expect(p).toMatchObject({ done: true, result: { payload: { echoed: 'hello' }, at: 20 } })
  })

  it('spawn does not run the process synchronously', () => {
    const { kernel } = setup()
    const ran: string[] = []
    kernel.spawn(
      (function* () {
        ran.push('started')
      })(),
    )
    expect(ran).toEqual([])
    kernel.run()
    expect(ran).toEqual(['started'])
  })

  it('sleep resumes exactly after its duration', () => {
    const { kernel } = setup()
    const times: number[] = []
    kernel.spawn(
      (function* () {
        times.push(kernel.nowMs)
        yield* sleep(250)
        times.push(kernel.nowMs)
        yield* sleep(0)
        times.push(kernel.nowMs)
      })(),
    )
    kernel.run()
    expect(times).toEqual([0, 250, 250])
  })

  it('notify wakes every waiter once, in wait order', () => {
    const { kernel } = setup()
    const signal = new Signal()
    const log: string[] = []
    for (const name of ['w1', 'w2', 'w3']) {
      kernel.spawn(
        (function* () {
          for (;;) {
            yield* wait(signal)
            log.push(`${name}@${kernel.nowMs}`)
          }
        })(),
      )
    }
    kernel.at(10, () => {
      kernel.notify(signal)
      kernel.notify(signal) // nobody is waiting any more: no second wake-up
    })
    kernel.at(20, () => kernel.notify(signal))
    kernel.run()
    expect(log).toEqual(['w1@10', 'w2@10', 'w3@10', 'w1@20', 'w2@20', 'w3@20'])
  })

  it('cancel runs finally blocks, calls whenDone, and drops the pending reply', () => {
    const { kernel, a, b } = setup()
    echo(b, 10)
    const log: string[] = []
    const p = kernel.spawn(
      (function* () {
        try {
          yield* call(request('a', 'b', 'slow'))
          log.push('resumed')
        } finally {
          log.push('finally')
        }
      })(),
    )
    p.whenDone(() => log.push('done'))
    kernel.at(8, () => p.cancel())
    kernel.run()
    expect(log).toEqual(['finally', 'done'])
    expect(p).toMatchObject({ done: true, cancelled: true })
    // The reply was still sent (the server did not know) and silently dropped.
    expect(byId(kernel, 're: slow').deliverAtMs).toBe(20)
    expect(a.received).toEqual([])
  })

  it('a cancelled sleeper never wakes and does not move the clock', () => {
    const { kernel } = setup()
    const log: string[] = []
    const p = kernel.spawn(
      (function* () {
        yield* sleep(1000)
        log.push('woke')
      })(),
    )
    kernel.at(5, () => p.cancel())
    kernel.run()
    expect(log).toEqual([])
    expect(kernel.nowMs).toBe(5)
    expect(kernel.idle).toBe(true)
  })

  it('whenDone on a finished process runs at once', () => {
    const { kernel } = setup()
    const p = kernel.spawn((function* () {})())
    kernel.run()
    let ran = false
    p.whenDone(() => {
      ran = true
    })
    expect(ran).toBe(true)
  })

  it('a call that times out throws CallTimeout into the process; the late reply is dropped', () => {
    const { kernel, a, b } = setup()
    echo(b, 100)
    const log: string[] = []
    kernel.spawn(
      (function* () {
        try {
          yield* call(request('a', 'b', 'GET /slow'), 30)
          log.push('replied')
        } catch (e) {
          log.push(`${(e as Error).constructor.name}: ${(e as Error).message} @${kernel.nowMs}`)
          expect(e).toBeInstanceOf(CallTimeout)
          expect((e as CallTimeout).summary).toBe('GET /slow')
        }
      })(),
    )
    kernel.run()
    expect(log).toEqual(['CallTimeout: timed out: GET /slow @30'])
    expect(a.received).toEqual([])
  })

  it('the raw call effect resumes with TIMED_OUT', () => {
    const { kernel } = setup()
    const p = kernel.spawn(
      (function* (): Generator<Effect, unknown, unknown> {
        return yield { type: 'call', request: request('a', 'b'), timeoutMs: 1 }
      })(),
    )
    kernel.run()
    expect(p.result).toBe(TIMED_OUT)
  })

  it('a reply before the timeout cancels the timeout', () => {
    const { kernel, b } = setup()
    echo(b)
    const resumed: number[] = []
    const p = kernel.spawn(
      (function* () {
        yield* call(request('a', 'b'), 1000)
        resumed.push(kernel.nowMs)
        yield* sleep(5000)
        resumed.push(kernel.nowMs)
      })(),
    )
    kernel.run()
    expect(resumed).toEqual([10, 5010])
    expect(p.error).toBeUndefined()
  })

  it('an error thrown by a process stops the run and is kept on the process', () => {
    const { kernel } = setup()
    const boom = new Error('boom')
    const p = kernel.spawn(
      (function* () {
        yield* sleep(1)
        throw boom
      })(),
    )
    expect(() => kernel.run()).toThrow(boom)
    expect(p).toMatchObject({ done: true, error: boom })
  })
})

describe('Kernel: run', () => {
  /** A background heartbeat every 10 ms, forever, and foreground work that ends at 40 ms. */
  function busyAndBackground() {
    const { kernel } = setup()
    const beats: number[] = []
    kernel.spawn(
      (function* () {
        for (;;) {
          yield* sleep(10, true)
          beats.push(kernel.nowMs)
        }
      })(),
    )
    kernel.after(40, () => {})
    return { kernel, beats }
  }

  it('runs until idle: background timers do not keep it running', () => {
    const { kernel, beats } = busyAndBackground()
    kernel.run()
    expect(kernel.nowMs).toBe(40)
    expect(kernel.idle).toBe(true)
    expect(kernel.nextEventAtMs).toBeDefined()
    expect(beats.every((t) => t <= 40)).toBe(true)
  })

  it('with untilMs runs background work too, inclusive, and ends the clock there', () => {
    const { kernel, beats } = busyAndBackground()
    kernel.run({ untilMs: 100 })
    expect(beats).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(kernel.nowMs).toBe(100)
    kernel.run({ untilMs: 125 })
    expect(beats.at(-1)).toBe(120)
    expect(kernel.nowMs).toBe(125)
  })

  it('with untilMs and nothing to do, moves the clock to untilMs', () => {
    const { kernel } = setup()
    kernel.run({ untilMs: 500 })
    expect(kernel.nowMs).toBe(500)
  })

  it('stops a run that does not settle within maxEvents', () => {
    const { kernel } = setup()
    const tick = () => kernel.after(1, tick)
    tick()
    expect(() => kernel.run({ maxEvents: 100 })).toThrow('simulation did not settle within 100 events')
  })

  it('stepEvent runs one event and reports whether there was one', () => {
    const { kernel } = setup()
    kernel.after(7, () => {})
    expect(kernel.stepEvent()).toBe(true)
    expect(kernel.nowMs).toBe(7)
    expect(kernel.stepEvent()).toBe(false)
  })
})

describe('Kernel: determinism', () => {
  /** Ping-pong over jittery links with random fan-out and sleeps: everything draws from the rng. */
  function simulate(seed: number | string): string {
    const network: NetworkConfig = {
      defaultLink: { latencyMs: 3, jitterMs: 9 },
      links: { 'a->b': { latencyMs: 20, jitterMs: 15 } },
    }
    const { kernel, a, b, c } = setup(network, seed)
    b.onReceive = (m, p) => {
      if (m.replyTo !== undefined) return
      kernel.step('b', 'admit', `handle ${m.summary}`, { n: kernel.rng.intn(100) })
      p.reply(m, `re: ${m.summary}`, { draw: kernel.rng.intn(1000) })
      if (kernel.rng.intn(2) === 0) p.send('c', `fan-out ${m.id}`)
    }
    c.onReceive = () => {}
    for (let w = 0; w < 3; w++) {
      kernel.spawn(
        (function* () {
          for (let i = 0; i < 5; i++) {
            yield* call(request('a', 'b', `w${w}-${i}`))
            yield* sleep(kernel.rng.intn(50))
          }
        })(),
      )
    }
    kernel.run()
    expect(a.received).toEqual([])
    return JSON.stringify(kernel.trace)
  }

  it('gives the same trace, byte for byte, for the same seed', () => {
    expect(simulate('seed-a')).toBe(simulate('seed-a'))
    expect(simulate(7)).toBe(simulate(7))
  })

  it('gives a different trace for a different seed', () => {
    expect(simulate('seed-a')).not.toBe(simulate('seed-b'))
  })
})

describe('Kernel: an event placed by sequence (atSeq)', () => {
  it('runs among its millisecond’s events as if scheduled when the sequence stood at its place', () => {
    const { kernel } = setup()
    const ran: string[] = []
    kernel.at(10, () => ran.push('first'))
    const between = kernel.nextSeq - 0.5
    kernel.at(10, () => ran.push('second'))
    kernel.at(5, () => kernel.at(10, () => ran.push('later')))
    kernel.run({ untilMs: 6 })
    kernel.atSeq(10, between, () => ran.push('placed'))
    kernel.run()
    expect(ran).toEqual(['first', 'placed', 'second', 'later'])
  })

  it('is refused once anything at or after its time has run, or the clock has passed it', () => {
    const { kernel } = setup()
    expect(kernel.canScheduleAt(0)).toBe(true)
    kernel.at(10, () => undefined)
    kernel.run()
    expect(kernel.canScheduleAt(10)).toBe(false)
    expect(kernel.canScheduleAt(11)).toBe(true)
    expect(() => kernel.atSeq(10, 0.5, () => undefined)).toThrow(/cannot schedule at 10 ms/)
    kernel.run({ untilMs: 20 })
    expect(kernel.canScheduleAt(15)).toBe(false)
    expect(kernel.canScheduleAt(20)).toBe(true)
  })
})
