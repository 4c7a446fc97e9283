/**
 * The image registries the cluster pulls from (Docker Hub, registry.k8s.io, any other host), as
 * one component serving the OCI distribution API over the catalog. Manifests answer at once; a
 * blob's response takes `size / link capacity` on the wire, so pull time follows image size and
 * node bandwidth.
 */
import type { Component, Kernel } from '../kernel/kernel'
import { type ComponentId, type Message, REGISTRY } from '../kernel/trace'
import { type CatalogImage, digests, type ImageLookup, lookupImage } from './catalog'
import { type ImageManifest, type RegistryRequest, type RegistryResponse, STATUS_TEXT } from './registry-api'

/** Registry hosts → the domain used in image names. */
const DOMAIN_OF_HOST: Readonly<Record<string, string>> = { 'registry-1.docker.io': 'docker.io' }

const MANIFEST_TYPE = 'application/vnd.oci.image.manifest.v1+json'
/** Size of an image config blob; it only matters for the manifest's content. */
const CONFIG_SIZE_BYTES = 7_348

/** How an injected pull failure answers (src/sim/faults/image-pull-failure.ts). */
export type PullFailureMode = 'not-found' | 'unauthorized' | 'unavailable'

/** Pulls the registry fails on purpose from some time on (an image-pull-failure fault). */
export interface PullFailure {
  /** Fully qualified repository: `docker.io/library/nginx`. */
  readonly repository: string
  /**
   * The tag or digest the failure is limited to, plus the digests of the image it names (the
   * later requests of a pull address those); absent: every image of the repository.
   */
  readonly references?: readonly string[]
  /** Only pulls by this runtime (`runtime/<node>`); absent: every node's. */
  readonly from?: ComponentId
  readonly mode: PullFailureMode
}

export class Registry implements Component {
  readonly id: ComponentId = REGISTRY
  private readonly failures: PullFailure[] = []
  /** Manifest digests served so far: a pull resolves a tag, then fetches the manifest by digest. */
  private readonly manifests = new Map<string, CatalogImage>()
  /** Blob digests (config and layers) of the manifests served so far, to answer blob requests. */
  private readonly blobs = new Map<string, CatalogImage>()

  constructor(readonly kernel: Kernel) {}

  /** From now on, answer the requests `failure` covers with its error. */
  addFailure(failure: PullFailure): void {
    this.failures.push(failure)
  }

  receive(message: Message): void {
    if (message.kind !== 'http-request') {
      throw new Error(`${this.id}: unexpected message ${message.id} (${message.kind} ${message.summary})`)
    }
    const request = message.payload as RegistryRequest
    const failure = this.failures.length ? this.failureFor(message.from, request) : undefined
    const { response, transferMs } = failure
      ? { response: failureResponse(failure.mode, request), transferMs: 0 }
      : this.handle(request)
    this.kernel.send<RegistryResponse>({
      from: this.id,
      to: message.from,
      kind: 'http-response',
      summary: `${response.status} ${STATUS_TEXT[response.status] ?? ''}`.trim(),
      stage: message.stage,
      replyTo: message.id,
      payload: response,
      ...(transferMs ? { transferMs } : {}),
    })
  }

  private failureFor(from: ComponentId, request: RegistryRequest): PullFailure | undefined {
    const m = /^\/v2\/(.+)\/(manifests|blobs)\/([^/]+)$/.exec(request.path)
    if (!m) return undefined
    const [, name, , reference] = m as unknown as [string, string, string, string]
    const repository = `${DOMAIN_OF_HOST[request.host] ?? request.host}/${name}`
    return this.failures.find(
      (f) =>
        f.repository === repository &&
        (f.from === undefined || f.from === from) &&
        (f.references === undefined || f.references.includes(reference)),
    )
  }

  /** Answer one request from the catalog (blobs: of a manifest this registry served). */
  handle(request: RegistryRequest): { response: RegistryResponse; transferMs: number } {
    const m = /^\/v2\/(.+)\/(manifests|blobs)\/([^/]+)$/.exec(request.path)
    const domain = DOMAIN_OF_HOST[request.host] ?? request.host
    if (!m) return { response: errorResponse(404, 'NOT_FOUND', 'page not found'), transferMs: 0 }
    const [, name, kind, reference] = m as unknown as [string, string, string, string]
    if (kind === 'manifests') {
      const served = this.manifests.get(reference)
      const found: ImageLookup =
        served && served.repository === `${domain}/${name}`
          ? { kind: 'image', image: served }
          : lookupImage({
              domain,
              path: name,
              ...(reference.startsWith('sha256:') ? { digest: reference } : { tag: reference }),
            })
      if (found.kind === 'no-repository') {
        // Docker Hub hides whether a repository exists from anonymous clients.
        return {
          response: {
            status: 401,
            headers: {
              'www-authenticate': `Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:${name}:pull",error="insufficient_scope"`,
            },
            body: errorBody('UNAUTHORIZED', 'authentication required'),
          },
          transferMs: 0,
        }
      }
      if (found.kind === 'unknown-tag')
        return { response: errorResponse(404, 'MANIFEST_UNKNOWN', 'manifest unknown'), transferMs: 0 }
      const image = found.image
      const d = digests(image)
      this.manifests.set(d.manifestDigest, image)
      this.blobs.set(d.imageId, image)
      this.blobs.set(d.layersDigest, image)
      const manifest = manifestOf(image)
      const headers = {
        'content-type': MANIFEST_TYPE,
        'docker-content-digest': d.manifestDigest,
        'content-length': String(JSON.stringify(manifest).length),
      }
      return {
        response:
          request.method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, body: manifest },
        transferMs: 0,
      }
    }
    const image = this.blobs.get(reference)
    if (!image || image.repository !== `${domain}/${name}`)
      return { response: errorResponse(404, 'BLOB_UNKNOWN', 'blob unknown to registry'), transferMs: 0 }
    const size = digests(image).imageId === reference ? CONFIG_SIZE_BYTES : image.sizeBytes
    return {
      response: {
        status: 200,
        headers: { 'content-length': String(size), 'docker-content-digest': reference },
      },
      transferMs: transferMs(size, request.linkBytesPerSec),
    }
  }
}

/** Milliseconds to move `bytes` over a link of `bytesPerSec` (at least 1 ms for a non-empty body). */
export function transferMs(bytes: number, bytesPerSec: number): number {
  if (bytes <= 0) return 0
  return Math.max(1, Math.ceil((bytes * 1000) / bytesPerSec))
}

export function manifestOf(image: CatalogImage): ImageManifest {
  const d = digests(image)
  return {
    schemaVersion: 2,
    mediaType: MANIFEST_TYPE,
    config: {
      mediaType: 'application/vnd.oci.image.config.v1+json',
      digest: d.imageId,
      size: CONFIG_SIZE_BYTES,
    },
    layers: [
      {
        mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip',
        digest: d.layersDigest,
        size: image.sizeBytes,
      },
    ],
    ...(image.sizeEstimated ? { annotations: { 'dev.podflow.size-estimated': 'true' } } : {}),
  }
}

/**
 * An injected failure's answer: a repository that is gone (404, as for an unknown tag), one that
 * refuses anonymous pulls (401 with an insufficient_scope token error, as Docker Hub answers), or a
 * registry that is down behind its load balancer (503, no body).
 */
function failureResponse(mode: PullFailureMode, request: RegistryRequest): RegistryResponse {
  const manifests = request.path.includes('/manifests/')
  switch (mode) {
    case 'not-found':
      return manifests
        ? errorResponse(404, 'MANIFEST_UNKNOWN', 'manifest unknown')
        : errorResponse(404, 'BLOB_UNKNOWN', 'blob unknown to registry')
    case 'unauthorized': {
      const name = /^\/v2\/(.+)\/(?:manifests|blobs)\//.exec(request.path)?.[1] ?? ''
      const docker = request.host === 'registry-1.docker.io'
      const realm = docker ? 'https://auth.docker.io/token' : `https://${request.host}/token`
      const service = docker ? 'registry.docker.io' : request.host
      return {
        status: 401,
        headers: {
          'www-authenticate': `Bearer realm="${realm}",service="${service}",scope="repository:${name}:pull",error="insufficient_scope"`,
        },
        body: errorBody('UNAUTHORIZED', 'authentication required'),
      }
    }
    case 'unavailable':
      return { status: 503, headers: {} }
  }
}

function errorBody(code: string, message: string): unknown {
  return { errors: [{ code, message }] }
}

function errorResponse(status: number, code: string, message: string): RegistryResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: errorBody(code, message) }
}
