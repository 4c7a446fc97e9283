/**
 * One Pod's lane: its name and STATUS at the cursor (click to focus the Pod), then its track:
 * STATUS segments, condition ticks on top, Event ticks at the bottom, restarts as ↻ with the gap
 * since the previous one (a CrashLoopBackOff's back-off doubling shows as growing gaps).
 */
import { memo } from 'react'
import { statusTone } from '../graph/colors'
import { useT } from '../i18n/i18n'
import type { EventTick, PodTimeline, RestartTick } from '../model/timeline'
import { useStore } from '../store/store'
import type { Mark } from './marks'
import { formatGap, pxOf, type TimeWindow } from './scale'

interface Props {
  readonly lane: PodTimeline
  readonly laneIndex: number
  readonly marks: readonly Mark[]
  /** STATUS at the cursor (statusAt); undefined once deleted. */
  readonly status: string | undefined
  readonly window: TimeWindow
  readonly width: number
}

/**
 * Renders again only when the lane reaches a new mark or STATUS (or the window changes), not as
 * the cursor moves: a segment still open runs to the track's end, and the timeline's one cursor
 * element covers what lies after the cursor (Timeline.tsx).
 */
function TimelineLaneView({ lane, laneIndex, marks, status, window, width }: Props) {
  const focused = useStore((s) => s.focusedPodKey === lane.key)
  const t = useT()
  const x = (ms: number) => pxOf(window, width, ms)
  const inView = (px: number) => px >= -8 && px <= width + 8
  /** How many marks of each kind came before, for the React keys below. */
  const perKind: Record<Mark['kind'], number> = { segment: 0, condition: 0, event: 0, restart: 0 }
  return (
    <div
      className={`tl-lane${focused ? ' focused' : ''}`}
      data-testid="timeline-lane"
      data-pod={lane.name}
      data-namespace={lane.namespace}
      data-status={status ?? 'deleted'}
    >
      <button
        type="button"
        className="tl-label"
        aria-pressed={focused}
        title={`${lane.namespace}/${lane.name}`}
        onPointerDown={(e) => e.stopPropagation()}
        onPointerUp={(e) => e.stopPropagation()}
        onClick={() => useStore.setState({ focusedPodKey: focused ? undefined : lane.key })}
      >
        {/* The space (invisible in the flex layout) keeps the name "nginx Running", not "nginxRunning". */}
        <span className="tl-name">{lane.name}</span>{' '}
        <span className={`tl-status tone-${status ? statusTone(status) : 'done'}`}>
          {status ?? t('common.deleted')}
        </span>
      </button>
      <div className="tl-track" style={{ width }}>
        {marks.map((m, i) => {
          // `id` finds the mark on hover (Timeline.tsx); the React key is the mark's place among
          // its own kind, which stays the same as the cursor reaches more marks. (The marks are
          // grouped by kind: by index alone, every mark after a new segment would take another's
          // element, its class, place and children rewritten.)
          const id = `${laneIndex}:${i}`
          const key = `${m.kind}:${perKind[m.kind]++}`
          if (m.kind === 'segment') {
            const left = Math.max(-2, x(m.fromMs))
            // A segment still open runs on under the cursor's cover (its toMs may be from an
            // earlier frame).
            const right = m.ended ? Math.min(width + 2, x(m.toMs)) : width + 2
            if (right < -2 || left > width + 2) return null
            return (
              <div
                key={key}
                data-mark={id}
                className={`tl-segment tone-${statusTone(m.segment.status)}${m.segment.status === 'Terminating' ? ' terminating' : ''}`}
                style={{ left, width: Math.max(2, right - left) }}
                data-testid="timeline-segment"
                data-status={m.segment.status}
                data-from-ms={m.fromMs}
                data-to-ms={m.ended ? m.toMs : ''}
              >
                {right - left > 70 ? m.segment.status : ''}
              </div>
            )
          }
          const px = x(m.atMs)
          if (!inView(px)) return null
          if (m.kind === 'condition') {
            const c = m.tick as { type: string; status?: string }
            return (
              <div
                key={key}
                data-mark={id}
                className={`tl-tick tl-condition${c.status === 'True' ? ' true' : ''}`}
                style={{ left: px }}
                data-testid="timeline-condition"
                data-type={c.type}
                data-condition-status={c.status ?? ''}
              />
            )
          }
          if (m.kind === 'event') {
            const e = m.tick as EventTick
            return (
              <div
                key={key}
                data-mark={id}
                className={`tl-tick tl-event${e.type === 'Warning' ? ' warning' : ''}`}
                style={{ left: px }}
                data-testid="timeline-event"
                data-reason={e.reason}
                data-type={e.type}
              />
            )
          }
          const r = m.tick as RestartTick
          const gapLeft = r.sincePreviousMs !== undefined ? x(r.atMs - r.sincePreviousMs) : undefined
          return (
            <div key={key} className="tl-restart-wrap">
              {gapLeft !== undefined && px - gapLeft > 34 && (
                <span
                  className="tl-gap"
                  style={{ left: gapLeft, width: px - gapLeft }}
                  data-testid="timeline-restart-gap"
                  data-gap-ms={r.sincePreviousMs}
                >
                  {formatGap(r.sincePreviousMs as number)}
                </span>
              )}
              <div
                data-mark={id}
                className="tl-tick tl-restart"
                style={{ left: px }}
                data-testid="timeline-restart"
                data-restart-count={r.restartCount}
                data-gap-ms={r.sincePreviousMs ?? ''}
              >
                ↻
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}

export const TimelineLane = memo(TimelineLaneView)
