import { describe, expect, it } from 'vitest'
import type { Container, Pod } from '../../api/types'
import type { ProbeResults } from './generate-status'
import { computePodActions, type PodActions, sandboxConfig } from './sync-pod'
import { created, exited, kpod, running, sandbox, view } from './testing/builders'

const none: PodActions = {
  killPod: false,
  createSandbox: false,
  initContainersToStart: [],
  containersToStart: [],
  containersToKill: [],
}
const actions = (a: Partial<PodActions>): PodActions => ({ ...none, ...a })

describe('computePodActions', () => {
  const two = (policy: 'Always' | 'OnFailure' | 'Never') =>
    kpod('web').container('a').container('b').restartPolicy(policy).build()
  it.each([
    [
      'a new pod needs a sandbox and every container',
      'Always',
      view(undefined),
      actions({ killPod: true, createSandbox: true, containersToStart: [0, 1] }),
    ],
    ['a running pod needs nothing', 'Always', view(sandbox(), running('a'), running('b')), none],
    [
      'Always restarts an exited container',
      'Always',
      view(sandbox(), running('a'), exited('b', 0)),
      actions({ containersToStart: [1] }),
    ],
    [
      'OnFailure restarts only failures',
      'OnFailure',
      view(sandbox(), exited('a', 0), exited('b', 1)),
      actions({ containersToStart: [1] }),
    ],
    [
      'Never restarts nothing, and stops the pod',
      'Never',
      view(sandbox(), exited('a', 0), exited('b', 1)),
      actions({ killPod: true }),
    ],
    [
      'a created container is started again',
      'Never',
      view(sandbox(), created('a'), running('b')),
      actions({ containersToStart: [0] }),
    ],
    [
      'a Never pod whose sandbox stopped after its containers ran stays down',
      'Never',
      view(sandbox(false), exited('a', 0)),
      actions({ killPod: true }),
    ],
  ] as const)('%s', (_name, policy, v, expected) => {
    expect(computePodActions(two(policy), v)).toEqual(expected)
  })
})

/** A pod with init containers (`sidecar: true` makes a restartable one) and one regular container. */
function withInit(
  inits: Array<{ name: string; sidecar?: boolean; extra?: Partial<Container> }>,
  policy = 'Always',
): Pod {
  const pod = kpod('web')
    .container('app')
    .restartPolicy(policy as 'Always')
    .build()
  ;(pod.spec as { initContainers?: Container[] }).initContainers = inits.map((i) => ({
    name: i.name,
    image: 'busybox',
    ...(i.sidecar ? { restartPolicy: 'Always' } : {}),
    ...i.extra,
  }))
  return pod
}

describe('computePodActions with init containers (computeInitContainerActions)', () => {
  const two = withInit([{ name: 'i1' }, { name: 'i2' }])
  it.each([
    [
      'a new pod starts with the first init container',
      two,
      view(undefined),
      actions({ killPod: true, createSandbox: true, initContainersToStart: [0] }),
    ],
    [
      'nothing ran yet in a ready sandbox: the first',
      two,
      view(sandbox()),
      actions({ initContainersToStart: [0] }),
    ],
    ['the first is running: wait', two, view(sandbox(), running('i1')), none],
    [
      'the first succeeded: the second',
      two,
      view(sandbox(), exited('i1', 0)),
      actions({ initContainersToStart: [1] }),
    ],
    [
      'the first failed: start it again',
      two,
      view(sandbox(), exited('i1', 1)),
      actions({ initContainersToStart: [0] }),
    ],
    [
      'all succeeded: the regular containers',
      two,
      view(sandbox(), exited('i1', 0), exited('i2', 0)),
      actions({ containersToStart: [0] }),
    ],
    [
      'a running app means initialized, even if init containers are gone',
      two,
      view(sandbox(), running('app')),
      none,
    ],
    [
      'restartPolicy Never: a failed init container stops the pod',
      withInit([{ name: 'i1' }], 'Never'),
      view(sandbox(), exited('i1', 1)),
      actions({ killPod: true }),
    ],
    [
      'an OOMKilled init container counts as failed',
      withInit([{ name: 'i1' }], 'Never'),
      view(sandbox(), exited('i1', 137)),
      actions({ killPod: true }),
    ],
  ] as const)('%s', (_name, pod, v, expected) => {
    expect(computePodActions(pod, v)).toEqual(expected)
  })

  const sidecarFirst = withInit([{ name: 'proxy', sidecar: true }, { name: 'migrate' }])
  it.each([
    [
      'a running sidecar lets the next init container start',
      sidecarFirst,
      view(sandbox(), running('proxy')),
      actions({ initContainersToStart: [1] }),
    ],
    [
      'a sidecar that exited during init is restarted, the next one still waits for its own turn',
      sidecarFirst,
      view(sandbox(), exited('proxy', 1), running('migrate')),
      actions({ initContainersToStart: [0] }),
    ],
    [
      'after init, a sidecar that exited is restarted beside the app',
      sidecarFirst,
      view(sandbox(), exited('proxy', 1, 1), exited('migrate', 0), running('app')),
      actions({ initContainersToStart: [0] }),
    ],
    [
      'the last init container being a running sidecar: initialized',
      withInit([{ name: 'proxy', sidecar: true }]),
      view(sandbox(), running('proxy')),
      actions({ containersToStart: [0] }),
    ],
  ] as const)('%s', (_name, pod, v, expected) => {
    expect(computePodActions(pod, v)).toEqual(expected)
  })

  it('a sidecar with a startup probe waits for it to succeed (when probe results are given)', () => {
    const pod = withInit([
      { name: 'proxy', sidecar: true, extra: { startupProbe: { exec: { command: ['true'] } } } },
      { name: 'migrate' },
    ])
    const proxy = running('proxy')
    const results = (startup: boolean | undefined): ProbeResults => ({
      readiness: () => undefined,
      startup: () => startup,
    })
    expect(computePodActions(pod, view(sandbox(), proxy), results(undefined))).toEqual(none)
    expect(computePodActions(pod, view(sandbox(), proxy), results(false))).toEqual(none)
    expect(computePodActions(pod, view(sandbox(), proxy), results(true))).toEqual(
      actions({ initContainersToStart: [1] }),
    )
    // Without probe results a running sidecar counts as started.
    expect(computePodActions(pod, view(sandbox(), proxy))).toEqual(actions({ initContainersToStart: [1] }))
  })

  it('stops the sidecars (and does not restart them) once every regular container is done', () => {
    const pod = withInit([{ name: 'proxy', sidecar: true }], 'Never')
    expect(computePodActions(pod, view(sandbox(), running('proxy'), exited('app', 0)))).toEqual(
      actions({ killPod: true }),
    )
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
