import type { Probe } from 'kubernetes-types/core/v1'
import { describe, expect, it } from 'vitest'
import type { Container, Pod } from '../../../api/types'
import { Kernel, type Proc, sleep } from '../../kernel/kernel'
import { type ProbeKillInfo, ProberManager } from './manager'
import { containerFieldPath, probeErrored, probeFailed, probeKillMessage } from './messages'
import type { ExecSyncResult } from './prober'

const IP = '10.244.1.5'
const KUBELET = 'kubelet/worker-1'

function pod(
  containers: Container[],
  annotations: Record<string, string> = {},
  extra: Partial<Pod['spec']> = {},
): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-web', annotations },
    spec: { containers, restartPolicy: 'Always', ...extra },
  }
}

const http = (extra: Partial<Probe> = {}): Probe => ({ httpGet: { path: '/healthz', port: 8080 }, ...extra })
const exec = (extra: Partial<Probe> = {}): Probe => ({ exec: { command: ['cat', '/tmp/healthy'] }, ...extra })

interface Harness {
  readonly kernel: Kernel
  readonly manager: ProberManager
  readonly events: Array<[number, string, string, string]>
  readonly kills: Array<[number, string, string, string, ProbeKillInfo]>
  readonly readinessChanges: number[]
  readonly execCalls: Array<[number, string, readonly string[], number]>
  /** Probe steps: [time, summary]. */
  steps(): Array<[number, string]>
}

function harness(
  options: {
    execAnswer?: (nowMs: number, call: number) => ExecSyncResult
    kubeletStartedAtMs?: number
    seed?: number
    /** Make onReadinessChange regenerate the status, as the kubelet does (asks readiness of each id). */
    statusSync?: readonly string[]
  } = {},
): Harness {
  const kernel = new Kernel({ seed: options.seed ?? 1 })
  const events: Harness['events'] = []
  const kills: Harness['kills'] = []
  const readinessChanges: number[] = []
  const execCalls: Harness['execCalls'] = []
  const answer = options.execAnswer ?? (() => ({ ok: true, exitCode: 0, stdout: '', stderr: '' }))
  const manager = new ProberManager({
    kernel,
    id: KUBELET,
    recorder: {
      event: (_obj, type, reason, message, opts) => {
        events.push([kernel.nowMs, `${type} ${reason}`, message, opts?.fieldPath ?? ''])
      },
    },
    exec: function* (containerId, cmd, timeoutMs): Proc<ExecSyncResult> {
      execCalls.push([kernel.nowMs, containerId, cmd, timeoutMs])
      yield* sleep(2)
      return answer(kernel.nowMs, execCalls.length)
    },
    podIP: () => IP,
    onLivenessOrStartupFailure: (_pod, name, id, message, info) =>
      kills.push([kernel.nowMs, name, id, message, info]),
    onReadinessChange: () => {
      readinessChanges.push(kernel.nowMs)
      for (const id of options.statusSync ?? []) manager.readiness(id)
    },
    ...(options.kubeletStartedAtMs !== undefined ? { kubeletStartedAtMs: options.kubeletStartedAtMs } : {}),
  })
  return {
    kernel,
    manager,
    events,
    kills,
    readinessChanges,
    execCalls,
    steps: () =>
      kernel.trace
        .filter((m) => m.kind === 'step' && m.from === KUBELET)
        .map((m) => [m.sentAtMs, m.summary] as [number, string]),
  }
}

/** Add the pod and start its containers (`app` by default) at `startedAtMs`. */
function start(h: Harness, p: Pod, ids: Record<string, string> = { app: 'c1' }, startedAtMs = 0): void {
  h.kernel.at(startedAtMs, () => {
    h.manager.addPod(p)
    for (const [name, id] of Object.entries(ids)) h.manager.containerStarted(p, name, id, startedAtMs)
  })
}

describe('probe texts', () => {
  const p = pod(
    [{ name: 'app', image: 'nginx' }],
    {},
    {
      initContainers: [
        { name: 'proxy', image: 'envoy', restartPolicy: 'Always' },
        { name: 'init', image: 'busybox' },
      ],
    },
  )
  it.each([
    [
      probeFailed('readiness', 'HTTP probe failed with statuscode: 503'),
      'Readiness probe failed: HTTP probe failed with statuscode: 503',
    ],
    [probeFailed('liveness', ''), 'Liveness probe failed: '],
    [
      probeErrored('startup', 'strconv.Atoi: parsing "web": invalid syntax'),
      'Startup probe errored and resulted in unknown state: strconv.Atoi: parsing "web": invalid syntax',
    ],
    [probeKillMessage(p, 'app', 'liveness'), 'Container app failed liveness probe, will be restarted'],
    [probeKillMessage(p, 'app', 'startup'), 'Container app failed startup probe, will be restarted'],
    [
      probeKillMessage(
        { ...p, spec: { ...p.spec, containers: p.spec?.containers ?? [], restartPolicy: 'Never' } },
        'app',
        'liveness',
      ),
      'Container app failed liveness probe',
    ],
    [probeKillMessage(p, 'proxy', 'liveness'), 'Init container proxy failed liveness probe'],
    [probeKillMessage(p, 'proxy', 'startup'), 'Init container proxy failed startup probe'],
    [containerFieldPath(p, 'app'), 'spec.containers{app}'],
    [containerFieldPath(p, 'proxy'), 'spec.initContainers{proxy}'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe('liveness', () => {
  it('with the defaults (period 10 s, failureThreshold 3), reports the failure at the 3rd failed probe', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', livenessProbe: http() }], {
      'behavior.podflow.dev/app': 'unhealthy after 30s',
    })
    start(h, p)
    h.kernel.run({ untilMs: 70_000 })
    expect(h.steps()).toEqual([
      [0, 'liveness probe app: success'],
      [10_000, 'liveness probe app: success'],
      [20_000, 'liveness probe app: success'],
      [30_000, 'liveness probe app: failure'],
      [40_000, 'liveness probe app: failure'],
      [50_000, 'liveness probe app: failure'],
      // On hold until a new container id: no more probes.
    ])
    const failed = 'Liveness probe failed: HTTP probe failed with statuscode: 503'
    expect(h.events).toEqual([
      [30_003, 'Warning Unhealthy', failed, 'spec.containers{app}'],
      [40_003, 'Warning Unhealthy', failed, 'spec.containers{app}'],
      [50_003, 'Warning Unhealthy', failed, 'spec.containers{app}'],
    ])
    expect(h.kills).toEqual([
      [
        50_003,
        'app',
        'c1',
        'Container app failed liveness probe, will be restarted',
        { probe: 'liveness', gracePeriodSeconds: 30 },
      ],
    ])
    expect(h.manager.liveness('c1')).toBe(false)
  })

  it('a failure streak broken by a success starts over', () => {
    let call = 0
    const h = harness({
      execAnswer: () => {
        call++
        // fail, fail, ok, fail, fail, fail
        return call === 3
          ? { ok: true, exitCode: 0, stdout: '', stderr: '' }
          : { ok: true, exitCode: 1, stdout: '', stderr: 'not yet\n' }
      },
    })
    start(h, pod([{ name: 'app', image: 'nginx', livenessProbe: exec({ periodSeconds: 1 }) }]))
    h.kernel.run({ untilMs: 10_000 })
    expect(h.kills.map(([t]) => t)).toEqual([5_002])
    expect(h.events[0]).toEqual([
      2,
      'Warning Unhealthy',
      'Liveness probe failed: not yet\n',
      'spec.containers{app}',
    ])
  })

  it('resumes on a new container id, and a new container starts healthy', () => {
    const h = harness()
    const p = pod(
      [{ name: 'app', image: 'nginx', livenessProbe: http({ periodSeconds: 5, failureThreshold: 2 }) }],
      {
        'behavior.podflow.dev/app': 'unhealthy after 10s',
      },
    )
    start(h, p)
    // The kubelet restarts the container after the kill.
    h.kernel.at(20_000, () => {
      h.manager.containerStopped('c1')
      h.manager.containerStarted(p, 'app', 'c2', 20_000)
    })
    h.kernel.run({ untilMs: 36_000 })
    expect(h.kills.map(([t, , id]) => [t, id])).toEqual([
      [15_003, 'c1'],
      [35_003, 'c2'],
    ])
    expect(h.steps().map(([t, s]) => `${t} ${s}`)).toEqual([
      '0 liveness probe app: success',
      '5000 liveness probe app: success',
      '10000 liveness probe app: failure',
      '15000 liveness probe app: failure',
      // on hold at 20 s? No: the tick at 20 s sees the new container (started at 20 s).
      '20000 liveness probe app: success',
      '25000 liveness probe app: success',
      '30000 liveness probe app: failure',
      '35000 liveness probe app: failure',
    ])
    expect(h.manager.liveness('c1')).toBeUndefined() // the old id's result is gone
  })

  it('uses the probe-level terminationGracePeriodSeconds, and no restart suffix with restartPolicy Never', () => {
    const h = harness()
    const p = pod(
      [
        {
          name: 'app',
          image: 'nginx',
          livenessProbe: http({ failureThreshold: 1, terminationGracePeriodSeconds: 5 }),
        },
      ],
      { 'behavior.podflow.dev/app': 'unhealthy after 0s' },
      { restartPolicy: 'Never', terminationGracePeriodSeconds: 60 },
    )
    start(h, p)
    h.kernel.run({ untilMs: 1_000 })
    expect(h.kills).toEqual([
      [3, 'app', 'c1', 'Container app failed liveness probe', { probe: 'liveness', gracePeriodSeconds: 5 }],
    ])
  })
})

describe('initialDelaySeconds', () => {
  it('skips probes until that many whole seconds have passed since the container started', () => {
    const h = harness()
    const p = pod([
      { name: 'app', image: 'nginx', livenessProbe: http({ initialDelaySeconds: 15, periodSeconds: 5 }) },
    ])
    // The worker's ticks fall at 0, 5, 10, …; the container started at 0.5 s.
    h.kernel.at(0, () => h.manager.addPod(p))
    h.kernel.at(500, () => h.manager.containerStarted(p, 'app', 'c1', 500))
    h.kernel.run({ untilMs: 26_000 })
    // At 15 s only 14.5 s have passed: int32(14.5) = 14 < 15.
    expect(h.steps().map(([t]) => t)).toEqual([20_000, 25_000])
  })
})

describe('startup probes', () => {
  const containers = (startup: Probe): Container[] => [
    {
      name: 'app',
      image: 'nginx',
      startupProbe: startup,
      livenessProbe: http({ periodSeconds: 3 }),
      readinessProbe: http({ periodSeconds: 3 }),
    },
  ]

  it('gate liveness and readiness until they succeed', () => {
    const h = harness({ statusSync: ['c1'] })
    const p = pod(containers(http({ periodSeconds: 2, failureThreshold: 30 })), {
      'behavior.podflow.dev/app': 'start after 5s',
    })
    start(h, p)
    h.kernel.at(1, () => {
      expect(h.manager.startup('c1')).toBe(false)
      expect(h.manager.readiness('c1')).toBe(false)
    })
    h.kernel.run({ untilMs: 10_000 })
    expect(h.steps().map(([t, s]) => `${t} ${s}`)).toEqual([
      '0 startup probe app: failure',
      '2000 startup probe app: failure',
      '4000 startup probe app: failure',
      '6000 startup probe app: success',
      // The status sync after the startup success triggers a readiness run at once; liveness
      // waits for its next tick (3 s grid from 0; at 6 s the startup result was not in yet).
      '6003 readiness probe app: success',
      '9000 readiness probe app: success',
      '9000 liveness probe app: success',
    ])
    expect(h.events.map(([t, , m]) => [t, m])).toEqual([
      [
        1,
        'Startup probe failed: Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused',
      ],
      [
        2_001,
        'Startup probe failed: Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused',
      ],
      [
        4_001,
        'Startup probe failed: Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused',
      ],
    ])
    expect(h.manager.startup('c1')).toBe(true)
    expect(h.manager.readiness('c1')).toBe(true)
    // Started, then ready.
    expect(h.readinessChanges).toEqual([6_003, 6_006])
  })

  it('kill the container when they reach failureThreshold', () => {
    const h = harness()
    const p = pod(containers(http({ periodSeconds: 10, failureThreshold: 3 })), {
      'behavior.podflow.dev/app': 'start after 1m',
    })
    start(h, p)
    h.kernel.run({ untilMs: 60_000 })
    expect(h.kills).toEqual([
      [
        20_001,
        'app',
        'c1',
        'Container app failed startup probe, will be restarted',
        { probe: 'startup', gracePeriodSeconds: 30 },
      ],
    ])
    expect(h.manager.startup('c1')).toBe(false)
    // Nothing else was probed: the container never started.
    expect(h.steps().every(([, s]) => s.startsWith('startup'))).toBe(true)
  })

  it('without a startup probe the container counts as started', () => {
    const h = harness()
    start(h, pod([{ name: 'app', image: 'nginx', readinessProbe: http() }]))
    h.kernel.run({ untilMs: 1 })
    expect(h.manager.startup('c1')).toBeUndefined()
  })
})

describe('readiness', () => {
  it('is false until the first success, and answers undefined without a readiness probe', () => {
    const h = harness()
    const p = pod([
      { name: 'app', image: 'nginx', readinessProbe: http({ initialDelaySeconds: 5 }) },
      { name: 'side', image: 'nginx' },
    ])
    start(h, p, { app: 'c1', side: 'c2' })
    h.kernel.run({ untilMs: 100 })
    expect(h.manager.readiness('c1')).toBe(false)
    expect(h.manager.readiness('c2')).toBeUndefined()
    expect(h.manager.startup('c2')).toBeUndefined()
    expect(h.manager.readiness('unknown')).toBeUndefined()
    h.kernel.run({ untilMs: 11_000 })
    expect(h.manager.readiness('c1')).toBe(true)
    expect(h.readinessChanges).toEqual([10_003])
  })

  it('a status sync triggers an immediate readiness run (UpdatePodStatus)', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http({ periodSeconds: 30 }) }], {
      'behavior.podflow.dev/app': 'ready after 2s',
    })
    start(h, p)
    // The kubelet regenerates the status at 2.5 s (e.g. after a PLEG event).
    h.kernel.at(2_500, () => expect(h.manager.readiness('c1')).toBe(false))
    h.kernel.run({ untilMs: 5_000 })
    expect(h.steps()).toEqual([
      [0, 'readiness probe app: failure'],
      [2_500, 'readiness probe app: success'],
    ])
    expect(h.manager.readiness('c1')).toBe(true)
  })

  it('flaps with its probe, calling back on every change', () => {
    // The command's exit code per second: ok, fail, ok, ok, fail, fail
    const codes = [0, 1, 0, 0, 1, 1]
    const h = harness({
      execAnswer: (now) => ({
        ok: true,
        exitCode: codes[Math.floor(now / 1000)] ?? 0,
        stdout: '',
        stderr: '',
      }),
    })
    start(
      h,
      pod([{ name: 'app', image: 'nginx', readinessProbe: exec({ periodSeconds: 1, failureThreshold: 1 }) }]),
    )
    const seen: Array<boolean | undefined> = []
    for (let t = 500; t < 6_000; t += 1_000) h.kernel.at(t, () => seen.push(h.manager.readiness('c1')))
    h.kernel.run({ untilMs: 5_900 })
    expect(seen).toEqual([true, false, true, true, false, false])
    expect(h.readinessChanges).toEqual([2, 1_002, 2_002, 4_002])
    // Reading false triggered an immediate run each time (1.5 s, 4.5 s, 5.5 s).
    expect(h.execCalls.map(([t]) => t)).toEqual([0, 1_000, 1_500, 2_000, 3_000, 4_000, 4_500, 5_000, 5_500])
  })

  it('needs successThreshold successes in a row', () => {
    const h = harness()
    const p = pod(
      [{ name: 'app', image: 'nginx', readinessProbe: http({ periodSeconds: 1, successThreshold: 3 }) }],
      { 'behavior.podflow.dev/app': 'ready after 5s' },
    )
    start(h, p)
    h.kernel.run({ untilMs: 8_000 })
    // Successes at 5, 6 and 7 s: ready at the third.
    expect(h.readinessChanges).toEqual([7_003])
    expect(h.manager.readiness('c1')).toBe(true)
  })

  it('unready after D: failureThreshold failures make it unready, then it stays probed', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http({ periodSeconds: 5 }) }], {
      'behavior.podflow.dev/app': 'unready after 12s',
    })
    start(h, p)
    h.kernel.run({ untilMs: 31_000 })
    // success at 0; failures at 15, 20, 25 → unready at the 3rd.
    expect(h.readinessChanges).toEqual([3, 25_003])
    expect(h.manager.readiness('c1')).toBe(false)
    expect(h.kills).toEqual([])
    expect(h.steps().at(-1)).toEqual([30_000, 'readiness probe app: failure'])
  })

  it('a new container id starts not ready, and the old id is forgotten', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http({ initialDelaySeconds: 3 }) }])
    start(h, p)
    h.kernel.at(20_000, () => {
      h.manager.containerStopped('c1')
      h.manager.containerStarted(p, 'app', 'c2', 20_000)
    })
    h.kernel.run({ untilMs: 20_500 })
    expect(h.manager.readiness('c2')).toBe(false)
    expect(h.manager.readiness('c1')).toBeUndefined()
    h.kernel.run({ untilMs: 31_000 })
    expect(h.manager.readiness('c2')).toBe(true)
  })
})

describe('exec probes', () => {
  const p = (behavior?: string, probe: Probe = exec({ failureThreshold: 1 })): Pod =>
    pod(
      [{ name: 'app', image: 'busybox', livenessProbe: probe }],
      behavior ? { 'behavior.podflow.dev/app': behavior } : {},
    )

  it('run the command through ExecSync with the timeout', () => {
    const h = harness()
    start(h, p(undefined, exec({ timeoutSeconds: 3 })))
    h.kernel.run({ untilMs: 1 })
    expect(h.execCalls).toEqual([[0, 'c1', ['cat', '/tmp/healthy'], 3_000]])
  })

  it.each<[string, string | undefined, ExecSyncResult, string]>([
    [
      'the behaviour fails the check',
      'unhealthy after 0s',
      { ok: true, exitCode: 0, stdout: '', stderr: '' },
      "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory",
    ],
    [
      'the command fails: its output',
      undefined,
      { ok: true, exitCode: 2, stdout: 'partial\n', stderr: 'boom\n' },
      'Liveness probe failed: partial\nboom\n',
    ],
    [
      'the command times out',
      undefined,
      {
        ok: false,
        timedOut: true,
        error: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      },
      'Liveness probe failed: command "cat /tmp/healthy" timed out',
    ],
  ])('%s', (_name, behavior, answer, message) => {
    const h = harness({ execAnswer: () => answer })
    start(h, p(behavior))
    h.kernel.run({ untilMs: 100 })
    expect(h.events.map(([, , m]) => m)).toEqual([message])
    expect(h.kills).toHaveLength(1)
  })

  it('an ExecSync error is retried 3 times, recorded as errored, and thrown away', () => {
    const error =
      'rpc error: code = NotFound desc = an error occurred when try to find container "c1": not found'
    const h = harness({ execAnswer: () => ({ ok: false, error }) })
    start(h, p())
    h.kernel.run({ untilMs: 100 })
    expect(h.execCalls.map(([t]) => t)).toEqual([0, 2, 4])
    expect(h.events.map(([, k, m]) => [k, m])).toEqual([
      ['Warning Unhealthy', `Liveness probe errored and resulted in unknown state: ${error}`],
    ])
    expect(h.kills).toEqual([])
    expect(h.manager.liveness('c1')).toBe(true) // still the initial value
  })
})

describe('the manager', () => {
  it('probes sidecars (restartable init containers), with their field path', () => {
    const h = harness()
    const p = pod(
      [{ name: 'app', image: 'nginx' }],
      { 'behavior.podflow.dev/proxy': 'unhealthy after 0s' },
      {
        initContainers: [
          {
            name: 'proxy',
            image: 'envoy',
            restartPolicy: 'Always',
            livenessProbe: http({ failureThreshold: 1 }),
          },
          { name: 'setup', image: 'busybox', livenessProbe: http() },
        ],
      },
    )
    start(h, p, { proxy: 'c0' })
    h.kernel.run({ untilMs: 100 })
    expect(h.manager.workerCount).toBe(1) // not the plain init container
    expect(h.events.map(([, , m, f]) => [m, f])).toEqual([
      ['Liveness probe failed: HTTP probe failed with statuscode: 503', 'spec.initContainers{proxy}'],
    ])
    expect(h.kills.map(([, , , m]) => m)).toEqual(['Init container proxy failed liveness probe'])
  })

  it('removePod stops the workers and drops the results', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http(), livenessProbe: http() }])
    start(h, p)
    h.kernel.run({ untilMs: 1_000 })
    expect(h.manager.workerCount).toBe(2)
    expect(h.manager.readiness('c1')).toBe(true)
    h.manager.removePod(p)
    h.kernel.run({ untilMs: 60_000 })
    expect(h.manager.workerCount).toBe(0)
    expect(h.manager.readiness('c1')).toBeUndefined()
    expect(h.steps()).toHaveLength(2)
  })

  it('stopLivenessAndStartup leaves readiness running', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http(), livenessProbe: http() }])
    start(h, p)
    h.kernel.at(5_000, () => h.manager.stopLivenessAndStartup(p))
    h.kernel.run({ untilMs: 25_000 })
    expect(h.manager.workerCount).toBe(1)
    expect(
      h
        .steps()
        .filter(([t]) => t > 5_000)
        .map(([, s]) => s),
    ).toEqual(['readiness probe app: success', 'readiness probe app: success'])
  })

  it('a worker ends when its container exits and will not be restarted', () => {
    const h = harness()
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http() }], {}, { restartPolicy: 'Never' })
    start(h, p)
    h.kernel.at(3_000, () => h.manager.containerStopped('c1'))
    h.kernel.run({ untilMs: 30_000 })
    expect(h.manager.workerCount).toBe(0)
    expect(h.readinessChanges).toEqual([3]) // ready at once; the exit is the kubelet's news, not a callback
  })

  it('runs on background timers: an idle cluster stays idle', () => {
    const h = harness()
    start(h, pod([{ name: 'app', image: 'nginx', livenessProbe: http() }]))
    h.kernel.run()
    expect(h.kernel.idle).toBe(true)
    expect(h.kernel.nowMs).toBeLessThan(10)
    expect(h.kernel.nextEventAtMs).toBe(10_000)
  })

  it('spreads workers over a period when the kubelet has just started', () => {
    const h = harness({ kubeletStartedAtMs: 0, seed: 7 })
    const p = pod([{ name: 'app', image: 'nginx', readinessProbe: http(), livenessProbe: http() }])
    start(h, p, { app: 'c1' }, 2_000)
    h.kernel.run({ untilMs: 40_000 })
    const firsts = ['readiness', 'liveness'].map((k) => h.steps().find(([, s]) => s.startsWith(k))?.[0] ?? -1)
    for (const t of firsts) {
      expect(t).toBeGreaterThanOrEqual(2_000)
      expect(t).toBeLessThan(12_000)
    }
    // Each worker keeps its own 10 s grid from its first probe.
    const liveness = h
      .steps()
      .filter(([, s]) => s.startsWith('liveness'))
      .map(([t]) => t)
    expect(liveness.slice(1, 3).map((t, i) => t - (liveness[i] as number))).toEqual([10_000, 10_000])
    expect(firsts[0]).not.toBe(firsts[1])
  })

  it('records each probe as a kubelet step with its target and result', () => {
    const h = harness()
    start(h, pod([{ name: 'app', image: 'nginx', livenessProbe: { tcpSocket: { port: 5432 } } }]))
    h.kernel.run({ untilMs: 1 })
    const step = h.kernel.trace.find((m) => m.kind === 'step' && m.from === KUBELET)
    expect(step).toMatchObject({
      to: KUBELET,
      stage: 'containers',
      summary: 'liveness probe app: success',
      sentAtMs: 0,
      deliverAtMs: 1,
      object: { resource: 'pods', namespace: 'default', name: 'web', uid: 'uid-web' },
      payload: {
        probe: 'liveness',
        container: 'app',
        containerId: 'c1',
        handler: 'tcpSocket',
        target: 'tcp 10.244.1.5:5432',
        result: 'success',
        output: '',
      },
    })
  })

  it('an unknown named port is an error: recorded, never counted', () => {
    const h = harness()
    start(
      h,
      pod([
        {
          name: 'app',
          image: 'nginx',
          livenessProbe: { httpGet: { port: 'web', path: '/' }, failureThreshold: 1 },
        },
      ]),
    )
    h.kernel.run({ untilMs: 1 })
    expect(h.events.map(([, , m]) => m)).toEqual([
      'Liveness probe errored and resulted in unknown state: strconv.Atoi: parsing "web": invalid syntax',
    ])
    expect(h.kills).toEqual([])
  })
})

describe('what probes see without an annotation: the container command', () => {
  it("fails `cat /tmp/healthy` once the docs' liveness script removed it, and kills after failureThreshold", () => {
    const h = harness()
    const script = 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'
    const probe = exec({ initialDelaySeconds: 5, periodSeconds: 5 })
    start(h, pod([{ name: 'app', image: 'busybox', args: ['/bin/sh', '-c', script], livenessProbe: probe }]))
    h.kernel.run({ untilMs: 60_000 })
    const failed = "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"
    expect(h.events.map(([t, r, m]) => [t, r, m])).toEqual([
      [35_002, 'Warning Unhealthy', failed],
      [40_002, 'Warning Unhealthy', failed],
      [45_002, 'Warning Unhealthy', failed],
    ])
    expect(h.kills.map(([t, name]) => [t, name])).toEqual([[45_002, 'app']])
  })

  it("answers 500 from agnhost's liveness server after 10 s", () => {
    const h = harness()
    const probe: Probe = {
      httpGet: { path: '/healthz', port: 8080 },
      initialDelaySeconds: 3,
      periodSeconds: 3,
    }
    start(
      h,
      pod([
        {
          name: 'app',
          image: 'registry.k8s.io/e2e-test-images/agnhost:2.40',
          args: ['liveness'],
          livenessProbe: probe,
        },
      ]),
    )
    h.kernel.run({ untilMs: 20_000 })
    expect(h.events[0]?.slice(1, 3)).toEqual([
      'Warning Unhealthy',
      'Liveness probe failed: HTTP probe failed with statuscode: 500',
    ])
    expect(h.kills.length).toBe(1)
  })
})
