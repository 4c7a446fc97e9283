import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScenarioInput } from '../protocol/messages'
import { applyYaml, restartSimulation, setWorkerFactory, startSimulation } from './bridge'
import { useWorkerHealth } from './health/worker-health'
import { useStore } from './store/store'
import { FakeWorker } from './testing/fake-worker'

let workers: FakeWorker[]
const current = () => workers.at(-1) as FakeWorker

/** The scenario the store holds once the worker accepted two applies. */
const accepted: ScenarioInput = {
  seed: 7,
  clusterYaml: 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n',
  actions: [
    { type: 'apply', atMs: 0, yaml: 'kind: Pod' },
    { type: 'apply', atMs: 900, yaml: 'kind: Deployment' },
  ],
} as ScenarioInput

beforeEach(() => {
  vi.useFakeTimers()
  useStore.setState(useStore.getInitialState(), true)
  useWorkerHealth.setState({ failure: undefined })
  workers = []
  setWorkerFactory(() => {
    const w = new FakeWorker()
    workers.push(w)
    return w
  })
  startSimulation()
  current().emit({
    type: 'reset',
    generation: 3,
    fromMs: -1,
    fromMessageId: 0,
    nodes: [],
    users: [],
    scenario: accepted,
  })
  useStore.setState({ cursorMs: 1234, workloadYaml: 'what the user typed' })
})

afterEach(() => {
  setWorkerFactory(undefined)
  vi.useRealTimers()
})

describe('bridge: a worker that crashes or hangs', () => {
  it('after a crash: a new worker loads the last accepted scenario, the cursor and the editor stay', async () => {
    const applying = applyYaml('kind: Service', 1234)
    const old = current()
    old.crash('boom')
    expect(old.terminated).toBe(true)
    expect(workers).toHaveLength(2)
    // The restart replays what the worker had accepted, not the apply in flight (it may be what broke it).
    expect(current().last('load').scenario).toEqual(accepted)
    expect(current().last('cursor').atMs).toBe(1234)
    await expect(applying).rejects.toThrow('the simulation worker crashed (boom)')
    expect(useWorkerHealth.getState().failure).toEqual({ cause: 'crash', detail: 'boom', restarted: true })
    expect(useStore.getState().workloadYaml).toBe('what the user typed')
  })

  it('pings the worker once it has posted, and replaces one that leaves a ping unanswered for 20 s', () => {
    const old = current()
    vi.advanceTimersByTime(2000)
    expect(old.of('ping')).toHaveLength(1)
    old.emit({ type: 'pong', requestId: old.last('ping').requestId })
    // Answered: the next tick pings again, and 20 s later it is still the same worker.
    vi.advanceTimersByTime(2000)
    expect(old.of('ping')).toHaveLength(2)
    old.emit({ type: 'pong', requestId: old.last('ping').requestId })
    vi.advanceTimersByTime(2000)
    // Now it stops answering.
    vi.advanceTimersByTime(19_999)
    expect(workers).toHaveLength(1)
    vi.advanceTimersByTime(2000)
    expect(old.terminated).toBe(true)
    expect(workers).toHaveLength(2)
    expect(current().last('load').scenario).toEqual(accepted)
    expect(useWorkerHealth.getState().failure).toMatchObject({ cause: 'hang', restarted: true })
  })

  it('ignores an error from a worker it already replaced', () => {
    const old = current()
    old.crash('first')
    old.crash('again, late')
    expect(workers).toHaveLength(2)
  })

  it('gives up after failing again and again, until the user restarts it', () => {
    for (let i = 0; i < 3; i++) current().crash(`crash ${i}`)
    expect(workers).toHaveLength(4)
    current().crash('fourth within a minute')
    expect(workers).toHaveLength(4)
    expect(useWorkerHealth.getState().failure).toMatchObject({ cause: 'crash', restarted: false })
    restartSimulation()
    expect(workers).toHaveLength(5)
    expect(current().last('load').scenario).toEqual(accepted)
  })
})
