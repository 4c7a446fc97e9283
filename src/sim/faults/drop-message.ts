/**
 * drop-message: one message in flight never arrives.
 *
 * Real networks do not lose one message alone: TCP retransmits, so a message that never arrives
 * means the connection carrying it died without a word (a half-open connection after a NAT or
 * conntrack reset, a crashed load balancer, a pulled cable). That is what this fault stands for,
 * and what follows is what the two ends of such a connection do:
 *
 * - An HTTP request to kube-apiserver, or its response: the client's call hangs until client-go's
 *   HTTP/2 health check gives up on the connection (ReadIdleTimeout 30 s, then PingTimeout 15 s;
 *   kubernetes#95981), then fails with Go's `Post "https://…/binding": http2: client connection
 *   lost`. The component handles the error as any other: the scheduler's binding fails and the Pod
 *   goes back to the queue, a controller requeues, kubectl prints it. A request the apiserver never
 *   received is never acted on; one whose response is lost was.
 * - A watch event: the watch's stream is dead. The apiserver stops writing to it at once (its next
 *   write fails); the client notices with the same health check, and its reflector backs off and
 *   lists and watches again (reflector.go), so what it missed comes in through the new LIST.
 * - An admission webhook call (kube-apiserver → the webhook server) or its answer: the apiserver
 *   waits for the webhook's timeoutSeconds, then its failurePolicy decides.
 *
 * Messages inside the control plane's machines (etcd, CRI, the image registry) cannot be dropped:
 * their clients have no transport timeouts in this simulation, so a loss would hang them for ever.
 */
import type { HttpRequest, WatchEvent } from '../apiserver/http'
import { ClientComponent } from '../component'
import { APISERVER, type Message } from '../kernel/trace'
import { type FaultContext, type FaultDone, faultStep, injected } from './context'
import { lossOf, planOnMessage } from './wire'

export interface DropMessageFault {
  readonly type: 'drop-message'
  readonly atMs: number
  /** The id of a message on the wire at `atMs`. */
  readonly messageId: number
}

/** client-go's HTTP/2 ReadIdleTimeout (k8s.io/apimachinery/pkg/util/net, kubernetes#95981). */
export const HTTP2_READ_IDLE_TIMEOUT_MS = 30_000
/** client-go's HTTP/2 PingTimeout. */
export const HTTP2_PING_TIMEOUT_MS = 15_000
/**
 * How long after the loss a client finds its connection dead: no frame for ReadIdleTimeout, then
 * no answer to the health-check PING for PingTimeout. (The idle clock really starts at the last
 * frame received, which may be earlier; the simulation takes the loss as that moment.)
 */
export const CONNECTION_LOSS_NOTICED_MS = HTTP2_READ_IDLE_TIMEOUT_MS + HTTP2_PING_TIMEOUT_MS
/** golang.org/x/net/http2's error for a connection whose health check failed. */
export const CONNECTION_LOST = 'http2: client connection lost'

export function scheduleDropMessage(ctx: FaultContext, fault: DropMessageFault, done: FaultDone): void {
  planOnMessage(ctx, fault, { drop: true }, 'dropped', (m) => lose(ctx, m), done)
}

/** At the fault's time: record the loss and set its consequences going. */
function lose(ctx: FaultContext, m: Message): ReturnType<typeof injected>[] {
  const { kernel } = ctx
  const loss = lossOf(m)
  const line = injected(`message #${m.id} dropped (${m.summary}, ${m.from} → ${m.to})`)
  const payload = { type: 'MessageDropped', messageId: m.id, from: m.from, to: m.to, summary: m.summary }
  if (!loss) {
    // Not droppable (the session refuses these); it is simply never delivered.
    faultStep(kernel, m.to, `message #${m.id} dropped: ${m.summary}`, payload, m.object)
    return [line]
  }
  switch (loss.type) {
    case 'webhook':
      faultStep(kernel, APISERVER, `message #${m.id} dropped: ${m.summary}`, payload, m.object)
      return [line]
    case 'call': {
      faultStep(kernel, loss.caller, `message #${m.id} dropped: ${m.summary}`, payload, m.object)
      const request = kernel.message(loss.requestId) as Message<HttpRequest> | undefined
      // A watch the apiserver opened but whose answer was lost: it stops writing to it.
      if (request && isWatchRequest(request)) ctx.apiserver.closeWatch(loss.requestId)
      kernel.after(CONNECTION_LOSS_NOTICED_MS, () => failCall(ctx, m, loss.requestId, loss.caller))
      return [line]
    }
    case 'watch': {
      // The watch's id is its request's.
      const watchId = (m.payload as WatchEvent).watchId
      faultStep(kernel, loss.watcher, `message #${m.id} dropped: ${m.summary}`, payload, m.object)
      ctx.apiserver.closeWatch(watchId)
      const component = kernel.component(loss.watcher)
      const handlers = component instanceof ClientComponent ? component.client.breakWatch(watchId) : undefined
      if (handlers?.lost) {
        const lost = handlers.lost
        kernel.after(CONNECTION_LOSS_NOTICED_MS, () => {
          const request = kernel.message(watchId)
          kernel.step(
            loss.watcher,
            'fault',
            `watch lost: ${CONNECTION_LOST} (${request?.summary ?? `watch #${watchId}`})`,
            { type: 'ConnectionLost', messageId: m.id, watchId },
            m.object,
          )
          lost(CONNECTION_LOST)
        })
      }
      return [line]
    }
  }
}

/** The client notices the dead connection: its call fails with Go's error. */
function failCall(ctx: FaultContext, dropped: Message, requestId: number, caller: string): void {
  const { kernel } = ctx
  if (!kernel.isWaitingFor(requestId)) return
  const request = kernel.message(requestId) as Message<HttpRequest> | undefined
  const text = request
    ? `${urlErrorOp(request.payload.method)} "${ctx.apiserverUrl}${pathOf(request.payload)}": ${CONNECTION_LOST}`
    : CONNECTION_LOST
  kernel.step(
    caller,
    'fault',
    `${CONNECTION_LOST} (${request?.summary ?? `request #${requestId}`})`,
    { type: 'ConnectionLost', messageId: dropped.id, requestId, error: text },
    request?.object,
  )
  kernel.failCall(requestId, text)
}

const isWatchRequest = (m: Message<HttpRequest>): boolean => m.payload?.query?.watch === 'true'

/** Go's url.Error Op: the method with only its first letter upper case (`Post`). */
const urlErrorOp = (method: string): string => method.slice(0, 1) + method.slice(1).toLowerCase()

/** The request's path and query as Go's url.URL prints them (query keys sorted, values escaped). */
function pathOf(req: HttpRequest): string {
  const q = Object.entries(req.query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return q.length
    ? `${req.path}?${q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
    : req.path
}
