/**
 * API errors as the apiserver returns them: metav1.Status objects with the real code, reason and
 * message (apimachinery/pkg/api/errors/errors.go).
 */
import type { Status } from './types'

export interface StatusCause {
  readonly reason?: string
  readonly message: string
  readonly field?: string
}

function status(
  code: number,
  reason: string,
  message: string,
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[] },
): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details: details as Status['details'] } : {}),
    code,
  }
}

/** `pods "nginx" not found`; `kind` is the plural resource, optionally qualified by group. */
export const notFound = (resource: string, name: string, group = ''): Status =>
  status(404, 'NotFound', `${qualified(resource, group)} "${name}" not found`, {
    name,
    group,
    kind: resource,
  })

export const alreadyExists = (resource: string, name: string, group = ''): Status =>
  status(409, 'AlreadyExists', `${qualified(resource, group)} "${name}" already exists`, {
    name,
    group,
    kind: resource,
  })

export const conflict = (resource: string, name: string, detail: string, group = ''): Status =>
  status(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualified(resource, group)} "${name}": ${detail}`,
    {
      name,
      group,
      kind: resource,
    },
  )

export const STALE_OBJECT =
  'the object has been modified; please apply your changes to the latest version and try again'

/**
 * A 422 with field errors: `Pod "x" is invalid: [a: Required value, b: …]`. `kind` is the Kind;
 * the message qualifies it with the group as NewInvalid's qualifiedKind.String() does
 * (`Deployment.apps "web" is invalid: …`), while details.kind stays the bare Kind.
 */
export function invalid(kind: string, name: string, causes: readonly FieldError[], group = ''): Status {
  const list = causes.map(formatFieldError)
  const joined = list.length === 1 ? (list[0] as string) : `[${list.join(', ')}]`
  return status(422, 'Invalid', `${qualified(kind, group)} "${name}" is invalid: ${joined}`, {
    name,
    group,
    kind,
    causes: causes.map((c) => ({ reason: c.type, message: formatFieldErrorDetail(c), field: c.field })),
  })
}

/** `pods "x" is forbidden: <detail>` (admission), or the RBAC message when `detail` is the whole text. */
export const forbidden = (resource: string, name: string, detail: string, group = ''): Status =>
  status(403, 'Forbidden', `${qualified(resource, group)} "${name}" is forbidden: ${detail}`, {
    name,
    group,
    kind: resource,
  })

export const forbiddenMessage = (message: string): Status => status(403, 'Forbidden', message)

export const unauthorized = (): Status => status(401, 'Unauthorized', 'Unauthorized')

export const badRequest = (message: string): Status => status(400, 'BadRequest', message)

export const methodNotAllowed = (message: string): Status => status(405, 'MethodNotAllowed', message)

export const gone = (message: string): Status => status(410, 'Expired', message)

/** `413`: a request body over the apiserver's limit (3 MiB for JSON). */
export const requestEntityTooLarge = (message: string): Status =>
  status(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`)

export const internalError = (message: string): Status =>
  status(500, 'InternalError', `Internal error occurred: ${message}`)

function qualified(resource: string, group: string): string {
  return group ? `${resource}.${group}` : resource
}

/** One field.ErrorList entry (apimachinery/pkg/util/validation/field). */
export interface FieldError {
  readonly type:
    | 'FieldValueRequired'
    | 'FieldValueInvalid'
    | 'FieldValueNotSupported'
    | 'FieldValueDuplicate'
    | 'FieldValueForbidden'
    | 'FieldValueTooLong'
    | 'FieldValueNotFound'
  readonly field: string
  readonly badValue?: unknown
  /** The bad value as Go prints it when it is not a scalar (`map[string]string{"app":"web"}`). */
  readonly badValueText?: string
  readonly detail?: string
  /** For NotSupported: the accepted values. */
  readonly supported?: readonly string[]
}

export const required = (field: string, detail?: string): FieldError => ({
  type: 'FieldValueRequired',
  field,
  detail,
})
export const invalidValue = (field: string, badValue: unknown, detail: string): FieldError => ({
  type: 'FieldValueInvalid',
  field,
  badValue,
  detail,
})
export const notSupported = (field: string, badValue: unknown, supported: readonly string[]): FieldError => ({
  type: 'FieldValueNotSupported',
  field,
  badValue,
  supported,
})
export const duplicate = (field: string, badValue: unknown): FieldError => ({
  type: 'FieldValueDuplicate',
  field,
  badValue,
})
/** `field.NotFound`: `spec.containers[0].volumeMounts[0].name: Not found: "data"`. */
export const notFoundField = (field: string, badValue: unknown): FieldError => ({
  type: 'FieldValueNotFound',
  field,
  badValue,
})
export const forbiddenField = (field: string, detail: string): FieldError => ({
  type: 'FieldValueForbidden',
  field,
  detail,
})

const TYPE_TEXT: Record<FieldError['type'], string> = {
  FieldValueRequired: 'Required value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueNotFound: 'Not found',
}

/** `field: Type: "value": detail`, as field.Error.Error() prints it. */
export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${formatFieldErrorDetail(e)}`
}

function formatFieldErrorDetail(e: FieldError): string {
  let s = TYPE_TEXT[e.type]
  if (
    e.type === 'FieldValueInvalid' ||
    e.type === 'FieldValueNotSupported' ||
    e.type === 'FieldValueDuplicate' ||
    e.type === 'FieldValueNotFound'
  ) {
    s += `: ${e.badValueText ?? goValue(e.badValue)}`
  }
  if (e.type === 'FieldValueNotSupported' && e.supported) {
    s += `: supported values: ${e.supported.map((v) => `"${v}"`).join(', ')}`
  } else if (e.detail) {
    s += `: ${e.detail}`
  }
  return s
}

/** Values in field errors print like Go's %#v for strings and %v for numbers. */
function goValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v === null || v === undefined) return 'null'
  return JSON.stringify(v)
}
