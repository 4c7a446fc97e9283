import { describe, expect, it } from 'vitest'
import { Kernel } from '../kernel/kernel'
import type { ContainerEvent } from '../runtime/cri'
import { diffViews, Pleg, type PlegEvent } from './pleg'
import { EMPTY_VIEW } from './runtime-view'
import { running, sandbox, view } from './testing/builders'

describe('diffViews (generic PLEG events)', () => {
  const a = running('app')
  const dead = { ...a, state: 'CONTAINER_EXITED' as const }
  it.each([
    [
      'a new sandbox and container',
      EMPTY_VIEW,
      view(sandbox(), a),
      ['ContainerStarted POD', 'ContainerStarted app'],
    ],
    ['a container exits', view(sandbox(), a), view(sandbox(), dead), ['ContainerDied app']],
    ['a container is removed after dying', view(sandbox(), dead), view(sandbox()), ['ContainerRemoved app']],
    [
      'a running container disappears',
      view(sandbox(), a),
      view(sandbox()),
      ['ContainerDied app', 'ContainerRemoved app'],
    ],
    ['the sandbox stops', view(sandbox(), dead), view(sandbox(false), dead), ['ContainerDied POD']],
    ['nothing changes', view(sandbox(), a), view(sandbox(), a), []],
  ])('%s', (_name, before, after, expected) => {
    expect(diffViews('uid-web', before, after).map((e) => `${e.type} ${e.containerName}`)).toEqual(expected)
  })
})

describe('Pleg', () => {
  const event = (containers = [running('app')]): ContainerEvent => ({
    containerId: containers[0]?.id ?? '',
    containerEventType: 'CONTAINER_STARTED_EVENT',
    createdAtMs: 0,
    containerName: 'app',
    podSandboxStatus: sandbox(),
    containersStatuses: containers,
  })

  it('holds runtime events until the next tick of its 1 s grid', () => {
    const kernel = new Kernel({ seed: 1 })
    const seen: Array<[number, readonly PlegEvent[]]> = []
    const pleg = new Pleg(kernel, 'kubelet/worker-1', 250, (_uid, events) =>
      seen.push([kernel.nowMs, events]),
    )
    const app = running('app')
    kernel.at(300, () => pleg.receive(event([app])))
    kernel.at(1_800, () => pleg.receive(event([{ ...app, state: 'CONTAINER_EXITED', exitCode: 1 }])))
    kernel.run()
    expect(seen.map(([t, es]) => [t, es.map((e) => e.type)])).toEqual([
      [1_250, ['ContainerStarted', 'ContainerStarted']],
      [2_250, ['ContainerDied']],
    ])
    expect(pleg.timestampMs).toBe(2_250)
    expect(kernel.trace.filter((m) => m.kind === 'step').map((m) => m.summary)).toContain(
      'PLEG ContainerStarted sandbox',
    )
  })

  it('relists on demand without sending anything', () => {
    const kernel = new Kernel({ seed: 1 })
    const pleg = new Pleg(kernel, 'kubelet/worker-1', 0, () => {})
    kernel.at(1_500, () => pleg.requestRelist())
    kernel.run()
    expect(pleg.timestampMs).toBe(2_000)
    expect(kernel.trace).toEqual([])
  })
})
