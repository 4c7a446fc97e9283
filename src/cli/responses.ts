/**
 * What kubectl prints for each applied object: `pod/nginx created`, or the error the way kubectl
 * reports it (`The Pod "x" is invalid: …` for 422s, `Error from server (Reason): …` otherwise).
 */
import type { ObjectResponse } from '../sim/scenario/result'

export function formatResponse(r: ObjectResponse): string {
  const kind = r.kind.toLowerCase()
  if (!r.status) return `${kind}/${r.name} ${r.action ?? 'created'}`
  const message = r.status.message ?? ''
  if (r.status.reason === 'Invalid') {
    const causes = r.status.details?.causes ?? []
    if (causes.length <= 1) return `The ${message}`
    const head = message.slice(0, message.indexOf(': [') >= 0 ? message.indexOf(': [') : message.length)
    return [`The ${head}: `, ...causes.map((c) => `* ${c.field}: ${c.message}`)].join('\n')
  }
  return `Error from server (${r.status.reason ?? 'Unknown'}): error when creating "STDIN": ${message}`
}
