import { describe, expect, it } from 'vitest'
import { CATALOG, digests, findImageByName, nodeImages, PAUSE_IMAGE } from './catalog'

describe('the image catalog', () => {
  it('has the common images, with sizes and distinct 64-hex digests', () => {
    for (const name of [
      'nginx',
      'nginx:1.27',
      'nginx:1.25',
      'nginx:alpine',
      'busybox',
      'alpine',
      'redis',
      'postgres',
      'mysql',
      'httpd',
      'python',
      'node',
      'ubuntu',
      PAUSE_IMAGE,
    ]) {
      expect(findImageByName(name), name).toBeDefined()
    }
    const seen = new Set<string>()
    for (const image of CATALOG) {
      expect(image.sizeBytes).toBeGreaterThan(100_000)
      const d = digests(image)
      for (const digest of [d.manifestDigest, d.imageId, d.layersDigest]) {
        expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/)
        expect(seen.has(digest)).toBe(false)
        seen.add(digest)
      }
    }
  })

  it('gives tags of the same image the same digests', () => {
    expect(findImageByName('nginx:latest')).toBe(findImageByName('nginx:1.27'))
    expect(findImageByName('nginx:latest')).not.toBe(findImageByName('nginx:1.25'))
  })

  it('finds an image by its manifest digest', () => {
    const image = findImageByName('redis:7.4')
    const d = digests(image as NonNullable<typeof image>)
    expect(findImageByName(`redis@${d.manifestDigest}`)).toBe(image)
  })

  it('returns nothing for unknown repositories or tags', () => {
    expect(findImageByName('nginxx')).toBeUndefined()
    expect(findImageByName('nginx:nope')).toBeUndefined()
  })

  it('builds node.status.images entries (repo digest, then tags; largest first)', () => {
    const images = nodeImages(['busybox:1.37', 'nginx:1.27', 'nginx:latest', 'unknown:1'])
    const nginx = findImageByName('nginx') as NonNullable<ReturnType<typeof findImageByName>>
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
