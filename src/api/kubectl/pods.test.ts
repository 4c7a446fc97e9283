import { describe, expect, it } from 'vitest'
import type { ContainerStatus, Pod } from '../types'
import { getPods, podSummary } from './pods'

const NOW = Date.parse('2025-05-01T10:05:00Z')
const CREATED = '2025-05-01T10:00:00Z'

type State = ContainerStatus['state']

const running: State = { running: { startedAt: '2025-05-01T10:00:05Z' } }
const waiting = (reason: string): State => ({ waiting: { reason } })
const terminated = (exitCode: number, reason?: string, signal?: number): State => ({
  terminated: { exitCode, ...(reason ? { reason } : {}), ...(signal ? { signal } : {}) },
})

function cs(
  name: string,
  state: State,
  ready = false,
  extra: Partial<ContainerStatus> = {},
): ContainerStatus {
  return { name, image: 'nginx', imageID: '', ready, restartCount: 0, state, ...extra }
}

/** A fluent pod builder for the STATUS cases. */
class PodBuilder {
  readonly pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx', namespace: 'default', creationTimestamp: CREATED },
    spec: { containers: [{ name: 'app', image: 'nginx' }] },
    status: { phase: 'Pending' },
  }
  containers(...names: string[]) {
    this.spec.containers = names.map((name) => ({ name, image: 'nginx' }))
    return this
  }
  init(...names: string[]) {
    this.spec.initContainers = names.map((name) => ({ name, image: 'busybox' }))
    return this
  }
  sidecar(name: string) {
    this.spec.initContainers = [
      ...(this.spec.initContainers ?? []),
      { name, image: 'envoy', restartPolicy: 'Always' },
    ]
    return this
  }
  phase(phase: string, reason?: string) {
    this.status.phase = phase
    if (reason) this.status.reason = reason
    return this
  }
  statuses(...s: ContainerStatus[]) {
    this.status.containerStatuses = s
    return this
  }
  initStatuses(...s: ContainerStatus[]) {
    this.status.initContainerStatuses = s
    return this
  }
  condition(type: string, status: string, reason?: string) {
    this.status.conditions = [
      ...(this.status.conditions ?? []),
      { type, status, ...(reason ? { reason } : {}) },
    ]
    return this
  }
  deleting() {
    ;(this.pod.metadata as { deletionTimestamp?: string }).deletionTimestamp = '2025-05-01T10:04:50Z'
    return this
  }
  private get spec() {
    return this.pod.spec as NonNullable<Pod['spec']>
  }
  private get status() {
    return this.pod.status as NonNullable<Pod['status']>
  }
}
const pod = () => new PodBuilder()

describe('podSummary: the STATUS column', () => {
  it.each<[string, PodBuilder, string, string, string]>([
    ['unscheduled', pod(), '0/1', 'Pending', '0'],
    [
      'scheduled, sandbox not ready',
      pod()
        .condition('PodScheduled', 'True')
        .statuses(cs('app', waiting('ContainerCreating'))),
      '0/1',
      'ContainerCreating',
      '0',
    ],
    [
      'running and ready',
      pod()
        .phase('Running')
        .statuses(cs('app', running, true)),
      '1/1',
      'Running',
      '0',
    ],
    [
      'running, not ready',
      pod()
        .phase('Running')
        .statuses(cs('app', running, false)),
      '0/1',
      'Running',
      '0',
    ],
    ['image pull failed', pod().statuses(cs('app', waiting('ErrImagePull'))), '0/1', 'ErrImagePull', '0'],
    [
      'image pull backoff',
      pod().statuses(cs('app', waiting('ImagePullBackOff'))),
      '0/1',
      'ImagePullBackOff',
      '0',
    ],
    [
      'crash loop, restarts with the last restart age',
      pod()
        .phase('Running')
        .statuses(
          cs('app', waiting('CrashLoopBackOff'), false, {
            restartCount: 4,
            lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2025-05-01T10:03:30Z' } },
          }),
        ),
      '0/1',
      'CrashLoopBackOff',
      '4 (90s ago)',
    ],
    [
      'exited with an error',
      pod()
        .phase('Running')
        .statuses(cs('app', terminated(1, 'Error'))),
      '0/1',
      'Error',
      '0',
    ],
    [
      'completed',
      pod()
        .phase('Succeeded')
        .statuses(cs('app', terminated(0, 'Completed'))),
      '0/1',
      'Completed',
      '0',
    ],
    [
      'OOM killed',
      pod()
        .phase('Running')
        .statuses(cs('app', terminated(137, 'OOMKilled'))),
      '0/1',
      'OOMKilled',
      '0',
    ],
    [
      'exit code, no reason',
      pod()
        .phase('Failed')
        .statuses(cs('app', terminated(2))),
      '0/1',
      'ExitCode:2',
      '0',
    ],
    [
      'signal, no reason',
      pod()
        .phase('Failed')
        .statuses(cs('app', terminated(137, undefined, 9))),
      '0/1',
      'Signal:9',
      '0',
    ],
    [
      'config error',
      pod().statuses(cs('app', waiting('CreateContainerConfigError'))),
      '0/1',
      'CreateContainerConfigError',
      '0',
    ],
    [
      'init container running',
      pod()
        .init('setup')
        .condition('Initialized', 'False')
        .initStatuses(cs('setup', running))
        .statuses(cs('app', waiting('PodInitializing'))),
      '0/1',
      'Init:0/1',
      '0',
    ],
    [
      'second of two init containers',
      pod()
        .init('a', 'b')
        .initStatuses(cs('a', terminated(0, 'Completed')), cs('b', waiting('PodInitializing'))),
      '0/1',
      'Init:1/2',
      '0',
    ],
    [
      'init container crash looping (restarts counted)',
      pod()
        .init('setup')
        .initStatuses(cs('setup', waiting('CrashLoopBackOff'), false, { restartCount: 3 }))
        .statuses(cs('app', waiting('PodInitializing'))),
      '0/1',
      'Init:CrashLoopBackOff',
      '3',
    ],
    [
      'init container failed',
      pod()
        .init('setup')
        .initStatuses(cs('setup', terminated(1, 'Error'))),
      '0/1',
      'Init:Error',
      '0',
    ],
    [
      'init container exit code, no reason',
      pod()
        .init('setup')
        .initStatuses(cs('setup', terminated(3))),
      '0/1',
      'Init:ExitCode:3',
      '0',
    ],
    [
      'init container signal, no reason',
      pod()
        .init('setup')
        .initStatuses(cs('setup', terminated(143, undefined, 15))),
      '0/1',
      'Init:Signal:15',
      '0',
    ],
    [
      'init done, app starting',
      pod()
        .init('setup')
        .condition('Initialized', 'True')
        .initStatuses(cs('setup', terminated(0, 'Completed')))
        .statuses(cs('app', waiting('PodInitializing'))),
      '0/1',
      'PodInitializing',
      '0',
    ],
    [
      'sidecar started and ready counts in READY',
      pod()
        .sidecar('proxy')
        .phase('Running')
        .condition('Initialized', 'True')
        .initStatuses(cs('proxy', running, true, { started: true }))
        .statuses(cs('app', running, true)),
      '2/2',
      'Running',
      '0',
    ],
    [
      'sidecar not started yet',
      pod()
        .sidecar('proxy')
        .initStatuses(cs('proxy', waiting('ContainerCreating'), false, { started: false })),
      '0/2',
      'Init:ContainerCreating',
      '0',
    ],
    [
      'first container wins',
      pod()
        .containers('a', 'b')
        .phase('Running')
        .statuses(cs('a', waiting('ImagePullBackOff')), cs('b', waiting('CrashLoopBackOff'))),
      '0/2',
      'ImagePullBackOff',
      '0',
    ],
    [
      'one completed, one running, pod not ready',
      pod()
        .containers('a', 'b')
        .phase('Running')
        .statuses(cs('a', terminated(0, 'Completed')), cs('b', running, true)),
      '1/2',
      'NotReady',
      '0',
    ],
    [
      'one completed, one running, pod ready',
      pod()
        .containers('a', 'b')
        .phase('Running')
        .condition('Ready', 'True')
        .statuses(cs('a', terminated(0, 'Completed')), cs('b', running, true)),
      '1/2',
      'Running',
      '0',
    ],
    [
      'being deleted',
      pod()
        .phase('Running')
        .deleting()
        .statuses(cs('app', running, true)),
      '1/1',
      'Terminating',
      '0',
    ],
    ['deleted on a lost node', pod().phase('Running', 'NodeLost').deleting(), '0/1', 'Unknown', '0'],
    [
      'deleted after completing keeps Completed',
      pod()
        .phase('Succeeded')
        .deleting()
        .statuses(cs('app', terminated(0, 'Completed'))),
      '0/1',
      'Completed',
      '0',
    ],
    [
      'scheduling gated',
      pod().condition('PodScheduled', 'False', 'SchedulingGated'),
      '0/1',
      'SchedulingGated',
      '0',
    ],
    ['evicted', pod().phase('Failed', 'Evicted'), '0/1', 'Evicted', '0'],
    ['phase Unknown', pod().phase('Unknown'), '0/1', 'Unknown', '0'],
    [
      'a lost node without deletion shows the reason',
      pod().phase('Running', 'NodeLost'),
      '0/1',
      'NodeLost',
      '0',
    ],
    [
      'init container waiting in PodInitializing counts as not started',
      pod()
        .init('setup')
        .initStatuses(cs('setup', waiting('PodInitializing'))),
      '0/1',
      'Init:0/1',
      '0',
    ],
    [
      'init container restarts, with the last restart age, while initializing',
      pod()
        .init('setup')
        .initStatuses(
          cs('setup', waiting('CrashLoopBackOff'), false, {
            restartCount: 2,
            lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2025-05-01T10:04:00Z' } },
          }),
        ),
      '0/1',
      'Init:CrashLoopBackOff',
      '2 (60s ago)',
    ],
    [
      'once initialized, restarts are the sidecars’ and the containers’, the latest restart wins',
      pod()
        .init('setup')
        .sidecar('proxy')
        .phase('Running')
        .condition('Initialized', 'True')
        .initStatuses(
          cs('setup', terminated(0, 'Completed'), false, { restartCount: 4 }),
          cs('proxy', running, true, {
            started: true,
            restartCount: 2,
            lastState: { terminated: { exitCode: 1, finishedAt: '2025-05-01T10:04:00Z' } },
          }),
        )
        .statuses(
          cs('app', running, true, {
            restartCount: 1,
            lastState: {
              terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: '2025-05-01T10:03:00Z' },
            },
          }),
        ),
      '2/2',
      'Running',
      '3 (60s ago)',
    ],
    [
      'a deleted Pod still initializing is Terminating',
      pod().init('setup').deleting().initStatuses(cs('setup', running)),
      '0/1',
      'Terminating',
      '0',
    ],
    [
      'a deleted failed Pod keeps Error',
      pod()
        .phase('Failed')
        .deleting()
        .statuses(cs('app', terminated(1, 'Error'))),
      '0/1',
      'Error',
      '0',
    ],
    [
      'waiting with an empty reason is skipped, a running container not ready counts nothing',
      pod()
        .containers('a', 'b')
        .phase('Pending')
        .statuses(cs('a', { waiting: {} }), cs('b', running, false)),
      '0/2',
      'Pending',
      '0',
    ],
  ])('%s', (_, b, ready, status, restarts) => {
    expect(podSummary(b.pod, NOW)).toEqual({ ready, status, restarts })
  })
})

function named(b: PodBuilder, name: string, namespace = 'default'): Pod {
  return { ...b.pod, metadata: { ...b.pod.metadata, name, namespace } }
}

describe('getPods', () => {
  const pods = [
    named(
      pod()
        .phase('Running')
        .statuses(cs('app', running, true)),
      'nginx',
    ),
    named(
      pod()
        .phase('Running')
        .statuses(
          cs('app', waiting('CrashLoopBackOff'), false, {
            restartCount: 12,
            lastState: { terminated: { exitCode: 1, finishedAt: '2025-05-01T10:02:00Z' } },
          }),
        ),
      'nginx-7c5ddbdf54-x8k2p',
    ),
  ]

  it('prints NAME READY STATUS RESTARTS AGE', () => {
    expect(getPods(pods, { nowMs: NOW })).toBe(
      [
        'NAME                     READY   STATUS             RESTARTS      AGE',
        'nginx                    1/1     Running            0             5m',
        'nginx-7c5ddbdf54-x8k2p   0/1     CrashLoopBackOff   12 (3m ago)   5m',
        '',
      ].join('\n'),
    )
  })

  it('adds IP, NODE, NOMINATED NODE and READINESS GATES with -o wide', () => {
    const [a, b] = pods as [Pod, Pod]
    const wide = [
      {
        ...a,
        spec: { ...a.spec, nodeName: 'worker-1' },
        status: { ...a.status, podIPs: [{ ip: '10.244.1.5' }] },
      },
      {
        ...b,
        spec: { ...b.spec, readinessGates: [{ conditionType: 'example.com/lb' }] },
        status: { ...b.status, nominatedNodeName: 'worker-2' },
      },
    ] as Pod[]
    expect(getPods(wide, { nowMs: NOW, wide: true })).toBe(
      [
        'NAME                     READY   STATUS             RESTARTS      AGE   IP           NODE       NOMINATED NODE   READINESS GATES',
        'nginx                    1/1     Running            0             5m    10.244.1.5   worker-1   <none>           <none>',
        'nginx-7c5ddbdf54-x8k2p   0/1     CrashLoopBackOff   12 (3m ago)   5m    <none>       <none>     worker-2         0/1',
        '',
      ].join('\n'),
    )
  })

  it('puts NAMESPACE first with -A', () => {
    const p = named(pod(), 'web', 'kube-system')
    expect(getPods([p], { nowMs: NOW, allNamespaces: true })).toBe(
      [
        'NAMESPACE     NAME   READY   STATUS    RESTARTS   AGE',
        'kube-system   web    0/1     Pending   0          5m',
        '',
      ].join('\n'),
    )
  })
})
