/**
 * The admission.k8s.io/v1 AdmissionReview that kube-apiserver POSTs to an admission webhook and
 * that the webhook sends back (k8s.io/api/admission/v1): the request (uid, kind, resource,
 * operation, user, object) and the response (uid echoed, allowed, status, a base64 JSON Patch).
 */

import type { KubeObject, Status } from '../../api/types'
import { utf8 } from '../../api/utf8'
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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function fromUtf8(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number
    const n = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4
    let c = n === 1 ? b : b & (0xff >> (n + 1))
    for (let k = 1; k < n; k++) c = (c << 6) | ((bytes[i + k] as number) & 63)
    out += String.fromCodePoint(c)
    i += n
  }
  return out
}

/** Standard base64 (with padding) of a string's UTF-8 bytes, as Go's []byte fields marshal. */
export function base64Encode(text: string): string {
  const bytes = utf8(text)
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i] as number, bytes[i + 1], bytes[i + 2]]
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
    out += ALPHABET[(n >> 18) & 63]
    out += ALPHABET[(n >> 12) & 63]
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]
    out += c === undefined ? '=' : ALPHABET[n & 63]
  }
  return out
}

/** The UTF-8 text of standard base64; undefined when it is not base64. */
export function base64Decode(data: string): string | undefined {
  const clean = data.replace(/=+$/, '')
  if (/[^A-Za-z0-9+/]/.test(clean) || clean.length % 4 === 1) return undefined
  const bytes: number[] = []
  let bits = 0
  let acc = 0
  for (const ch of clean) {
    acc = (acc << 6) | ALPHABET.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((acc >> bits) & 0xff)
    }
  }
  return fromUtf8(bytes)
}

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
