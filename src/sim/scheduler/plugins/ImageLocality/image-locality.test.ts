import type { Container } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../../../api/types'
import { SchedulerCache } from '../../cache/cache'
import type { NodeInfo } from '../../framework/node-info'
import type { Registry } from '../../framework/registry'
import { makeNode, makePod, newState } from '../../testing/builders'
import { harness } from '../../testing/harness'
import { IN_TREE_REGISTRY } from '../registry'
import {
  calculatePriority,
  ImageLocality,
  MAX_CONTAINER_THRESHOLD,
  MIN_THRESHOLD,
  NAME,
  normalizedImageName,
} from './image-locality'

const MiB = 1024 * 1024
// min = 23 MiB = 24117248; max = 1000 MiB × containers = 1048576000 × n.

/** A pod with these init and regular container images. */
function podWith(images: string[], initImages: string[] = []): Pod {
  const pod = makePod('p').obj()
  const c = (image: string, i: number, prefix: string): Container => ({ name: `${prefix}${i}`, image })
  return {
    ...pod,
    spec: {
      ...pod.spec,
      containers: images.map((image, i) => c(image, i, 'c')),
      ...(initImages.length ? { initContainers: initImages.map((image, i) => c(image, i, 'init')) } : {}),
    },
  }
}

const node = (name: string, ...images: [string, number][]): Node =>
  makeNode(name)
    .images(...images.map(([n, mib]) => ({ names: [n], sizeBytes: mib * MiB })))
    .obj()

/** Scores through a real cache, so numNodes per image and the node count are the scheduler's. */
function scores(pod: Pod, nodes: Node[]): number[] {
  const cache = new SchedulerCache()
  for (const n of nodes) cache.addNode(n)
  const pl = new ImageLocality({ snapshot: cache })
  return nodes.map((n) => pl.score(newState(), pod, cache.get(n.metadata?.name ?? '') as NodeInfo))
}

describe('normalizedImageName', () => {
  it.each([
    ['nginx', 'nginx:latest'],
    ['nginx:1.27', 'nginx:1.27'],
    ['docker.io/library/nginx', 'docker.io/library/nginx:latest'],
    // The registry's port is before the last '/': still no tag.
    ['localhost:5000/app', 'localhost:5000/app:latest'],
    ['localhost:5000/app:v2', 'localhost:5000/app:v2'],
    // A digest has a ':' after the last '/': left alone.
    ['nginx@sha256:0123abcd', 'nginx@sha256:0123abcd'],
    ['', ':latest'],
  ])('%s → %s', (name, want) => {
    expect(normalizedImageName(name)).toBe(want)
  })
})

describe('calculatePriority', () => {
  it.each([
    // Below the minimum: 0.
    { sum: 0, containers: 1, want: 0 },
    { sum: MIN_THRESHOLD, containers: 1, want: 0 },
    // 100 × (524288000 − 24117248) / (1048576000 − 24117248) = 48.82 → 48.
    { sum: 500 * MiB, containers: 1, want: 48 },
    // Clamped to the maximum: 100.
    { sum: 3000 * MiB, containers: 1, want: 100 },
    { sum: MAX_CONTAINER_THRESHOLD * 2, containers: 2, want: 100 },
    // A pod without containers: max 0 < min → 100 × 0 / (0 − min) = 0.
    { sum: 0, containers: 0, want: 0 },
  ])('sum $sum, $containers container(s) → $want', ({ sum, containers, want }) => {
    expect(Object.is(calculatePriority(sum, containers), want)).toBe(true)
  })
})

describe('ImageLocality Score', () => {
  const cases: { name: string; pod: Pod; nodes: Node[]; want: number[] }[] = [
    {
      // node1: gcr.io/40 is on 1 of 2 nodes: 40 MiB × 1/2 = 20 MiB < 23 MiB → 0.
      // node2: gcr.io/250: 250 MiB × 1/2 = 131072000; max = 2 × 1000 MiB = 2097152000;
      // 100 × (131072000 − 24117248) / (2097152000 − 24117248) = 5.16 → 5.
      name: 'two images spread over two nodes: the larger one wins',
      pod: podWith(['gcr.io/40', 'gcr.io/250']),
      nodes: [
        node('node1', ['gcr.io/40:latest', 40], ['gcr.io/300:latest', 300]),
        node('node2', ['gcr.io/250:latest', 250], ['gcr.io/10:latest', 10]),
      ],
      want: [0, 5],
    },
    {
      // node1: 300 × 1/2 + 40 × 1/2 = 170 MiB = 178257920 → 100 × 154140672 / 2073034752 = 7.44 → 7.
      name: 'two images on the same node add up',
      pod: podWith(['gcr.io/40', 'gcr.io/300']),
      nodes: [
        node('node1', ['gcr.io/40:latest', 40], ['gcr.io/300:latest', 300]),
        node('node2', ['gcr.io/250:latest', 250], ['gcr.io/10:latest', 10]),
      ],
      want: [7, 0],
    },
    {
      // On every node: spread 1 → 500 MiB → 48 everywhere.
      name: 'an image every node has',
      pod: podWith(['nginx:1.27']),
      nodes: [node('a', ['nginx:1.27', 500]), node('b', ['nginx:1.27', 500]), node('c', ['nginx:1.27', 500])],
      want: [48, 48, 48],
    },
    {
      // 800 MiB × 1/4 = 200 MiB = 209715200 → 100 × 185597952 / 1024458752 = 18.12 → 18.
      name: 'an image one node in four has',
      pod: podWith(['big:v1']),
      nodes: [node('a', ['big:v1', 800]), node('b'), node('c'), node('d')],
      want: [18, 0, 0, 0],
    },
    {
      // One node: busybox (init) 100 MiB + app 600 MiB = 700 MiB = 734003200; 2 containers → max
      // 2097152000 → 100 × 709885952 / 2073034752 = 34.24 → 34.
      name: 'init containers count, in the sum and in the maximum',
      pod: podWith(['app:v1'], ['busybox']),
      nodes: [node('a', ['app:v1', 600], ['busybox:latest', 100])],
      want: [34],
    },
    {
      // 3000 MiB on the only node, one container: clamped to 1000 MiB → 100.
      name: 'larger than the maximum',
      pod: podWith(['huge:v1']),
      nodes: [node('a', ['huge:v1', 3000])],
      want: [100],
    },
    {
      // The pod's untagged name matches the node's `:latest`; a digest matches only itself.
      name: 'names are normalized before matching',
      pod: podWith(['nginx', 'redis@sha256:feed']),
      nodes: [node('a', ['nginx:latest', 500], ['redis@sha256:feed', 500]), node('b', ['redis:latest', 500])],
      // a: nginx 500 × 1/2 + the digest 500 × 1/2 (1 node of 2 has each) = 500 MiB = 524288000;
      // max 2000 MiB → 100 × 500170752 / 2073034752 = 24.13 → 24. b: redis:latest is not the
      // digest, nothing matches → 0.
      want: [24, 0],
    },
    { name: 'a node without images', pod: podWith(['nginx']), nodes: [node('a')], want: [0] },
  ]
  it.each(cases)('$name', ({ pod, nodes, want }) => {
    expect(scores(pod, nodes)).toEqual(want)
  })
})

describe('ImageLocality in the framework', () => {
  const registry: Registry = new Map([
    ...IN_TREE_REGISTRY,
    [NAME, (_args, handle) => new ImageLocality(handle)],
  ])

  it('prefers the node that already has the image', () => {
    const nodes = [node('node-a'), node('node-b', ['nginx:1.27', 500]), node('node-c')]
    const h = harness(nodes, [], { registry })
    const out = h.schedule(podWith(['nginx:1.27']))
    expect(out.kind).toBe('scheduled')
    if (out.kind !== 'scheduled' || !out.priorities) return
    const { plugins, scores: s, nodes: scored } = out.priorities
    expect(plugins).toContain(NAME)
    const column = s[plugins.indexOf(NAME)] as number[]
    // node-b: trunc(500 MiB × 1/3) = 174762666 → 100 × 150645418 / 1024458752 = 14.7 → 14.
    expect(Object.fromEntries(scored.map((ni, i) => [ni.name, column[i]]))).toEqual({
      'node-a': 0,
      'node-b': 14,
      'node-c': 0,
    })
    expect(out.suggestedHost).toBe('node-b')
  })
})
