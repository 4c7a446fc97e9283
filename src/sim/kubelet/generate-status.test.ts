import { describe, expect, it } from 'vitest'
import type { Pod } from '../../api/types'
import {
  generatePodStatus,
  getPhase,
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
) =>
  generatePodStatus({
    pod,
    runtime: v,
    reasons: new Map(Object.entries(reasons)),
    hostIPs: ['172.18.0.3'],
    podIsTerminal,
    epochMs: EPOCH_MS,
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
