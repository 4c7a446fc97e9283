import { describe, expect, it } from 'vitest'
import type { Pod } from '../../api/types'
import { podRequests, podState } from './pod-state'
import { makePod } from './testing'

describe('podState', () => {
  it('has no sandbox before the Pod is bound', () => {
    const s = podState(makePod({ name: 'p' }))
    expect(s.sandbox).toBe('none')
    expect(s.containers).toEqual([
      { name: 'app', image: 'nginx', role: 'main', phase: 'none', ready: false, failed: false },
    ])
  })

  it.each([
    [undefined, 'creating'],
    [false, 'creating'],
    [true, 'ready'],
  ] as const)('sandbox with PodReadyToStartContainers %s is %s', (ready, phase) => {
    expect(podState(makePod({ name: 'p', nodeName: 'n', sandboxReady: ready })).sandbox).toBe(phase)
  })

  it('shows a finished Pod’s sandbox as stopped', () => {
    expect(
      podState(makePod({ name: 'p', nodeName: 'n', phase: 'Succeeded', sandboxReady: false })).sandbox,
    ).toBe('stopped')
  })

  it.each([
    [{ waiting: { reason: 'ContainerCreating' } }, 'waiting', false],
    [{ waiting: { reason: 'ErrImagePull' } }, 'waiting', true],
    [{ waiting: { reason: 'CrashLoopBackOff' } }, 'waiting', true],
    [{ running: { startedAt: '2025-05-01T10:00:03Z' } }, 'running', false],
    [{ terminated: { exitCode: 0, reason: 'Completed' } }, 'terminated', false],
    [{ terminated: { exitCode: 137, reason: 'OOMKilled' } }, 'terminated', true],
  ] as const)('container state %j is %s (failed: %s)', (state, phase, failed) => {
    const pod = makePod({
      name: 'p',
      nodeName: 'n',
      statuses: [{ name: 'app', image: 'nginx', imageID: '', ready: false, restartCount: 0, state }],
    })
    const [c] = podState(pod).containers
    expect(c?.phase).toBe(phase)
    expect(c?.failed).toBe(failed)
  })

  it('lists init containers first, marking sidecars', () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      spec: {
        initContainers: [{ name: 'setup' }, { name: 'proxy', restartPolicy: 'Always' }],
        containers: [{ name: 'app' }],
      },
    }
    expect(podState(pod).containers.map((c) => `${c.role}:${c.name}`)).toEqual([
      'init:setup',
      'sidecar:proxy',
      'main:app',
    ])
  })
})

describe('podRequests', () => {
  const withRequests = (cpu: string, memory: string) => ({ resources: { requests: { cpu, memory } } })

  it('adds regular containers', () => {
    const pod: Pod = {
      spec: {
        containers: [
          { name: 'a', ...withRequests('250m', '64Mi') },
          { name: 'b', ...withRequests('1', '1Gi') },
        ],
      },
    }
    expect(podRequests(pod)).toEqual({ milliCpu: 1250, memoryBytes: 64 * 2 ** 20 + 2 ** 30 })
  })

  it('takes the larger of the containers and an init container, and adds sidecars and overhead', () => {
    const pod: Pod = {
      spec: {
        initContainers: [
          { name: 'sidecar', restartPolicy: 'Always', ...withRequests('100m', '10Mi') },
          { name: 'big-init', ...withRequests('2', '1Mi') },
        ],
        containers: [{ name: 'app', ...withRequests('500m', '100Mi') }],
        overhead: { cpu: '50m', memory: '1Mi' },
      },
    }
    // containers + sidecar = 600m / 110Mi; init during: 2 + 100m = 2100m / 11Mi → max, then overhead.
    expect(podRequests(pod)).toEqual({ milliCpu: 2150, memoryBytes: 111 * 2 ** 20 })
  })

  it('is zero for a best-effort Pod', () => {
    expect(podRequests(makePod({ name: 'p' }))).toEqual({ milliCpu: 0, memoryBytes: 0 })
  })
})
