/**
 * What one timeline lane draws at a cursor: its STATUS segments clipped to the cursor, and the
 * condition, event and restart ticks that happened by then, each with the line a tooltip reads and
 * what "why?" explains. Pure: the lane component only positions them.
 */
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

const t = (ms: number) => formatOffset(ms)

function segmentTip(s: StatusSegment, toMs: number, ended: boolean): string {
  const span = ended ? `${t(s.fromMs)} → ${t(toMs)} (${formatGap(toMs - s.fromMs)})` : `since ${t(s.fromMs)}`
  return `${s.status} · ${span}`
}

function conditionTip(c: ConditionTick): string {
  const change = `${c.type}: ${c.previous ?? '—'} → ${c.status ?? 'removed'}`
  const reason = c.reason ? ` (${c.reason}${c.message ? `: ${c.message}` : ''})` : ''
  return `${change}${reason} at ${t(c.atMs)}`
}

function eventTip(e: EventTick): string {
  return `${e.type} ${e.reason}${e.count > 1 ? ` (x${e.count})` : ''} at ${t(e.atMs)}: ${e.message}`
}

function restartTip(r: RestartTick): string {
  const gap =
    r.sincePreviousMs !== undefined ? `, ${formatGap(r.sincePreviousMs)} after the previous restart` : ''
  const exit =
    r.exitCode !== undefined ? `; it had exited with ${r.exitCode}${r.reason ? ` (${r.reason})` : ''}` : ''
  return `${r.init ? 'init container ' : ''}${r.container} restarted (restart ${r.restartCount}) at ${t(r.atMs)}${gap}${exit}`
}

/** The marks of `lane` as of `cursorMs`, segments first (drawn under the ticks). */
export function laneMarks(lane: PodTimeline, cursorMs: number): Mark[] {
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
      tip: segmentTip(s, toMs, ended),
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
      tip: conditionTip(c),
      key: lane.key,
      revision: c.revision,
      why: `${c.type}=${c.status ?? 'removed'}`,
    })
  }
  for (const r of lane.restarts) {
    if (r.atMs > cursorMs) break
    out.push({
      kind: 'restart',
      atMs: r.atMs,
      tick: r,
      tip: restartTip(r),
      key: lane.key,
      revision: r.revision,
      why: `${r.container} restart ${r.restartCount}`,
    })
  }
  for (const e of lane.events) {
    if (e.atMs > cursorMs) break
    out.push({
      kind: 'event',
      atMs: e.atMs,
      tick: e,
      tip: eventTip(e),
      key: e.key,
      revision: e.revision,
      why: `${e.type} ${e.reason}`,
    })
  }
  return out
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
