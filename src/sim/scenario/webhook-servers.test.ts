import { describe, expect, it } from 'vitest'
import type { KubeObject } from '../../api/types'
import { isWebhookServerDocument, readWebhookServer, readWebhookServers } from './webhook-servers'

const doc = (name: string | undefined, spec: unknown, namespace = 'webhooks'): KubeObject =>
  ({
    apiVersion: 'podflow.dev/v1alpha1',
    kind: 'WebhookServer',
    metadata: { ...(name ? { name } : {}), namespace },
    spec,
  }) as KubeObject

describe('WebhookServer documents', () => {
  it('are recognized by apiVersion and kind', () => {
    expect(isWebhookServerDocument(doc('s', {}))).toBe(true)
    expect(isWebhookServerDocument({ apiVersion: 'v1', kind: 'WebhookServer' })).toBe(false)
  })

  it('read a patching server; the Service defaults to the metadata', () => {
    const patch = [{ op: 'add', path: '/spec/containers/-', value: { name: 'proxy', image: 'envoy' } }]
    expect(readWebhookServer(doc('sidecar-injector', { behavior: { patch } }))).toEqual({
      ok: true,
      server: {
        name: 'sidecar-injector',
        namespace: 'webhooks',
        service: { namespace: 'webhooks', name: 'sidecar-injector' },
        behavior: { type: 'patch', patch },
        delayMs: 0,
      },
    })
  })

  it('read deny (code 403 by default), allow, delay and warnings', () => {
    const r = readWebhookServer(
      doc('policy', {
        service: { namespace: 'infra', name: 'policy-svc' },
        behavior: { deny: { message: 'no latest tags' }, delay: '1.5s', warnings: ['careful'] },
      }),
    )
    expect(r).toEqual({
      ok: true,
      server: {
        name: 'policy',
        namespace: 'webhooks',
        service: { namespace: 'infra', name: 'policy-svc' },
        behavior: { type: 'deny', code: 403, message: 'no latest tags' },
        delayMs: 1500,
        warnings: ['careful'],
      },
    })
    const allow = readWebhookServer(doc('ok', { behavior: { allow: {}, delay: 15 } }))
    expect(allow.ok && allow.server.behavior).toEqual({ type: 'allow' })
    expect(allow.ok && allow.server.delayMs).toBe(15_000)
  })

  it.each([
    [undefined, { behavior: { allow: {} } }, 'a WebhookServer needs metadata.name'],
    ['s', undefined, 'WebhookServer "s": spec.behavior is required'],
    ['s', { behavior: {} }, 'WebhookServer "s": spec.behavior needs exactly one of allow, patch, deny'],
    [
      's',
      { behavior: { allow: {}, deny: {} } },
      'WebhookServer "s": spec.behavior needs exactly one of allow, patch, deny',
    ],
    [
      's',
      { behavior: { patch: [] } },
      'WebhookServer "s": spec.behavior.patch must be a non-empty JSON Patch (a list of operations)',
    ],
    [
      's',
      { behavior: { patch: [{ op: 'merge', path: '/x' }] } },
      'WebhookServer "s": spec.behavior.patch[0] must have op (one of add, remove, replace, move, copy, test) and path',
    ],
    [
      's',
      { behavior: { allow: {}, delay: 'soon' } },
      'WebhookServer "s": spec.behavior.delay must be a duration such as 500ms or 15s',
    ],
    [
      's',
      { behavior: { deny: { code: 'x' } } },
      'WebhookServer "s": spec.behavior.deny.code must be an HTTP status code',
    ],
  ])('%s %j is refused: %s', (name, spec, message) => {
    expect(readWebhookServer(doc(name, spec))).toEqual({ ok: false, message })
  })

  it('refuse two servers behind one Service', () => {
    const r = readWebhookServers([
      doc('a', { service: { name: 'svc' }, behavior: { allow: {} } }),
      doc('b', { service: { name: 'svc' }, behavior: { allow: {} } }),
    ])
    expect(r).toEqual({
      ok: false,
      messages: ['WebhookServer "b": service webhooks/svc is already served by WebhookServer "a"'],
    })
  })
})
