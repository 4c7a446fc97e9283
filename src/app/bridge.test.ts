import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MessageView, ObjectRevision, ScenarioInput, WorkerEvent } from '../protocol/messages'
import {
  applyYaml,
  CURSOR_INTERVAL_MS,
  DEFAULT_SCENARIO,
  deleteObject,
  fetchMessage,
  loadScenario,
  onSimulationError,
  READ_AHEAD_DELAY_MS,
  SimulationCancelled,
  setWorkerFactory,
  startSimulation,
  takeQueuedFrames,
} from './bridge'
import { useStore } from './store/store'
import { FakeWorker } from './testing/fake-worker'

let fake: FakeWorker
let created: number

beforeEach(() => {
  useStore.setState(useStore.getInitialState(), true)
  created = 0
  setWorkerFactory(() => {
    created++
    fake = new FakeWorker()
    return fake
  })
})

afterEach(() => {
  setWorkerFactory(undefined)
  vi.useRealTimers()
})

const message = (id: number, sentAtMs: number): MessageView => ({
  id,
  from: 'kubectl',
  to: 'kube-apiserver',
  kind: 'http-request',
  summary: `GET ${id}`,
  sentAtMs,
  deliverAtMs: sentAtMs + 2,
  causeId: null,
  stage: 'submit',
})

const revision = (atMs: number): ObjectRevision => ({
  key: '/registry/pods/default/nginx',
  resource: 'pods',
  namespace: 'default',
  name: 'nginx',
  revision: atMs + 10,
  atMs,
  messageId: 1,
  object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx' } },
})

const reset = (
  generation: number,
  fromMs: number,
  fromMessageId: number,
  requestId?: number,
): Extract<WorkerEvent, { type: 'reset' }> => ({
  type: 'reset',
  generation,
  fromMs,
  fromMessageId,
  nodes: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } }],
  users: [],
  scenario: DEFAULT_SCENARIO,
  ...(requestId !== undefined ? { requestId } : {}),
})

describe('bridge', () => {
  it('starts the worker lazily, once, with a load and the cursor', () => {
    expect(created).toBe(0)
    startSimulation()
    startSimulation()
    expect(created).toBe(1)
    expect(fake.commands.map((c) => c.type)).toEqual(['load', 'cursor'])
    const load = fake.last('load')
    expect(load.scenario).toEqual(DEFAULT_SCENARIO)
    expect(fake.last('cursor')).toEqual({
      type: 'cursor',
      atMs: 0,
      playing: false,
      speed: useStore.getState().speed,
      skipQuiet: true,
    })
  })

  it('feeds resets and frames into the store, ignoring frames of an older generation', async () => {
    const scenario: ScenarioInput = { seed: 7, clusterYaml: '', actions: [] }
    const loaded = loadScenario(scenario)
    const { requestId } = fake.last('load')
    fake.emit(reset(1, -1, 0, requestId))
    await expect(loaded).resolves.toEqual({ type: 'loaded', generation: 1 })
    fake.emit({
      type: 'frame',
      generation: 1,
      messages: [message(1, 0), message(2, 5), message(3, 10)],
      revisions: [revision(-1), revision(6)],
      computedUntilMs: 5000,
      idleAtMs: 12,
    })
    let s = useStore.getState()
    expect(s.generation).toBe(1)
    expect(s.nodes.map((n) => n.metadata?.name)).toEqual(['worker-1'])
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3])
    expect(s.revisions.get('/registry/pods/default/nginx')?.map((r) => r.atMs)).toEqual([-1, 6])
    expect([s.computedUntilMs, s.idleAtMs]).toEqual([5000, 12])

    // A fork at 5 ms: message 2 on and the revision at 6 go; a late frame of generation 1 is dropped.
    fake.emit(reset(2, 5, 2))
    fake.emit({
      type: 'frame',
      generation: 1,
      messages: [message(4, 20)],
      revisions: [],
      computedUntilMs: 9000,
    })
    fake.emit({ type: 'frame', generation: 2, messages: [message(2, 5)], revisions: [], computedUntilMs: 5 })
    s = useStore.getState()
    expect(s.messages.map((m) => m.id)).toEqual([1, 2])
    expect(s.revisions.get('/registry/pods/default/nginx')?.map((r) => r.atMs)).toEqual([-1])
    expect(s.idleAtMs).toBeUndefined()
  })

  it('acknowledges each post once per animation frame; one that came after the frame began, at the next', () => {
    const callbacks: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
    const now = vi.spyOn(performance, 'now')
    try {
      startSimulation()
      fake.emit(reset(1, -1, 0))
      const acks = () => fake.commands.filter((c) => c.type === 'frame-ack').length
      // A frame arriving at 100 ms, taken in by the animation frame that began at 116: acknowledged.
      now.mockReturnValue(100)
      fake.emit({
        type: 'frame',
        generation: 1,
        messages: [message(1, 0)],
        revisions: [],
        computedUntilMs: 5,
      })
      expect(takeQueuedFrames(116).map((f) => f.messages.length)).toEqual([1])
      expect(acks()).toBe(1)
      // One arriving at 120, after the frame that began at 116: taken in now, acknowledged at the next.
      now.mockReturnValue(120)
      fake.emit({
        type: 'frame',
        generation: 1,
        messages: [message(2, 1)],
        revisions: [],
        computedUntilMs: 6,
      })
      expect(takeQueuedFrames(116).map((f) => f.messages.length)).toEqual([1])
      expect(acks()).toBe(1)
      callbacks.at(-1)?.(133)
      expect(acks()).toBe(2)
    } finally {
      now.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it('resolves an apply with its results, or with its parse problems', async () => {
    const applied = applyYaml('kind: Pod', 1500)
    const cmd = fake.last('apply')
    expect(cmd).toMatchObject({ type: 'apply', yaml: 'kind: Pod', atMs: 1500 })
    const results = [
      { kind: 'Pod', namespace: 'default', name: 'nginx', code: 201, action: 'created', line: 1 },
    ]
    fake.emit(reset(2, 1500, 40, cmd.requestId)) // the fork comes first; the answer later
    fake.emit({ type: 'applied', requestId: cmd.requestId, atMs: 1500, results })
    await expect(applied).resolves.toEqual({ type: 'applied', atMs: 1500, results })

    // The answer riding on its fork's reset (one post): handled after it.
    const rode = applyYaml('kind: Pod', 2500)
    const rider = fake.last('apply')
    fake.emit({
      ...reset(3, 2500, 60, rider.requestId),
      followedBy: [{ type: 'applied', requestId: rider.requestId, atMs: 2500, results }],
    })
    await expect(rode).resolves.toEqual({ type: 'applied', atMs: 2500, results })
    expect(useStore.getState().generation).toBe(3)

    const bad = applyYaml('kind: [', 0)
    const problems = [{ line: 1, column: 7, message: 'yaml: line 1: bad' }]
    fake.emit({ type: 'parse-error', requestId: fake.last('apply').requestId, problems })
    await expect(bad).resolves.toEqual({ type: 'parse-error', problems })
  })

  it('sends deletes, and rejects a request the worker failed on', async () => {
    const deleted = deleteObject({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'nginx' }, 9000)
    const cmd = fake.last('delete')
    expect(cmd).toEqual({
      type: 'delete',
      requestId: cmd.requestId,
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name: 'nginx',
      atMs: 9000,
    })
    fake.emit({ type: 'error', requestId: cmd.requestId, message: 'delete failed: nope' })
    await expect(deleted).rejects.toThrow('delete failed: nope')
  })

  it('fetches a message, null when unknown or on failure', async () => {
    const detail = { ...message(3, 10), payload: { method: 'GET' } }
    const one = fetchMessage(3)
    fake.emit({ type: 'message-detail', requestId: fake.last('message').requestId, message: detail })
    await expect(one).resolves.toEqual(detail)
    const unknown = fetchMessage(99)
    fake.emit({ type: 'message-detail', requestId: fake.last('message').requestId, message: null })
    await expect(unknown).resolves.toBeNull()
    const failed = fetchMessage(4)
    fake.emit({ type: 'error', requestId: fake.last('message').requestId, message: 'boom' })
    await expect(failed).resolves.toBeNull()
  })

  it('answers a load with bad YAML with its problems', async () => {
    const loaded = loadScenario({ seed: 1, clusterYaml: 'kind: Pod', actions: [] })
    const problems = [{ line: 1, message: 'cluster: only Node objects …' }]
    fake.emit({ type: 'parse-error', requestId: fake.last('load').requestId as number, problems })
    await expect(loaded).resolves.toEqual({ type: 'parse-error', problems })
  })

  it('cancels an apply still waiting when a new scenario is loaded', async () => {
    const applied = applyYaml('kind: Pod', 0)
    void loadScenario(DEFAULT_SCENARIO)
    await expect(applied).rejects.toBeInstanceOf(SimulationCancelled)
  })

  it('reports errors that answer no request, and a crashed worker', async () => {
    const seen: string[] = []
    const off = onSimulationError((m) => seen.push(m))
    startSimulation()
    fake.emit({ type: 'error', message: 'the simulation failed at 12 ms: boom' })
    const waitingApply = applyYaml('kind: Pod', 0)
    const waitingMessage = fetchMessage(1)
    fake.onerror?.({ message: 'SyntaxError in sim.worker.ts' } as ErrorEvent)
    await expect(waitingApply).rejects.toThrow('the simulation worker crashed (SyntaxError in sim.worker.ts)')
    await expect(waitingMessage).resolves.toBeNull()
    expect(seen).toEqual([
      'the simulation failed at 12 ms: boom',
      'simulation worker error: SyntaxError in sim.worker.ts',
    ])
    off()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    fake.emit({ type: 'error', message: 'later' })
    expect(spy).toHaveBeenCalledWith('later')
    spy.mockRestore()
  })

  it('sends the workload editor’s text to be read ahead once the typing pauses, the newest only', () => {
    vi.useFakeTimers()
    useStore.setState({ workloadYaml: 'kind: Pod' })
    startSimulation()
    const readAheads = () => fake.commands.filter((c) => c.type === 'read-ahead')
    expect(readAheads()).toEqual([])
    // The text the editor starts with.
    vi.advanceTimersByTime(READ_AHEAD_DELAY_MS)
    expect(readAheads()).toEqual([{ type: 'read-ahead', yaml: 'kind: Pod' }])
    // Typing: nothing until it pauses, then the last text.
    for (const text of ['kind: P', 'kind: Pa', 'kind: Pad']) {
      useStore.setState({ workloadYaml: text })
      vi.advanceTimersByTime(READ_AHEAD_DELAY_MS - 1)
    }
    expect(readAheads()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(readAheads().map((c) => c.type === 'read-ahead' && c.yaml)).toEqual(['kind: Pod', 'kind: Pad'])
    // An empty editor has nothing to read.
    useStore.setState({ workloadYaml: '  \n' })
    vi.advanceTimersByTime(READ_AHEAD_DELAY_MS)
    expect(readAheads()).toHaveLength(2)
  })

  it('sends the cursor as playback moves, at most once per interval, the latest state last', () => {
    vi.useFakeTimers()
    startSimulation()
    const cursors = () => fake.commands.filter((c) => c.type === 'cursor')
    expect(cursors()).toHaveLength(1)
    vi.advanceTimersByTime(CURSOR_INTERVAL_MS)
    useStore.setState({ playing: true })
    expect(cursors()).toHaveLength(2)
    for (let t = 1; t <= 20; t++) useStore.setState({ cursorMs: t * 16 })
    useStore.setState({ speed: 4 })
    expect(cursors()).toHaveLength(2)
    vi.advanceTimersByTime(CURSOR_INTERVAL_MS)
    expect(cursors()).toHaveLength(3)
    expect(cursors().at(-1)).toEqual({ type: 'cursor', atMs: 320, playing: true, speed: 4, skipQuiet: true })
    // Turning quiet-skipping off is news for the worker (it stops looking far ahead).
    useStore.setState({ skipQuiet: false })
    vi.advanceTimersByTime(CURSOR_INTERVAL_MS)
    expect(cursors().at(-1)).toMatchObject({ skipQuiet: false })
    useStore.setState({ skipQuiet: true })
    vi.advanceTimersByTime(CURSOR_INTERVAL_MS)
    // Unrelated state changes send nothing.
    useStore.setState({ selectedMessageId: 3 })
    vi.advanceTimersByTime(CURSOR_INTERVAL_MS * 3)
    expect(cursors()).toHaveLength(5)
  })

  it('stops: terminates the worker and settles what waits', async () => {
    startSimulation()
    const waitingLoad = loadScenario(DEFAULT_SCENARIO)
    const w = fake
    setWorkerFactory(undefined)
    expect(w.terminated).toBe(true)
    await expect(waitingLoad).resolves.toEqual({ type: 'error', message: 'the simulation was stopped' })
  })
})
