/**
 * What `kubectl apply` prints for each object: `pod/nginx created`, `deployment.apps/web
 * configured`, or the error the way kubectl reports it (cmd/util/helpers.go checkErr):
 *
 * - a 422: `The Pod "x" is invalid: field: message`, built from the Status details (one
 *   `* field: message` line per cause when there are several);
 * - another apiserver error: `Error from server (Reason): error when creating "<file>": …`
 *   (`Error from server: …` when the Status has no reason);
 * - an error kubectl finds itself, before sending anything: `error: …`.
 */
import type { Status } from '../types'

export interface ApplyOutcome {
  readonly kind: string
  /** The kind's API group; absent or empty for the core group. */
  readonly group?: string
  readonly name: string
  readonly action?: string
  readonly status?: Status
  /** A client-side error (nothing was sent), without kubectl's `error: ` prefix. */
  readonly error?: string
}

/** One object's line(s); `file` is the manifest's name as kubectl names it (`STDIN` for `-f -`). */
export function formatApplyResult(r: ApplyOutcome, file = 'STDIN'): string {
  if (r.error !== undefined) return r.error.startsWith('error: ') ? r.error : `error: ${r.error}`
  if (!r.status) return `${resourceName(r)} ${r.action ?? 'created'}`
  if (r.status.reason === 'Invalid') return invalidMessage(r.status)
  // apply.go wraps the apiserver's error with its source (cmdutil.AddSourceToErr).
  const message = `error when creating ${goQuote(file)}: ${r.status.message ?? ''}`
  return r.status.reason
    ? `Error from server (${r.status.reason}): ${message}`
    : `Error from server: ${message}`
}

/** cli-runtime printers/name.go: the lower-cased kind, qualified by its group unless core. */
function resourceName(r: ApplyOutcome): string {
  const kind = r.kind.toLowerCase()
  return r.group ? `${kind}.${r.group}/${r.name}` : `${kind}/${r.name}`
}

/** checkErr's IsInvalid branch: the kind and name of the details, then the causes. */
function invalidMessage(status: Status): string {
  const details = status.details
  if (!details) return 'The request is invalid'
  const head =
    details.kind || details.name
      ? `The ${details.kind ?? ''} ${goQuote(details.name ?? '')} is invalid`
      : 'The request is invalid'
  // statusCausesToAggrError: `field: message`, duplicates skipped.
  const causes = [...new Set((details.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message ?? ''}`))]
  if (causes.length === 0) return head
  if (causes.length === 1) return `${head}: ${causes[0]}`
  return [`${head}: `, ...causes.map((c) => `* ${c}`)].join('\n')
}

/** Go's %q for the plain strings kubectl quotes (names, file paths). */
function goQuote(s: string): string {
  return JSON.stringify(s)
}
