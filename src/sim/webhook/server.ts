/**
 * The admission webhook servers a scenario declares (WebhookServer documents, read by
 * src/sim/scenario/webhook-servers.ts), run as one component, `webhooks`. kube-apiserver POSTs an
 * AdmissionReview to `https://<service>.<namespace>.svc:<port><path>`; the server behind that
 * Service answers with the review's response: allow, a JSON Patch, or a denial, after its delay.
 */

import type { HttpRequest, HttpResponse } from '../apiserver/http'
import type { JsonPatchOp } from '../apiserver/patch'
import type { Component, Kernel } from '../kernel/kernel'
import { type Message, WEBHOOKS } from '../kernel/trace'
import {
  ADMISSION_REVIEW_API_VERSION,
  type AdmissionResponse,
  type AdmissionReview,
  encodePatch,
} from './review'

/** What a server answers to every review it gets. */
export type WebhookBehavior =
  | { readonly type: 'allow' }
  | { readonly type: 'patch'; readonly patch: readonly JsonPatchOp[] }
  | { readonly type: 'deny'; readonly message?: string; readonly reason?: string; readonly code?: number }

export interface WebhookServerSpec {
  /** The document's metadata: the server (its Deployment, say) in the story. */
  readonly name: string
  readonly namespace: string
  /** The Service a webhook configuration's clientConfig.service names. */
  readonly service: { readonly namespace: string; readonly name: string }
  readonly behavior: WebhookBehavior
  /** Time the server takes before it answers (longer than timeoutSeconds: the call times out). */
  readonly delayMs: number
  /** `warnings` of the response (shown by kubectl as `Warning:` lines). */
  readonly warnings?: readonly string[]
}

/** `sidecar-injector.webhooks.svc`: the host a Service reference resolves to. */
export const serviceHost = (namespace: string, name: string): string => `${name}.${namespace}.svc`

/** The response a server with this behaviour gives to a request with this uid. */
export function reviewResponse(spec: WebhookServerSpec, uid: string): AdmissionResponse {
  const warnings = spec.warnings?.length ? { warnings: spec.warnings } : {}
  const b = spec.behavior
  switch (b.type) {
    case 'allow':
      return { uid, allowed: true, ...warnings }
    case 'patch':
      return { uid, allowed: true, patchType: 'JSONPatch', patch: encodePatch(b.patch), ...warnings }
    case 'deny':
      return {
        uid,
        allowed: false,
        status: {
          ...(b.code !== undefined ? { code: b.code } : {}),
          ...(b.message !== undefined ? { message: b.message } : {}),
          ...(b.reason !== undefined ? { reason: b.reason } : {}),
        },
        ...warnings,
      }
  }
}

export class WebhookServers implements Component {
  readonly id = WEBHOOKS
  private readonly byHost = new Map<string, WebhookServerSpec>()
  /** Servers that stopped answering (a webhook-timeout fault). */
  private readonly hung = new Set<WebhookServerSpec>()

  constructor(
    private readonly kernel: Kernel,
    readonly servers: readonly WebhookServerSpec[],
  ) {
    for (const s of servers) this.byHost.set(serviceHost(s.service.namespace, s.service.name), s)
  }

  /** The server a WebhookServer document declared, by `name` or `namespace/name`. */
  find(server: string): WebhookServerSpec | undefined {
    return findServer(this.servers, server)
  }

  /**
   * From now on `server` accepts connections and reads requests but never answers, not even
   * those it is still working on (a webhook-timeout fault): callers wait until their timeout.
   */
  hang(server: WebhookServerSpec): void {
    this.hung.add(server)
  }

  /** The server behind a Service, as the apiserver's service resolver finds its endpoints. */
  resolve(namespace: string, name: string): WebhookServerSpec | undefined {
    return this.byHost.get(serviceHost(namespace, name))
  }

  receive(message: Message): void {
    if (message.kind !== 'http-request') {
      throw new Error(`webhooks: unexpected message ${message.id} (${message.kind})`)
    }
    const req = message.payload as HttpRequest
    const host = (req.headers.host ?? '').replace(/:\d+$/, '')
    const server = this.byHost.get(host)
    const review = req.body as AdmissionReview | undefined
    const reply = (payload: HttpResponse, summary: string) => {
      if (server && this.hung.has(server)) return
      this.kernel.send({
        from: WEBHOOKS,
        to: message.from,
        kind: 'http-response',
        summary,
        stage: message.stage,
        ...(message.object ? { object: message.object } : {}),
        replyTo: message.id,
        payload,
      })
    }
    if (!server || !review?.request) {
      reply({ code: 404 }, '404 Not Found')
      return
    }
    const response = reviewResponse(server, review.request.uid)
    const body = { apiVersion: ADMISSION_REVIEW_API_VERSION, kind: 'AdmissionReview', response }
    const summary = `200 OK: ${response.allowed ? (response.patch ? 'allowed with patch' : 'allowed') : 'denied'}`
    // A slow server answers late; a caller whose timeout passed has gone (the reply is dropped).
    this.kernel.after(server.delayMs, () => reply({ code: 200, body }, summary))
  }
}

/**
 * A declared server by `name`, or by `namespace/name` when names repeat across namespaces;
 * undefined when none (or, by name alone, more than one) matches.
 */
export function findServer(
  servers: readonly WebhookServerSpec[],
  server: string,
): WebhookServerSpec | undefined {
  const slash = server.indexOf('/')
  if (slash >= 0) {
    const ns = server.slice(0, slash)
    const name = server.slice(slash + 1)
    return servers.find((s) => s.namespace === ns && s.name === name)
  }
  const named = servers.filter((s) => s.name === server)
  return named.length === 1 ? named[0] : undefined
}
