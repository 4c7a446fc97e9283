import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Command, ScenarioInput, WorkerEvent } from '../../protocol/messages'
import { setWorkerFactory, type WorkerLike } from '../bridge'
import { TEMPLATES } from '../editor/templates'
import { useLang } from '../i18n/i18n'
import { useStore } from '../store/store'
import { useTeaching } from '../teaching/teaching-store'
import { encodeShare, type SharedView } from './codec'
import { currentView, makeShareLink } from './current'
import { restoreFromLocation, useShareLink } from './restore'

/** A worker that answers a load with a reset (or refuses a scenario whose cluster says `bad`). */
class FakeWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => void) | null = null
  onerror: ((e: ErrorEvent) => void) | null = null
  readonly commands: Command[] = []
  generation = 0
  postMessage(command: Command): void {
    this.commands.push(structuredClone(command))
    if (command.type !== 'load') return
    const event: WorkerEvent = command.scenario.clusterYaml.includes('bad')
      ? {
          type: 'parse-error',
          requestId: command.requestId as number,
          problems: [{ line: 1, message: 'bad cluster' }],
        }
      : {
          type: 'reset',
          requestId: command.requestId,
          generation: ++this.generation,
          fromMs: -1,
          fromMessageId: 0,
          nodes: [],
          users: ['alice'],
          scenario: command.scenario,
        }
    queueMicrotask(() => this.onmessage?.({ data: structuredClone(event) } as MessageEvent))
  }
  terminate(): void {}
}

let fake: FakeWorker
const NGINX = TEMPLATES[0]?.yaml as string
const SCENARIO: ScenarioInput = {
  seed: 1,
  clusterYaml: '',
  actions: [{ type: 'apply', atMs: 2150, yaml: NGINX }],
}
const VIEW: SharedView = {
  scenario: SCENARIO,
  cursorMs: 9000,
  selectedMessageId: 42,
  focusedPodKey: '/registry/pods/default/nginx',
  dockTab: 'console',
  teaching: true,
  lang: 'zh',
  applyAs: 'alice',
}

beforeEach(() => {
  useStore.setState(useStore.getInitialState(), true)
  useStore.setState({ workloadYaml: 'my own draft' })
  useTeaching.setState({ enabled: false })
  useLang.setState({ lang: 'en' })
  useShareLink.setState({ problem: undefined })
  setWorkerFactory(() => {
    fake = new FakeWorker()
    return fake
  })
})

afterEach(() => setWorkerFactory(undefined))

describe('opening a share link', () => {
  it('loads the scenario and puts the whole view back', async () => {
    expect(await restoreFromLocation(await encodeShare(VIEW))).toBe('restored')
    const load = fake.commands.find((c) => c.type === 'load')
    expect(load?.type === 'load' && load.scenario).toEqual(SCENARIO)
    const s = useStore.getState()
    expect(s).toMatchObject({
      cursorMs: 9000,
      playing: false,
      selectedMessageId: 42,
      focusedPodKey: '/registry/pods/default/nginx',
      dockTab: 'console',
      applyAs: 'alice',
      workloadYaml: NGINX,
    })
    expect(useTeaching.getState().enabled).toBe(true)
    expect(useLang.getState().lang).toBe('zh')
    expect(useShareLink.getState().problem).toBeUndefined()
    // And sharing again gives the same view back.
    expect(currentView()).toMatchObject({ ...VIEW, scenario: SCENARIO })
  })

  it('does nothing without a link, and explains a bad one without loading it', async () => {
    expect(await restoreFromLocation('')).toBe('none')
    expect(await restoreFromLocation('#section')).toBe('none')
    expect(await restoreFromLocation('#s=2.x.y')).toBe('failed')
    expect(useShareLink.getState().problem).toEqual({ reason: 'version-newer', version: 2 })
    expect(useStore.getState().workloadYaml).toBe('my own draft')
  })

  it('explains a scenario the simulation refuses', async () => {
    const link = await encodeShare({ ...VIEW, scenario: { ...SCENARIO, clusterYaml: 'bad' } })
    expect(await restoreFromLocation(link)).toBe('failed')
    expect(useShareLink.getState().problem).toEqual({ reason: 'rejected', message: 'line 1: bad cluster' })
    expect(useStore.getState().workloadYaml).toBe('my own draft')
  })

  it('never writes the saved draft or the remembered language', async () => {
    const setItem = vi.fn()
    vi.stubGlobal('localStorage', { getItem: () => null, setItem, removeItem: setItem })
    try {
      await restoreFromLocation(await encodeShare(VIEW))
      expect(setItem).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('makes a link of what is on screen, paused on a whole millisecond', async () => {
    await restoreFromLocation(await encodeShare(VIEW))
    useStore.setState({ cursorMs: 9000.6, playing: true })
    const link = await makeShareLink('http://127.0.0.1:4173/?x=1#old')
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4173\/\?x=1#s=1\./)
    expect(useStore.getState()).toMatchObject({ cursorMs: 9001, playing: false })
  })
})
