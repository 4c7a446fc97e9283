/** The timeline's time axis: round-numbered ticks across the visible window, and the cursor's place. */
import { memo } from 'react'
import { useT } from '../i18n/i18n'
import { axisTicks, formatOffset, pxOf, type TimeWindow } from './scale'
import { AxisCursor } from './TimelineCursor'

function TimelineAxisView({ window, width }: { window: TimeWindow; width: number }) {
  const ticks = axisTicks(window, width)
  const t = useT()
  const step = ticks.length > 1 ? (ticks[1] as number) - (ticks[0] as number) : 1_000
  return (
    <div className="tl-axis" aria-hidden="true">
      <div className="tl-axis-label muted">{t('timeline.axis')}</div>
      <div className="tl-axis-track" style={{ width }}>
        {ticks.map((ms) => (
          <span key={ms} className="tl-axis-tick" style={{ left: pxOf(window, width, ms) }}>
            {formatOffset(ms, step)}
          </span>
        ))}
        <AxisCursor window={window} width={width} />
      </div>
    </div>
  )
}

export const TimelineAxis = memo(TimelineAxisView)
