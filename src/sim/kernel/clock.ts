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

/** metav1.Time: RFC 3339 to the second, as the apiserver serializes it. */
export function rfc3339(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

/** metav1.MicroTime: RFC 3339 with microseconds. */
export function rfc3339Micro(epochMs: number): string {
  const iso = new Date(epochMs).toISOString() // 2025-05-01T10:00:00.123Z
  return `${iso.slice(0, 23)}000Z`
}
