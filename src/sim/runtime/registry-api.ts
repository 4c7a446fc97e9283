/**
 * The wire shapes between containerd and an image registry (the OCI distribution API, /v2/…),
 * and the error texts containerd builds from the registry's answers.
 */
import type { CriError } from './cri'

export interface RegistryRequest {
  readonly method: 'HEAD' | 'GET'
  /** The registry's API host (`registry-1.docker.io`, `registry.k8s.io`). */
  readonly host: string
  /** `/v2/library/nginx/manifests/latest`, `/v2/library/nginx/blobs/sha256:…` */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /**
   * Not an HTTP header: the simulated capacity of the node's link, so the registry can time the
   * body's transfer (`transferMs` = bytes / capacity).
   */
  readonly linkBytesPerSec: number
}

export interface RegistryResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body?: unknown
}

export interface Descriptor {
  readonly mediaType: string
  readonly digest: string
  readonly size: number
}

export interface ImageManifest {
  readonly schemaVersion: 2
  readonly mediaType: 'application/vnd.oci.image.manifest.v1+json'
  readonly config: Descriptor
  /** The simulation sends all layers as one blob: one descriptor with their total size. */
  readonly layers: readonly Descriptor[]
  /** `dev.podflow.size-estimated: "true"` when the catalog guessed the size from the name. */
  readonly annotations?: Readonly<Record<string, string>>
}

export const requestSummary = (r: RegistryRequest): string => `${r.method} ${r.path}`

/** Reason phrases of the statuses the registry answers with. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  401: 'Unauthorized',
  404: 'Not Found',
  503: 'Service Unavailable',
}

/** Go's resp.Status: `503 Service Unavailable`. */
export const statusLine = (code: number): string => `${code} ${STATUS_TEXT[code] ?? ''}`.trim()

/** The URL containerd requested: `https://registry-1.docker.io/v2/library/nginx/manifests/1.27`. */
export const requestUrl = (r: RegistryRequest): string => `https://${r.host}${r.path}`

/** containerd's `failed to pull and unpack image "<ref>": failed to resolve reference "<ref>": …` */
function resolveError(name: string, cause: string): string {
  return `failed to pull and unpack image "${name}": failed to resolve reference "${name}": ${cause}`
}

/**
 * A repository the registry does not have, or will not show without credentials. Docker Hub
 * answers 401 with an insufficient_scope token error (containerd, remotes/docker/resolver.go);
 * other registries answer 404. The gRPC code is Unknown, so the kubelet's CRI client strips the
 * `rpc error:` prefix (cri-client remote_image.go).
 */
export function pullAccessDenied(name: string): CriError {
  return {
    code: 'Unknown',
    message: resolveError(
      name,
      'pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    ),
  }
}

/** A tag (or digest) the repository does not have: errdefs.ErrNotFound → gRPC NotFound. */
export function manifestNotFound(name: string): CriError {
  return { code: 'NotFound', message: resolveError(name, `${name}: not found`) }
}

/** A registry host nobody resolves (Go's net error text, systemd-resolved stub on the node). */
export function noSuchHost(name: string, host: string, path: string): CriError {
  return {
    code: 'Unknown',
    message: resolveError(
      name,
      `failed to do request: Head "https://${host}${path}": dial tcp: lookup ${host} on 127.0.0.53:53: no such host`,
    ),
  }
}

/**
 * Any other error status while resolving (503 from a registry that is down): containerd's
 * resolver keeps the first one (remotes/errors ErrUnexpectedStatus). gRPC code Unknown.
 */
export function unexpectedStatus(name: string, method: string, url: string, status: string): CriError {
  return {
    code: 'Unknown',
    message: resolveError(name, `unexpected status from ${method} request to ${url}: ${status}`),
  }
}

/**
 * Fetching a manifest or blob the resolve step found fails (containerd remotes/docker/fetcher.go
 * open): 404 is `content at <url> not found`, anything else `unexpected status code <url>: <status>`.
 */
export function fetchFailed(name: string, url: string, statusCode: number, status: string): CriError {
  const why =
    statusCode === 404 ? `content at ${url} not found: not found` : `unexpected status code ${url}: ${status}`
  return {
    code: 'Unknown',
    message: `failed to pull and unpack image "${name}": failed to copy: httpReadSeeker: failed open: ${why}`,
  }
}
