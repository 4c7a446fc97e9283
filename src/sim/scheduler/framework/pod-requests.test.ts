import { describe, expect, it } from 'vitest'
import { makePod } from '../testing/builders'
import { DEFAULT_MEMORY_REQUEST, DEFAULT_MILLI_CPU_REQUEST, podRequests } from './pod-requests'

const Mi = 1024 * 1024

describe('podRequests', () => {
  const cases = [
    { name: 'no containers', pod: makePod(), cpu: 0, mem: 0 },
    {
      name: 'one container',
      pod: makePod().requests({ cpu: '100m', memory: '128Mi' }),
      cpu: 100,
      mem: 128 * Mi,
    },
    {
      name: 'containers add up',
      pod: makePod().requests({ cpu: '250m', memory: '64Mi' }).requests({ cpu: '1', memory: '1Gi' }),
      cpu: 1250,
      mem: 1088 * Mi,
    },
    {
      name: 'a larger init container wins per resource',
      pod: makePod().requests({ cpu: '1', memory: '1Gi' }).initContainer({ cpu: '2', memory: '100Mi' }),
      cpu: 2000,
      mem: 1024 * Mi,
    },
    {
      name: 'upstream example: init 2/1G and 2/3G, containers 2/1G and 1/1G → 3 cpu, 3G',
      pod: makePod()
        .initContainer({ cpu: '2', memory: '1G' })
        .initContainer({ cpu: '2', memory: '3G' })
        .requests({ cpu: '2', memory: '1G' })
        .requests({ cpu: '1', memory: '1G' }),
      cpu: 3000,
      mem: 3e9,
    },
    {
      name: 'sidecars add to the containers and to later init containers',
      pod: makePod().sidecar({ cpu: '500m' }).initContainer({ cpu: '1' }).requests({ cpu: '300m' }),
      cpu: 1500, // max(300 + 500, 1000 + 500)
      mem: 0,
    },
    {
      name: 'an init container before the sidecar runs without it',
      pod: makePod().initContainer({ cpu: '1' }).sidecar({ cpu: '500m' }).requests({ cpu: '300m' }),
      cpu: 1000, // max(800, 1000)
      mem: 0,
    },
    {
      name: 'overhead is added',
      pod: makePod().requests({ cpu: '100m' }).overhead({ cpu: '250m', memory: '120Mi' }),
      cpu: 350,
      mem: 120 * Mi,
    },
  ]
  it.each(cases)('$name', ({ pod, cpu, mem }) => {
    const r = podRequests(pod.obj())
    expect(r.milliCPU).toBe(cpu)
    expect(r.memory).toBe(mem)
  })

  it('non-zero: fills missing cpu/memory per container, keeps explicit 0', () => {
    const bestEffort = podRequests(makePod().container().container().obj(), true)
    expect(bestEffort.milliCPU).toBe(2 * DEFAULT_MILLI_CPU_REQUEST)
    expect(bestEffort.memory).toBe(2 * DEFAULT_MEMORY_REQUEST)
    const explicitZero = podRequests(makePod().requests({ cpu: '0', memory: '64Mi' }).obj(), true)
    expect(explicitZero.milliCPU).toBe(0)
    expect(explicitZero.memory).toBe(64 * Mi)
    const onlyCpu = podRequests(makePod().requests({ cpu: '300m' }).obj(), true)
    expect(onlyCpu.memory).toBe(200 * Mi)
  })

  it('keeps extended resources and ephemeral-storage', () => {
    const r = podRequests(makePod().requests({ 'nvidia.com/gpu': '2', 'ephemeral-storage': '1Gi' }).obj())
    expect(r.scalar?.get('nvidia.com/gpu')).toBe(2)
    expect(r.ephemeralStorage).toBe(1024 * Mi)
  })
})
