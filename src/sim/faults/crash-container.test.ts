/** crash-container: the running container's process exits; the kubelet applies restartPolicy. */
import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import type { FaultAction } from './fault'
import { apply, containerHistory, eventsOf, POD, podNamed, runScenario } from './testing/run'

const UNTIL = 90_000
const CRASH_AT = 10_000

const crash = (atMs: number, extra: Partial<FaultAction> = {}): FaultAction =>
  ({
    type: 'crash-container',
    atMs,
    namespace: 'default',
    pod: 'web',
    container: 'nginx',
    ...extra,
  }) as FaultAction

const withPolicy = (restartPolicy: string): KubeObject =>
  ({ ...POD, spec: { ...(POD as { spec: object }).spec, restartPolicy } }) as KubeObject

describe('crash-container, restartPolicy Always', () => {
  const r = runScenario([apply(0, POD), crash(CRASH_AT)], UNTIL)

  it('the container exits with code 1, is restarted at once, and runs again', () => {
    const history = containerHistory(r.cluster, 'web')
    const crashed = history.findIndex((h) => h.state === 'terminated Error 1')
    expect(crashed).toBeGreaterThan(0)
    expect(history[crashed - 1]).toMatchObject({ state: 'running', restarts: 0 })
    expect(history.at(-1)).toMatchObject({ state: 'running', restarts: 1 })
    const status = podNamed(r, 'web').status?.containerStatuses?.[0]
    expect(status?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' })
    expect(podNamed(r, 'web').status?.phase).toBe('Running')
  })

  it('the runtime’s exit is caused by a root fault step; the output names the container', () => {
    const step = r.trace.find((m) => m.stage === 'fault')
    expect(step).toMatchObject({ sentAtMs: CRASH_AT, causeId: null })
    const exit = r.trace.find((m) => m.summary === 'container nginx exited with code 1')
    expect(exit?.causeId).toBe(step?.id)
    const [line] = r.cluster.faultResults[0]?.output ?? []
    expect(line?.stream).toBe('stdout')
    expect(line?.text).toMatch(
      /^fault: container "nginx" of pod default\/web on worker-\d \(containerd:\/\/[0-9a-f]{13}\) exited with code 1$/,
    )
  })

  it('a second crash within the back-off is CrashLoopBackOff', () => {
    const twice = runScenario([apply(0, POD), crash(CRASH_AT), crash(CRASH_AT + 2_000)], UNTIL)
    const states = containerHistory(twice.cluster, 'web').map((h) => h.state)
    expect(
      states.some((s) =>
        s.startsWith('CrashLoopBackOff: back-off 10s restarting failed container=nginx pod=web_default('),
      ),
    ).toBe(true)
    expect(eventsOf(twice, 'BackOff').map((e) => e.message)[0]).toMatch(
      /^Back-off restarting failed container nginx in pod web_default\(/,
    )
    expect(podNamed(twice, 'web').status?.containerStatuses?.[0]?.restartCount).toBe(2)
  })
})

describe('crash-container, restartPolicy Never', () => {
  it('the container stays terminated and the Pod fails', () => {
    const r = runScenario([apply(0, withPolicy('Never')), crash(CRASH_AT, { exitCode: 137 })], UNTIL)
    const status = podNamed(r, 'web').status
    expect(status?.phase).toBe('Failed')
    expect(status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({
      exitCode: 137,
      reason: 'Error',
    })
    expect(status?.containerStatuses?.[0]?.restartCount).toBe(0)
  })
})

describe('crash-container that finds nothing', () => {
  it('changes nothing and says why on stderr', () => {
    const r = runScenario([apply(0, POD), crash(CRASH_AT, { container: 'sidecar' })], UNTIL)
    expect(r.cluster.faultResults[0]?.output).toEqual([
      {
        stream: 'stderr',
        text: 'fault: no running container "sidecar" of pod default/web at 10s: nothing crashed',
      },
    ])
    expect(r.trace.some((m) => m.stage === 'fault')).toBe(false)
  })
})
