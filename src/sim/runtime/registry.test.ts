import { describe, expect, it } from 'vitest'
import { Kernel } from '../kernel/kernel'
import { digests, findImageByName } from './catalog'
import { Registry, transferMs } from './registry'
import { manifestNotFound, noSuchHost, pullAccessDenied } from './registry-api'

const nginx = findImageByName('nginx') as NonNullable<ReturnType<typeof findImageByName>>
const registry = new Registry(new Kernel({ seed: 1 }))
const ask = (method: 'HEAD' | 'GET', host: string, path: string) =>
  registry.handle({ method, host, path, headers: {}, linkBytesPerSec: 10_000_000 })

describe('the registry (OCI distribution API over the catalog)', () => {
  it('resolves a tag to its manifest digest', () => {
    const { response } = ask('HEAD', 'registry-1.docker.io', '/v2/library/nginx/manifests/latest')
    expect(response.status).toBe(200)
    expect(response.headers['docker-content-digest']).toBe(digests(nginx).manifestDigest)
    expect(response.body).toBeUndefined()
  })

  it.each([
    [
      'an unknown Docker Hub repository: 401 insufficient_scope',
      'registry-1.docker.io',
      '/v2/library/nginxx/manifests/latest',
      401,
    ],
    [
      'a tag the official image never had: 404',
      'registry-1.docker.io',
      '/v2/library/nginx/manifests/1.277',
      404,
    ],
    ['a real old tag: 200', 'registry-1.docker.io', '/v2/library/nginx/manifests/1.14.2', 200],
    ['a tag registry.k8s.io does not have: 404', 'registry.k8s.io', '/v2/pause/manifests/3.11', 404],
    ['a repository the catalog does not know: 200', 'registry.k8s.io', '/v2/pausee/manifests/3.10', 200],
    ['a private registry: 200', 'registry.example.com', '/v2/team/app/manifests/v3', 200],
    ['a Docker Hub user repository: 200', 'registry-1.docker.io', '/v2/someuser/app/manifests/1.0', 200],
  ])('%s', (_name, host, path, status) => {
    expect(ask('HEAD', host, path).response.status).toBe(status)
  })

  it('marks the manifest of an image whose size is estimated', () => {
    const { response } = ask('GET', 'registry.example.com', '/v2/team/app/manifests/v3')
    expect(response.body).toMatchObject({ annotations: { 'dev.podflow.size-estimated': 'true' } })
    const known = ask('GET', 'registry-1.docker.io', '/v2/library/nginx/manifests/1.14.2')
    expect(known.response.body).not.toHaveProperty('annotations')
  })

  it('sends the layers as one blob taking size / bandwidth on the wire', () => {
    ask('HEAD', 'registry-1.docker.io', '/v2/library/nginx/manifests/latest')
    const { response, transferMs: ms } = ask(
      'GET',
      'registry-1.docker.io',
      `/v2/library/nginx/blobs/${digests(nginx).layersDigest}`,
    )
    expect(response.status).toBe(200)
    expect(ms).toBe(Math.ceil((72_404_038 * 1000) / 10_000_000))
    expect(transferMs(0, 1)).toBe(0)
    expect(transferMs(1, 1_000_000)).toBe(1)
  })
})

describe('containerd pull error texts', () => {
  it.each([
    [
      pullAccessDenied('docker.io/library/nginxx:latest'),
      'Unknown',
      'failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference "docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    ],
    [
      manifestNotFound('docker.io/library/nginx:nope'),
      'NotFound',
      'failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found',
    ],
    [
      noSuchHost('myregistry.local/app:1', 'myregistry.local', '/v2/app/manifests/1'),
      'Unknown',
      'failed to pull and unpack image "myregistry.local/app:1": failed to resolve reference "myregistry.local/app:1": failed to do request: Head "https://myregistry.local/v2/app/manifests/1": dial tcp: lookup myregistry.local on 127.0.0.53:53: no such host',
    ],
  ])('%#', (error, code, message) => {
    expect(error).toEqual({ code, message })
  })
})
