import { describe, expect, it } from 'vitest'
import type { Container, Pod } from '../../api/types'
import {
  generatePodStatus,
  getPhase,
  type ProbeResults,
  qosClass,
  type StatusInput,
  type WaitingReason,
} from './generate-status'
import { created, EPOCH_MS, exited, kpod, running, sandbox, view } from './testing/builders'

const gen = (
  pod: Pod,
  v = view(undefined),
  reasons: Record<string, WaitingReason> = {},
  podIsTerminal = false,
  probes?: ProbeResults,
) =>
  generatePodStatus({
    pod,
    runtime: v,
    reasons: new Map(Object.entries(reasons)),
    hostIPs: ['172.18.0.3'],
    podIsTerminal,
    epochMs: EPOCH_MS,
    ...(probes ? { probes } : {}),
  } satisfies StatusInput)

const conds = (s: ReturnType<typeof gen>) => s.conditions?.map((c) => [c.type, c.status, c.reason, c.message])
const one = kpod('web').container('nginx').build()

describe('generatePodStatus: conditions', () => {
  it('lists them in the kubelet order, with reasons for the False ones', () => {
    expect(conds(gen(one))).toEqual([
      ['PodReadyToStartContainers', 'False', undefined, undefined],
      ['Initialized', 'True', undefined, undefined],
      ['Ready', 'False', 'ContainersNotReady', 'containers with unready status: [nginx]'],
      ['ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [nginx]'],
      ['PodScheduled', 'True', undefined, undefined],
    ])
  })

  it('are all True when every container runs', () => {
    expect(conds(gen(one, view(sandbox(), running('nginx'))))?.map((c) => c[1])).toEqual([
      'True',
      'True',
      'True',
      'True',
      'True',
    ])
  })

  it('name every unready container, Go-slice style', () => {
    const pod = kpod('web').container('a').container('b').container('c').build()
    const s = gen(pod, view(sandbox(), running('b')))
    expect(s.conditions?.find((c) => c.type === 'ContainersReady')?.message).toBe(
      'containers with unready status: [a c]',
    )
  })

  it('keep conditions the kubelet does not own, first', () => {
    const pod = kpod('web').container('nginx').build()
    pod.status?.conditions?.push({
      type: 'DisruptionTarget',
      status: 'True',
      reason: 'EvictionByEvictionAPI',
    })
    expect(gen(pod).conditions?.map((c) => c.type)).toEqual([
      'DisruptionTarget',
      'PodReadyToStartContainers',
      'Initialized',
      'Ready',
      'ContainersReady',
      'PodScheduled',
    ])
  })

  it('say PodCompleted once the pod Succeeded, and PodFailed once it Failed', () => {
    const never = kpod('job').container('app', 'busybox').restartPolicy('Never').build()
    expect(conds(gen(never, view(sandbox(false), exited('app', 0))))).toEqual([
      ['PodReadyToStartContainers', 'False', undefined, undefined],
      ['Initialized', 'True', 'PodCompleted', undefined],
      ['Ready', 'False', 'PodCompleted', undefined],
      ['ContainersReady', 'False', 'PodCompleted', undefined],
      ['PodScheduled', 'True', undefined, undefined],
    ])
    expect(conds(gen(never, view(sandbox(), exited('app', 2))))?.slice(1, 4)).toEqual([
      ['Initialized', 'True', undefined, undefined],
      ['Ready', 'False', 'PodFailed', undefined],
      ['ContainersReady', 'False', 'PodFailed', undefined],
    ])
  })

  it('hold Ready back for a readiness gate that is not True', () => {
    const pod = kpod('web').container('nginx').build()
    ;(pod.spec as { readinessGates?: unknown }).readinessGates = [{ conditionType: 'example.com/lb' }]
    const s = gen(pod, view(sandbox(), running('nginx')))
    expect(s.conditions?.find((c) => c.type === 'Ready')).toEqual({
      type: 'Ready',
      status: 'False',
      reason: 'ReadinessGatesNotReady',
      message: 'corresponding condition of pod readiness gate "example.com/lb" does not exist.',
    })
  })
})

describe('generatePodStatus: container statuses', () => {
  it('default to waiting ContainerCreating with the spec image', () => {
    expect(gen(one).containerStatuses).toEqual([
      {
        name: 'nginx',
        state: { waiting: { reason: 'ContainerCreating' } },
        lastState: {},
        ready: false,
        restartCount: 0,
        image: 'nginx',
        imageID: '',
        started: false,
      },
    ])
  })

  it('show a running container with the runtime image, digest and id', () => {
    const c = running('nginx', 0, 3_000)
    expect(gen(one, view(sandbox(), c)).containerStatuses?.[0]).toEqual({
      name: 'nginx',
      state: { running: { startedAt: '2025-05-01T10:00:03Z' } },
      lastState: {},
      ready: true,
      restartCount: 0,
      image: 'docker.io/library/nginx:latest',
      imageID: 'docker.io/library/nginx@sha256:abc',
      containerID: `containerd://${c.id}`,
      started: true,
    })
  })

  it('show a created, not yet started, container as waiting without a reason', () => {
    expect(gen(one, view(sandbox(), created('nginx'))).containerStatuses?.[0]?.state).toEqual({ waiting: {} })
  })

  it.each<[string, WaitingReason]>([
    ['ErrImagePull', { reason: 'ErrImagePull', message: 'rpc error: code = NotFound desc = …' }],
    ['ImagePullBackOff', { reason: 'ImagePullBackOff', message: 'Back-off pulling image "nginxx"' }],
    ['ErrImageNeverPull', { reason: 'ErrImageNeverPull', message: 'Container image "x" is not present …' }],
  ])('carry the cached start failure %s as the waiting reason', (_n, reason) => {
    const s = gen(one, view(sandbox()), { nginx: reason })
    expect(s.containerStatuses?.[0]?.state).toEqual({ waiting: reason })
    expect(s.phase).toBe('Pending')
  })

  it('show CrashLoopBackOff with the last termination and the restart count', () => {
    const old = exited('nginx', 1, 0, 5_000)
    const last = exited('nginx', 1, 1, 9_000)
    const s = gen(one, view(sandbox(), old, last), {
      nginx: {
        reason: 'CrashLoopBackOff',
        message: 'back-off 10s restarting failed container=nginx pod=web_default(uid-web)',
      },
    })
    const cs = s.containerStatuses?.[0]
    expect(cs?.state?.waiting?.reason).toBe('CrashLoopBackOff')
    expect(cs?.lastState?.terminated).toMatchObject({
      exitCode: 1,
      reason: 'Error',
      finishedAt: '2025-05-01T10:00:09Z',
    })
    expect(cs?.restartCount).toBe(1)
    expect([cs?.ready, cs?.started]).toEqual([false, false])
    expect(s.phase).toBe('Running')
  })

  it('keep the previous exit in lastState while the new attempt runs', () => {
    const s = gen(one, view(sandbox(), exited('nginx', 2, 0), running('nginx', 1, 12_000)))
    expect(s.containerStatuses?.[0]?.lastState?.terminated?.exitCode).toBe(2)
    expect(s.containerStatuses?.[0]?.restartCount).toBe(1)
  })

  it('ignore a cached reason for a container that will not be restarted', () => {
    const never = kpod('job').container('app').restartPolicy('Never').build()
    const s = gen(never, view(sandbox(), exited('app', 0)), {
      app: { reason: 'CrashLoopBackOff', message: '' },
    })
    expect(s.containerStatuses?.[0]?.state?.terminated?.reason).toBe('Completed')
  })

  it('report volume mounts of started containers', () => {
    const pod = kpod('web')
      .container('nginx', 'nginx', {
        volumeMounts: [
          {
            name: 'kube-api-access-x',
            mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
            readOnly: true,
          },
        ],
      })
      .build()
    expect(gen(pod, view(sandbox(), running('nginx'))).containerStatuses?.[0]?.volumeMounts).toEqual([
      {
        name: 'kube-api-access-x',
        mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
        readOnly: true,
        recursiveReadOnly: 'Disabled',
      },
    ])
  })
})

describe('generatePodStatus: addresses and the rest', () => {
  it('fills hostIP(s), podIP(s), keeps startTime and qosClass', () => {
    const pod = kpod('web').container('nginx').build()
    ;(pod.status as { startTime?: string }).startTime = '2025-05-01T10:00:00Z'
    const s = gen(pod, view(sandbox(true, '10.244.1.7'), running('nginx')))
    expect([s.hostIP, s.hostIPs, s.podIP, s.podIPs, s.startTime, s.qosClass]).toEqual([
      '172.18.0.3',
      [{ ip: '172.18.0.3' }],
      '10.244.1.7',
      [{ ip: '10.244.1.7' }],
      '2025-05-01T10:00:00Z',
      'BestEffort',
    ])
  })

  it('keeps a terminal phase, reason and message', () => {
    const pod = kpod('web')
      .container('nginx')
      .status({ phase: 'Failed', reason: 'OutOfcpu', message: 'Pod was rejected: x' })
      .build()
    const s = gen(pod, view(sandbox(), running('nginx')))
    expect([s.phase, s.reason, s.message]).toEqual(['Failed', 'OutOfcpu', 'Pod was rejected: x'])
  })
})

describe('getPhase', () => {
  const cs = (state: 'waiting' | 'running' | 'terminated', exitCode = 0, lastTerminated = false) => ({
    name: 'app',
    image: 'x',
    imageID: '',
    ready: false,
    restartCount: 0,
    state:
      state === 'waiting'
        ? { waiting: { reason: 'X' } }
        : state === 'running'
          ? { running: {} }
          : { terminated: { exitCode } },
    lastState: lastTerminated ? { terminated: { exitCode: 1 } } : {},
  })
  it.each([
    ['Always', cs('waiting'), false, 'Pending'],
    ['Always', cs('running'), false, 'Running'],
    ['Always', cs('terminated', 1), false, 'Running'],
    ['Always', cs('waiting', 0, true), false, 'Running'],
    ['Always', cs('terminated', 0), true, 'Succeeded'],
    ['Always', cs('terminated', 137), true, 'Failed'],
    ['OnFailure', cs('terminated', 0), false, 'Succeeded'],
    ['OnFailure', cs('terminated', 1), false, 'Running'],
    ['Never', cs('terminated', 0), false, 'Succeeded'],
    ['Never', cs('terminated', 3), false, 'Failed'],
  ] as const)('%s, %j, terminal=%s → %s', (policy, status, terminal, phase) => {
    const pod = kpod('p').container('app').restartPolicy(policy).build()
    expect(getPhase(pod, [status], terminal)).toBe(phase)
  })

  it('is Pending with no status', () => {
    expect(getPhase(one, [], false)).toBe('Pending')
  })
})

/** `web` with init containers (`sidecar: true`: restartPolicy Always) and one regular container. */
function withInit(
  inits: Array<{ name: string; sidecar?: boolean; extra?: Partial<Container> }>,
  policy: 'Always' | 'OnFailure' | 'Never' = 'Always',
  app: Partial<Container> = {},
): Pod {
  const pod = kpod('web').container('app', 'nginx', app).restartPolicy(policy).build()
  ;(pod.spec as { initContainers?: Container[] }).initContainers = inits.map((i) => ({
    name: i.name,
    image: 'busybox',
    ...(i.sidecar ? { restartPolicy: 'Always' } : {}),
    ...i.extra,
  }))
  return pod
}
const state = (s: { state?: object } | undefined) => s?.state
const initialized = (s: ReturnType<typeof gen>) => {
  const c = s.conditions?.find((x) => x.type === 'Initialized')
  return [c?.status, c?.reason, c?.message]
}

describe('generatePodStatus: init containers', () => {
  const two = withInit([{ name: 'init-a' }, { name: 'init-b' }])

  it('before anything runs: every container waits with PodInitializing, Initialized lists them all', () => {
    const s = gen(two)
    expect(s.initContainerStatuses?.map((c) => [c.name, state(c)])).toEqual([
      ['init-a', { waiting: { reason: 'PodInitializing' } }],
      ['init-b', { waiting: { reason: 'PodInitializing' } }],
    ])
    expect(state(s.containerStatuses?.[0])).toEqual({ waiting: { reason: 'PodInitializing' } })
    expect(initialized(s)).toEqual([
      'False',
      'ContainersNotInitialized',
      'containers with incomplete status: [init-a init-b]',
    ])
    expect(s.phase).toBe('Pending')
  })

  it('a running init container is started but not ready; the pod stays Pending', () => {
    const s = gen(two, view(sandbox(), running('init-a')))
    expect(s.initContainerStatuses?.[0]).toMatchObject({
      started: true,
      ready: false,
      state: { running: {} },
    })
    expect(s.phase).toBe('Pending')
  })

  it('a succeeded init container is ready and no longer listed as incomplete', () => {
    const s = gen(two, view(sandbox(), exited('init-a', 0), running('init-b')))
    expect(s.initContainerStatuses?.[0]).toMatchObject({
      ready: true,
      started: false,
      state: { terminated: { exitCode: 0, reason: 'Completed' } },
    })
    expect(initialized(s)).toEqual([
      'False',
      'ContainersNotInitialized',
      'containers with incomplete status: [init-b]',
    ])
  })

  it('all succeeded: Initialized True, the app still PodInitializing until it is created', () => {
    const s = gen(two, view(sandbox(), exited('init-a', 0), exited('init-b', 0)))
    expect(initialized(s)).toEqual(['True', undefined, undefined])
    expect(state(s.containerStatuses?.[0])).toEqual({ waiting: { reason: 'PodInitializing' } })
  })

  it('a crash-looping init container shows CrashLoopBackOff, its last exit and restarts', () => {
    const s = gen(two, view(sandbox(), exited('init-a', 1, 0, 5_000), exited('init-a', 1, 1, 9_000)), {
      'init-a': {
        reason: 'CrashLoopBackOff',
        message: 'back-off 10s restarting failed container=init-a pod=web_default(uid-web)',
      },
    })
    const cs = s.initContainerStatuses?.[0]
    expect(cs?.state?.waiting?.reason).toBe('CrashLoopBackOff')
    expect(cs?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' })
    expect(cs?.restartCount).toBe(1)
    expect(s.phase).toBe('Pending')
  })

  it('a cached reason is not shown for an init container that already succeeded', () => {
    const s = gen(two, view(sandbox(), exited('init-a', 0), running('init-b')), {
      'init-a': { reason: 'CrashLoopBackOff', message: 'x' },
    })
    expect(s.initContainerStatuses?.[0]?.state?.terminated?.exitCode).toBe(0)
  })

  it('restartPolicy Never: a failed init container fails the pod', () => {
    const pod = withInit([{ name: 'init-a' }], 'Never')
    const s = gen(pod, view(sandbox(), exited('init-a', 1)))
    expect(s.phase).toBe('Failed')
    expect(initialized(s)).toEqual([
      'False',
      'ContainersNotInitialized',
      'containers with incomplete status: [init-a]',
    ])
    expect(s.conditions?.find((c) => c.type === 'ContainersReady')?.reason).toBe('PodFailed')
  })

  it('once the app has run the pod stays initialized, whatever the init containers show', () => {
    const s = gen(two, view(sandbox(), running('app')))
    expect(initialized(s)).toEqual(['True', undefined, undefined])
    expect(s.phase).toBe('Running')
  })
})

describe('generatePodStatus: sidecars', () => {
  const pod = withInit([{ name: 'proxy', sidecar: true }])

  it('a running sidecar is started and ready, counts in ContainersReady, and initializes the pod', () => {
    const s = gen(pod, view(sandbox(), running('proxy')))
    expect(s.initContainerStatuses?.[0]).toMatchObject({ name: 'proxy', started: true, ready: true })
    expect(initialized(s)).toEqual(['True', undefined, undefined])
    expect(s.conditions?.find((c) => c.type === 'ContainersReady')?.message).toBe(
      'containers with unready status: [app]',
    )
    expect(
      gen(pod, view(sandbox(), running('proxy'), running('app'))).conditions?.map((c) => c.status),
    ).toEqual(['True', 'True', 'True', 'True', 'True'])
  })

  it('a sidecar not yet created keeps the pod Pending; an unready sidecar holds ContainersReady', () => {
    expect(gen(pod, view(sandbox())).phase).toBe('Pending')
    const s = gen(pod, view(sandbox(), exited('proxy', 1), running('app')), {
      proxy: { reason: 'CrashLoopBackOff', message: 'x' },
    })
    expect(s.phase).toBe('Running')
    expect(s.conditions?.find((c) => c.type === 'ContainersReady')?.message).toBe(
      'containers with unready status: [proxy]',
    )
  })

  it('with a Never pod, the app done and the sidecar stopped, the pod Succeeded', () => {
    const never = withInit([{ name: 'proxy', sidecar: true }], 'Never')
    expect(gen(never, view(sandbox(), running('proxy'), exited('app', 0))).phase).toBe('Running')
    expect(gen(never, view(sandbox(false), exited('proxy', 137), exited('app', 0))).phase).toBe('Succeeded')
  })
})

describe('generatePodStatus: probe results', () => {
  const probed = kpod('web')
    .container('app', 'nginx', {
      readinessProbe: { httpGet: { port: 80 } },
      startupProbe: { httpGet: { port: 80 } },
    })
    .container('plain')
    .build()
  const results = (startup: boolean | undefined, readiness: boolean | undefined): ProbeResults => ({
    startup: () => startup,
    readiness: () => readiness,
  })
  const appOf = (s: ReturnType<typeof gen>) => s.containerStatuses?.find((c) => c.name === 'app')
  const plainOf = (s: ReturnType<typeof gen>) => s.containerStatuses?.find((c) => c.name === 'plain')
  const v = view(sandbox(), running('app'), running('plain'))

  it('not started until the startup probe succeeded, not ready until the readiness probe does', () => {
    const at = (st: boolean | undefined, rd: boolean | undefined) => {
      const s = gen(probed, v, {}, false, results(st, rd))
      return [appOf(s)?.started, appOf(s)?.ready]
    }
    expect(at(undefined, undefined)).toEqual([false, false])
    expect(at(false, true)).toEqual([false, false])
    expect(at(true, undefined)).toEqual([true, false])
    expect(at(true, false)).toEqual([true, false])
    expect(at(true, true)).toEqual([true, true])
  })

  it('a container without probes is started and ready; without results every running one is', () => {
    const s = gen(probed, v, {}, false, results(undefined, undefined))
    expect([plainOf(s)?.started, plainOf(s)?.ready]).toEqual([true, true])
    expect(s.conditions?.find((c) => c.type === 'Ready')?.message).toBe(
      'containers with unready status: [app]',
    )
    const without = gen(probed, v)
    expect([appOf(without)?.started, appOf(without)?.ready]).toEqual([true, true])
  })

  it('a sidecar with a startup probe does not initialize the pod before it succeeds', () => {
    const pod = withInit([
      { name: 'proxy', sidecar: true, extra: { startupProbe: { exec: { command: ['true'] } } } },
    ])
    const s = gen(pod, view(sandbox(), running('proxy')), {}, false, results(undefined, undefined))
    expect(initialized(s)).toEqual([
      'False',
      'ContainersNotInitialized',
      'containers with incomplete status: [proxy]',
    ])
    expect(s.phase).toBe('Pending')
  })
})

describe('generatePodStatus: order of container statuses', () => {
  it('regular containers are sorted by name, init containers keep the spec order', () => {
    const pod = withInit([{ name: 'z-init' }, { name: 'a-init' }])
    pod.spec?.containers.push({ name: 'b', image: 'nginx' }, { name: 'a', image: 'nginx' })
    const s = gen(pod)
    expect(s.containerStatuses?.map((c) => c.name)).toEqual(['a', 'app', 'b'])
    expect(s.initContainerStatuses?.map((c) => c.name)).toEqual(['z-init', 'a-init'])
  })
})

describe('qosClass', () => {
  it.each([
    [{}, 'BestEffort'],
    [{ requests: { cpu: '100m' } }, 'Burstable'],
    [{ limits: { cpu: '1', memory: '1Gi' } }, 'Guaranteed'],
    [{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, 'Guaranteed'],
    [{ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, 'Burstable'],
  ])('%j → %s', (resources, qos) => {
    expect(qosClass(kpod('p').container('app', 'nginx', { resources }).build())).toBe(qos)
  })
})
