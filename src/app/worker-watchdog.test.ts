import { describe, expect, it } from 'vitest'
import { Watchdog, type WatchdogClock } from './worker-watchdog'

/** A clock the test moves: `advance` runs the interval's ticks that fall due. */
class TestClock implements WatchdogClock {
  nowMs = 0
  hiddenNow = false
  private tick: { fn: () => void; ms: number; nextMs: number } | undefined
  now = () => this.nowMs
  hidden = () => this.hiddenNow
  every(fn: () => void, ms: number): () => void {
    const tick = { fn, ms, nextMs: this.nowMs + ms }
    this.tick = tick
    return () => {
      if (this.tick === tick) this.tick = undefined
    }
  }
  advance(ms: number): void {
    const until = this.nowMs + ms
    while (this.tick && this.tick.nextMs <= until) {
      this.nowMs = this.tick.nextMs
      this.tick.nextMs += this.tick.ms
      this.tick.fn()
    }
    this.nowMs = until
  }
}

function setup() {
  const clock = new TestClock()
  const log = { pings: 0, hangs: [] as number[] }
  const dog = new Watchdog({
    intervalMs: 1000,
    hangAfterMs: 5000,
    clock,
    ping: () => log.pings++,
    onHang: (silent) => log.hangs.push(silent),
  })
  // The worker's first post starts the pings.
  dog.alive()
  return { clock, log, dog }
}

describe('Watchdog', () => {
  it('pings once per interval while answered, and never calls a worker that answers hung', () => {
    const { clock, log, dog } = setup()
    for (let i = 0; i < 30; i++) {
      clock.advance(1000)
      dog.alive()
    }
    expect(log.pings).toBe(30)
    expect(log.hangs).toEqual([])
  })

  it('keeps one ping out at a time, and calls the worker hung once a ping goes unanswered too long', () => {
    const { clock, log } = setup()
    clock.advance(5000)
    // One ping at 1 s, unanswered; at 5 s it has waited 4 s: not yet.
    expect(log.pings).toBe(1)
    expect(log.hangs).toEqual([])
    clock.advance(1000)
    expect(log.hangs).toEqual([5000])
    // It stopped: no more pings, no second verdict.
    clock.advance(60_000)
    expect(log.pings).toBe(1)
    expect(log.hangs).toHaveLength(1)
  })

  it('does not count time the tab was hidden: the wait starts over once it is seen', () => {
    const { clock, log } = setup()
    clock.advance(1000)
    clock.hiddenNow = true
    clock.advance(60_000)
    expect(log.hangs).toEqual([])
    clock.hiddenNow = false
    // Seen again at 61 s: the unanswered ping counts from the last hidden tick.
    clock.advance(4000)
    expect(log.hangs).toEqual([])
    clock.advance(1000)
    expect(log.hangs).toEqual([5000])
  })

  it('waits for the first post before pinging, and stops for good when told to', () => {
    const clock = new TestClock()
    let pings = 0
    const dog = new Watchdog({
      intervalMs: 1000,
      hangAfterMs: 5000,
      clock,
      ping: () => pings++,
      onHang: () => {},
    })
    clock.advance(60_000)
    expect(pings).toBe(0)
    dog.alive()
    clock.advance(1000)
    expect(pings).toBe(1)
    dog.stop()
    dog.alive()
    clock.advance(60_000)
    expect(pings).toBe(1)
  })
})
