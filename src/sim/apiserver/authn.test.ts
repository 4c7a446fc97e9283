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

describe('Authenticator: one answer per credential', () => {
  it('hands out the same frozen user for the same certificate', () => {
    const authn = new Authenticator()
    const headers = { 'x-client-certificate': 'CN=system:kube-scheduler' }
    const a = authn.authenticate(headers)
    const b = authn.authenticate({ ...headers })
    expect(b).toBe(a)
    expect(Object.isFrozen(a.ok && a.user.groups)).toBe(true)
  })

  it('answers again once a token is added (a token refused before is known now)', () => {
    const authn = new Authenticator()
    const headers = { authorization: 'Bearer late' }
    expect(authn.authenticate(headers).ok).toBe(false)
    authn.addToken({ token: 'late', name: 'carol' })
    expect(authn.authenticate(headers)).toEqual({
      ok: true,
      method: 'token',
      user: { name: 'carol', groups: ['system:authenticated'] },
    })
  })

  it('keeps certificates, tokens and anonymous apart', () => {
    const authn = new Authenticator([{ token: 'CN=x', name: 'tokenuser' }])
    expect(authn.authenticate({ 'x-client-certificate': 'CN=x' })).toMatchObject({ method: 'x509' })
    expect(authn.authenticate({ authorization: 'Bearer CN=x' })).toMatchObject({ method: 'token' })
    expect(authn.authenticate({})).toMatchObject({ method: 'anonymous' })
  })
})
