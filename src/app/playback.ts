/**
 * Playback: the cursor moves through virtual time at `speed` virtual ms per wall ms, driven by
 * requestAnimationFrame outside React. Stepping moves the cursor to the previous/next message.
 * Where a message is on screen always follows from the cursor, so pause and scrub are exact.
 *
 * While playing there are two clocks. The moving layer (pills, step captions, pulses) follows the
 * exact cursor on every animation frame (`cursorNow`, `onCursorMotion`); the store's `cursorMs`,
 * which every panel renders from (text, boxes, the timeline), and the worker's frames follow it
 * every DISPLAY_INTERVAL_MS. A store update re-renders and repaints much of the page; the moving
 * layer is a canvas and transforms (the "Fifth pass" of docs/performance.md, in its git history). Whenever playback stops,
 * the store takes the exact cursor, so a paused, stepped or seeked view is exact everywhere.
 */

import type { MessageView } from '../protocol/messages'
import { ackFrames, drainQueuedFrames, hasQueuedFrames, takeQueuedFrames } from './bridge'
import { pace } from './model/quiet'
import { sentBy } from './model/trace-index'
import { type FrameEvent, framesPatch, type State, useStore } from './store/store'

/** How often the store follows the cursor while playing (10 Hz: text and boxes need no more). */
export const DISPLAY_INTERVAL_MS = 100
/** Animation frames come every ~16.7 ms: the display update is due at the frame nearest its time. */
const FRAME_SLACK_MS = 8

let frame: number | undefined
let lastWallMs: number | undefined
let lastDisplayWallMs: number | undefined
/** The exact cursor while playing; undefined when not playing. */
let motionMs: number | undefined
/** The `cursorMs` the last display update wrote: a different one in the store is someone's seek. */
let shownMs: number | undefined
const motionListeners = new Set<() => void>()

/**
 * The cursor as it is now: ahead of the store's `cursorMs` while playing between display updates.
 * What acts at the cursor (an apply, a fault, a share link) and what moves read this.
 */
export function cursorNow(): number {
  const s = useStore.getState()
  return s.playing && motionMs !== undefined && s.cursorMs === shownMs ? motionMs : s.cursorMs
}

/**
 * Bring the store to the cursor as it is now (and take in what the worker posted), without waiting
 * for the next display update: for what reads the store to act as of now (the console's commands).
 */
export function showNow(): void {
  const s = useStore.getState()
  if (!s.playing || motionMs === undefined) return
  display(patchOf(s, drainQueuedFrames()), s.fastForward)
}

/** The store changes that take in `frames` (none for none). */
const patchOf = (s: State, frames: readonly FrameEvent[]): Partial<State> =>
  frames.length ? framesPatch(s, frames) : {}

/** `listener` runs on every animation frame that moved the cursor; returns the unsubscribe. */
export function onCursorMotion(listener: () => void): () => void {
  motionListeners.add(listener)
  return () => motionListeners.delete(listener)
}

/** Where playback ends: the end of activity, or what has been computed if still busy. */
export function endOfActivityMs(): number {
  const s = useStore.getState()
  const lastMessage = s.messages[s.messages.length - 1]
  const lastDelivery = lastMessage ? Math.max(lastMessage.deliverAtMs, lastMessage.sentAtMs) : 0
  return Math.max(s.idleAtMs ?? s.computedUntilMs, lastDelivery)
}

function tick(wallMs: number): void {
  const s = useStore.getState()
  if (!s.playing) {
    frame = undefined
    lastWallMs = undefined
    lastDisplayWallMs = undefined
    return
  }
  // The worker posts once per animation frame as before; what it posted waits for the display update.
  ackFrames(wallMs)
  // A seek while playing (or the first frame): playback goes on from the store's cursor.
  if (motionMs === undefined || s.cursorMs !== shownMs) {
    motionMs = s.cursorMs
    shownMs = s.cursorMs
  }
  const dt = lastWallMs === undefined ? 0 : Math.min(wallMs - lastWallMs, 100)
  lastWallMs = wallMs
  // Time keeps passing after the cluster goes quiet (retries and backoffs may still come), but
  // the cursor never runs ahead of what the store holds of the worker's computation.
  const p = s.skipQuiet
    ? pace(s.messages, motionMs, s.speed, s.maxFlightMs)
    : { speed: s.speed, fastForward: false }
  const before = motionMs
  const target = motionMs + dt * p.speed
  const due =
    lastDisplayWallMs === undefined || wallMs - lastDisplayWallMs >= DISPLAY_INTERVAL_MS - FRAME_SLACK_MS
  // The cursor waiting for what the worker posted (after a fork, say): it comes in now, not at
  // the next display update.
  const waiting = target > s.computedUntilMs && hasQueuedFrames()
  const frames = due || waiting ? takeQueuedFrames(wallMs) : []
  const patch = patchOf(s, frames)
  motionMs = Math.min(target, Math.max(patch.computedUntilMs ?? s.computedUntilMs, motionMs))
  if (due || waiting) {
    lastDisplayWallMs = wallMs
    display(patch, p.fastForward)
  }
  if (motionMs !== before) for (const l of motionListeners) l()
  frame = requestAnimationFrame(tick)
}

/**
 * The store takes the cursor and `patch` (the worker's frames received since the last update,
 * framesPatch) in one update: one React render.
 */
function display(patch: Partial<State>, fastForward: boolean): void {
  const s = useStore.getState()
  const cursorMs = cursorNow()
  if (Object.keys(patch).length === 0 && cursorMs === s.cursorMs && fastForward === s.fastForward) return
  shownMs = cursorMs
  useStore.setState({ ...patch, cursorMs, fastForward })
}

/**
 * Playback stopped (by pause() or by anything that sets `playing: false`): the store takes the
 * exact cursor and what the worker posted, unless the same update set a cursor of its own. After
 * the update that stopped it, not inside it: a store update inside a listener would reach the
 * other listeners out of order.
 */
useStore.subscribe((s, prev) => {
  if (!prev.playing || s.playing) return
  const cursor = s.cursorMs === shownMs ? motionMs : undefined
  motionMs = undefined
  shownMs = undefined
  queueMicrotask(() => {
    const now = useStore.getState()
    if (now.playing) return
    const patch = patchOf(now, drainQueuedFrames())
    // The exact cursor, unless something set one since.
    if (cursor !== undefined && now.cursorMs === s.cursorMs) patch.cursorMs = cursor
    if (Object.keys(patch).length > 0) useStore.setState(patch)
  })
})

export function play(): void {
  const s = useStore.getState()
  if (s.playing) return
  useStore.setState({ playing: true })
  if (frame === undefined) frame = requestAnimationFrame(tick)
}

/** Stop playing, the store at the exact cursor with everything the worker posted. */
export function pause(): void {
  const cursorMs = cursorNow()
  const patch = patchOf(useStore.getState(), drainQueuedFrames())
  useStore.setState({ ...patch, playing: false, fastForward: false, cursorMs })
}

export function togglePlay(): void {
  if (useStore.getState().playing) pause()
  else play()
}

export function seek(atMs: number): void {
  useStore.setState({ cursorMs: Math.max(0, atMs) })
}

export function setSpeed(speed: number): void {
  useStore.setState({ speed })
}

export function setSkipQuiet(skipQuiet: boolean): void {
  useStore.setState({ skipQuiet, ...(skipQuiet ? {} : { fastForward: false }) })
}

/**
 * Where the cursor stands among messages: the index of the selected message when the cursor is at
 * it, else half-way between the last message sent by the cursor and the next one. Many messages
 * share one virtual millisecond, so stepping goes by index, not by time.
 */
function position(): number {
  const s = useStore.getState()
  const selected = s.selectedMessageId
  if (selected !== undefined) {
    const at = s.messages.findIndex((m) => m.id === selected)
    if (at >= 0 && s.messages[at]?.sentAtMs === s.cursorMs) return at
  }
  return sentBy(s.messages, s.cursorMs) - 0.5
}

function select(index: number): void {
  const s = useStore.getState()
  const m = s.messages[index]
  if (m) useStore.setState({ cursorMs: m.sentAtMs, selectedMessageId: m.id })
  else if (index < 0) useStore.setState({ cursorMs: 0, selectedMessageId: undefined })
}

/**
 * What stepping goes through and where it must stop, when a mode wants a say (teaching mode steps
 * through the story's messages only, and stops at a question until it is answered).
 */
export interface StepPolicy {
  /** Messages stepping lands on; others are passed over. */
  readonly include: (m: MessageView) => boolean
  /** Going forward from index `from` to `to`: the index to stop at instead (≤ to), or `to`. */
  readonly stopAt: (from: number, to: number) => number
}

let policy: StepPolicy | undefined

export function setStepPolicy(next: StepPolicy | undefined): void {
  policy = next
}

const included = (m: MessageView | undefined) => m !== undefined && (policy?.include(m) ?? true)

/** Move to the next message, or with `byStage` to the first message of the next stage. */
export function stepForward(byStage = false): void {
  pause()
  const { messages } = useStore.getState()
  const p = position()
  let i = Number.isInteger(p) ? p + 1 : Math.ceil(p)
  while (i < messages.length && !included(messages[i])) i++
  if (byStage && i < messages.length) {
    const stage = messages[Math.max(0, Math.floor(p))]?.stage
    while (i < messages.length && (messages[i]?.stage === stage || !included(messages[i]))) i++
  }
  if (policy && i < messages.length) i = policy.stopAt(Math.floor(p), i)
  if (i < messages.length && i !== p) select(i)
}

/** Move to the previous message, or with `byStage` to the start of this (or the previous) stage. */
export function stepBack(byStage = false): void {
  pause()
  const { messages } = useStore.getState()
  const p = position()
  let i = Number.isInteger(p) ? p - 1 : Math.floor(p)
  while (i >= 0 && !included(messages[i])) i--
  if (byStage && i >= 0) {
    const stage = messages[i]?.stage
    for (let j = i - 1; j >= 0; j--) {
      const m = messages[j]
      if (!included(m)) continue
      if (m?.stage !== stage) break
      i = j
    }
  }
  select(i)
}

export function jumpToEnd(): void {
  pause()
  useStore.setState({ cursorMs: endOfActivityMs() })
}
