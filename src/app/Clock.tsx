/**
 * The playback clock: the cursor's virtual time. Click it (or focus it and press Enter) to type a
 * time and go there: `12.5` (seconds), `850ms`, `1m30s`, as Go writes durations.
 */
import { type KeyboardEvent, useState } from 'react'
import { parseDuration } from '../api/parse-duration'
import { useT } from './i18n/i18n'
import { pause, seek } from './playback'
import { useStore } from './store/store'

/** A typed time in ms: a bare number is seconds; otherwise a Go duration. Undefined if neither. */
export function parseClock(text: string): number | undefined {
  const t = text.trim().replace(/\s+/g, '')
  if (/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return Math.round(Number(t) * 1000)
  return parseDuration(t)
}

export function Clock() {
  const cursorMs = useStore((s) => s.cursorMs)
  const [editing, setEditing] = useState<string | undefined>()
  const [invalid, setInvalid] = useState(false)
  const t = useT()
  const shown = `${(cursorMs / 1000).toFixed(3)} s`
  if (editing === undefined) {
    return (
      <button
        type="button"
        className="clock"
        data-testid="clock"
        title={t('playback.clockTitle')}
        aria-label={t('playback.clockLabel', { time: shown })}
        onClick={() => {
          pause()
          setEditing((useStore.getState().cursorMs / 1000).toFixed(3))
          setInvalid(false)
        }}
      >
        {shown}
      </button>
    )
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setEditing(undefined)
    if (e.key !== 'Enter') return
    const ms = parseClock(editing)
    if (ms === undefined) {
      setInvalid(true)
      return
    }
    seek(ms)
    setEditing(undefined)
  }
  return (
    <input
      className="clock clock-input"
      data-testid="clock-input"
      aria-label={t('playback.clockInput')}
      aria-invalid={invalid}
      // biome-ignore lint/a11y/noAutofocus: the user just asked to type a time here
      autoFocus
      value={editing}
      onChange={(e) => {
        setEditing(e.target.value)
        setInvalid(false)
      }}
      onKeyDown={onKeyDown}
      onBlur={() => setEditing(undefined)}
    />
  )
}
