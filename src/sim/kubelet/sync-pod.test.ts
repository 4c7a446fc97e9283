import { describe, expect, it } from 'vitest'
import { computePodActions, sandboxConfig } from './sync-pod'
import { created, exited, kpod, running, sandbox, view } from './testing/builders'

describe('computePodActions', () => {
  const two = (policy: 'Always' | 'OnFailure' | 'Never') =>
    kpod('web').container('a').container('b').restartPolicy(policy).build()
  it.each([
    [
      'a new pod needs a sandbox and every container',
      'Always',
      view(undefined),
      { createSandbox: true, containersToStart: [0, 1] },
    ],
    [
      'a running pod needs nothing',
      'Always',
      view(sandbox(), running('a'), running('b')),
      { createSandbox: false, containersToStart: [] },
    ],
    [
      'Always restarts an exited container',
      'Always',
      view(sandbox(), running('a'), exited('b', 0)),
      { createSandbox: false, containersToStart: [1] },
    ],
    [
      'OnFailure restarts only failures',
      'OnFailure',
      view(sandbox(), exited('a', 0), exited('b', 1)),
      { createSandbox: false, containersToStart: [1] },
    ],
    [
      'Never restarts nothing',
      'Never',
      view(sandbox(), exited('a', 0), exited('b', 1)),
      { createSandbox: false, containersToStart: [] },
    ],
    [
      'a created container is started again',
      'Never',
      view(sandbox(), created('a'), running('b')),
      { createSandbox: false, containersToStart: [0] },
    ],
    [
      'a Never pod whose sandbox stopped after its containers ran stays down',
      'Never',
      view(sandbox(false), exited('a', 0)),
      { createSandbox: false, containersToStart: [] },
    ],
  ] as const)('%s', (_name, policy, v, expected) => {
    expect(computePodActions(two(policy), v)).toEqual(expected)
  })
})

describe('sandboxConfig', () => {
  it('passes the pod annotations (the runtime reads container behaviour from them)', () => {
    const pod = kpod('web').container('a').build()
    ;(pod.metadata as { annotations?: Record<string, string> }).annotations = {
      'behavior.podflow.dev/a': 'exit 1',
    }
    const config = sandboxConfig(pod)
    expect(config.metadata).toEqual({ name: 'web', namespace: 'default', uid: 'uid-web', attempt: 0 })
    expect(config.annotations).toEqual({ 'behavior.podflow.dev/a': 'exit 1' })
    expect(config.labels['io.kubernetes.pod.uid']).toBe('uid-web')
  })
})
