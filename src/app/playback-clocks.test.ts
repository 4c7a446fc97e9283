import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SCENARIO, setWorkerFactory, startSimulation } from './bridge'
import { makeMessage } from './model/testing'
import { cursorNow, DISPLAY_INTERVAL_MS, onCursorMotion, pause, play, seek, showNow } from './playback'
import { useStore } from './store/store'
import { FakeWorker } from './testing/fake-worker'

/** Animation frames run by hand, each at the wall time given (performance.now()'s clock). */
let callbacks: FrameRequestCallback[] = []
let now: ReturnType<typeof vi.spyOn>
let fake: FakeWorker

function frameAt(wallMs: number): void {
  now.mockReturnValue(wallMs)
  const run = callbacks
  callbacks = []
  for (const cb of run) cb(wallMs)
}

/** The worker posts a frame with one message (sent at `sentAtMs`), arriving at wall time `atWallMs`. */
function post(atWallMs: number, id: number, sentAtMs: number): void {
  now.mockReturnValue(atWallMs)
  fake.emit({
    type: 'frame',
    generation: 1,
    messages: [makeMessage({ id, from: 'kubectl', to: 'kube-apiserver', sentAtMs })],
    revisions: [],
    computedUntilMs: 10_000,
  })
}

beforeEach(() => {
  callbacks = []
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => undefined)
  now = vi.spyOn(performance, 'now').mockReturnValue(0)
  useStore.setState(useStore.getInitialState(), true)
  setWorkerFactory(() => {
    fake = new FakeWorker()
    return fake
  })
  startSimulation()
  fake.emit({
    type: 'reset',
    generation: 1,
    fromMs: 0,
    fromMessageId: 0,
    nodes: [],
    users: [],
    scenario: DEFAULT_SCENARIO,
  })
  // Real time (1 virtual ms per wall ms), everything computed well ahead of the cursor.
  useStore.setState({ speed: 1, skipQuiet: false, computedUntilMs: 10_000, cursorMs: 0 })
})

afterEach(() => {
  pause()
  // The tick pending since the last frame sees playback stopped, and stops asking for frames.
  frameAt(99_999)
  setWorkerFactory(undefined)
  vi.unstubAllGlobals()
  now.mockRestore()
})

/** Play, with the first frame at wall 1000 ms: the cursor starts moving from the next one. */
function startPlaying(): void {
  play()
  frameAt(1000)
}

describe('playback: the moving layer every frame, the store every display interval', () => {
  it('moves the cursor on every frame and the store only at display updates', () => {
    let moved = 0
    const off = onCursorMotion(() => moved++)
    startPlaying()
    for (let i = 1; i <= 5; i++) frameAt(1000 + i * 16)
    // 80 ms of wall time at 1×: the moving layer is there, the store is not yet.
    expect(cursorNow()).toBe(80)
    expect(moved).toBe(5)
    expect(useStore.getState().cursorMs).toBe(0)
    // The frame nearest DISPLAY_INTERVAL_MS after the last update brings the store along.
    frameAt(1000 + 96)
    expect(DISPLAY_INTERVAL_MS - 96).toBeLessThan(8)
    expect(useStore.getState().cursorMs).toBe(96)
    expect(cursorNow()).toBe(96)
    off()
  })

  it("holds the worker's frames for the display update, acknowledging them on every frame", () => {
    startPlaying()
    const acks = () => fake.of('frame-ack').length
    const before = acks()
    post(1005, 1, 3)
    frameAt(1016)
    // Taken in by the worker's count (it may post again), not yet by the store.
    expect(acks()).toBe(before + 1)
    expect(useStore.getState().messages).toEqual([])
    post(1020, 2, 4)
    frameAt(1032)
    expect(acks()).toBe(before + 2)
    expect(useStore.getState().messages).toEqual([])
    // The display update takes both in, with the cursor: one store update.
    let updates = 0
    const off = useStore.subscribe(() => updates++)
    for (const t of [1048, 1064, 1080, 1096]) frameAt(t)
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([1, 2])
    expect(useStore.getState().cursorMs).toBe(96)
    expect(updates).toBe(1)
    off()
  })

  it("takes the worker's frames in at once when the cursor would wait for them (after a fork)", () => {
    useStore.setState({ computedUntilMs: 20 })
    startPlaying()
    frameAt(1016)
    post(1020, 1, 25)
    frameAt(1032)
    expect(cursorNow()).toBe(32)
    expect(useStore.getState().cursorMs).toBe(32)
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([1])
  })

  it('puts the exact cursor and what the worker posted in the store when paused', () => {
    startPlaying()
    frameAt(1016)
    frameAt(1032)
    post(1040, 1, 3)
    expect(useStore.getState().cursorMs).toBe(0)
    pause()
    expect(useStore.getState()).toMatchObject({ playing: false, cursorMs: 32 })
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([1])
    expect(cursorNow()).toBe(32)
  })

  it('brings the store to the cursor at once when asked, and plays on (the console reads the store)', () => {
    startPlaying()
    frameAt(1016)
    post(1020, 1, 3)
    showNow()
    expect(useStore.getState()).toMatchObject({ playing: true, cursorMs: 16 })
    expect(useStore.getState().messages.map((m) => m.id)).toEqual([1])
    frameAt(1032)
    expect(cursorNow()).toBe(32)
  })

  it('catches the store up after anything else stops playback, unless it set a cursor of its own', async () => {
    startPlaying()
    frameAt(1016)
    frameAt(1032)
    useStore.setState({ playing: false })
    await Promise.resolve()
    expect(useStore.getState().cursorMs).toBe(32)

    play()
    frameAt(2000)
    frameAt(2016)
    useStore.setState({ playing: false, cursorMs: 5 })
    await Promise.resolve()
    expect(useStore.getState().cursorMs).toBe(5)
  })

  it('goes on from a seek made while playing', () => {
    startPlaying()
    frameAt(1016)
    seek(500)
    // The moving layer shows the seek at once...
    expect(cursorNow()).toBe(500)
    // ...and playback moves on from it.
    frameAt(1032)
    expect(cursorNow()).toBe(516)
  })
})
