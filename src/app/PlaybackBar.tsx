/** Play/pause, speed, step by message, scrub over virtual time, jump to the end of activity. */

import { Clock } from './Clock'
import {
  endOfActivityMs,
  jumpToEnd,
  seek,
  setSkipQuiet,
  setSpeed,
  stepBack,
  stepForward,
  togglePlay,
} from './playback'
import { useStore } from './store/store'

export const SPEEDS: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0.01, label: '0.01× (teaching)' },
  { value: 0.05, label: '0.05×' },
  { value: 0.25, label: '0.25×' },
  { value: 1, label: '1× (real time)' },
  { value: 5, label: '5×' },
  { value: 25, label: '25×' },
]

export function PlaybackBar() {
  const cursorMs = useStore((s) => s.cursorMs)
  const playing = useStore((s) => s.playing)
  const speed = useStore((s) => s.speed)
  const skipQuiet = useStore((s) => s.skipQuiet)
  const fastForward = useStore((s) => s.fastForward)
  // Re-render when the trace grows so the scrub range follows it.
  useStore((s) => s.messages.length + (s.idleAtMs ?? -1) + s.computedUntilMs)
  const end = Math.max(endOfActivityMs(), useStore.getState().computedUntilMs, cursorMs, 1)
  return (
    <div className="playback" data-testid="playback" role="toolbar" aria-label="Playback">
      <button
        type="button"
        onClick={() => stepBack()}
        title="Previous message (←)"
        aria-label="Previous message"
        data-testid="step-back"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 3h2v10H3zM14 3v10L6 8z" />
        </svg>
      </button>
      <button
        type="button"
        onClick={togglePlay}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
        aria-label={playing ? 'Pause' : 'Play'}
        data-testid="play"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d={playing ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 2v12l10-6z'} />
        </svg>
      </button>
      <button
        type="button"
        onClick={() => stepForward()}
        title="Next message (→)"
        aria-label="Next message"
        data-testid="step-forward"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M11 3h2v10h-2zM2 3v10l8-5z" />
        </svg>
      </button>
      <input
        type="range"
        className="scrub"
        min={0}
        max={end}
        step={1}
        value={Math.min(cursorMs, end)}
        onChange={(e) => seek(Number(e.target.value))}
        aria-label="Virtual time"
        aria-valuetext={`${(cursorMs / 1000).toFixed(3)} seconds`}
        data-testid="scrub"
      />
      <Clock />
      <span
        className="fast-forward"
        data-testid="fast-forward"
        data-active={fastForward}
        title="Only routine upkeep until the next message: crossing the wait fast. The clock shows the real time."
        aria-hidden={!fastForward}
      >
        {fastForward && (
          <>
            <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M1 3v10l7-5zM8 3v10l7-5z" />
            </svg>{' '}
            skipping quiet time
          </>
        )}
      </span>
      <button
        type="button"
        onClick={jumpToEnd}
        title="Jump to the end of activity (End)"
        data-testid="jump-end"
      >
        Now
      </button>
      <label className="speed">
        <span className="visually-hidden">Speed</span>
        <select
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
          data-testid="speed"
          aria-label="Speed"
        >
          {SPEEDS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="skip-quiet" title="Cross long waits (back-offs, eviction timeouts) fast">
        <input
          type="checkbox"
          checked={skipQuiet}
          onChange={(e) => setSkipQuiet(e.target.checked)}
          data-testid="skip-quiet"
        />
        Skip quiet
      </label>
    </div>
  )
}
