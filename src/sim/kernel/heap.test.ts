import { describe, expect, it } from 'vitest'
import { EventHeap, type Scheduled } from './heap'
import { Rng } from './rng'

const item = (atMs: number, seq: number, background = false): Scheduled => ({
  atMs,
  seq,
  background,
  cancelled: false,
  run: () => {},
})

function drain(heap: EventHeap): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let s = heap.pop(); s; s = heap.pop()) out.push([s.atMs, s.seq])
  return out
}

describe('EventHeap', () => {
  it.each([
    {
      name: 'distinct times, pushed out of order',
      pushed: [
        [30, 0],
        [10, 1],
        [20, 2],
      ],
      want: [
        [10, 1],
        [20, 2],
        [30, 0],
      ],
    },
    {
      name: 'ties at one time pop in seq order',
      pushed: [
        [5, 3],
        [5, 1],
        [5, 2],
        [5, 0],
      ],
      want: [
        [5, 0],
        [5, 1],
        [5, 2],
        [5, 3],
      ],
    },
    {
      name: 'time first, then seq',
      pushed: [
        [7, 0],
        [3, 4],
        [7, 1],
        [3, 2],
        [0, 9],
      ],
      want: [
        [0, 9],
        [3, 2],
        [3, 4],
        [7, 0],
        [7, 1],
      ],
    },
  ])('$name', ({ pushed, want }) => {
    const heap = new EventHeap()
    for (const [atMs, seq] of pushed) heap.push(item(atMs as number, seq as number))
    expect(heap.size).toBe(pushed.length)
    expect(drain(heap)).toEqual(want)
    expect(heap.size).toBe(0)
  })

  it('orders 2000 random items by (atMs, seq), interleaving pushes and pops', () => {
    const rng = new Rng(42)
    const heap = new EventHeap()
    const popped: Array<[number, number]> = []
    let seq = 0
    for (let i = 0; i < 2000; i++) {
      heap.push(item(rng.intn(50), seq++))
      if (rng.intn(3) === 0) {
        const s = heap.pop() as Scheduled
        popped.push([s.atMs, s.seq])
      }
    }
    // What is left drains sorted.
    const rest = drain(heap)
    const sorted = [...rest].sort((a, b) => a[0] - b[0] || a[1] - b[1])
    expect(rest).toEqual(sorted)
    expect(popped.length + rest.length).toBe(2000)
  })

  it('peek shows the next item without removing it', () => {
    const heap = new EventHeap()
    expect(heap.peek()).toBeUndefined()
    expect(heap.pop()).toBeUndefined()
    heap.push(item(9, 0))
    heap.push(item(4, 1))
    expect(heap.peek()?.atMs).toBe(4)
    expect(heap.size).toBe(2)
  })

  it('counts foreground items only; a cancelled one stops counting at once', () => {
    const heap = new EventHeap()
    heap.push(item(1, 0, true))
    heap.push(item(2, 1))
    const cancelled = item(3, 2)
    heap.push(cancelled)
    expect([heap.size, heap.foregroundSize]).toEqual([3, 2])
    heap.cancel(cancelled)
    expect([heap.size, heap.foregroundSize]).toEqual([3, 1])
    heap.pop() // background
    expect(heap.foregroundSize).toBe(1)
    const ran = heap.pop() // foreground
    expect(heap.foregroundSize).toBe(0)
    heap.cancel(ran as Scheduled) // cancelling after it ran changes nothing
    expect(heap.foregroundSize).toBe(0)
    heap.pop() // the cancelled one leaves the heap
    expect([heap.size, heap.foregroundSize]).toEqual([0, 0])
  })
})
