/**
 * What `kubectl apply` prints for each object: `pod/nginx created`, `deployment.apps/web
 * configured`, or the error the way kubectl v1.33 reports it (cmd/util/helpers.go checkErr and
 * StandardErrorMessage; apply.go wraps each apiserver error with its source, AddSourceToErr):
 *
 * - a 422 when it is the only error of the apply: `The Pod "x" is invalid: field: message`, built
 *   from the Status details (one `* field: message` line per cause when there are several;
 *   `The request is invalid` when the details name no kind and no name, as for a patch);
 * - a 401: `error: You must be logged in to the server (<message>)`;
 * - another apiserver error, or a 422 among several errors (kubectl then prints an aggregate, each
 *   error by StandardErrorMessage): `Error from server (Reason): error when creating "<file>": …`
 *   (`Error from server: …` without a reason); a failed GET reads `error when retrieving current
 *   configuration of:` and a failed PATCH `error when applying patch:`, with the resource;
 * - an error kubectl finds itself, before sending anything: `error: …`;
 * - a request that got no answer (a lost connection, Status code 0): `error: error when creating
 *   "<file>": Post "https://…": http2: client connection lost`.
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
  readonly namespace?: string
  /** The GET or PATCH that failed, when it was not the create. */
  readonly failedRequest?: {
    readonly verb: 'get' | 'patch'
    readonly resource: string
    readonly version: string
    readonly patch?: string
  }
}

export interface FormatOptions {
  /**
   * Whether this is the apply's only error (the default): kubectl unwraps an aggregate of one,
   * and only then prints a 422 as `The Pod "x" is invalid: …`.
   */
  readonly onlyError?: boolean
}

/** One object's line(s); `file` is the manifest's name as kubectl names it (`STDIN` for `-f -`). */
export function formatApplyResult(r: ApplyOutcome, file = 'STDIN', options: FormatOptions = {}): string {
  if (r.error !== undefined) return r.error.startsWith('error: ') ? r.error : `error: ${r.error}`
  if (!r.status) return `${resourceName(r)} ${r.action ?? 'created'}`
  if (r.status.reason === 'Invalid' && (options.onlyError ?? true)) return invalidMessage(r.status)
  // apply.go wraps the apiserver's error with its source (cmdutil.AddSourceToErr).
  const message = `error when ${verbText(r)} ${goQuote(file)}: ${r.status.message ?? ''}`
  // Code 0: no HTTP answer at all (a lost connection). client-go's error is a Go error, not a
  // Status, so AddSourceToErr wraps it with fmt.Errorf and checkErr prints it after `error: `.
  if (r.status.code === 0) return `error: ${message}`
  if (r.status.reason === 'Unauthorized') return `error: You must be logged in to the server (${message})`
  return r.status.reason
    ? `Error from server (${r.status.reason}): ${message}`
    : `Error from server: ${message}`
}

/** AddSourceToErr's verb: what apply.go says it was doing. */
function verbText(r: ApplyOutcome): string {
  const f = r.failedRequest
  if (!f) return 'creating'
  const info = infoText(r, f.resource, f.version)
  return f.verb === 'get'
    ? `retrieving current configuration of:\n${info}\nfrom server for:`
    : `applying patch:\n${f.patch ?? ''}\nto:\n${info}\nfor:`
}

/** resource.Info.String(): `Resource: "/v1, Resource=pods", GroupVersionKind: "/v1, Kind=Pod"` and the name. */
function infoText(r: ApplyOutcome, resource: string, version: string): string {
  const gv = `${r.group ?? ''}/${version}`
  return `Resource: ${goQuote(`${gv}, Resource=${resource}`)}, GroupVersionKind: ${goQuote(`${gv}, Kind=${r.kind}`)}\nName: ${goQuote(r.name)}, Namespace: ${goQuote(r.namespace ?? '')}`
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
