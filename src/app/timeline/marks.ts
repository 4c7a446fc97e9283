/**
 * What one timeline lane draws at a cursor: its STATUS segments clipped to the cursor, and the
 * condition, event and restart ticks that happened by then, each with the line a tooltip reads and
 * what "why?" explains. Pure: the lane component only positions them.
 */
import { type Translate, t } from '../i18n/i18n'
import type { ConditionTick, EventTick, PodTimeline, RestartTick, StatusSegment } from '../model/timeline'
import { formatGap, formatOffset } from './scale'

export type Mark =
  | {
      readonly kind: 'segment'
      readonly fromMs: number
      /** Where it is drawn to: its end, or the cursor if it goes on past it. */
      readonly toMs: number
      /** Its end is known and before the cursor. */
      readonly ended: boolean
      readonly segment: StatusSegment
      readonly tip: string
      /** The revision "why?" explains and the title it gives the state. */
      readonly key: string
      readonly revision: number
      readonly why: string
    }
  | {
      readonly kind: 'condition' | 'event' | 'restart'
      readonly atMs: number
      readonly tick: ConditionTick | EventTick | RestartTick
      readonly tip: string
      readonly key: string
      readonly revision: number
      readonly why: string
    }

const at = (ms: number) => formatOffset(ms)

function segmentTip(s: StatusSegment, toMs: number, ended: boolean, tr: Translate): string {
  return ended
    ? tr('timeline.tip.segment', {
        status: s.status,
        from: at(s.fromMs),
        to: at(toMs),
        gap: formatGap(toMs - s.fromMs),
      })
    : tr('timeline.tip.segmentOpen', { status: s.status, from: at(s.fromMs) })
}

function conditionTip(c: ConditionTick, tr: Translate): string {
  const change = {
    type: c.type,
    previous: c.previous ?? '—',
    status: c.status ?? tr('timeline.removed'),
    time: at(c.atMs),
  }
  if (!c.reason) return tr('timeline.tip.condition', change)
  return tr('timeline.tip.conditionReason', {
    ...change,
    reason: c.message ? `${c.reason}: ${c.message}` : c.reason,
  })
}

function eventTip(e: EventTick, tr: Translate): string {
  const params = { type: e.type, reason: e.reason, time: at(e.atMs), message: e.message }
  return e.count > 1
    ? tr('timeline.tip.eventCount', { ...params, count: e.count })
    : tr('timeline.tip.event', params)
}

function restartTip(r: RestartTick, tr: Translate): string {
  const params = { container: r.container, count: r.restartCount, time: at(r.atMs) }
  let text = tr(r.init ? 'timeline.tip.restartInit' : 'timeline.tip.restart', params)
  if (r.sincePreviousMs !== undefined)
    text = tr('timeline.tip.restartGap', { text, gap: formatGap(r.sincePreviousMs) })
  if (r.exitCode !== undefined)
    text = r.reason
      ? tr('timeline.tip.restartExitReason', { text, code: r.exitCode, reason: r.reason })
      : tr('timeline.tip.restartExit', { text, code: r.exitCode })
  return text
}

/**
 * The marks of `lane` as of `cursorMs`, segments first (drawn under the ticks); their tooltips
 * and "why?" titles in the language of `tr`. The timeline asks for every lane's marks on every
 * frame and reads a tooltip only on hover, so tooltips (and worded titles) are worded when read.
 */
export function laneMarks(lane: PodTimeline, cursorMs: number, tr: Translate = t): Mark[] {
  const out: Mark[] = []
  for (const s of lane.segments) {
    if (s.fromMs > cursorMs) break
    const ended = s.toMs !== undefined && s.toMs <= cursorMs
    const toMs = ended ? (s.toMs as number) : cursorMs
    out.push({
      kind: 'segment',
      fromMs: s.fromMs,
      toMs,
      ended,
      segment: s,
      get tip() {
        return segmentTip(s, toMs, ended, tr)
      },
      key: lane.key,
      revision: s.revision,
      why: s.status,
    })
  }
  for (const c of lane.conditions) {
    if (c.atMs > cursorMs) break
    out.push({
      kind: 'condition',
      atMs: c.atMs,
      tick: c,
      get tip() {
        return conditionTip(c, tr)
      },
      key: lane.key,
      revision: c.revision,
      get why() {
        return `${c.type}=${c.status ?? tr('timeline.removed')}`
      },
    })
  }
  for (const r of lane.restarts) {
    if (r.atMs > cursorMs) break
    out.push({
      kind: 'restart',
      atMs: r.atMs,
      tick: r,
      get tip() {
        return restartTip(r, tr)
      },
      key: lane.key,
      revision: r.revision,
      get why() {
        return tr('timeline.restartWhy', { container: r.container, count: r.restartCount })
      },
    })
  }
  for (const e of lane.events) {
    if (e.atMs > cursorMs) break
    out.push({
      kind: 'event',
      atMs: e.atMs,
      tick: e,
      get tip() {
        return eventTip(e, tr)
      },
      key: e.key,
      revision: e.revision,
      why: `${e.type} ${e.reason}`,
    })
  }
  return out
}

const marksCache = new WeakMap<PodTimeline, { tr: Translate; reached: string; marks: readonly Mark[] }>()

/**
 * laneMarks, the same array for as long as the cursor reaches the same marks of the lane (the
 * timeline asks on every frame; a memoized lane then skips rendering). A segment still open
 * (`ended: false`) keeps the `toMs` of when it was computed: draw it to the cursor.
 */
export function laneMarksAt(lane: PodTimeline, cursorMs: number, tr: Translate = t): readonly Mark[] {
  const reached = reachedBy(lane, cursorMs)
  const cached = marksCache.get(lane)
  if (cached && cached.tr === tr && cached.reached === reached) return cached.marks
  const marks = laneMarks(lane, cursorMs, tr)
  marksCache.set(lane, { tr, reached, marks })
  return marks
}

/** How many of the lane's segments began and ended, and how many ticks happened, by `cursorMs`. */
function reachedBy(lane: PodTimeline, cursorMs: number): string {
  let began = 0
  let ended = 0
  for (const s of lane.segments) {
    if (s.fromMs > cursorMs) break
    began++
    if (s.toMs !== undefined && s.toMs <= cursorMs) ended++
  }
  const upTo = (ticks: readonly { readonly atMs: number }[]) => {
    let n = 0
    while (n < ticks.length && (ticks[n] as { atMs: number }).atMs <= cursorMs) n++
    return n
  }
  return `${began} ${ended} ${upTo(lane.conditions)} ${upTo(lane.restarts)} ${upTo(lane.events)}`
}

/** The lane's STATUS at the cursor (the segment holding then), or undefined before it exists. */
export function statusAt(lane: PodTimeline, cursorMs: number): string | undefined {
  if (lane.deletedAtMs !== undefined && lane.deletedAtMs <= cursorMs) return undefined
  let status: string | undefined
  for (const s of lane.segments) {
    if (s.fromMs > cursorMs) break
    status = s.status
  }
  return status
}
