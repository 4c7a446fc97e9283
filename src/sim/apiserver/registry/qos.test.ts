import type { PodSpec } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import { makePod, type PodBuilder } from '../../testing/builders'
import { defaultPodSpec } from './pod-defaults'
import { qosClass } from './qos'

const spec = (b: PodBuilder): PodSpec => b.build().spec as PodSpec
const full = { cpu: '500m', memory: '128Mi' }

describe('qosClass', () => {
  it.each<[string, PodBuilder, string]>([
    ['no resources', makePod(), 'BestEffort'],
    ['zero requests', makePod().requests({ cpu: '0', memory: '0' }), 'BestEffort'],
    ['only non-compute resources', makePod().requests({ 'ephemeral-storage': '1Gi' }), 'BestEffort'],
    ['a cpu request', makePod().requests({ cpu: '100m' }), 'Burstable'],
    ['a memory limit only', makePod().limits({ memory: '128Mi' }), 'Burstable'],
    ['cpu and memory limits, requests defaulted from them', makePod().limits(full), 'Guaranteed'],
    ['requests equal to limits', makePod().requests(full).limits(full), 'Guaranteed'],
    [
      'equal in other units',
      makePod().requests({ cpu: '0.5', memory: '134217728' }).limits(full),
      'Guaranteed',
    ],
    [
      'a request below its limit',
      makePod().requests({ cpu: '250m', memory: '128Mi' }).limits(full),
      'Burstable',
    ],
    ['a cpu limit but no memory limit', makePod().limits({ cpu: '1' }), 'Burstable'],
    [
      'one guaranteed container and one best-effort',
      makePod().limits(full).container({ name: 'sidecar', image: 'busybox' }),
      'Burstable',
    ],
    [
      'every container guaranteed',
      makePod()
        .limits(full)
        .container({ name: 'sidecar', image: 'busybox', resources: { limits: full } }),
      'Guaranteed',
    ],
    [
      'an init container with requests makes a best-effort pod burstable',
      makePod().initContainer({ name: 'init', image: 'busybox', resources: { requests: { cpu: '10m' } } }),
      'Burstable',
    ],
  ])('%s → %s', (_name, builder, want) => {
    expect(qosClass(spec(builder))).toBe(want)
  })

  it('gives the same class before and after requests are defaulted from limits', () => {
    const s = spec(makePod().limits(full))
    const before = qosClass(s)
    defaultPodSpec(s)
    expect(s.containers[0]?.resources?.requests).toEqual(full)
    expect([before, qosClass(s)]).toEqual(['Guaranteed', 'Guaranteed'])
  })

  it('a pod without a spec is BestEffort', () => {
    expect(qosClass(undefined)).toBe('BestEffort')
  })
})
