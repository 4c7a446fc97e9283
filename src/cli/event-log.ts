/**
 * The CLI's readable event log: one line per Event, in creation order, like `kubectl get events`
 * but with the virtual time at which each was recorded (seconds since the scenario began).
 */
import { formatTable } from '../api/kubectl'
import type { Event } from '../api/types'

export function formatEventLog(events: readonly Event[], startTimeMs: number): string {
  const rows = events.map((e) => [
    time(e, startTimeMs),
    e.type ?? '',
    e.reason ?? '',
    `${(e.involvedObject?.kind ?? '').toLowerCase()}/${e.involvedObject?.name ?? ''}`,
    (e.message ?? '').replace(/\n/g, ' '),
  ])
  return formatTable([['TIME', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'], ...rows])
}

function time(e: Event, startTimeMs: number): string {
  const stamp = e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp
  if (!stamp) return '?'
  const ms = Date.parse(stamp) - startTimeMs
  return `${(ms / 1000).toFixed(3)}s`
}
