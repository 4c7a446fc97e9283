/**
 * The kernel alone: timer events through the event heap, no messages. 64 concurrent timer chains,
 * each rescheduling itself 1–7 ms ahead, so the heap stays busy and same-time ties occur.
 */
import { Kernel } from '../src/sim/kernel/kernel'

export interface KernelResult {
  readonly events: number
  readonly wallMs: number
  readonly eventsPerSecond: number
}

export function kernelEvents(n: number): KernelResult {
  const kernel = new Kernel({ seed: 1 })
  let fired = 0
  const tick = () => {
    fired++
    if (fired < n) kernel.after(1 + (fired % 7), tick)
  }
  for (let i = 0; i < 64; i++) kernel.after(i, tick)
  const t0 = performance.now()
  kernel.run()
  const wallMs = performance.now() - t0
  return { events: fired, wallMs, eventsPerSecond: (fired / wallMs) * 1000 }
}
