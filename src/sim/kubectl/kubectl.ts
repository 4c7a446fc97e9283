/**
 * The user's kubectl: client-side `kubectl apply` as v1.33 does it — GET the object; if it is not
 * there, POST it with the `kubectl.kubernetes.io/last-applied-configuration` annotation; if it is,
 * PATCH it with a three-way strategic merge patch computed from the last-applied annotation, the
 * manifest and the live object, or send nothing when that patch is empty (`unchanged`). Every
 * request carries the admin's client certificate from kubeadm's admin.conf.
 */
import type { ResourceInfo } from '../../api/resources'
import { clone, type KubeObject, type Status, writableMeta } from '../../api/types'
import type { ApiResult } from '../client/client'
import { ClientComponent } from '../component'
import type { Kernel, Proc } from '../kernel/kernel'
import { KUBECTL, type Message } from '../kernel/trace'
import { type JsonObject, threeWayMergePatch } from './apply-patch'

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
    const base = resultBase(info, namespace, name)
    if (!name && meta.generateName) {
      // apply.go applyOneObject: apply finds objects by name, so it refuses generateName.
      return { ...base, code: 0, error: `from ${meta.generateName}: cannot use generate name with apply` }
    }
    meta.annotations = { ...(meta.annotations ?? {}), [LAST_APPLIED]: lastApplied(desired) }

    if (!name) {
      // No name at all: the apiserver refuses it (metadata.name: Required value).
      return finish(base, yield* this.client.create(info, namespace, desired, 'submit'), 'created')
    }
    const current = yield* this.client.get(info, namespace, name, 'submit')
    if (!current.ok && current.code !== 404) return { ...base, code: current.code, status: current.status }
    if (!current.ok) {
      return finish(base, yield* this.client.create(info, namespace, desired, 'submit'), 'created')
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
    const patched = yield* this.client.patch(
      info,
      namespace,
      name,
      // Go's encoding/json writes map keys sorted: so does kubectl's patch.
      sortKeys(patch),
      'application/strategic-merge-patch+json',
      'submit',
    )
    return finish(base, patched, 'configured')
  }

  /** `kubectl delete <kind> <name>`. */
  *delete(info: ResourceInfo, namespace: string | undefined, name: string): Proc<ApplyResult> {
    const r = yield* this.client.delete(info, namespace, name, 'delete')
    const base = resultBase(info, namespace, name)
    return r.ok ? { ...base, code: r.code, object: r.object } : { ...base, code: r.code, status: r.status }
  }
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
