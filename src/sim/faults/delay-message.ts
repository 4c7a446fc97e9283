/**
 * delay-message: one message in flight arrives late.
 *
 * Stands for a stall on one connection: a congested link or a full socket buffer, a
 * retransmission after a lost packet, a garbage-collection pause in a proxy. The message is held
 * `delayMs` longer, and — since a connection is one ordered stream (TCP's head-of-line blocking,
 * and the simulation's rule that messages on a link arrive in the order they were sent) — the
 * messages sent after it on the same link wait behind it. Nobody times out unless their own timeout
 * is shorter than the wait (an admission webhook's timeoutSeconds, the kubelet's 10 s heartbeat
 * client); a delayed watch event simply makes its watcher learn of the change later.
 */
import type { Message } from '../kernel/trace'
import { at, type FaultContext, type FaultDone, faultStep, injected } from './context'
import { planOnMessage } from './wire'

export interface DelayMessageFault {
  readonly type: 'delay-message'
  readonly atMs: number
  /** The id of a message on the wire at `atMs`. */
  readonly messageId: number
  /** How much later it arrives (whole milliseconds, > 0). */
  readonly delayMs: number
}

export function scheduleDelayMessage(ctx: FaultContext, fault: DelayMessageFault, done: FaultDone): void {
  planOnMessage(ctx, fault, { delayMs: fault.delayMs }, 'delayed', (m) => hold(ctx, fault, m), done)
}

/** At the fault's time: the kernel already holds the message back; record it. */
function hold(ctx: FaultContext, fault: DelayMessageFault, m: Message): ReturnType<typeof injected>[] {
  faultStep(
    ctx.kernel,
    m.to,
    `message #${m.id} delayed by ${at(fault.delayMs)}: ${m.summary}`,
    {
      type: 'MessageDelayed',
      messageId: m.id,
      from: m.from,
      to: m.to,
      summary: m.summary,
      delayMs: fault.delayMs,
      deliverAtMs: m.deliverAtMs,
    },
    m.object,
  )
  return [
    injected(
      `message #${m.id} delayed by ${at(fault.delayMs)} (${m.summary}, ${m.from} → ${m.to}): delivered at ${at(m.deliverAtMs)}`,
    ),
  ]
}
