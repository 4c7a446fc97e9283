/**
 * Restarts and images through the whole cluster: the CrashLoopBackOff back-off and its reset,
 * ErrImagePull ↔ ImagePullBackOff, pull policy Never, an OnFailure Pod completing, and graceful
 * deletion, with the kubelet's real texts.
 */
import { describe, expect, it } from 'vitest'
import { Cluster } from '../cluster/cluster'
import { containerStatus, podObject, printed, timeline } from './testing/timeline'

/** Virtual times of the kubelet's StartContainer calls for one pod's containers. */
function startTimes(cluster: Cluster): number[] {
  return cluster.kernel.trace
    .filter((m) => m.kind === 'cri-request' && m.summary === 'StartContainer')
    .map((m) => m.sentAtMs)
}

function run(pod: ReturnType<typeof podObject>, untilMs: number): Cluster {
  const cluster = new Cluster({ actions: [{ type: 'apply', atMs: 0, objects: [pod] }] })
  cluster.run({ untilMs })
  return cluster
}

const gapsSeconds = (times: number[], runMs: number) =>
  times.slice(1).map((t, i) => Math.round((t - (times[i] as number) - runMs) / 1000))

describe('CrashLoopBackOff', () => {
  it('restarts at once, then after at least 10 s, 20 s, 40 s, 80 s, 160 s, and 300 s at most', () => {
    const cluster = run(
      podObject('crasher', {
        containers: [{ name: 'app', image: 'busybox:1.37', command: ['sh', '-c', 'sleep 1; exit 1'] }],
      }),
      900_000,
    )
    const times = startTimes(cluster)
    // Each run lasts 1 s. A restart comes at the first pod sync after the back-off ends: a sync
    // refused by the back-off is retried 10–15 s later (the pod worker's back-off with jitter),
    // so real gaps exceed the nominal ones by up to that, as on a real node.
    const nominal = [0, 10, 20, 40, 80, 160, 300]
    const gaps = gapsSeconds(times, 1000)
    expect(gaps.length).toBeGreaterThanOrEqual(nominal.length)
    nominal.forEach((n, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(n)
      expect(gaps[i]).toBeLessThanOrEqual(n + 16)
    })
  })

  it('shows Error, then CrashLoopBackOff with the back-off in the message and the BackOff event', () => {
    const t = timeline(
      podObject('crasher', {
        containers: [{ name: 'app', image: 'busybox:1.37', command: ['sh', '-c', 'sleep 1; exit 1'] }],
      }),
      40_000,
      { stepMs: 250 },
    )
    expect(t.changes(printed)).toEqual(
      expect.arrayContaining(['ContainerCreating', 'Running', 'Error', 'CrashLoopBackOff']),
    )
    const waiting = t.samples
      .map((s) => s.pod && containerStatus(s.pod, 'app')?.state?.waiting)
      .find((w) => w?.reason === 'CrashLoopBackOff')
    expect(waiting?.message).toMatch(
      /^back-off 10s restarting failed container=app pod=crasher_default\(.+\)$/,
    )
    const backOff = t.events.find(([reason]) => reason === 'BackOff')
    expect(backOff?.[1]).toMatch(/^Back-off restarting failed container app in pod crasher_default\(.+\)$/)
    expect(containerStatus(t.pod as never, 'app')?.lastState?.terminated).toMatchObject({
      reason: 'Error',
      exitCode: 1,
    })
  })

  it('resets after the container ran for more than 10 minutes: the restart is immediate again', () => {
    const cluster = run(
      podObject(
        'stable',
        { containers: [{ name: 'app', image: 'nginx:1.27' }] },
        { 'behavior.podflow.dev/app': 'exit 1 after 11m' },
      ),
      40 * 60_000,
    )
    const times = startTimes(cluster)
    expect(times.length).toBeGreaterThanOrEqual(3)
    // 11 minutes of running each time; never a 10 s wait on top.
    for (const gap of gapsSeconds(times, 11 * 60_000)) expect(gap).toBeLessThanOrEqual(1)
  })
})

describe('images', () => {
  it('a tag that does not exist: ErrImagePull, then ImagePullBackOff, with the back-off growing', () => {
    const t = timeline(podObject('typo', { containers: [{ name: 'app', image: 'nginx:1.999' }] }), 60_000, {
      stepMs: 250,
    })
    expect(t.changes(printed)).toEqual(expect.arrayContaining(['ErrImagePull', 'ImagePullBackOff']))
    const reasons = t.events.map(([reason, message]) => `${reason}: ${message}`)
    expect(reasons).toContain('Pulling: Pulling image "nginx:1.999"')
    expect(reasons.find((r) => r.startsWith('Failed: Failed to pull image "nginx:1.999"'))).toMatch(
      /not found/,
    )
    expect(reasons).toContain('Failed: Error: ErrImagePull')
    expect(reasons).toContain('BackOff: Back-off pulling image "nginx:1.999"')
    expect(reasons).toContain('Failed: Error: ImagePullBackOff')
    const pulls = t.trace
      .filter((m) => m.kind === 'cri-request' && m.summary === 'PullImage')
      .map((m) => m.sentAtMs)
    // Retries 10 s, then 20 s apart (plus the time a sync takes to come round).
    const gaps = pulls.slice(1).map((p, i) => (p - (pulls[i] as number)) / 1000)
    expect(gaps[0]).toBeGreaterThanOrEqual(10)
    expect(gaps[1]).toBeGreaterThanOrEqual(20)
  })

  it('pull policy Never with the image absent: ErrImageNeverPull, and no pull at all', () => {
    const t = timeline(
      podObject('offline', { containers: [{ name: 'app', image: 'redis:7.4', imagePullPolicy: 'Never' }] }),
      10_000,
    )
    expect(printed(t.pod as never)).toBe('ErrImageNeverPull')
    expect(t.events).toContainEqual([
      'ErrImageNeverPull',
      'Container image "redis:7.4" is not present with pull policy of Never',
      'spec.containers{app}',
    ])
    expect(t.trace.some((m) => m.summary === 'PullImage')).toBe(false)
  })
})

describe('restart policies and deletion', () => {
  it('an OnFailure Pod whose container exits 0 completes: Succeeded, STATUS Completed', () => {
    const t = timeline(
      podObject('job', {
        restartPolicy: 'OnFailure',
        containers: [{ name: 'app', image: 'busybox:1.37', command: ['sleep', '2'] }],
      }),
      15_000,
    )
    expect(t.pod?.status?.phase).toBe('Succeeded')
    expect(printed(t.pod as never)).toBe('Completed')
    expect(containerStatus(t.pod as never, 'app')?.restartCount).toBe(0)
  })

  it('an OnFailure Pod whose container fails is restarted, a Never one fails', () => {
    const failing = (policy: string) =>
      timeline(
        podObject('job', {
          restartPolicy: policy,
          containers: [{ name: 'app', image: 'busybox:1.37', command: ['sh', '-c', 'sleep 1; exit 3'] }],
        }),
        15_000,
      )
    const onFailure = failing('OnFailure')
    expect(containerStatus(onFailure.pod as never, 'app')?.restartCount).toBeGreaterThanOrEqual(1)
    const never = failing('Never')
    expect([never.pod?.status?.phase, printed(never.pod as never)]).toEqual(['Failed', 'Error'])
  })

  it('graceful deletion: Terminating, Killing, SIGKILL after the grace period for a process ignoring SIGTERM', () => {
    const t = timeline(
      podObject(
        'stubborn',
        { terminationGracePeriodSeconds: 5, containers: [{ name: 'app', image: 'nginx:1.27' }] },
        { 'behavior.podflow.dev/app': 'ignore sigterm' },
      ),
      30_000,
      { deleteAtMs: 10_000, stepMs: 250 },
    )
    expect(t.changes(printed)).toEqual(expect.arrayContaining(['Running', 'Terminating']))
    expect(t.events).toContainEqual(['Killing', 'Stopping container app', 'spec.containers{app}'])
    const terminatingAt = t.firstAt((p) => printed(p) === 'Terminating') ?? 0
    const goneAt = t.samples.find((s) => s.atMs > terminatingAt && s.pod === undefined)?.atMs ?? 0
    // 5 s of grace, then SIGKILL, then the kubelet's final delete.
    expect(goneAt - terminatingAt).toBeGreaterThanOrEqual(5_000)
    expect(goneAt - terminatingAt).toBeLessThan(8_000)
  })
})
