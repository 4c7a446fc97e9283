import { describe, expect, it } from 'vitest'
import type { Node, Pod } from '../../api/types'
import { admitPod, podRequests, rejectionMessage } from './admission'
import { kpod } from './testing/builders'

const node: Node = {
  metadata: { name: 'worker-1' },
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '3' } },
}
const withRequests = (name: string, requests: Record<string, string>): Pod =>
  kpod(name).container('app', 'nginx', { resources: { requests } }).build()

describe('node admission', () => {
  it('sums containers and takes the largest init container', () => {
    const pod = kpod('p')
      .container('a', 'nginx', { resources: { requests: { cpu: '100m', memory: '64Mi' } } })
      .container('b', 'nginx', { resources: { limits: { cpu: '200m' } } })
      .build()
    ;(pod.spec as { initContainers?: unknown }).initContainers = [
      { name: 'i', image: 'busybox', resources: { requests: { cpu: '500m' } } },
    ]
    expect(podRequests(pod)).toEqual({ milliCpu: 500, memory: 64 * 2 ** 20, ephemeralStorage: 0 })
  })

  it.each([
    ['fits', [withRequests('a', { cpu: '1' })], withRequests('b', { cpu: '1' }), undefined],
    [
      'too much cpu',
      [withRequests('a', { cpu: '1500m' })],
      withRequests('b', { cpu: '1' }),
      {
        reason: 'OutOfcpu',
        message: "Node didn't have enough resource: cpu, requested: 1000, used: 1500, capacity: 2000",
      },
    ],
    [
      'too much memory',
      [],
      withRequests('b', { memory: '5Gi' }),
      {
        reason: 'OutOfmemory',
        message: `Node didn't have enough resource: memory, requested: ${5 * 2 ** 30}, used: 0, capacity: ${4 * 2 ** 30}`,
      },
    ],
    [
      'too many pods',
      [kpod('a').build(), kpod('b').build(), kpod('c').build()],
      kpod('d').build(),
      {
        reason: 'OutOfpods',
        message: "Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3",
      },
    ],
    [
      'best-effort pods always fit the resources',
      [withRequests('a', { cpu: '2' })],
      kpod('b').build(),
      undefined,
    ],
  ])('%s', (_name, admitted, pod, expected) => {
    expect(admitPod(pod, admitted, node)).toEqual(expected)
  })

  it('prefixes the status message like rejectPod', () => {
    expect(rejectionMessage({ reason: 'OutOfcpu', message: 'x' })).toBe('Pod was rejected: x')
  })
})
