/**
 * A client-go-like REST client. Every call is an HTTP message in the trace; components never touch
 * etcd or each other directly (the seed's third idea: components decoupled through the apiserver).
 */
import type { ResourceInfo } from '../../api/resources'
import { resourcePath } from '../../api/resources'
import type { KubeObject, Status } from '../../api/types'
import type {
  HttpMethod,
  HttpRequest,
  HttpResponse,
  ListBody,
  PatchType,
  WatchEvent,
} from '../apiserver/http'
import { requestLine } from '../apiserver/http'
import { CallFailed, call, type Kernel, type Proc } from '../kernel/kernel'
import { APISERVER, type ComponentId, type Message, type ObjectRef, type Stage } from '../kernel/trace'

/** How a client proves who it is; the apiserver's authenticator maps these to a user. */
export interface Credentials {
  /** Bearer token (service accounts, static tokens). */
  readonly token?: string
  /** Client certificate subject: CN is the user name, O the groups. */
  readonly clientCert?: { readonly commonName: string; readonly organizations?: readonly string[] }
}

export type ApiResult<T> =
  | { readonly ok: true; readonly code: number; readonly object: T; readonly warnings?: readonly string[] }
  | { readonly ok: false; readonly code: number; readonly status: Status }

export interface ListOptions {
  readonly labelSelector?: string
  readonly fieldSelector?: string
}

export interface WatchHandlers {
  event(event: WatchEvent, message: Message<WatchEvent>): void
  /**
   * The watch's stream broke (its connection was lost: a drop-message fault) and the client has
   * noticed; `error` is the transport's text. Nothing more arrives on it.
   */
  lost?(error: string): void
}

/**
 * HTTP code of an ApiResult for a request that got no HTTP answer at all (client-go returns a
 * transport error, not a Status): the Status carries the error's text.
 */
export const TRANSPORT_ERROR = 0

export class ApiClient {
  private readonly watches = new Map<number, WatchHandlers>()
  /** Watches this client stopped: what still arrives on them is dropped, as on a closed stream. */
  private readonly stopped = new Set<number>()
  /** Watch requests sent and not yet answered. */
  private watchesInFlight = 0
  /**
   * Events that arrived before their watch's response: the apiserver replays the events after
   * the requested resourceVersion before it answers, so they come first on the stream.
   */
  private early: Message<WatchEvent>[] = []

  constructor(
    readonly kernel: Kernel,
    /** The component this client belongs to: the `from` of its requests. */
    readonly owner: ComponentId,
    private readonly credentials: Credentials,
    private readonly userAgent: string,
  ) {}

  /**
   * The request headers, one frozen object per content type: a client sends the same headers on
   * every request, and the trace keeps each request's payload.
   */
  private headers(contentType?: string): Readonly<Record<string, string>> {
    const key = contentType ?? ''
    let h = this.headersByType.get(key)
    if (h === undefined) {
      h = Object.freeze(this.buildHeaders(contentType))
      this.headersByType.set(key, h)
    }
    return h
  }

  private readonly headersByType = new Map<string, Readonly<Record<string, string>>>()

  private buildHeaders(contentType?: string): Record<string, string> {
    const h: Record<string, string> = { 'user-agent': this.userAgent }
    if (this.credentials.token) h.authorization = `Bearer ${this.credentials.token}`
    if (this.credentials.clientCert) {
      // Stands in for the TLS client certificate: the subject the apiserver would read from it.
      const { commonName, organizations = [] } = this.credentials.clientCert
      h['x-client-certificate'] = [`CN=${commonName}`, ...organizations.map((o) => `O=${o}`)].join(',')
    }
    if (contentType) h['content-type'] = contentType
    return h
  }

  /** Send one HTTP request to the apiserver and wait for its response. */
  *request(
    method: HttpMethod,
    path: string,
    stage: Stage,
    options: {
      query?: Record<string, string>
      body?: unknown
      contentType?: string
      object?: ObjectRef
    } = {},
  ): Proc<HttpResponse> {
    const payload: HttpRequest = {
      method,
      path,
      ...(options.query ? { query: options.query } : {}),
      headers: this.headers(
        options.body !== undefined ? (options.contentType ?? 'application/json') : undefined,
      ),
      ...(options.body !== undefined ? { body: options.body } : {}),
    }
    try {
      const reply = yield* call<HttpResponse>({
        from: this.owner,
        to: APISERVER,
        kind: 'http-request',
        summary: sharedRequestLine(payload),
        stage,
        ...(options.object ? { object: options.object } : {}),
        payload,
      })
      return reply.payload
    } catch (e) {
      if (e instanceof CallFailed) return transportError(e.reason)
      throw e
    }
  }

  *create<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    obj: T,
    stage: Stage,
    query?: Record<string, string>,
  ): Proc<ApiResult<T>> {
    const name = obj.metadata?.name ?? obj.metadata?.generateName ?? ''
    return result<T>(
      yield* this.request('POST', resourcePath(info, namespace), stage, {
        ...(query ? { query } : {}),
        body: obj,
        object: ref(info, namespace, name),
      }),
    )
  }

  /** POST to a subresource, e.g. `pods/binding`. */
  *createSubresource<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    subresource: string,
    body: KubeObject,
    stage: Stage,
  ): Proc<ApiResult<T>> {
    return result<T>(
      yield* this.request('POST', resourcePath(info, namespace, name, subresource), stage, {
        body,
        object: ref(info, namespace, name),
      }),
    )
  }

  *get<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    stage: Stage,
  ): Proc<ApiResult<T>> {
    return result<T>(
      yield* this.request('GET', resourcePath(info, namespace, name), stage, {
        object: ref(info, namespace, name),
      }),
    )
  }

  *list<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    options: ListOptions,
    stage: Stage,
  ): Proc<ApiResult<ListBody<T>>> {
    return result<ListBody<T>>(
      yield* this.request('GET', resourcePath(info, namespace), stage, { query: listQuery(options) }),
    )
  }

  /** PUT the whole object (optimistic concurrency on metadata.resourceVersion). */
  *update<T extends KubeObject>(
    info: ResourceInfo,
    obj: T,
    stage: Stage,
    subresource?: string,
  ): Proc<ApiResult<T>> {
    const ns = obj.metadata?.namespace
    const name = obj.metadata?.name ?? ''
    return result<T>(
      yield* this.request('PUT', resourcePath(info, ns, name, subresource), stage, {
        body: obj,
        object: ref(info, ns, name),
      }),
    )
  }

  *patch<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    patchType: PatchType,
    stage: Stage,
    subresource?: string,
    query?: Record<string, string>,
  ): Proc<ApiResult<T>> {
    return result<T>(
      yield* this.request('PATCH', resourcePath(info, namespace, name, subresource), stage, {
        ...(query ? { query } : {}),
        body: patch,
        contentType: patchType,
        object: ref(info, namespace, name),
      }),
    )
  }

  *delete<T extends KubeObject>(
    info: ResourceInfo,
    namespace: string | undefined,
    name: string,
    stage: Stage,
    options: { gracePeriodSeconds?: number; uid?: string } = {},
  ): Proc<ApiResult<T>> {
    const body =
      options.gracePeriodSeconds !== undefined || options.uid !== undefined
        ? {
            kind: 'DeleteOptions',
            apiVersion: 'v1',
            ...(options.gracePeriodSeconds !== undefined
              ? { gracePeriodSeconds: options.gracePeriodSeconds }
              : {}),
            ...(options.uid !== undefined ? { preconditions: { uid: options.uid } } : {}),
          }
        : undefined
    return result<T>(
      yield* this.request('DELETE', resourcePath(info, namespace, name), stage, {
        ...(body ? { body } : {}),
        object: ref(info, namespace, name),
      }),
    )
  }

  /**
   * Open a watch from `resourceVersion`. Events arrive later as `watch-event` messages addressed to
   * the owner component, which must pass them to `receive`. Returns the watch request's message id.
   */
  *watch(
    info: ResourceInfo,
    namespace: string | undefined,
    options: ListOptions,
    resourceVersion: string,
    stage: Stage,
    handlers: WatchHandlers,
  ): Proc<ApiResult<KubeObject> & { watchId: number }> {
    const query = { ...listQuery(options), resourceVersion, watch: 'true' }
    const payload: HttpRequest = {
      method: 'GET',
      path: resourcePath(info, namespace),
      query,
      headers: this.headers(),
    }
    // The apiserver sends the replayed events before the response, so the events that arrive
    // while the request is in flight are held and handed over once the watch id is known.
    this.watchesInFlight++
    let reply: Message<HttpResponse>
    try {
      reply = yield* call<HttpResponse>({
        from: this.owner,
        to: APISERVER,
        kind: 'http-request',
        summary: sharedRequestLine(payload),
        stage,
        payload,
      })
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e
      // The watch never opened here: whatever the apiserver sent on it is dropped.
      this.stopped.add(e.requestId)
      this.early = this.early.filter((m) => m.payload.watchId !== e.requestId)
      return { ...result<KubeObject>(transportError(e.reason)), watchId: e.requestId }
    } finally {
      this.watchesInFlight--
    }
    const watchId = reply.replyTo as number
    const early = this.early.filter((m) => m.payload.watchId === watchId)
    this.early = this.watchesInFlight > 0 ? this.early.filter((m) => m.payload.watchId !== watchId) : []
    const answer = result<KubeObject>(reply.payload)
    if (answer.ok) {
      this.watches.set(watchId, handlers)
      for (const m of early) if (this.watches.get(watchId) === handlers) handlers.event(m.payload, m)
    }
    return { ...answer, watchId }
  }

  /** Route a message to its watch. Returns false when it is not a watch event of this client. */
  receive(message: Message): boolean {
    if (message.kind !== 'watch-event') return false
    const event = message.payload as WatchEvent
    const handlers = this.watches.get(event.watchId)
    if (handlers) {
      handlers.event(event, message as Message<WatchEvent>)
      return true
    }
    if (this.stopped.has(event.watchId)) return true
    if (this.watchesInFlight > 0) {
      this.early.push(message as Message<WatchEvent>)
      return true
    }
    return false
  }

  /** Stop listening on a watch; events still arriving on it are dropped. */
  stopWatch(watchId: number): void {
    this.watches.delete(watchId)
    this.stopped.add(watchId)
  }

  /**
   * The stream of watch `watchId` is dead (a drop-message fault lost one of its events): nothing
   * more arrives on it. Returns its handlers, for `lost` once the client notices; undefined when
   * this client has no such open watch.
   */
  breakWatch(watchId: number): WatchHandlers | undefined {
    const handlers = this.watches.get(watchId)
    if (handlers) this.stopWatch(watchId)
    return handlers
  }
}

/** A request that got no HTTP answer (the connection was lost): client-go's transport error. */
/**
 * The request line, one string per distinct line: a component sends the same few requests (a Pod
 * POST, an Event POST) again and again, and the trace keeps every summary. Bounded: a binding's
 * line is its own.
 */
function sharedRequestLine(req: HttpRequest): string {
  const line = requestLine(req)
  const shared = requestLines.get(line)
  if (shared !== undefined) return shared
  if (requestLines.size >= 1024) requestLines.clear()
  requestLines.set(line, line)
  return line
}

const requestLines = new Map<string, string>()

function transportError(reason: string): HttpResponse {
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: reason,
    code: TRANSPORT_ERROR,
  } as Status
  return { code: TRANSPORT_ERROR, body: status }
}

function listQuery(options: ListOptions): Record<string, string> {
  const q: Record<string, string> = {}
  if (options.labelSelector) q.labelSelector = options.labelSelector
  if (options.fieldSelector) q.fieldSelector = options.fieldSelector
  return q
}

function ref(info: ResourceInfo, namespace: string | undefined, name: string): ObjectRef {
  return info.namespaced && namespace
    ? { resource: info.resource, namespace, name }
    : { resource: info.resource, name }
}

function result<T>(response: HttpResponse): ApiResult<T> {
  if (response.code >= 200 && response.code < 300) {
    return {
      ok: true,
      code: response.code,
      object: response.body as T,
      ...(response.warnings ? { warnings: response.warnings } : {}),
    }
  }
  return { ok: false, code: response.code, status: response.body as Status }
}
