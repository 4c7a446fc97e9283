/** Play/pause, speed, step by message, scrub over virtual time, jump to the end of activity. */

import { Clock } from './Clock'
import { type Translate, useT } from './i18n/i18n'
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

export const SPEEDS: ReadonlyArray<{ value: number; note?: 'teaching' | 'realTime' }> = [
  { value: 0.01, note: 'teaching' },
  { value: 0.05 },
  { value: 0.25 },
  { value: 1, note: 'realTime' },
  { value: 5 },
  { value: 25 },
]

/** `0.01× (teaching)`, `5×`. */
export function speedLabel(s: (typeof SPEEDS)[number], t: Translate): string {
  if (s.note === 'teaching') return t('playback.speedTeaching', { speed: s.value })
  if (s.note === 'realTime') return t('playback.speedRealTime', { speed: s.value })
  return `${s.value}×`
}

/**
 * The bar re-renders when playback's settings change; what follows the cursor (the scrub and the
 * clock) are components of their own, so a frame of playback does not render the whole bar.
 */
export function PlaybackBar() {
  const playing = useStore((s) => s.playing)
  const speed = useStore((s) => s.speed)
  const skipQuiet = useStore((s) => s.skipQuiet)
  const fastForward = useStore((s) => s.fastForward)
  const t = useT()
  return (
    <div className="playback" data-testid="playback" role="toolbar" aria-label={t('playback.toolbar')}>
      <button
        type="button"
        onClick={() => stepBack()}
        title={t('playback.previousTitle')}
        aria-label={t('playback.previous')}
        data-testid="step-back"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 3h2v10H3zM14 3v10L6 8z" />
        </svg>
      </button>
      <button
        type="button"
        onClick={togglePlay}
        title={playing ? t('playback.pauseTitle') : t('playback.playTitle')}
        aria-label={playing ? t('playback.pause') : t('playback.play')}
        data-testid="play"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d={playing ? 'M4 3h3v10H4zM9 3h3v10H9z' : 'M4 2v12l10-6z'} />
        </svg>
      </button>
      <button
        type="button"
        onClick={() => stepForward()}
        title={t('playback.nextTitle')}
        aria-label={t('playback.next')}
        data-testid="step-forward"
      >
        <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M11 3h2v10h-2zM2 3v10l8-5z" />
        </svg>
      </button>
      <Scrub t={t} />
      <Clock />
      <span
        className="fast-forward"
        data-testid="fast-forward"
        data-active={fastForward}
        title={t('playback.fastForwardTitle')}
        aria-hidden={!fastForward}
      >
        {fastForward && (
          <>
            <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M1 3v10l7-5zM8 3v10l7-5z" />
            </svg>{' '}
            {t('playback.fastForward')}
          </>
        )}
      </span>
      <button type="button" onClick={jumpToEnd} title={t('playback.nowTitle')} data-testid="jump-end">
        {t('playback.now')}
      </button>
      <label className="speed">
        <span className="visually-hidden">{t('playback.speed')}</span>
        <select
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
          data-testid="speed"
          aria-label={t('playback.speed')}
        >
          {SPEEDS.map((s) => (
            <option key={s.value} value={s.value}>
              {speedLabel(s, t)}
            </option>
          ))}
        </select>
      </label>
      <label className="skip-quiet" title={t('playback.skipQuietTitle')}>
        <input
          type="checkbox"
          checked={skipQuiet}
          onChange={(e) => setSkipQuiet(e.target.checked)}
          data-testid="skip-quiet"
        />
        {t('playback.skipQuiet')}
      </label>
    </div>
  )
}

/** Scrub over virtual time: its range follows the trace as it grows, its value the cursor. */
function Scrub({ t }: { readonly t: Translate }) {
  const cursorMs = useStore((s) => s.cursorMs)
  // Re-render when the trace grows so the scrub range follows it.
  useStore((s) => s.messages.length + (s.idleAtMs ?? -1) + s.computedUntilMs)
  const end = Math.max(endOfActivityMs(), useStore.getState().computedUntilMs, cursorMs, 1)
  return (
    <input
      type="range"
      className="scrub"
      min={0}
      max={end}
      step={1}
      value={Math.min(cursorMs, end)}
      onChange={(e) => seek(Number(e.target.value))}
      aria-label={t('playback.scrub')}
      aria-valuetext={t('playback.scrubValue', { seconds: (cursorMs / 1000).toFixed(3) })}
      data-testid="scrub"
    />
  )
}
