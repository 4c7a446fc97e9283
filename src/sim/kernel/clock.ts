/**
 * Wall-clock views of virtual time. A scenario starts at a fixed instant (its `startTime`), so
 * timestamps in objects are deterministic: creationTimestamp, event times, container startedAt.
 */

import { DEFAULT_START_TIME } from '../../api/time'

/** The default start of every scenario, in the Kubernetes v1.33 era. */
export { DEFAULT_START_TIME }

export function parseStartTime(text: string): number {
  const ms = Date.parse(text)
  if (Number.isNaN(ms))
    throw new Error(`invalid startTime ${JSON.stringify(text)}: want RFC 3339, like ${DEFAULT_START_TIME}`)
  return ms
}

/** The last second formatted: every object written within one virtual second has the same stamp. */
let lastSecond = Number.NaN
let lastSecondText = ''

/** metav1.Time: RFC 3339 to the second, as the apiserver serializes it. */
export function rfc3339(epochMs: number): string {
  const second = Math.floor(epochMs / 1000)
  if (second !== lastSecond) {
    lastSecondText = new Date(second * 1000).toISOString().replace('.000Z', 'Z')
    lastSecond = second
  }
  return lastSecondText
}

/** The last millisecond formatted as MicroTime (Events of one instant share it). */
let lastMicroMs = Number.NaN
let lastMicroText = ''

/** metav1.MicroTime: RFC 3339 with microseconds. */
export function rfc3339Micro(epochMs: number): string {
  if (epochMs !== lastMicroMs) {
    const iso = new Date(epochMs).toISOString() // 2025-05-01T10:00:00.123Z
    lastMicroText = `${iso.slice(0, 23)}000Z`
    lastMicroMs = epochMs
  }
  return lastMicroText
}
