import { describe, expect, it } from 'vitest'
import { applyDefaultImageTag } from './image-manager'

describe('applyDefaultImageTag', () => {
  it.each([
    ['nginx', { image: 'nginx:latest' }],
    ['nginx:1.27', { image: 'nginx:1.27' }],
    ['registry.k8s.io/pause:3.10', { image: 'registry.k8s.io/pause:3.10' }],
    [`nginx@sha256:${'b'.repeat(64)}`, { image: `nginx@sha256:${'b'.repeat(64)}` }],
    [
      'Nginx',
      {
        error:
          'couldn\'t parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase',
      },
    ],
  ])('%s', (image, expected) => {
    expect(applyDefaultImageTag(image)).toEqual(expected)
  })
})
