/**
 * The wire shapes between clients and kube-apiserver: HTTP requests and responses, and the events
 * of a watch stream. These are message payloads in the trace.
 */
import type { KubeObject, Status } from '../../api/types'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface HttpRequest {
  readonly method: HttpMethod
  readonly path: string
  readonly query?: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
  readonly body?: unknown
}

export interface HttpResponse {
  readonly code: number
  /** The object, list, or a Status on errors. */
  readonly body?: KubeObject | Status
  /** `Warning:` headers (PodSecurity warn mode, deprecations). */
  readonly warnings?: readonly string[]
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR'

export interface WatchEvent {
  /** The id of the watch request message this event belongs to. */
  readonly watchId: number
  readonly type: WatchEventType
  readonly object: KubeObject
}

/** A list response body. */
export interface ListBody<T extends KubeObject = KubeObject> extends KubeObject {
  readonly metadata: { readonly resourceVersion: string }
  readonly items: readonly T[]
}

export type PatchType =
  | 'application/merge-patch+json'
  | 'application/strategic-merge-patch+json'
  | 'application/json-patch+json'

/** `GET /api/v1/pods?fieldSelector=spec.nodeName=worker-1&watch=true`, readable rather than URL-encoded. */
export function requestLine(req: HttpRequest): string {
  const q = req.query ? Object.entries(req.query) : []
  const qs = q.length ? `?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : ''
  return `${req.method} ${req.path}${qs}`
}
