/**
 * The admission.k8s.io/v1 AdmissionReview that kube-apiserver POSTs to an admission webhook and
 * that the webhook sends back (k8s.io/api/admission/v1): the request (uid, kind, resource,
 * operation, user, object) and the response (uid echoed, allowed, status, a base64 JSON Patch).
 */

import { base64Decode, base64Encode } from '../../api/base64'
import type { KubeObject, Status } from '../../api/types'
import type { JsonPatchOp } from '../apiserver/patch'

export const ADMISSION_REVIEW_API_VERSION = 'admission.k8s.io/v1'

export interface GroupVersionKind {
  readonly group: string
  readonly version: string
  readonly kind: string
}

export interface GroupVersionResource {
  readonly group: string
  readonly version: string
  readonly resource: string
}

export interface AdmissionRequest {
  readonly uid: string
  readonly kind: GroupVersionKind
  readonly resource: GroupVersionResource
  readonly subResource?: string
  readonly requestKind: GroupVersionKind
  readonly requestResource: GroupVersionResource
  readonly requestSubResource?: string
  /** Empty on a CREATE whose object has only a generateName. */
  readonly name?: string
  readonly namespace?: string
  readonly operation: 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT'
  readonly userInfo: { readonly username: string; readonly groups: readonly string[] }
  readonly object?: KubeObject
  readonly oldObject?: KubeObject
  readonly dryRun: boolean
  readonly options?: KubeObject
}

export interface AdmissionResponse {
  readonly uid: string
  readonly allowed: boolean
  /** Why a request was denied: message, reason, code (upstream sanitizes it; see errors.ts). */
  readonly status?: Partial<Pick<Status, 'code' | 'message' | 'reason' | 'status'>>
  /** base64 of the JSON Patch (RFC 6902) array. */
  readonly patch?: string
  readonly patchType?: 'JSONPatch'
  readonly auditAnnotations?: Readonly<Record<string, string>>
  readonly warnings?: readonly string[]
}

export interface AdmissionReview {
  readonly apiVersion: typeof ADMISSION_REVIEW_API_VERSION
  readonly kind: 'AdmissionReview'
  readonly request?: AdmissionRequest
  readonly response?: AdmissionResponse
}

export { base64Decode, base64Encode }

export function encodePatch(patch: readonly JsonPatchOp[]): string {
  return base64Encode(JSON.stringify(patch))
}

/** A response's patch as JSON Patch operations; an Error when it does not decode. */
export function decodePatch(patch: string): JsonPatchOp[] | Error {
  const text = base64Decode(patch)
  if (text === undefined) return new Error('illegal base64 data')
  try {
    const ops = JSON.parse(text) as unknown
    if (!Array.isArray(ops))
      return new Error('json: cannot unmarshal object into Go value of type jsonpatch.Patch')
    return ops as JsonPatchOp[]
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e))
  }
}
