/**
 * postStart and preStop hooks, and kills for failed probes: unit tests of the helpers, then
 * scenarios through the whole cluster.
 */
import { describe, expect, it } from 'vitest'
import type { Pod } from '../../api/types'
import { type Component, Kernel, type Proc } from '../kernel/kernel'
import type { Message } from '../kernel/trace'
import type { ContainerState } from '../runtime/cri'
import type { KubeletContext } from './context'
import { MINIMUM_GRACE_PERIOD_SECONDS, TerminationOrdering, terminationGracePeriod } from './kill'
import { type HookResult, httpGetUrl, resolvePort, runLifecycleHandler } from './lifecycle'
import type { PodWorker } from './pod-worker'
import { kpod } from './testing/builders'
import { nodeHarness } from './testing/node-harness'
import { containerStatus, podObject, stateOf, timeline } from './testing/timeline'

describe('httpGet hook URLs and ports', () => {
  it('builds the URL as NewRequestForHTTPGetAction does', () => {
    expect(httpGetUrl({ path: '/ready', port: 80 }, '10.244.1.2', 80)).toBe('http://10.244.1.2:80/ready')
    expect(httpGetUrl({ path: 'ready', port: 80, scheme: 'HTTPS' }, '10.244.1.2', 8443)).toBe(
      'https://10.244.1.2:8443/ready',
    )
    expect(httpGetUrl({ port: 80 }, 'fd00::5', 80)).toBe('http://[fd00::5]:80')
  })

  it('resolves numbers, numeric strings and named container ports', () => {
    const c = { name: 'app', ports: [{ name: 'web', containerPort: 8080 }] }
    expect(resolvePort(9000, c)).toBe(9000)
    expect(resolvePort('9000', c)).toBe(9000)
    expect(resolvePort('web', c)).toBe(8080)
    expect(resolvePort('nope', c)).toBe("couldn't find port: nope in app")
  })
})

/** A kernel with a stand-in runtime component whose container is in `state`. */
function hookContext(state: ContainerState | undefined): { ctx: KubeletContext; kernel: Kernel } {
  const kernel = new Kernel({ seed: 1 })
  const runtime: Component & { containerState(id: string): ContainerState | undefined } = {
    id: 'runtime/worker-1',
    receive: (_m: Message) => {},
    containerState: () => state,
  }
  kernel.register(runtime)
  const ctx = {
    kernel,
    id: 'kubelet/worker-1',
    runtime: { runtime: 'runtime/worker-1' },
  } as unknown as KubeletContext
  return { ctx, kernel }
}

describe('runLifecycleHandler: httpGet', () => {
  const pod = kpod('web').container('app').build()
  const app = { name: 'app', image: 'nginx' }
  const run = (state: ContainerState | undefined, host?: string) => {
    const { ctx, kernel } = hookContext(state)
    let result: HookResult | undefined
    kernel.spawn(
      (function* (): Proc {
        result = yield* runLifecycleHandler(
          ctx,
          pod,
          app,
          'c1',
          { httpGet: { path: '/hook', port: 80, ...(host ? { host } : {}) } },
          'postStart',
          '10.244.1.2',
          'containers',
        )
      })(),
    )
    kernel.run()
    return { result, steps: kernel.trace.filter((m) => m.kind === 'step').map((m) => m.summary) }
  }

  it('is a kubelet step with the URL, and succeeds while the container runs', () => {
    expect(run('CONTAINER_RUNNING')).toEqual({
      result: { ok: true, message: '' },
      steps: ['postStart hook GET http://10.244.1.2:80/hook'],
    })
    expect(run('CONTAINER_RUNNING', 'example.com').steps).toEqual([
      'postStart hook GET http://example.com:80/hook',
    ])
  })

  it('fails with a refused connection when the process is gone', () => {
    expect(run('CONTAINER_EXITED').result).toEqual({
      ok: false,
      message:
        'HTTP lifecycle hook (/hook) for Container "app" in Pod "web_default(uid-web)" failed - error: Get "http://10.244.1.2:80/hook": dial tcp 10.244.1.2:80: connect: connection refused',
    })
  })
})

describe('grace periods and termination order', () => {
  it('takes the deletion grace period, else the probe one for a probe kill, else the pod one', () => {
    const c = {
      name: 'app',
      livenessProbe: { exec: { command: ['true'] }, terminationGracePeriodSeconds: 7 },
    }
    const pod = kpod('web').container('app', 'nginx', c).build()
    ;(pod.spec as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds = 45
    expect(terminationGracePeriod(pod, c, 'unknown')).toBe(45)
    expect(terminationGracePeriod(pod, c, 'liveness')).toBe(7)
    expect(terminationGracePeriod(pod, c, 'startup')).toBe(45)
    ;(pod.metadata as { deletionGracePeriodSeconds?: number }).deletionGracePeriodSeconds = 0
    expect(terminationGracePeriod(pod, c, 'liveness')).toBe(0)
    expect(MINIMUM_GRACE_PERIOD_SECONDS).toBe(2)
  })

  it('sidecars wait for every regular container and for the sidecars after them', () => {
    const pod: Pod = kpod('web').container('a').container('b').build()
    ;(pod.spec as { initContainers?: unknown[] }).initContainers = [
      { name: 's1', restartPolicy: 'Always' },
      { name: 'init' },
      { name: 's2', restartPolicy: 'Always' },
    ]
    const o = new TerminationOrdering(new Kernel({ seed: 1 }), pod, ['a', 'b', 's1', 's2'])
    expect(o.waitsFor('a')).toEqual([])
    expect(o.waitsFor('s2')).toEqual(['a', 'b'])
    expect(o.waitsFor('s1')).toEqual(['a', 'b', 's2'])
    expect(o.waitsFor('init')).toEqual([])
  })

  it('waits no longer than the grace period', () => {
    const kernel = new Kernel({ seed: 1 })
    const pod: Pod = kpod('web').container('a').build()
    ;(pod.spec as { initContainers?: unknown[] }).initContainers = [{ name: 's', restartPolicy: 'Always' }]
    const o = new TerminationOrdering(kernel, pod, ['a', 's'])
    const waited: number[] = []
    kernel.spawn(
      (function* (): Proc {
        waited.push(yield* o.waitForTurn('s', 3))
        waited.push(yield* o.waitForTurn('s', 3))
      })(),
    )
    kernel.after(5_000, () => o.containerTerminated('a'))
    kernel.run()
    // The first wait gives up after 3 s; the second one ends when `a` is terminated, 2 s later.
    expect(waited).toEqual([3, 2])
  })
})

describe('a failing postStart hook', () => {
  const t = timeline(
    podObject('hook', {
      containers: [
        {
          name: 'app',
          image: 'nginx:1.27',
          lifecycle: { postStart: { exec: { command: ['sh', '-c', 'exit 1'] } } },
        },
      ],
    }),
    40_000,
  )
  const uid = t.pod?.metadata?.uid

  it('kills the container: FailedPostStartHook, then Killing, after Started', () => {
    expect(t.events.slice(1, 7).map(([r, m]) => `${r}: ${m}`)).toEqual([
      'Pulling: Pulling image "nginx:1.27"',
      expect.stringMatching(/^Pulled: Successfully pulled image "nginx:1.27"/),
      'Created: Created container: app',
      'Started: Started container app',
      'FailedPostStartHook: PostStartHook failed',
      'Killing: FailedPostStartHook',
    ])
    const exec = t.trace.find((m) => m.summary === 'exec sh -c exit 1 in app')
    const stop = t.trace.find((m) => m.summary === 'StopContainer' && m.kind === 'cri-request')
    expect(stop?.sentAtMs).toBeGreaterThan(exec?.sentAtMs ?? Number.POSITIVE_INFINITY)
  })

  it('shows PostStartHookError with the hook’s message, then CrashLoopBackOff', () => {
    const waiting = t.changes((p) => containerStatus(p, 'app')?.state?.waiting?.reason).filter((r) => r)
    expect(waiting.slice(0, 4)).toEqual([
      'ContainerCreating',
      'PostStartHookError',
      'CrashLoopBackOff',
      'PostStartHookError',
    ])
    const shown = t.samples
      .map((s) => s.pod && containerStatus(s.pod, 'app')?.state?.waiting)
      .find((w) => w?.reason === 'PostStartHookError')
    expect(shown?.message).toBe(
      `Exec lifecycle hook ([sh -c exit 1]) for Container "app" in Pod "hook_default(${uid})" failed - error: command 'sh -c exit 1' exited with 1: , message: ""`,
    )
    expect(t.pod?.status?.phase).toBe('Running')
  })
})

describe('a postStart httpGet hook', () => {
  it('is sent by the kubelet to the pod IP once the container started', () => {
    const t = timeline(
      podObject('get', {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            ports: [{ name: 'http', containerPort: 80 }],
            lifecycle: { postStart: { httpGet: { path: '/warmup', port: 'http' } } },
          },
        ],
      }),
      10_000,
    )
    const ip = t.pod?.status?.podIP
    const get = t.trace.find((m) => m.summary.startsWith('postStart hook GET'))
    expect(get).toMatchObject({ from: 'kubelet/worker-3', to: 'kubelet/worker-3', kind: 'step' })
    expect(get?.summary).toBe(`postStart hook GET http://${ip}:80/warmup`)
    expect(t.events.some(([r]) => r === 'FailedPostStartHook')).toBe(false)
    expect(stateOf(containerStatus(t.pod as never, 'app'))).toBe('running')
  })
})

describe('preStop hooks on deletion', () => {
  /** When the kubelet sent the final DELETE of `web`. */
  const removedAt = (t: ReturnType<typeof timeline>) =>
    t.trace.find(
      (m) => m.from.startsWith('kubelet/') && m.summary === 'DELETE /api/v1/namespaces/default/pods/web',
    )?.sentAtMs
  const nginx = (lifecycle?: object, extra: object = {}) =>
    podObject('web', {
      ...extra,
      containers: [{ name: 'app', image: 'nginx:1.27', ...(lifecycle ? { lifecycle } : {}) }],
    })

  it('run before SIGTERM and delay the deletion by their duration', () => {
    const plain = timeline(nginx(), 30_000, { deleteAtMs: 10_000 })
    const hooked = timeline(nginx({ preStop: { exec: { command: ['sleep', '5'] } } }), 30_000, {
      deleteAtMs: 10_000,
    })
    expect(plain.pod).toBeUndefined()
    expect(hooked.pod).toBeUndefined()
    const delay = (removedAt(hooked) ?? 0) - (removedAt(plain) ?? 0)
    expect(delay).toBeGreaterThanOrEqual(5_000)
    expect(delay).toBeLessThan(6_000)
    const exec = hooked.trace.find((m) => m.summary === 'exec sleep 5 in app')
    const term = hooked.trace.find((m) => m.summary === 'SIGTERM app')
    expect((term?.sentAtMs ?? 0) - (exec?.sentAtMs ?? 0)).toBeGreaterThanOrEqual(5_000)
    expect(hooked.events.filter(([r]) => r === 'Killing')).toEqual([
      ['Killing', 'Stopping container app', 'spec.containers{app}'],
    ])
  })

  it('a failing one: FailedPreStopHook, and the container is stopped all the same', () => {
    const t = timeline(nginx({ preStop: { exec: { command: ['sh', '-c', 'exit 2'] } } }), 30_000, {
      deleteAtMs: 10_000,
    })
    expect(t.events.slice(-2)).toEqual([
      ['Killing', 'Stopping container app', 'spec.containers{app}'],
      ['FailedPreStopHook', 'PreStopHook failed', 'spec.containers{app}'],
    ])
    expect(t.pod).toBeUndefined()
  })

  it('one longer than the grace period is cut short: SIGTERM when the grace period ends, 2 s to exit', () => {
    const t = timeline(
      nginx({ preStop: { exec: { command: ['sleep', '60'] } } }, { terminationGracePeriodSeconds: 5 }),
      30_000,
      { deleteAtMs: 10_000 },
    )
    const exec = t.trace.find((m) => m.summary === 'exec sleep 60 in app')?.sentAtMs ?? 0
    const stop = t.trace.find((m) => m.summary === 'StopContainer' && m.kind === 'cri-request')
    expect((stop?.sentAtMs ?? 0) - exec).toBeGreaterThanOrEqual(4_900)
    expect((stop?.sentAtMs ?? 0) - exec).toBeLessThan(5_100)
    expect((stop?.payload as { timeout: number } | undefined)?.timeout).toBe(2)
    // The hook's exec dies with the container: the kubelet reports it failed.
    expect(t.events.at(-1)).toEqual(['FailedPreStopHook', 'PreStopHook failed', 'spec.containers{app}'])
    expect(t.pod).toBeUndefined()
  })
})

describe('killing a container for a failed probe (PodWorker.killForProbe)', () => {
  it('emits Killing with the message, stops it, and the next sync restarts it', () => {
    const h = nodeHarness([
      {
        type: 'apply',
        atMs: 0,
        objects: [
          podObject('live', { nodeName: 'worker-1', containers: [{ name: 'app', image: 'nginx:1.27' }] }),
        ],
      },
    ])
    h.run(10_000)
    const before = h.pod('live') as Pod
    const id = containerStatus(before, 'app')?.containerID?.replace('containerd://', '') ?? ''
    const kubelet = h.kubelets.get('worker-1')
    const workers = (kubelet as unknown as { workers: Map<string, PodWorker> }).workers
    workers.get(before.metadata?.uid ?? '')?.killForProbe({
      containerName: 'app',
      containerId: id,
      message: 'Container app failed liveness probe, will be restarted',
      probe: 'liveness',
    })
    h.run(30_000)
    const after = h.pod('live') as Pod
    expect(h.events('live')).toContainEqual([
      'Killing',
      'Container app failed liveness probe, will be restarted',
    ])
    expect(containerStatus(after, 'app')).toMatchObject({ restartCount: 1, state: { running: {} } })
    expect(containerStatus(after, 'app')?.lastState?.terminated).toMatchObject({ exitCode: 0 })
    const stop = h.trace().find((m) => m.summary === 'StopContainer' && m.kind === 'cri-request')
    expect((stop?.payload as { timeout: number } | undefined)?.timeout).toBe(30)
  })
})
