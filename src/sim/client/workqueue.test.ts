import { describe, expect, it } from 'vitest'
import { Kernel, type Proc, sleep } from '../kernel/kernel'
import { WorkQueue } from './workqueue'

function setup() {
  const kernel = new Kernel({ seed: 1 })
  const queue = new WorkQueue(kernel)
  const log: string[] = []
  /** A worker: take a key, log `<worker> <key> @<ms>`, hold it for `holdMs`, then done(). */
  function* worker(name: string, holdMs = 0, times = Number.POSITIVE_INFINITY): Proc {
    for (let i = 0; i < times; i++) {
      const key = yield* queue.get()
      log.push(`${name} ${key} @${kernel.nowMs}`)
      if (holdMs > 0) yield* sleep(holdMs)
      queue.done(key)
    }
  }
  return { kernel, queue, log, worker }
}

describe('WorkQueue', () => {
  it.each([
    { adds: ['a'], queued: ['a'] },
    { adds: ['a', 'a'], queued: ['a'] },
    { adds: ['a', 'b', 'a'], queued: ['a', 'b'] },
    { adds: ['b', 'a', 'b', 'a', 'c'], queued: ['b', 'a', 'c'] },
  ])('dedups keys queued twice: $adds → $queued', ({ adds, queued }) => {
    const { kernel, queue, log, worker } = setup()
    for (const k of adds) queue.add(k)
    expect(queue.length).toBe(queued.length)
    kernel.spawn(worker('w'))
    kernel.run()
    expect(log).toEqual(queued.map((k) => `w ${k} @0`))
    expect(queue.length).toBe(0)
  })

  it('never hands a key being processed to a second worker; re-adds it on done()', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w1', 10))
    kernel.spawn(worker('w2', 10))
    queue.add('a')
    // While w1 holds `a`, it is added again (twice): not queued, only marked dirty.
    kernel.after(5, () => {
      queue.add('a')
      queue.add('a')
      log.push(`re-added, length ${queue.length}`)
    })
    kernel.run()
    // w2 is idle from 0 on but does not get `a` while w1 holds it; at w1's done() `a` is queued
    // again (and w1, still running, takes it first): processed twice, never concurrently.
    expect(log).toEqual(['w1 a @0', 're-added, length 0', 'w1 a @10'])
    expect(queue.length).toBe(0)
  })

  it('does not re-queue a key on done() when it was not added meanwhile', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w', 10))
    queue.add('a')
    queue.add('b')
    kernel.run()
    expect(log).toEqual(['w a @0', 'w b @10'])
    expect(queue.length).toBe(0)
  })

  it('hands other keys out while one is processed', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w1', 10))
    kernel.spawn(worker('w2', 10))
    queue.add('a')
    queue.add('b')
    queue.add('a') // dirty only: `a` is still queued, so this is a duplicate
    kernel.run()
    expect(log).toEqual(['w1 a @0', 'w2 b @0'])
  })

  it.each([
    { delayMs: 0, readyAt: 0 },
    { delayMs: -5, readyAt: 0 },
    { delayMs: 1, readyAt: 1 },
    { delayMs: 250, readyAt: 250 },
  ])('addAfter($delayMs) queues the key at $readyAt ms', ({ delayMs, readyAt }) => {
    const { kernel, queue, log, worker } = setup()
    queue.addAfter('a', delayMs)
    if (readyAt > 0) {
      kernel.run({ untilMs: readyAt - 1 })
      expect(queue.length).toBe(0)
    }
    kernel.spawn(worker('w'))
    kernel.run()
    expect(log).toEqual([`w a @${readyAt}`])
  })

  it('addRateLimited delays 5 ms, doubling per failure: 5, 10, 20, 40, 80', () => {
    const { kernel, queue, log } = setup()
    // A worker that fails every time and retries with backoff.
    kernel.spawn(
      (function* (): Proc {
        for (let i = 0; i < 5; i++) {
          const key = yield* queue.get()
          log.push(`${key} @${kernel.nowMs}`)
          queue.done(key)
          if (i < 4) queue.addRateLimited(key)
        }
      })(),
    )
    queue.addRateLimited('a')
    kernel.run()
    expect(log).toEqual(['a @5', 'a @15', 'a @35', 'a @75', 'a @155'])
  })

  it('counts failures per key', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w'))
    queue.addRateLimited('a') // a's 1st failure: 5 ms
    kernel.run()
    queue.addRateLimited('a') // a's 2nd failure: 10 ms
    queue.addRateLimited('b') // b's 1st failure: 5 ms
    kernel.run()
    expect(log).toEqual(['w a @5', 'w b @10', 'w a @15'])
  })

  it('forget resets the backoff to 5 ms', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w'))
    queue.addRateLimited('a') // @5
    kernel.run()
    queue.addRateLimited('a') // @5 + 10
    kernel.run()
    queue.forget('a')
    queue.addRateLimited('a') // @15 + 5
    kernel.run()
    queue.forget('b') // forgetting an unknown key is harmless
    expect(log).toEqual(['w a @5', 'w a @15', 'w a @20'])
  })

  it('caps the backoff at 1000 s', () => {
    const { kernel, queue, log, worker } = setup()
    // 18 failures: 5 ms · 2^17 = 655.36 s was the last uncapped delay.
    for (let i = 0; i < 18; i++) queue.addRateLimited('a')
    kernel.spawn(worker('w'))
    kernel.run()
    const start = kernel.nowMs
    log.length = 0
    queue.addRateLimited('a') // 5 ms · 2^18 = 1310.72 s, capped
    kernel.run()
    expect(log).toEqual([`w a @${start + 1_000_000}`])
  })

  it('wakes a waiting worker when a key is added later', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w'))
    kernel.after(30, () => queue.add('a'))
    kernel.run()
    expect(log).toEqual(['w a @30'])
  })

  it.each([
    { delays: [10, 20], processedAt: [10] },
    { delays: [20, 10], processedAt: [10] },
    { delays: [10, 10], processedAt: [10] },
    { delays: [30, 10, 20], processedAt: [10] },
  ])(
    'keeps only the earliest addAfter of a waiting key (client-go delaying queue): $delays',
    ({ delays, processedAt }) => {
      const { kernel, queue, log, worker } = setup()
      kernel.spawn(worker('w'))
      for (const d of delays) queue.addAfter('a', d)
      kernel.run()
      expect(log).toEqual(processedAt.map((ms) => `w a @${ms}`))
    },
  )

  it('waits again for an addAfter made once the earlier one has fired', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w'))
    queue.addAfter('a', 10)
    kernel.after(15, () => queue.addAfter('a', 10))
    kernel.run()
    expect(log).toEqual(['w a @10', 'w a @25'])
  })

  it('keeps waiting keys apart', () => {
    const { kernel, queue, log, worker } = setup()
    kernel.spawn(worker('w'))
    queue.addAfter('a', 20)
    queue.addAfter('b', 10)
    queue.addAfter('a', 30)
    kernel.run()
    expect(log).toEqual(['w b @10', 'w a @20'])
  })
})
