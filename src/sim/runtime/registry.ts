/**
 * The image registries the cluster pulls from (Docker Hub, registry.k8s.io, …), as one component
 * serving the OCI distribution API over the catalog. Manifests answer at once; a blob's response
 * takes `size / link capacity` on the wire, so pull time follows image size and node bandwidth.
 */
import type { Component, Kernel } from '../kernel/kernel'
import { type ComponentId, type Message, REGISTRY } from '../kernel/trace'
import { CATALOG, type CatalogImage, digests, repositoryExists } from './catalog'
import type { ImageManifest, RegistryRequest, RegistryResponse } from './registry-api'

/** Registry hosts → the domain used in image names. */
const DOMAIN_OF_HOST: Readonly<Record<string, string>> = { 'registry-1.docker.io': 'docker.io' }

const MANIFEST_TYPE = 'application/vnd.oci.image.manifest.v1+json'
/** Size of an image config blob; it only matters for the manifest's content. */
const CONFIG_SIZE_BYTES = 7_348

export class Registry implements Component {
  readonly id: ComponentId = REGISTRY

  constructor(readonly kernel: Kernel) {}

  receive(message: Message): void {
    if (message.kind !== 'http-request') {
      throw new Error(`${this.id}: unexpected message ${message.id} (${message.kind} ${message.summary})`)
    }
    const request = message.payload as RegistryRequest
    const { response, transferMs } = this.handle(request)
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

  /** Answer one request (pure over the catalog). */
  handle(request: RegistryRequest): { response: RegistryResponse; transferMs: number } {
    const m = /^\/v2\/(.+)\/(manifests|blobs)\/([^/]+)$/.exec(request.path)
    const domain = DOMAIN_OF_HOST[request.host] ?? request.host
    if (!m) return { response: errorResponse(404, 'NOT_FOUND', 'page not found'), transferMs: 0 }
    const [, name, kind, reference] = m as unknown as [string, string, string, string]
    const repository = `${domain}/${name}`
    if (!repositoryExists(repository)) {
      // Docker Hub hides whether a repository exists from anonymous clients.
      return domain === 'docker.io'
        ? {
            response: {
              status: 401,
              headers: {
                'www-authenticate': `Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:${name}:pull",error="insufficient_scope"`,
              },
              body: errorBody('UNAUTHORIZED', 'authentication required'),
            },
            transferMs: 0,
          }
        : {
            response: errorResponse(404, 'NAME_UNKNOWN', 'repository name not known to registry'),
            transferMs: 0,
          }
    }
    const images = CATALOG.filter((i) => i.repository === repository)
    if (kind === 'manifests') {
      const image = images.find((i) =>
        reference.startsWith('sha256:')
          ? digests(i).manifestDigest === reference
          : i.tags.includes(reference),
      )
      if (!image)
        return { response: errorResponse(404, 'MANIFEST_UNKNOWN', 'manifest unknown'), transferMs: 0 }
      const manifest = manifestOf(image)
      const headers = {
        'content-type': MANIFEST_TYPE,
        'docker-content-digest': digests(image).manifestDigest,
        'content-length': String(JSON.stringify(manifest).length),
      }
      return {
        response:
          request.method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, body: manifest },
        transferMs: 0,
      }
    }
    const image = images.find(
      (i) => digests(i).layersDigest === reference || digests(i).imageId === reference,
    )
    if (!image)
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
  }
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 401: 'Unauthorized', 404: 'Not Found' }

function errorBody(code: string, message: string): unknown {
  return { errors: [{ code, message }] }
}

function errorResponse(status: number, code: string, message: string): RegistryResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: errorBody(code, message) }
}
