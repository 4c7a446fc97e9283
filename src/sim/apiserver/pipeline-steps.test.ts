import { describe, expect, it } from 'vitest'
import { PODS } from '../../api/resources'
import { Authenticator } from './authn'
import type { Decision } from './authz/authorizer'
import { authenticationStep, authorizationStep } from './pipeline-steps'
import type { RequestInfo } from './request-info'

const info = (over: Partial<RequestInfo> = {}): RequestInfo => ({
  verb: 'create',
  apiGroup: '',
  apiVersion: 'v1',
  resource: 'pods',
  subresource: '',
  namespace: 'default',
  name: '',
  info: PODS,
  ...over,
})

describe('pipeline steps', () => {
  it('are one shared, frozen step per credential', () => {
    const authn = new Authenticator()
    const result = authn.authenticate({ 'x-client-certificate': 'CN=system:kube-scheduler' })
    const step = authenticationStep(result)
    expect(
      authenticationStep(authn.authenticate({ 'x-client-certificate': 'CN=system:kube-scheduler' })),
    ).toBe(step)
    expect(Object.isFrozen(step.payload)).toBe(true)
    expect(step.summary).toBe('authenticated system:kube-scheduler (x509)')
    expect(JSON.stringify(step.payload)).toBe(
      '{"phase":"authenticate","ok":true,"user":"system:kube-scheduler","groups":["system:authenticated"],"method":"x509"}',
    )
  })

  it('say who allowed a request, in the trace order of the fields, once per decision and request', () => {
    const user = { name: 'alice', groups: [] }
    const decision: Decision = {
      allowed: true,
      authorizer: 'RBAC',
      reason: 'RBAC: allowed by RoleBinding "b/default" of Role "r" to User "alice"',
      grant: {
        binding: { kind: 'RoleBinding', name: 'b', namespace: 'default' },
        role: { kind: 'Role', name: 'r' },
        subject: { kind: 'User', name: 'alice' },
        rule: { verbs: ['create'], apiGroups: [''], resources: ['pods'] },
      },
    }
    const step = authorizationStep(user, info({ subresource: 'binding' }), decision)
    expect(step.summary).toBe('authorized: create pods/binding')
    expect(Object.keys(step.payload)).toEqual([
      'phase',
      'allowed',
      'user',
      'verb',
      'resource',
      'namespace',
      'reason',
      'authorizer',
      'binding',
      'role',
      'subject',
      'rule',
    ])
    expect(authorizationStep(user, info({ subresource: 'binding' }), decision)).toBe(step)
    expect(authorizationStep(user, info(), decision)).not.toBe(step)
    const denied = authorizationStep(user, info({ verb: 'delete' }), { allowed: false, reason: '' })
    expect(denied.summary).toBe('forbidden: delete pods')
    expect(Object.keys(denied.payload)).toEqual([
      'phase',
      'allowed',
      'user',
      'verb',
      'resource',
      'namespace',
      'reason',
    ])
  })
})
