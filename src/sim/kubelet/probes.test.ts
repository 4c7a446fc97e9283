/**
 * Probes through the whole cluster: what a readiness, liveness or startup probe sees comes from
 * the container's behaviour annotation; the kubelet's status, events and restarts follow.
 */
import { describe, expect, it } from 'vitest'
import { condition, containerStatus, podObject, readyStatus, timeline } from './testing/timeline'

const http = (path: string, extra: Record<string, unknown> = {}) => ({
  httpGet: { path, port: 80 },
  ...extra,
})

describe('a readiness probe that starts failing', () => {
  // Ready at once, unready from 30 s after start: 3 failures 10 s apart take it out.
  const t = timeline(
    podObject(
      'web',
      {
        containers: [
          { name: 'app', image: 'nginx:1.27', readinessProbe: http('/ready', { periodSeconds: 10 }) },
        ],
      },
      { 'behavior.podflow.dev/app': 'unready after 30s' },
    ),
    90_000,
    { stepMs: 500 },
  )

  it('goes Ready, then NotReady (READY 0/1) while the container keeps Running', () => {
    expect(t.changes(readyStatus)).toEqual([
      '0/1 ContainerCreating',
      '0/1 Running',
      '1/1 Running',
      '0/1 Running',
    ])
    expect(containerStatus(t.pod as never, 'app')?.restartCount).toBe(0)
  })

  it('ContainersReady and Ready turn False with the container named', () => {
    const ready = condition(t.pod as never, 'Ready')
    expect([ready?.status, ready?.reason, ready?.message]).toEqual([
      'False',
      'ContainersNotReady',
      'containers with unready status: [app]',
    ])
  })

  it('records Unhealthy with the real text, and nothing else goes wrong', () => {
    const unhealthy = t.events.filter(([reason]) => reason === 'Unhealthy')
    expect(unhealthy[0]).toEqual([
      'Unhealthy',
      'Readiness probe failed: HTTP probe failed with statuscode: 503',
      'spec.containers{app}',
    ])
    expect(t.events.some(([reason]) => reason === 'Killing')).toBe(false)
  })
})

describe('a liveness probe that fails', () => {
  const t = timeline(
    podObject(
      'web',
      {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            livenessProbe: http('/healthz', { periodSeconds: 5, failureThreshold: 3 }),
          },
        ],
      },
      { 'behavior.podflow.dev/app': 'unhealthy after 20s' },
    ),
    120_000,
    { stepMs: 1000 },
  )

  it('kills the container with the real Killing text, and the kubelet restarts it', () => {
    const killing = t.events.find(([reason]) => reason === 'Killing')
    expect(killing).toEqual([
      'Killing',
      'Container app failed liveness probe, will be restarted',
      'spec.containers{app}',
    ])
    expect(containerStatus(t.pod as never, 'app')?.restartCount).toBeGreaterThanOrEqual(1)
    expect(t.events.filter(([reason]) => reason === 'Unhealthy')[0]?.[1]).toBe(
      'Liveness probe failed: HTTP probe failed with statuscode: 503',
    )
  })

  it('the first kill comes after 3 failures 5 s apart, once unhealthy', () => {
    const started = t.firstAt((p) => containerStatus(p, 'app')?.state?.running !== undefined) ?? 0
    const restarted = t.firstAt((p) => (containerStatus(p, 'app')?.restartCount ?? 0) > 0) ?? 0
    // Unhealthy from 20 s after start; failures at ~20, 25, 30 s; the kill takes nginx's graceful stop.
    expect(restarted - started).toBeGreaterThanOrEqual(29_000)
    expect(restarted - started).toBeLessThan(36_000)
  })
})

describe('a startup probe', () => {
  const t = timeline(
    podObject(
      'slow',
      {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            startupProbe: http('/started', { periodSeconds: 2, failureThreshold: 10 }),
            readinessProbe: http('/ready', { periodSeconds: 5 }),
          },
        ],
      },
      { 'behavior.podflow.dev/app': 'start after 8s' },
    ),
    40_000,
    { stepMs: 500 },
  )

  it('holds the container not started (and not ready) until it answers, then it becomes Ready', () => {
    const app = (p: never) => containerStatus(p, 'app')
    const startedAt = t.firstAt((p) => app(p as never)?.started === true) ?? 0
    const runningAt = t.firstAt((p) => app(p as never)?.state?.running !== undefined) ?? 0
    expect(startedAt - runningAt).toBeGreaterThanOrEqual(8_000)
    expect(condition(t.pod as never, 'Ready')?.status).toBe('True')
    expect(t.events.some(([reason]) => reason === 'Killing')).toBe(false)
  })
})

describe('memory growth to the limit', () => {
  const t = timeline(
    podObject(
      'leaky',
      {
        containers: [{ name: 'app', image: 'nginx:1.27', resources: { limits: { memory: '100Mi' } } }],
      },
      { 'behavior.podflow.dev/app': 'memory 10Mi/s' },
    ),
    30_000,
    { stepMs: 500 },
  )

  it('is OOMKilled (exit 137) after 10 s and restarted', () => {
    const last = containerStatus(t.pod as never, 'app')?.lastState?.terminated
    expect([last?.reason, last?.exitCode]).toEqual(['OOMKilled', 137])
  })
})
