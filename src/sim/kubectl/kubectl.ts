/**
 * The user's kubectl: client-side `kubectl apply` as v1.33 does it — GET the object; if it is not
 * there, POST it with the `kubectl.kubernetes.io/last-applied-configuration` annotation; if it is,
 * PATCH it. Every request carries the admin's client certificate from kubeadm's admin.conf.
 */
import type { ResourceInfo } from '../../api/resources'
import { clone, type KubeObject, type Status, writableMeta } from '../../api/types'
import type { ApiResult } from '../client/client'
import { ClientComponent } from '../component'
import type { Kernel, Proc } from '../kernel/kernel'
import { KUBECTL, type Message } from '../kernel/trace'

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'

/** What one `kubectl apply` of one object answered. */
export interface ApplyResult {
  readonly kind: string
  readonly namespace?: string
  readonly name: string
  /** HTTP code of the create/patch (or of the failed GET). */
  readonly code: number
  /** `created`, `configured`, `unchanged`, or undefined on error. */
  readonly action?: 'created' | 'configured' | 'unchanged'
  /** The apiserver's Status on errors. */
  readonly status?: Status
  readonly object?: KubeObject
}

export const ADMIN_CREDENTIALS = {
  clientCert: { commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'] },
}

export class Kubectl extends ClientComponent {
  constructor(kernel: Kernel) {
    super(kernel, KUBECTL, ADMIN_CREDENTIALS, 'kubectl/v1.33.0 (linux/amd64) kubernetes/60a317e')
  }

  start(): void {}

  protected override receiveOther(message: Message): void {
    throw new Error(`kubectl: unexpected message ${message.kind} ${message.summary}`)
  }

  /** `kubectl apply -f` for one object; `info` must be the object's resource. */
  *apply(obj: KubeObject, info: ResourceInfo): Proc<ApplyResult> {
    const desired = clone(obj)
    const meta = writableMeta(desired)
    if (info.namespaced) meta.namespace ||= 'default'
    const namespace = info.namespaced ? meta.namespace : undefined
    const name = meta.name ?? ''
    const base = { kind: info.kind, ...(namespace ? { namespace } : {}), name }
    meta.annotations = { ...(meta.annotations ?? {}), [LAST_APPLIED]: lastApplied(desired) }

    if (!name) {
      // `kubectl apply` needs a name; generateName only works with `kubectl create`.
      return finish(base, yield* this.client.create(info, namespace, desired, 'submit'), 'created')
    }
    const current = yield* this.client.get(info, namespace, name, 'submit')
    if (!current.ok && current.code !== 404) return { ...base, code: current.code, status: current.status }
    if (!current.ok) {
      return finish(base, yield* this.client.create(info, namespace, desired, 'submit'), 'created')
    }
    const before = current.object.metadata?.resourceVersion
    const patched = yield* this.client.patch(
      info,
      namespace,
      name,
      desired,
      'application/strategic-merge-patch+json',
      'submit',
    )
    const unchanged = patched.ok && patched.object.metadata?.resourceVersion === before
    return finish(base, patched, unchanged ? 'unchanged' : 'configured')
  }

  /** `kubectl delete <kind> <name>`. */
  *delete(info: ResourceInfo, namespace: string | undefined, name: string): Proc<ApplyResult> {
    const r = yield* this.client.delete(info, namespace, name, 'delete')
    const base = { kind: info.kind, ...(namespace ? { namespace } : {}), name }
    return r.ok ? { ...base, code: r.code, object: r.object } : { ...base, code: r.code, status: r.status }
  }
}

function finish(
  base: { kind: string; namespace?: string; name: string },
  r: ApiResult<KubeObject>,
  action: ApplyResult['action'],
): ApplyResult {
  if (!r.ok) return { ...base, code: r.code, status: r.status }
  return { ...base, name: r.object.metadata?.name ?? base.name, code: r.code, action, object: r.object }
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
