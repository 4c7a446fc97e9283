/** The timeline's time axis: round-numbered ticks across the visible window, and the cursor's place. */
import { memo } from 'react'
import { useT } from '../i18n/i18n'
import { axisTicks, formatOffset, pxOf, type TimeWindow } from './scale'

function TimelineAxisView({
  window,
  width,
  cursorMs,
}: {
  window: TimeWindow
  width: number
  cursorMs: number
}) {
  const ticks = axisTicks(window, width)
  const t = useT()
  const step = ticks.length > 1 ? (ticks[1] as number) - (ticks[0] as number) : 1_000
  const cursorX = pxOf(window, width, cursorMs)
  return (
    <div className="tl-axis" aria-hidden="true">
      <div className="tl-axis-label muted">{t('timeline.axis')}</div>
      <div className="tl-axis-track" style={{ width }}>
        {ticks.map((ms) => (
          <span key={ms} className="tl-axis-tick" style={{ left: pxOf(window, width, ms) }}>
            {formatOffset(ms, step)}
          </span>
        ))}
        {cursorX >= 0 && cursorX <= width && (
          <span className="tl-axis-cursor" style={{ left: cursorX }} data-testid="timeline-cursor">
            {formatOffset(cursorMs, 1)}
          </span>
        )}
      </div>
    </div>
  )
}

export const TimelineAxis = memo(TimelineAxisView)
