/**
 * The user's kubectl: client-side `kubectl apply` as v1.33 does it — GET the object; if it is not
 * there, POST it with the `kubectl.kubernetes.io/last-applied-configuration` annotation; if it is,
 * PATCH it with a three-way strategic merge patch computed from the last-applied annotation, the
 * manifest and the live object, or send nothing when that patch is empty (`unchanged`). Requests
 * carry the admin's client certificate from kubeadm's admin.conf, or, for an action done as one of
 * the scenario's users, that user's bearer token (one client per identity). `delete`, `cordon`,
 * `uncordon` and `drain` too (cordon.ts, drain.ts).
 */
import { standardErrorMessage } from '../../api/kubectl/drain-output'
import type { ResourceInfo } from '../../api/resources'
import { clone, type KubeObject, type Status, writableMeta } from '../../api/types'
import type { TokenUser } from '../apiserver/authn'
import { ApiClient, type ApiResult } from '../client/client'
import { ClientComponent } from '../component'
import type { Kernel, Proc } from '../kernel/kernel'
import { KUBECTL, type Message } from '../kernel/trace'
import type { DrainFlags } from '../scenario/scenario'
import { type JsonObject, threeWayMergePatch } from './apply-patch'
import { cordonOrUncordon, getNode } from './cordon'
import { drain } from './drain'
import type { Terminal } from './terminal'

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'

/** What one `kubectl apply` of one object answered. */
export interface ApplyResult {
  readonly kind: string
  /** The kind's API group (`apps`, `scheduling.k8s.io`); absent for the core group. */
  readonly group?: string
  readonly namespace?: string
  readonly name: string
  /**
   * HTTP code of the create or patch; of the GET when it failed, or when the object is
   * `unchanged` (no patch is sent then); 0 when nothing was sent at all.
   */
  readonly code: number
  /** `created`, `configured`, `unchanged`, or undefined on error. */
  readonly action?: 'created' | 'configured' | 'unchanged'
  /** The apiserver's Status on errors. */
  readonly status?: Status
  /**
   * A client-side error, found before any request was sent (code 0), as kubectl prints it after
   * `error: ` (`from web-: cannot use generate name with apply`).
   */
  readonly error?: string
  /**
   * On an apiserver error of the GET or the PATCH (not the create): the request kubectl names in
   * its message (`error when retrieving current configuration of: …`, `error when applying patch:
   * …`).
   */
  readonly failedRequest?: FailedRequest
  readonly object?: KubeObject
  /**
   * The apiserver's `Warning` headers (PodSecurity's warn mode, unknown fields without strict
   * validation, webhooks' warnings): kubectl prints each to stderr as `Warning: <text>`.
   */
  readonly warnings?: readonly string[]
}

export interface FailedRequest {
  readonly verb: 'get' | 'patch'
  /** The resource (plural) and version, for kubectl's `Resource: "/v1, Resource=pods"` line. */
  readonly resource: string
  readonly version: string
  /** The patch as sent (JSON), for `patch`. */
  readonly patch?: string
}

export const ADMIN_CREDENTIALS = {
  clientCert: { commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'] },
}

const USER_AGENT = 'kubectl/v1.33.0 (linux/amd64) kubernetes/60a317e'

/**
 * What client-side apply adds to its create and patch (apply.go: the helper's WithFieldManager and
 * WithFieldValidation; `--validate=strict` is the default and the apiserver supports server-side
 * field validation, so kubectl asks for it instead of validating against the OpenAPI schema).
 */
export const APPLY_QUERY: Readonly<Record<string, string>> = {
  fieldManager: 'kubectl-client-side-apply',
  fieldValidation: 'Strict',
}

export class Kubectl extends ClientComponent {
  /** The clients of the users kubectl acted as so far, by user name (the admin's is `client`). */
  private readonly userClients = new Map<string, ApiClient>()

  constructor(
    kernel: Kernel,
    private readonly users: readonly TokenUser[] = [],
  ) {
    super(kernel, KUBECTL, ADMIN_CREDENTIALS, USER_AGENT)
  }

  /**
   * The client authenticating as `user` (a bearer token), or the admin's when `user` is absent;
   * undefined for a user the scenario does not list.
   */
  private clientFor(user: string | undefined): ApiClient | undefined {
    if (user === undefined) return this.client
    let client = this.userClients.get(user)
    if (!client) {
      const known = this.users.find((u) => u.name === user)
      if (!known) return undefined
      const credentials =
        known.credential === 'certificate'
          ? { clientCert: { commonName: known.name, organizations: [...(known.groups ?? [])] } }
          : { token: known.token }
      client = new ApiClient(this.kernel, KUBECTL, credentials, USER_AGENT)
      this.userClients.set(user, client)
    }
    return client
  }

  start(): void {}

  protected override receiveOther(message: Message): void {
    throw new Error(`kubectl: unexpected message ${message.kind} ${message.summary}`)
  }

  /** `kubectl apply -f` for one object; `info` must be the object's resource. */
  *apply(obj: KubeObject, info: ResourceInfo, as?: string): Proc<ApplyResult> {
    const desired = clone(obj)
    const meta = writableMeta(desired)
    if (info.namespaced) meta.namespace ||= 'default'
    const namespace = info.namespaced ? meta.namespace : undefined
    const name = meta.name ?? ''
    const base = resultBase(info, namespace, name)
    if (!name && meta.generateName) {
      // apply.go applyOneObject: apply finds objects by name, so it refuses generateName.
      return { ...base, code: 0, error: `from ${meta.generateName}: cannot use generate name with apply` }
    }
    const client = this.clientFor(as)
    if (!client) return { ...base, code: 0, error: unknownUser(as) }
    meta.annotations = { ...(meta.annotations ?? {}), [LAST_APPLIED]: lastApplied(desired) }

    if (!name) {
      // No name at all: the apiserver refuses it (metadata.name: Required value).
      return finish(
        base,
        yield* client.create(info, namespace, desired, 'submit', { ...APPLY_QUERY }),
        'created',
      )
    }
    const current = yield* client.get(info, namespace, name, 'submit')
    if (!current.ok && current.code !== 404) {
      return { ...base, code: current.code, status: current.status, failedRequest: failed('get', info) }
    }
    if (!current.ok) {
      return finish(
        base,
        yield* client.create(info, namespace, desired, 'submit', { ...APPLY_QUERY }),
        'created',
      )
    }
    // apply/patcher.go patchSimple: the patch from what was applied before, the manifest and the
    // live object; `{}` means unchanged, and then nothing is sent.
    const patch = threeWayMergePatch(
      originalConfiguration(current.object),
      desired as unknown as JsonObject,
      current.object as unknown as JsonObject,
    )
    if (Object.keys(patch).length === 0) {
      return { ...base, code: current.code, action: 'unchanged', object: current.object }
    }
    // Go's encoding/json writes map keys sorted: so does kubectl's patch.
    const sorted = sortKeys(patch)
    const patched = yield* client.patch(
      info,
      namespace,
      name,
      sorted,
      'application/strategic-merge-patch+json',
      'submit',
      undefined,
      { ...APPLY_QUERY },
    )
    if (!patched.ok) {
      const failedRequest = failed('patch', info, JSON.stringify(sorted))
      return { ...base, code: patched.code, status: patched.status, failedRequest }
    }
    return finish(base, patched, 'configured')
  }

  /**
   * `kubectl cordon <node>` (desired true) or `kubectl uncordon <node>` (false): what it prints
   * goes to `term`.
   */
  *cordon(node: string, desired: boolean, term: Terminal, as?: string): Proc {
    const client = this.clientFor(as)
    if (!client) return term.err(`error: ${unknownUser(as)}`)
    const got = yield* getNode(client, node)
    if (!got.ok) return term.err(standardErrorMessage(got.status))
    yield* cordonOrUncordon(client, got.object, desired, term)
  }

  /** `kubectl drain <node>` with its flags: what it prints goes to `term`. */
  *drain(node: string, flags: DrainFlags, term: Terminal, as?: string): Proc {
    const client = this.clientFor(as)
    if (!client) return term.err(`error: ${unknownUser(as)}`)
    yield* drain(this.kernel, client, node, flags, term)
  }

  /** `kubectl delete <kind> <name>`. */
  *delete(info: ResourceInfo, namespace: string | undefined, name: string, as?: string): Proc<ApplyResult> {
    const base = resultBase(info, namespace, name)
    const client = this.clientFor(as)
    if (!client) return { ...base, code: 0, error: unknownUser(as) }
    const r = yield* client.delete(info, namespace, name, 'delete')
    return r.ok ? { ...base, code: r.code, object: r.object } : { ...base, code: r.code, status: r.status }
  }
}

function failed(verb: FailedRequest['verb'], info: ResourceInfo, patch?: string): FailedRequest {
  return { verb, resource: info.resource, version: info.version, ...(patch !== undefined ? { patch } : {}) }
}

/** kubectl's answer to `--user` naming no user of its kubeconfig. */
function unknownUser(user: string | undefined): string {
  return `auth info "${user}" does not exist`
}

type ResultBase = Pick<ApplyResult, 'kind' | 'group' | 'namespace' | 'name'>

function resultBase(info: ResourceInfo, namespace: string | undefined, name: string): ResultBase {
  return {
    kind: info.kind,
    ...(info.group ? { group: info.group } : {}),
    ...(namespace ? { namespace } : {}),
    name,
  }
}

/**
 * The live object's last-applied-configuration (util.GetOriginalConfiguration); undefined when
 * it has none (nothing is deleted then) or when it is not a JSON object.
 */
function originalConfiguration(live: KubeObject): JsonObject | undefined {
  const text = live.metadata?.annotations?.[LAST_APPLIED]
  if (!text) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : undefined
  } catch {
    return undefined
  }
}

function finish(base: ResultBase, r: ApiResult<KubeObject>, action: ApplyResult['action']): ApplyResult {
  if (!r.ok) return { ...base, code: r.code, status: r.status }
  return {
    ...base,
    name: r.object.metadata?.name ?? base.name,
    code: r.code,
    action,
    object: r.object,
    ...(r.warnings?.length ? { warnings: r.warnings } : {}),
  }
}

/** The annotation kubectl stores: the applied object as sorted-key JSON, with a newline. */
function lastApplied(obj: KubeObject): string {
  const copy = clone(obj)
  const meta = writableMeta(copy)
  const { [LAST_APPLIED]: _, ...others } = meta.annotations ?? {}
  meta.annotations = others
  return `${JSON.stringify(sortKeys(copy))}\n`
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k])
    return out
  }
  return v
}
