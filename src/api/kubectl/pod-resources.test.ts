import { describe, expect, it } from 'vitest'
import type { Container, Pod } from '../types'
import { computePodQOS, podQOS, podRequestsAndLimits } from './pod-resources'
import { formatQuantity } from './quantity'

const c = (
  requests?: Record<string, string>,
  limits?: Record<string, string>,
  extra: Partial<Container> = {},
) =>
  ({
    name: 'c',
    resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
    ...extra,
  }) as Container

const pod = (containers: Container[], initContainers: Container[] = []): Pod => ({
  spec: { containers, initContainers },
})

describe('computePodQOS', () => {
  it.each<[string, Pod, string]>([
    ['nothing set', pod([c()]), 'BestEffort'],
    ['zero requests count as none', pod([c({ cpu: '0' })]), 'BestEffort'],
    ['requests only', pod([c({ cpu: '100m' })]), 'Burstable'],
    [
      'equal requests and limits',
      pod([c({ cpu: '1', memory: '1Gi' }, { cpu: '1000m', memory: '1024Mi' })]),
      'Guaranteed',
    ],
    ['limits without memory', pod([c({ cpu: '1' }, { cpu: '1' })]), 'Burstable'],
    [
      'one container short',
      pod([c({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' }), c()]),
      'Burstable',
    ],
    [
      'an init container counts',
      pod([c({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })], [c({ cpu: '1' })]),
      'Burstable',
    ],
    ['other resources do not', pod([c({ 'nvidia.com/gpu': '1' }, { 'nvidia.com/gpu': '1' })]), 'BestEffort'],
  ])('%s → %s', (_, p, want) => {
    expect(computePodQOS(p)).toBe(want)
  })

  it('prefers the class the kubelet stored', () => {
    expect(podQOS({ ...pod([c()]), status: { qosClass: 'Guaranteed' } })).toBe('Guaranteed')
  })
})

describe('podRequestsAndLimits', () => {
  const show = (list: Map<string, { nanos: bigint; format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent' }>) =>
    Object.fromEntries([...list].map(([k, v]) => [k, formatQuantity(v)]))

  it('sums containers, takes the largest init container, adds sidecars to everything after them', () => {
    const p = pod(
      [c({ cpu: '100m', memory: '64Mi' }, { cpu: '200m' }), c({ cpu: '100m' })],
      [
        c({ cpu: '1' }, { cpu: '2' }),
        c({ cpu: '50m', memory: '32Mi' }, {}, { restartPolicy: 'Always' }),
        c({ cpu: '300m' }),
      ],
    )
    const { requests, limits } = podRequestsAndLimits(p)
    // Regular 200m + sidecar 50m = 250m, below the first init container's 1.
    expect(show(requests)).toEqual({ cpu: '1', memory: '96Mi' })
    expect(show(limits)).toEqual({ cpu: '2' })
  })

  it('adds the overhead to requests, and to limits that are set', () => {
    const p: Pod = {
      spec: {
        containers: [c({ cpu: '100m' }, { memory: '128Mi' })],
        overhead: { cpu: '10m', memory: '20Mi' },
      },
    }
    const { requests, limits } = podRequestsAndLimits(p)
    expect(show(requests)).toEqual({ cpu: '110m', memory: '20Mi' })
    expect(show(limits)).toEqual({ memory: '148Mi' })
  })
})
