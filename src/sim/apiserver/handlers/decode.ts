/**
 * Decoding a request body into an object of the endpoint's kind (handlers/create.go, update.go):
 * the body limit (413), the shape, kind and version (400), quantities that do not parse (400), and
 * the request's field validation (`fieldValidation`: Strict makes an unknown field a 400; Warn,
 * the default, returns it as a warning; Ignore drops nothing and says nothing).
 */
import { apiVersionOf } from '../../../api/resources'
import { badRequest, requestEntityTooLarge } from '../../../api/status'
import { clone, type KubeObject, type Status } from '../../../api/types'
import { shapeProblem } from '../../scenario/field-shapes'
import type { HttpRequest } from '../http'
import type { RequestInfo } from '../request-info'
import {
  decodeProblems,
  jsonBodyBytes,
  MAX_REQUEST_BODY_BYTES,
  strictDecodingError,
  typeOfKind,
} from '../strict-fields'

export type Decoded =
  | { readonly ok: true; readonly object: KubeObject; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly status: Status }

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore'

/** The request's `fieldValidation` (metav1.CreateOptions / UpdateOptions / PatchOptions); Warn by default. */
export function fieldValidation(req: Pick<HttpRequest, 'query'>): FieldValidation {
  const v = req.query?.fieldValidation
  return v === 'Strict' || v === 'Ignore' ? v : 'Warn'
}

/** limitedReadBody: `413 Request entity too large: limit is 3145728`, or undefined. */
export function bodyTooLarge(body: unknown): Status | undefined {
  return jsonBodyBytes(body, MAX_REQUEST_BODY_BYTES) > MAX_REQUEST_BODY_BYTES
    ? requestEntityTooLarge(`limit is ${MAX_REQUEST_BODY_BYTES}`)
    : undefined
}

export function decodeBody(request: Pick<HttpRequest, 'body' | 'query'>, ri: RequestInfo): Decoded {
  const body = request.body
  const info = ri.info
  const tooLarge = bodyTooLarge(body)
  if (tooLarge) return { ok: false, status: tooLarge }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      status: badRequest(
        `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf`,
      ),
    }
  }
  const obj = clone(body as KubeObject)
  const want = apiVersionOf(info)
  if (obj.apiVersion !== undefined && obj.apiVersion !== want) {
    return {
      ok: false,
      status: badRequest(
        `the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`,
      ),
    }
  }
  if (obj.kind !== undefined && obj.kind !== info.kind) {
    return {
      ok: false,
      status: badRequest(
        `${obj.kind} in version "${info.version}" cannot be handled as a ${info.kind}: the kind in the data (${obj.kind}) does not match the expected kind (${info.kind})`,
      ),
    }
  }
  // transformDecodeError: `Pod in version "v1" cannot be handled as a Pod: <decoding error>`.
  const cannotHandle = (detail: string): Decoded => ({
    ok: false,
    status: badRequest(
      `${info.kind} in version "${info.version}" cannot be handled as a ${info.kind}: ${detail}`,
    ),
  })
  const warnings: string[] = []
  // encoding/json, decoding into the kind's Go type: a value of the wrong type ends it.
  const shape = shapeProblem(obj)
  if (shape) return cannotHandle(shape.message)
  const type = typeOfKind(want, info.kind)
  if (type) {
    const problems = decodeProblems(obj, type)
    if (problems.quantityError !== undefined) return cannotHandle(problems.quantityError)
    if (problems.unknown.length) {
      const mode = fieldValidation(request)
      if (mode === 'Strict') return cannotHandle(strictDecodingError(problems.unknown))
      if (mode === 'Warn')
        for (const f of problems.unknown) warnings.push(`unknown field ${JSON.stringify(f)}`)
    }
  }
  obj.apiVersion = want
  obj.kind = info.kind
  const meta = (obj.metadata ??= {})
  if (info.namespaced) {
    if (meta.namespace && ri.namespace && meta.namespace !== ri.namespace) {
      return {
        ok: false,
        status: badRequest(
          'the namespace of the provided object does not match the namespace sent on the request',
        ),
      }
    }
    meta.namespace = ri.namespace || meta.namespace
  } else {
    delete meta.namespace
  }
  return { ok: true, object: obj, warnings }
}
