/**
 * Decoding a request body into an object of the endpoint's kind, with the apiserver's 400 errors
 * when it is not one.
 */
import { apiVersionOf } from '../../../api/resources'
import { badRequest } from '../../../api/status'
import { clone, type KubeObject, type Status } from '../../../api/types'
import type { RequestInfo } from '../request-info'

export type Decoded =
  | { readonly ok: true; readonly object: KubeObject }
  | { readonly ok: false; readonly status: Status }

export function decodeBody(body: unknown, ri: RequestInfo): Decoded {
  const info = ri.info
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
  return { ok: true, object: obj }
}
