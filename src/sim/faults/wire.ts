/**
 * What drop-message and delay-message share: naming one message of the trace by its id, checking
 * that it is on the wire at the fault's time, and planning the fault with the kernel before the run
 * (the simulation is deterministic, so the message gets the same id in every replay up to then).
 */
import type { OutputLine } from '../../api/kubectl/drain-output'
import { APISERVER, type Message, type MessageKind, WEBHOOKS } from '../kernel/trace'
import { at, type FaultContext, type FaultDone, missed } from './context'
import type { FaultAction } from './fault'

/** The fields of a trace message a message fault looks at (a Message, or the UI's MessageView). */
export interface WireMessage {
  readonly id: number
  readonly from: string
  readonly to: string
  readonly kind: MessageKind
  readonly summary: string
  readonly sentAtMs: number
  readonly deliverAtMs: number
  readonly replyTo?: number
  readonly lostAtMs?: number
}

/**
 * Why a message fault at `atMs` cannot act on message `id` (`m`: the message, if the trace has
 * it): a step never travels, a lost message is gone, and only a message on the wire at `atMs`
 * (sentAtMs ≤ atMs < deliverAtMs) can be dropped or held. Undefined when it can.
 */
export function inFlightProblem(m: WireMessage | undefined, id: number, atMs: number): string | undefined {
  if (!m) return `no message #${id} in the trace`
  if (m.kind === 'step') return `message #${id} is a step inside ${m.from}, not a message on the wire`
  if (m.lostAtMs !== undefined) return `message #${id} was already lost at ${at(m.lostAtMs)}`
  if (m.sentAtMs <= atMs && atMs < m.deliverAtMs) return undefined
  return `message #${id} (${m.summary}) is not in flight at ${at(atMs)}: it was sent at ${at(m.sentAtMs)} and delivered at ${at(m.deliverAtMs)}`
}

/** How the loss of one message plays out (drop-message.ts says what each does). */
export type Loss =
  /** A call to kube-apiserver: the caller waits for `requestId`'s reply. */
  | { readonly type: 'call'; readonly requestId: number; readonly caller: string }
  /** A watch event: the stream of its watch is dead. */
  | { readonly type: 'watch'; readonly watcher: string }
  /** An admission webhook call: the apiserver's own timeout takes over. */
  | { readonly type: 'webhook' }

/** What losing `m` means; undefined for messages that cannot be dropped. */
export function lossOf(m: WireMessage): Loss | undefined {
  if (m.kind === 'http-request' && m.to === APISERVER)
    return { type: 'call', requestId: m.id, caller: m.from }
  if (m.kind === 'http-response' && m.from === APISERVER && m.replyTo !== undefined)
    return { type: 'call', requestId: m.replyTo, caller: m.to }
  if (m.kind === 'watch-event' && m.from === APISERVER) return { type: 'watch', watcher: m.to }
  if ((m.kind === 'http-request' && m.to === WEBHOOKS) || (m.kind === 'http-response' && m.from === WEBHOOKS))
    return { type: 'webhook' }
  return undefined
}

/**
 * Why message `m` cannot be dropped (its kind has no modelled way of noticing a loss); undefined
 * when it can. The UI can ask before offering the fault.
 */
export function dropProblem(m: WireMessage): string | undefined {
  if (lossOf(m)) return undefined
  return `message #${m.id} (${m.kind} ${m.from} → ${m.to}) cannot be dropped: only HTTP requests to kube-apiserver and their responses, watch events, and admission webhook calls can`
}

/**
 * For drop-message and delay-message: why the message they name (`message`, as the trace the user
 * saw has it) cannot be acted on at the fault's time; undefined when it can, and for other faults.
 */
export function messageFaultProblem(
  fault: FaultAction,
  message: WireMessage | undefined,
): string | undefined {
  if (fault.type !== 'drop-message' && fault.type !== 'delay-message') return undefined
  const problem = inFlightProblem(message, fault.messageId, fault.atMs)
  if (problem) return `${fault.type}: ${problem}`
  if (fault.type === 'drop-message' && message) {
    const drop = dropProblem(message)
    if (drop) return `drop-message: ${drop}`
  }
  return undefined
}

/**
 * Plan `plan` on message `messageId`. If the kernel applies it (the message is on the wire at
 * `atMs`), `act` runs at `atMs` with the message as recorded and reports what happened; if not,
 * `done` hears why, 1 ms later (a message sent at `atMs` itself still counts, so the check waits
 * for the whole millisecond).
 */
export function planOnMessage(
  ctx: FaultContext,
  fault: { readonly atMs: number; readonly messageId: number },
  plan: { readonly drop?: boolean; readonly delayMs?: number },
  verb: 'dropped' | 'delayed',
  act: (message: Message) => OutputLine[],
  done: FaultDone,
): void {
  const { kernel } = ctx
  const { atMs, messageId } = fault
  let sent: { readonly message: Message; readonly applied: boolean } | undefined
  kernel.planWireFault(messageId, {
    atMs,
    ...plan,
    sent: (message, applied) => {
      sent = { message, applied }
      if (applied) kernel.at(atMs, () => done(act(message)))
    },
  })
  kernel.at(atMs + 1, () => {
    if (sent?.applied) return
    const why = sent
      ? (inFlightProblem(sent.message, messageId, atMs) ?? `message #${messageId} is not in flight`)
      : `message #${messageId} had not been sent by ${at(atMs)}`
    done([missed(`${why}: nothing ${verb}`)])
  })
}
