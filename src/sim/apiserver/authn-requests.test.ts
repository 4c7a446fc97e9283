/**
 * Authentication at the apiserver's door: a credential that does not check out is a 401 before
 * anything else runs; no credential at all is the anonymous user (kubeadm keeps anonymous auth on),
 * whom RBAC then refuses with a 403 naming `system:anonymous`.
 */
import { describe, expect, it } from 'vitest'
import { PODS } from '../../api/resources'
import { startApiServer, TestClient } from '../testing/apiserver'

describe('authentication of requests', () => {
  it('an unknown bearer token: 401 Unauthorized, and no authorization step', () => {
    const t = startApiServer()
    const client = new TestClient(t.kernel, 'stranger', { token: 'not-a-token' })
    const r = t.call(client.client.list(PODS, 'default', {}, 'submit'))
    expect(r.ok).toBe(false)
    expect(!r.ok && [r.code, r.status.reason, r.status.message]).toEqual([
      401,
      'Unauthorized',
      'Unauthorized',
    ])
    expect(t.kernel.trace.some((m) => m.kind === 'step' && m.summary.startsWith('authorized'))).toBe(false)
  })

  it('no credential: the anonymous user, refused by RBAC with a 403', () => {
    const t = startApiServer()
    const client = new TestClient(t.kernel, 'nobody', {})
    const r = t.call(client.client.list(PODS, 'default', {}, 'submit'))
    expect(!r.ok && [r.code, r.status.message]).toEqual([
      403,
      'pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"',
    ])
  })
})
