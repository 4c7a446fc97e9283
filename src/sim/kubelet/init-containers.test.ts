/**
 * Init containers and sidecars through the whole cluster (apiserver, scheduler, kubelet,
 * runtime), sampled over time as `kubectl get pod -w` would show them.
 */
import { describe, expect, it } from 'vitest'
import {
  condition,
  containerStatus,
  initStatus,
  podObject,
  printed,
  readyStatus,
  stateOf,
  timeline,
} from './testing/timeline'

describe('an init container (sleep 2) before the app', () => {
  const t = timeline(
    podObject('web', {
      initContainers: [{ name: 'init', image: 'busybox:1.37', command: ['sleep', '2'] }],
      containers: [{ name: 'app', image: 'nginx:1.27' }],
    }),
    20_000,
  )

  it('shows Init:0/1, then PodInitializing, then Running', () => {
    expect(t.changes(printed)).toEqual(['Init:0/1', 'PodInitializing', 'Running'])
    expect(t.pod?.status?.phase).toBe('Running')
  })

  it('the init container waits, runs, completes; the app waits with PodInitializing meanwhile', () => {
    expect(t.changes((p) => [stateOf(initStatus(p, 'init')), stateOf(containerStatus(p, 'app'))])).toEqual([
      ['waiting:PodInitializing', 'waiting:PodInitializing'],
      ['running', 'waiting:PodInitializing'],
      ['terminated:Completed', 'waiting:PodInitializing'],
      ['terminated:Completed', 'running'],
    ])
    expect(initStatus(t.pod as never, 'init')).toMatchObject({ ready: true, started: false, restartCount: 0 })
  })

  it('Initialized is False with the incomplete init containers until init is done', () => {
    expect(
      t.changes((p) => {
        const c = condition(p, 'Initialized')
        return [c?.status, c?.reason, c?.message]
      }),
    ).toEqual([
      ['False', 'ContainersNotInitialized', 'containers with incomplete status: [init]'],
      ['True', undefined, undefined],
    ])
    // The init container ran for 2 s before the app was even created.
    const initDone = t.firstAt((p) => stateOf(initStatus(p, 'init')) === 'terminated:Completed') ?? 0
    const initRunning = t.firstAt((p) => stateOf(initStatus(p, 'init')) === 'running') ?? 0
    expect(initDone - initRunning).toBeGreaterThanOrEqual(1_000)
  })

  it('records the events in order, against spec.initContainers{init} then spec.containers{app}', () => {
    expect(t.events.map(([r, , f]) => `${r} ${f}`)).toEqual([
      'Scheduled ',
      'Pulling spec.initContainers{init}',
      'Pulled spec.initContainers{init}',
      'Created spec.initContainers{init}',
      'Started spec.initContainers{init}',
      'Pulling spec.containers{app}',
      'Pulled spec.containers{app}',
      'Created spec.containers{app}',
      'Started spec.containers{app}',
    ])
    expect(t.events[3]?.[1]).toBe('Created container: init')
    expect(t.events[4]?.[1]).toBe('Started container init')
  })

  it('creates the app container only after the init container exited', () => {
    const exited = t.trace.find((m) => m.summary === 'container init exited with code 0')
    const createApp = t.trace.find((m) => m.summary.startsWith('create container app'))
    expect(exited).toBeDefined()
    expect(createApp?.sentAtMs).toBeGreaterThan(exited?.sentAtMs ?? Number.POSITIVE_INFINITY)
  })
})

describe('two init containers', () => {
  it('run one at a time, in order: Init:0/2, Init:1/2, PodInitializing, Running', () => {
    const t = timeline(
      podObject('two', {
        initContainers: [
          { name: 'first', image: 'busybox:1.37', command: ['sleep', '1'] },
          { name: 'second', image: 'busybox:1.37', command: ['sleep', '1'] },
        ],
        containers: [{ name: 'app', image: 'nginx:1.27' }],
      }),
      20_000,
    )
    expect(t.changes(printed)).toEqual(['Init:0/2', 'Init:1/2', 'PodInitializing', 'Running'])
    const exitFirst = t.trace.find((m) => m.summary === 'container first exited with code 0')
    const createSecond = t.trace.find((m) => m.summary.startsWith('create container second'))
    expect(createSecond?.sentAtMs).toBeGreaterThan(exitFirst?.sentAtMs ?? Number.POSITIVE_INFINITY)
    expect(t.changes((p) => condition(p, 'Initialized')?.message).filter((m) => m !== undefined)).toEqual([
      'containers with incomplete status: [first second]',
      'containers with incomplete status: [second]',
    ])
  })
})

describe('a failing init container', () => {
  const t = timeline(
    podObject('crash', {
      initContainers: [{ name: 'init', image: 'busybox:1.37', command: ['sh', '-c', 'sleep 1; exit 1'] }],
      containers: [{ name: 'app', image: 'nginx:1.27' }],
    }),
    90_000,
  )
  const uid = t.pod?.metadata?.uid

  it('crash-loops: Init:Error and Init:CrashLoopBackOff, the app never created, the pod Pending', () => {
    const shown = t.changes(printed)
    expect(shown.slice(0, 4)).toEqual(['Init:0/1', 'Init:Error', 'Init:0/1', 'Init:Error'])
    expect(shown).toContain('Init:CrashLoopBackOff')
    expect(t.pod?.status?.phase).toBe('Pending')
    expect(stateOf(containerStatus(t.pod as never, 'app'))).toBe('waiting:PodInitializing')
    expect(t.trace.some((m) => m.summary.startsWith('create container app'))).toBe(false)
    expect(condition(t.pod as never, 'Initialized')?.message).toBe(
      'containers with incomplete status: [init]',
    )
  })

  it('backs off 10 s, then 20 s, then 40 s, with the real texts', () => {
    const messages = t
      .changes((p) => initStatus(p, 'init')?.state?.waiting?.message)
      .filter((m): m is string => m !== undefined)
    expect(messages).toEqual([
      `back-off 10s restarting failed container=init pod=crash_default(${uid})`,
      `back-off 20s restarting failed container=init pod=crash_default(${uid})`,
      `back-off 40s restarting failed container=init pod=crash_default(${uid})`,
    ])
    expect(t.events).toContainEqual([
      'BackOff',
      `Back-off restarting failed container init in pod crash_default(${uid})`,
      'spec.initContainers{init}',
    ])
    // Starts: at once after the first failure, then ≥ 10 s, then ≥ 20 s after the exit before.
    const starts = t.trace.filter((m) => m.summary === 'start container init').map((m) => m.sentAtMs)
    const exits = t.trace
      .filter((m) => m.summary === 'container init exited with code 1')
      .map((m) => m.sentAtMs)
    expect(starts.length).toBeGreaterThanOrEqual(4)
    expect((starts[2] ?? 0) - (exits[1] ?? 0)).toBeGreaterThanOrEqual(10_000)
    expect((starts[3] ?? 0) - (exits[2] ?? 0)).toBeGreaterThanOrEqual(20_000)
  })

  it('counts restarts and keeps the last failure', () => {
    const s = initStatus(t.pod as never, 'init')
    expect(s?.restartCount).toBeGreaterThanOrEqual(3)
    expect(s?.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' })
    // Only the newest exited instance is kept in the runtime (pruneInitContainersBeforeStart).
    expect(t.trace.some((m) => m.summary === 'RemoveContainer')).toBe(true)
  })
})

describe('a failing init container with restartPolicy Never', () => {
  it('fails the pod: Failed, Init:Error, the app never created, the sandbox stopped', () => {
    const t = timeline(
      podObject('never', {
        restartPolicy: 'Never',
        initContainers: [{ name: 'init', image: 'busybox:1.37', command: ['sh', '-c', 'exit 3'] }],
        containers: [{ name: 'app', image: 'nginx:1.27' }],
      }),
      20_000,
    )
    const p = t.pod as NonNullable<typeof t.pod>
    expect(p.status?.phase).toBe('Failed')
    expect(printed(p)).toBe('Init:Error')
    expect(initStatus(p, 'init')?.state?.terminated).toMatchObject({ exitCode: 3, reason: 'Error' })
    expect(initStatus(p, 'init')?.restartCount).toBe(0)
    expect(t.trace.some((m) => m.summary.startsWith('create container app'))).toBe(false)
    expect(t.trace.some((m) => m.summary.startsWith('CNI DEL'))).toBe(true)
    expect(condition(p, 'Initialized')).toMatchObject({ status: 'False', reason: 'ContainersNotInitialized' })
  })
})

describe('a sidecar (an init container with restartPolicy Always)', () => {
  const t = timeline(
    podObject(
      'side',
      {
        initContainers: [
          { name: 'proxy', image: 'nginx:1.27', restartPolicy: 'Always' },
          { name: 'migrate', image: 'busybox:1.37', command: ['sleep', '1'] },
        ],
        containers: [{ name: 'app', image: 'busybox:1.37', command: ['sleep', '3600'] }],
      },
      { 'behavior.podflow.dev/proxy': 'exit 1 after 30s' },
    ),
    70_000,
  )

  it('starts before the next init container and the app, and only has to be started', () => {
    const at = (summary: string) => t.trace.find((m) => m.summary.startsWith(summary))?.sentAtMs ?? -1
    expect(at('start container proxy')).toBeLessThan(at('create container migrate'))
    expect(at('create container migrate')).toBeLessThan(at('create container app'))
    // The next init container starts while the sidecar keeps running.
    expect(
      t.trace.some(
        (m) => m.summary.startsWith('container proxy exited') && m.sentAtMs < at('create container app'),
      ),
    ).toBe(false)
  })

  it('keeps running beside the app and counts in READY', () => {
    const shown = t.changes(readyStatus)
    expect(shown.slice(0, 4)).toEqual(['0/2 Init:0/2', '1/2 Init:1/2', '1/2 PodInitializing', '2/2 Running'])
    const at20 = t.samples.find((s) => s.atMs === 20_000)?.pod
    expect(initStatus(at20 as never, 'proxy')).toMatchObject({
      started: true,
      ready: true,
      state: { running: {} },
    })
    expect(condition(at20 as never, 'ContainersReady')?.status).toBe('True')
  })

  it('is restarted with back-off when it exits, while the app keeps running', () => {
    const proxyStarts = t.trace.filter((m) => m.summary === 'start container proxy')
    expect(proxyStarts.length).toBeGreaterThanOrEqual(2)
    const end = t.pod as NonNullable<typeof t.pod>
    expect(initStatus(end, 'proxy')?.restartCount).toBeGreaterThanOrEqual(1)
    expect(containerStatus(end, 'app')).toMatchObject({ restartCount: 0, state: { running: {} } })
    expect(end.status?.phase).toBe('Running')
    expect(condition(end, 'Initialized')?.status).toBe('True')
    // The app container was never stopped.
    expect(t.trace.some((m) => m.summary.startsWith('container app exited'))).toBe(false)
  })
})

describe('sidecars on deletion', () => {
  it('stop after the regular containers, in reverse order', () => {
    const t = timeline(
      podObject('del', {
        initContainers: [
          { name: 'first', image: 'nginx:1.27', restartPolicy: 'Always' },
          { name: 'second', image: 'nginx:1.27', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app', image: 'nginx:1.27', lifecycle: { preStop: { sleep: { seconds: 2 } } } }],
      }),
      30_000,
      { deleteAtMs: 10_000 },
    )
    expect(t.pod).toBeUndefined()
    const sigterm = t.trace.filter((m) => m.summary.startsWith('SIGTERM')).map((m) => m.summary)
    expect(sigterm).toEqual(['SIGTERM app', 'SIGTERM second', 'SIGTERM first'])
    // Every container got its Killing event at once, when the deletion was seen.
    const killing = t.events.filter(([r]) => r === 'Killing').map(([, m, f]) => `${m} ${f}`)
    expect(killing.sort()).toEqual([
      'Stopping container app spec.containers{app}',
      'Stopping container first spec.initContainers{first}',
      'Stopping container second spec.initContainers{second}',
    ])
  })

  it('a Job-like pod (restartPolicy Never) stops its sidecar once the app is done, then Succeeds', () => {
    const t = timeline(
      podObject('job', {
        restartPolicy: 'Never',
        initContainers: [{ name: 'proxy', image: 'nginx:1.27', restartPolicy: 'Always' }],
        containers: [{ name: 'app', image: 'busybox:1.37', command: ['sleep', '3'] }],
      }),
      30_000,
    )
    const p = t.pod as NonNullable<typeof t.pod>
    expect(p.status?.phase).toBe('Succeeded')
    expect(t.events).toContainEqual(['Killing', 'Stopping container proxy', 'spec.initContainers{proxy}'])
    const appExit = t.trace.find((m) => m.summary.startsWith('container app exited'))?.sentAtMs ?? 0
    const proxyTerm = t.trace.find((m) => m.summary === 'SIGTERM proxy')?.sentAtMs ?? 0
    expect(proxyTerm).toBeGreaterThan(appExit)
    expect(t.changes((x) => x.status?.phase)).toEqual(['Pending', 'Running', 'Succeeded'])
  })
})
