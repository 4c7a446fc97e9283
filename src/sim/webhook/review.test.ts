import { describe, expect, it } from 'vitest'
import type { JsonPatchOp } from '../apiserver/patch'
import { base64Decode, base64Encode, decodePatch, encodePatch } from './review'
import { reviewResponse, type WebhookServerSpec } from './server'

const server = (behavior: WebhookServerSpec['behavior']): WebhookServerSpec => ({
  name: 's',
  namespace: 'webhooks',
  service: { namespace: 'webhooks', name: 's' },
  behavior,
  delayMs: 0,
})

describe('AdmissionReview encoding', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['[{"op":"add"}]', 'W3sib3AiOiJhZGQifV0='],
    ['é✓😀', 'w6ninJPwn5iA'],
  ])('base64 of %j is %s, and back', (text, b64) => {
    expect(base64Encode(text)).toBe(b64)
    expect(base64Decode(b64)).toBe(text)
  })

  it('refuses what is not base64', () => {
    expect(base64Decode('not base64!')).toBeUndefined()
    expect(decodePatch('@@@')).toBeInstanceOf(Error)
    expect(decodePatch(base64Encode('{"op":"add"}'))).toBeInstanceOf(Error)
  })

  it('round-trips a JSON Patch through the response', () => {
    const patch: JsonPatchOp[] = [
      { op: 'add', path: '/spec/containers/-', value: { name: 'proxy', image: 'envoyproxy/envoy:v1.31.0' } },
      { op: 'add', path: '/metadata/labels/injected', value: 'true' },
    ]
    const r = reviewResponse(server({ type: 'patch', patch }), 'uid-1')
    expect(r).toMatchObject({ uid: 'uid-1', allowed: true, patchType: 'JSONPatch' })
    expect(r.patch).toBe(encodePatch(patch))
    expect(decodePatch(r.patch as string)).toEqual(patch)
  })

  it('answers allow and deny with the uid echoed', () => {
    expect(reviewResponse(server({ type: 'allow' }), 'u')).toEqual({ uid: 'u', allowed: true })
    expect(reviewResponse(server({ type: 'deny', message: 'no', code: 403 }), 'u')).toEqual({
      uid: 'u',
      allowed: false,
      status: { code: 403, message: 'no' },
    })
  })
})
