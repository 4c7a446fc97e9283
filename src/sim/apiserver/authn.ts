/**
 * Authentication, as the apiserver's union authenticator does it: client certificates (the CN is
 * the user, each O a group), then bearer tokens; anonymous requests become `system:anonymous`.
 * A presented credential that is not valid is a 401.
 */
import { deepFreeze } from '../../api/types'

export interface UserInfo {
  readonly name: string
  readonly groups: readonly string[]
}

/** A user of the scenario's kubeconfig-like list, identified by a bearer token. */
export interface TokenUser {
  readonly token: string
  readonly name: string
  readonly groups?: readonly string[]
  /**
   * How the user's kubeconfig authenticates: a bearer token (default), or a client certificate
   * signed by the cluster CA with CN=name and O=groups (as kubeadm writes admin.conf).
   */
  readonly credential?: 'token' | 'certificate'
}

export type AuthnResult =
  | { readonly ok: true; readonly user: UserInfo; readonly method: 'x509' | 'token' | 'anonymous' }
  | { readonly ok: false; readonly reason: string }

export class Authenticator {
  private readonly tokens = new Map<string, TokenUser>()
  /**
   * Results by credential (the certificate subject, the Authorization header): every request of
   * a component presents the same one, and its answer depends on nothing else but the token list
   * (cleared when it changes). The results are frozen and shared, so a user is one object, which
   * lets the RBAC authorizer cache what applies to it.
   */
  private readonly byCredential = new Map<string, AuthnResult>()

  constructor(tokens: readonly TokenUser[] = []) {
    for (const t of tokens) this.tokens.set(t.token, t)
  }

  addToken(user: TokenUser): void {
    this.tokens.set(user.token, user)
    this.byCredential.clear()
  }

  authenticate(headers: Readonly<Record<string, string>>): AuthnResult {
    const cert = headers['x-client-certificate']
    // `\n` cannot occur in a header value: the two kinds of credential never share a key.
    const key = cert ? cert : `\n${headers.authorization ?? ''}`
    let result = this.byCredential.get(key)
    if (result === undefined) {
      result = deepFreeze(this.resolve(cert, headers.authorization))
      this.byCredential.set(key, result)
    }
    return result
  }

  private resolve(cert: string | undefined, auth: string | undefined): AuthnResult {
    if (cert) {
      const parts = cert.split(',').map((p) => p.trim())
      const cn = parts.find((p) => p.startsWith('CN='))?.slice(3)
      if (!cn) return { ok: false, reason: 'x509: certificate has no common name' }
      const groups = parts.filter((p) => p.startsWith('O=')).map((p) => p.slice(2))
      return { ok: true, method: 'x509', user: { name: cn, groups: [...groups, 'system:authenticated'] } }
    }
    if (auth) {
      const m = /^Bearer\s+(\S+)$/.exec(auth)
      const user = m ? this.tokens.get(m[1] as string) : undefined
      if (!user) return { ok: false, reason: 'invalid bearer token' }
      return {
        ok: true,
        method: 'token',
        user: {
          name: user.name,
          groups: [...(user.groups ?? []), ...serviceAccountGroups(user.name), 'system:authenticated'],
        },
      }
    }
    return {
      ok: true,
      method: 'anonymous',
      user: { name: 'system:anonymous', groups: ['system:unauthenticated'] },
    }
  }
}

/**
 * A ServiceAccount token's groups (serviceaccount.UserInfo): `system:serviceaccounts` and
 * `system:serviceaccounts:<namespace>`, for a user named `system:serviceaccount:<ns>:<name>`.
 */
function serviceAccountGroups(name: string): string[] {
  const m = /^system:serviceaccount:([^:]+):[^:]+$/.exec(name)
  return m ? ['system:serviceaccounts', `system:serviceaccounts:${m[1]}`] : []
}
