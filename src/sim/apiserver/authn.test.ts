import { describe, expect, it } from 'vitest'
import { Authenticator } from './authn'

describe('Authenticator: bearer tokens', () => {
  const authn = new Authenticator([
    { token: 't1', name: 'alice', groups: ['dev'] },
    { token: 't2', name: 'system:serviceaccount:ci:robot' },
  ])

  it.each([
    ['a user with its groups', 't1', { name: 'alice', groups: ['dev', 'system:authenticated'] }],
    [
      'a ServiceAccount token gets the serviceaccount groups (serviceaccount.UserInfo)',
      't2',
      {
        name: 'system:serviceaccount:ci:robot',
        groups: ['system:serviceaccounts', 'system:serviceaccounts:ci', 'system:authenticated'],
      },
    ],
  ])('%s', (_, token, user) => {
    expect(authn.authenticate({ authorization: `Bearer ${token}` })).toEqual({
      ok: true,
      method: 'token',
      user,
    })
  })

  it('refuses an unknown token', () => {
    expect(authn.authenticate({ authorization: 'Bearer nope' })).toEqual({
      ok: false,
      reason: 'invalid bearer token',
    })
  })
})
