/**
 * The CLI's readable event log: one line per Event, in creation order, like `kubectl get events`
 * but with the virtual time at which the component recorded it (seconds since the scenario
 * began, to the millisecond; Event timestamps themselves only have whole seconds).
 */
import { formatTable } from '../api/kubectl'
import type { Event } from '../api/types'
import type { HttpRequest } from '../sim/apiserver/http'
import type { Message } from '../sim/kernel/trace'

export function formatEventLog(events: readonly Event[], trace: readonly Message[]): string {
  if (events.length === 0) return 'No events.'
  const recordedAt = recordedAtMs(trace)
  const rows = events.map((e) => {
    const ms = recordedAt.get(e.metadata?.name ?? '')
    return [
      ms === undefined ? '?' : `${(ms / 1000).toFixed(3)}s`,
      e.type ?? '',
      e.reason ?? '',
      `${(e.involvedObject?.kind ?? '').toLowerCase()}/${e.involvedObject?.name ?? ''}`,
      (e.message ?? '').replace(/\n/g, ' '),
    ]
  })
  return formatTable([['TIME', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'], ...rows])
}

/** When each Event was first sent to the apiserver: the POST that created it, by name. */
function recordedAtMs(trace: readonly Message[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const m of trace) {
    if (m.kind !== 'http-request') continue
    const req = m.payload as HttpRequest
    if (req.method !== 'POST' || !req.path.endsWith('/events')) continue
    const name = (req.body as { metadata?: { name?: string } } | undefined)?.metadata?.name
    if (name && !out.has(name)) out.set(name, m.sentAtMs)
  }
  return out
}
