import { describe, expect, it } from 'vitest'
import {
  type CatalogImage,
  digests,
  estimatedSizeBytes,
  findImageByName,
  imageUser,
  lookupImage,
  nodeImages,
  PAUSE_IMAGE,
  unresolvableHost,
} from './catalog'
import { decodeTags } from './catalog/tag-codec'
import { parseImageRef } from './image-ref'

const lookup = (name: string) => {
  const parsed = parseImageRef(name)
  if (!parsed.ok) throw new Error(parsed.error)
  return lookupImage(parsed.ref)
}
const image = (name: string): CatalogImage => {
  const found = lookup(name)
  if (found.kind !== 'image') throw new Error(`${name}: ${found.kind}`)
  return found.image
}

describe('the image catalog', () => {
  // The images the Kubernetes documentation's manifests name: every one exists.
  it.each([
    ['nginx:1.14.2', 42_000_000],
    ['nginx:1.7.9', 42_000_000],
    ['nginx:1.27.5', 72_404_038],
    ['nginx', 72_404_038],
    ['nginx:1.29.0-alpine', 20_000_000],
    ['busybox:1.28', 800_000],
    ['busybox:1.36', 2_160_406],
    ['busybox:1.36.1-musl', 900_000],
    ['busybox:1.28-uclibc', 800_000],
    ['registry.k8s.io/pause:3.8', 300_000],
    ['registry.k8s.io/busybox', 1_100_000],
    ['registry.k8s.io/e2e-test-images/agnhost:2.40', 50_000_000],
    ['registry.k8s.io/nginx-slim:0.27', 35_000_000],
    ['registry.k8s.io/kube-apiserver:v1.33.0', 30_000_000],
    ['registry.k8s.io/coredns/coredns:v1.12.0', 20_000_000],
    ['k8s.gcr.io/pause:3.2', 300_000],
    ['k8s.gcr.io/busybox', 1_100_000],
    ['redis', 45_118_963],
    ['perl:5.34.0', 340_000_000],
    ['httpd:2.4', 58_193_454],
    ['mysql:5.6', 145_000_000],
    ['gcr.io/google-samples/hello-app:1.0', 11_000_000],
    ['gcr.io/google_samples/gb-frontend:v5', 140_000_000],
    ['ubuntu:22.04', 29_538_961],
    ['python:3.13-slim', 41_334_118],
    ['hello-world', 10_000],
  ])('%s exists (%i bytes)', (name, size) => {
    const found = image(name)
    expect(found.sizeBytes).toBe(size)
    expect(found.sizeEstimated).toBe(false)
  })

  it.each([
    ['nginx:1.277', 'unknown-tag'],
    ['nginx:nope', 'unknown-tag'],
    ['busybox:1.99', 'unknown-tag'],
    ['registry.k8s.io/pause:3.11', 'unknown-tag'],
    // k8s.gcr.io was frozen before pause 3.10 and Kubernetes v1.27.
    ['k8s.gcr.io/pause:3.10', 'unknown-tag'],
    ['k8s.gcr.io/kube-apiserver:v1.27.0', 'unknown-tag'],
    // Windows tags are not served to linux/amd64 nodes.
    ['python:3.13-windowsservercore-ltsc2022', 'unknown-tag'],
    // Never an official image.
    ['nginxx', 'no-repository'],
  ])('%s: %s', (name, kind) => {
    expect(lookup(name).kind).toBe(kind)
  })

  // The catalog's official-image data ends with 2025: a later release of a series pulls (its size
  // estimated); a typo beyond the series, or a gap inside it, is still not found.
  it.each([
    ['nginx:1.30.0', 'image'],
    ['nginx:1.29.9', 'image'],
    ['nginx:2.0.0', 'image'],
    ['nginx:1.14.3', 'unknown-tag'],
    ['nginx:1.31.99', 'unknown-tag'],
    ['nginx:3.0.0', 'unknown-tag'],
  ])('%s after the data ends: %s', (name, kind) => {
    const found = lookup(name)
    expect(found.kind).toBe(kind)
    if (found.kind === 'image') expect(found.image.sizeEstimated).toBe(true)
  })

  it.each([
    'registry.example.com/team/app:v3',
    'someuser/app:1.0',
    'registry.k8s.io/sig-storage/csi-provisioner:v5.2.0',
    'localhost:5000/app',
    // An official image the catalog has no tag list for: any tag.
    'ghost:5',
  ])('%s pulls with a size estimated from its name (20–210 MB), as root', (name) => {
    const found = image(name)
    expect(found.sizeEstimated).toBe(true)
    expect(found.sizeBytes).toBeGreaterThanOrEqual(19_000_000)
    expect(found.sizeBytes).toBeLessThanOrEqual(210_000_000)
    expect(found.user).toBe('')
    expect(image(name)).toBe(found)
    expect(found.sizeBytes).toBe(estimatedSizeBytes(found.repository, found.tags[0] ?? ''))
  })

  it.each([
    ['nginx', {}],
    ['registry.k8s.io/pause:3.10', { uid: 65535 }],
    ['k8s.gcr.io/pause:2.0', {}],
    ['nginxinc/nginx-unprivileged:1.27-alpine', { uid: 101 }],
    ['gcr.io/distroless/static-debian12:nonroot', { uid: 65532 }],
    ['gcr.io/distroless/static-debian12', { uid: 0 }],
    ['bitnami/redis:7.4', { uid: 1001 }],
    ['registry.k8s.io/e2e-test-images/nonroot:1.4', { uid: 1234 }],
    ['quay.io/prometheus/prometheus:v3.4.0', { username: 'nobody' }],
    ['haproxy:3.1', { username: 'haproxy' }],
    ['haproxy:2.2', {}],
  ])('%s runs as %o (CRI uid / username)', (name, user) => {
    expect(imageUser(image(name).user)).toEqual(user)
  })

  it('gives tags of the same image the same digests, and distinct 64-hex digests otherwise', () => {
    expect(image('nginx:latest')).toBe(image('nginx:1.27'))
    expect(image('nginx:mainline')).toBe(image('nginx:1.27.5'))
    expect(image('nginx:stable')).toBe(image('nginx:1.28'))
    expect(image('nginx:latest')).not.toBe(image('nginx:1.25'))
    const seen = new Set<string>()
    for (const name of [
      'nginx',
      'nginx:1.28',
      'nginx:1.14.2',
      'busybox',
      'alpine',
      PAUSE_IMAGE,
      'example.com/a',
    ]) {
      const d = digests(image(name))
      for (const digest of [d.manifestDigest, d.imageId, d.layersDigest]) {
        expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/)
        expect(seen.has(digest)).toBe(false)
        seen.add(digest)
      }
    }
  })

  it('finds an image by its manifest digest; an unknown digest is an image it cannot size', () => {
    const redis = image('redis:7.4')
    expect(image(`redis@${digests(redis).manifestDigest}`)).toBe(redis)
    const other = `sha256:${'ab'.repeat(32)}`
    const pinned = image(`redis@${other}`)
    expect(pinned).toMatchObject({ sizeEstimated: true, sizeBytes: redis.sizeBytes, tags: [] })
    expect(digests(pinned).manifestDigest).toBe(other)
  })

  it('fails DNS only for hosts that can never resolve', () => {
    expect(unresolvableHost('registry.invalid')).toBe(true)
    expect(unresolvableHost('registry.example.com')).toBe(false)
    expect(unresolvableHost('localhost:5000')).toBe(false)
  })

  it('reads the compact tag lists', () => {
    expect([...decodeTags('1.7.0-2,1.9| -alpine;v2-3|#latest')].sort()).toEqual(
      [
        '1.7.0',
        '1.7.0-alpine',
        '1.7.1',
        '1.7.1-alpine',
        '1.7.2',
        '1.7.2-alpine',
        '1.9',
        '1.9-alpine',
        'latest',
        'v2',
        'v3',
      ].sort(),
    )
    expect([...decodeTags('/-slim§3.1-2|0 1;4|1#')].sort()).toEqual([
      '3.1',
      '3.1-slim',
      '3.2',
      '3.2-slim',
      '4-slim',
    ])
    expect(findImageByName('nginx:1.16.1')).toBeDefined()
  })

  it('builds node.status.images entries (repo digest, then tags; largest first)', () => {
    const images = nodeImages(['busybox:1.37', 'nginx:1.27', 'nginx:latest', 'nginx:1.277'])
    const nginx = image('nginx')
    expect(images).toEqual([
      {
        names: [
          `docker.io/library/nginx@${digests(nginx).manifestDigest}`,
          'docker.io/library/nginx:1.27',
          'docker.io/library/nginx:latest',
        ],
        sizeBytes: 72_404_038,
      },
      {
        names: [
          expect.stringMatching(/^docker\.io\/library\/busybox@sha256:/),
          'docker.io/library/busybox:1.37',
        ],
        sizeBytes: 2_166_802,
      },
    ])
  })
})
