import { describe, expect, it } from 'vitest'
import { normalizeImage, parseImageRef, registryHost } from './image-ref'

const DIGEST = `sha256:${'a'.repeat(64)}`

describe('image reference normalization (as containerd does)', () => {
  it.each([
    ['nginx', 'docker.io/library/nginx:latest'],
    ['nginx:1.27', 'docker.io/library/nginx:1.27'],
    ['library/nginx', 'docker.io/library/nginx:latest'],
    ['docker.io/nginx', 'docker.io/library/nginx:latest'],
    ['index.docker.io/library/nginx:alpine', 'docker.io/library/nginx:alpine'],
    ['bitnami/redis:7', 'docker.io/bitnami/redis:7'],
    ['registry.k8s.io/pause:3.10', 'registry.k8s.io/pause:3.10'],
    ['localhost:5000/app', 'localhost:5000/app:latest'],
    ['localhost/app:v1', 'localhost/app:v1'],
    ['ghcr.io/org/team/app:1.0', 'ghcr.io/org/team/app:1.0'],
    [`nginx@${DIGEST}`, `docker.io/library/nginx@${DIGEST}`],
    [`nginx:1.27@${DIGEST}`, `docker.io/library/nginx:1.27@${DIGEST}`],
  ])('%s → %s', (input, normalized) => {
    expect(normalizeImage(input)).toBe(normalized)
  })

  it.each([
    ['Nginx', 'invalid reference format: repository name (library/Nginx) must be lowercase'],
    ['nginx:', 'invalid reference format'],
    ['nginx@sha256:123', 'invalid reference format'],
    ['', 'invalid reference format'],
    ['nginx::1', 'invalid reference format'],
  ])('rejects %j: %s', (input, error) => {
    expect(parseImageRef(input)).toEqual({ ok: false, error })
  })

  it('serves Docker Hub from registry-1.docker.io', () => {
    expect(registryHost('docker.io')).toBe('registry-1.docker.io')
    expect(registryHost('quay.io')).toBe('quay.io')
  })
})
