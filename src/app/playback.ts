/**
 * Playback: the cursor moves through virtual time at `speed` virtual ms per wall ms, driven by
 * requestAnimationFrame outside React. Stepping moves the cursor to the previous/next message.
 * Where a message is on screen always follows from the cursor, so pause and scrub are exact.
 */

import type { MessageView } from '../protocol/messages'
import { takeQueuedFrames } from './bridge'
import { pace } from './model/quiet'
import { sentBy } from './model/trace-index'
import { framesPatch, type State, useStore } from './store/store'

let frame: number | undefined
let lastWallMs: number | undefined

/** Where playback ends: the end of activity, or what has been computed if still busy. */
export function endOfActivityMs(): number {
  const s = useStore.getState()
  const lastMessage = s.messages[s.messages.length - 1]
  const lastDelivery = lastMessage ? Math.max(lastMessage.deliverAtMs, lastMessage.sentAtMs) : 0
  return Math.max(s.idleAtMs ?? s.computedUntilMs, lastDelivery)
}

function tick(wallMs: number): void {
  let s = useStore.getState()
  if (!s.playing) {
    frame = undefined
    lastWallMs = undefined
    return
  }
  // The worker's frames received since the last tick go into the same store update as the cursor:
  // one React render per animation frame.
  const frames = takeQueuedFrames(wallMs)
  const patch: Partial<State> = frames.length ? framesPatch(s, frames) : {}
  if (frames.length) s = { ...s, ...patch }
  const dt = lastWallMs === undefined ? 0 : Math.min(wallMs - lastWallMs, 100)
  lastWallMs = wallMs
  // Time keeps passing after the cluster goes quiet (retries and backoffs may still come), but
  // the cursor never runs ahead of what the worker has computed.
  const p = s.skipQuiet
    ? pace(s.messages, s.cursorMs, s.speed, s.maxFlightMs)
    : { speed: s.speed, fastForward: false }
  const next = Math.min(s.cursorMs + dt * p.speed, Math.max(s.computedUntilMs, s.cursorMs))
  if (frames.length || next !== s.cursorMs || p.fastForward !== s.fastForward)
    useStore.setState({ ...patch, cursorMs: next, fastForward: p.fastForward })
  frame = requestAnimationFrame(tick)
}

export function play(): void {
  const s = useStore.getState()
  if (s.playing) return
  useStore.setState({ playing: true })
  if (frame === undefined) frame = requestAnimationFrame(tick)
}

export function pause(): void {
  useStore.setState({ playing: false, fastForward: false })
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
