/**
 * ResourceQuota (staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota, controller.go
 * CheckRequest and checkQuotas, v1.33, with the pod evaluator of pkg/quota/v1/evaluator/core),
 * validating, last in the chain: a Pod create is charged against every ResourceQuota of its
 * namespace whose status.hard names a pod resource and whose scopes match the pod.
 *
 * For each such quota, in order: a quota on cpu or memory obliges every container to state it
 * (`failed quota: q: must specify limits.cpu for: nginx`); the quota must have usage for what it
 * tracks (`status unknown for quota: q, resources: pods`); then status.used + the pod's usage
 * must stay within status.hard (`exceeded quota: q, requested: pods=1, used: pods=3, limited:
 * pods=3`). A quota the ResourceQuota controller has not filled in yet (no status.hard) matches
 * nothing, so it admits everything, as upstream.
 *
 * Admission reserves what it admits: the quotas' new status.used is written to storage before
 * the Pod is (upstream: quotaAccessor.UpdateQuotaStatus, a loopback PUT
 * .../resourcequotas/<q>/status). Here the plugin writes it straight to etcd from inside the
 * apiserver, as a compare-and-swap on the quota's mod revision (the same precondition the PUT
 * carries), so the reservation is visible in the trace as the apiserver's etcd Txn; on a conflict
 * it reads the quota again and re-checks, three retries, then fails with the conflict. What it
 * wrote is remembered (upstream's updatedQuotas LRU) so the next Pod is checked against it even
 * before the watch cache has caught up.
 */
import { etcdKey, type ResourceInfo, resourceByName } from '../../../api/resources'
import { conflict, forbidden, STALE_OBJECT } from '../../../api/status'
import type { KubeObject, Pod, Status } from '../../../api/types'
import type { Proc } from '../../kernel/kernel'
import { APISERVER, type Stage } from '../../kernel/trace'
import { constraints, matchingResources, podUsage, type QuotaLike, quotaMatches } from '../../quota/pods'
import {
  add,
  equals,
  formatList,
  isZero,
  lessThanOrEqual,
  mask,
  parseList,
  prettyPrint,
  type ResourceList,
  resourceNames,
} from '../../quota/quantity'
import { decode, encode } from '../codec'
import { Storage } from '../storage'
import type { AdmissionContext, AdmissionLister, AdmissionPlugin } from './types'

const RESOURCE_QUOTAS = resourceByName('', 'resourcequotas') as ResourceInfo
/** checkQuotas' remainingRetries. */
const RETRIES = 3

type Quota = KubeObject & QuotaLike

/** The evaluation of one request: a refusal, or the quotas with their new status.used. */
export type QuotaCheck =
  | { readonly ok: false; readonly message: string }
  | { readonly ok: true; readonly updated: readonly { quota: Quota; used: ResourceList }[] }

/** CheckRequest for a Pod create: the pure part, against the given quotas. */
export function checkPod(quotas: readonly Quota[], pod: Pod): QuotaCheck {
  const interesting: Quota[] = []
  for (const rq of quotas) {
    if (!quotaMatches(rq, pod)) continue
    const name = rq.metadata?.name ?? ''
    const hard = parseList(rq.status?.hard)
    const restricted = matchingResources(resourceNames(hard))
    const missing = constraints(restricted, pod)
    if (missing) return { ok: false, message: `failed quota: ${name}: ${missing}` }
    const used = rq.status?.used ?? {}
    const unknown = restricted.filter((r) => !(r in used))
    if (unknown.length) {
      return {
        ok: false,
        message: `status unknown for quota: ${name}, resources: ${[...restricted].sort().join(',')}`,
      }
    }
    interesting.push(rq)
  }
  // A create: no deletion timestamp, so the clock does not matter.
  const delta = podUsage(pod, 0)
  if (isZero(delta) || interesting.length === 0) return { ok: true, updated: [] }
  const updated: { quota: Quota; used: ResourceList }[] = []
  for (const rq of interesting) {
    const hard = parseList(rq.status?.hard)
    const used = parseList(rq.status?.used)
    const requested = mask(delta, resourceNames(hard))
    const newUsage = add(used, requested)
    const masked = mask(newUsage, resourceNames(requested))
    const { allowed, exceeded } = lessThanOrEqual(masked, hard)
    if (!allowed) {
      return {
        ok: false,
        message: `exceeded quota: ${rq.metadata?.name}, requested: ${prettyPrint(mask(requested, exceeded))}, used: ${prettyPrint(mask(used, exceeded))}, limited: ${prettyPrint(mask(hard, exceeded))}`,
      }
    }
    if (!equals(used, newUsage)) updated.push({ quota: rq, used: newUsage })
  }
  return { ok: true, updated }
}

/** Per apiserver (per lister): the quotas admission last wrote, by `namespace/name`. */
const written = new WeakMap<AdmissionLister, Map<string, Quota>>()

const rv = (o: KubeObject | undefined): number => Number(o?.metadata?.resourceVersion ?? 0)

/** GetQuotas: the watch cache's quotas, or admission's own newer writes of them. */
function getQuotas(lister: AdmissionLister, namespace: string): Quota[] {
  const mine = written.get(lister)
  return (lister.list('', 'resourcequotas', namespace) as Quota[])
    .map((q) => {
      const w = mine?.get(`${namespace}/${q.metadata?.name}`)
      return w && rv(w) > rv(q) ? w : q
    })
    .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1))
}

const storage = new Storage()

/** UpdateQuotaStatus: write status.used if the quota is still the version checked. */
function* updateQuotaStatus(quota: Quota, used: ResourceList, stage: Stage): Proc<Quota | undefined> {
  const meta = quota.metadata ?? {}
  const key = etcdKey(RESOURCE_QUOTAS, meta.namespace, meta.name ?? '')
  const next = { ...quota, status: { ...(quota.status ?? {}), used: formatList(used) } } as KubeObject
  const object = {
    resource: 'resourcequotas',
    namespace: meta.namespace ?? '',
    name: meta.name ?? '',
    ...(meta.uid ? { uid: meta.uid } : {}),
  }
  const r = yield* storage.etcd(
    {
      op: 'Txn',
      compare: [{ key, target: 'mod', op: '=', value: rv(quota) }],
      success: [{ type: 'put', key, value: encode(next) }],
      failure: [],
    },
    stage,
    object,
  )
  if (r.op !== 'Txn' || !r.succeeded) return undefined
  const stored = r.results[0]
  return stored ? (decode(stored) as Quota) : undefined
}

function* liveQuota(quota: Quota, stage: Stage): Proc<Quota | undefined> {
  const meta = quota.metadata ?? {}
  const kv = yield* storage.get(etcdKey(RESOURCE_QUOTAS, meta.namespace, meta.name ?? ''), stage)
  return kv ? (decode(kv) as Quota) : undefined
}

export const resourceQuota: AdmissionPlugin = {
  name: 'ResourceQuota',
  handles: (a) =>
    a.operation === 'CREATE' &&
    a.request.resource === 'pods' &&
    a.request.apiGroup === '' &&
    a.request.subresource === '',
  *validate(a, lister, context?: AdmissionContext) {
    const stage: Stage = context?.stage ?? 'admit'
    const pod = a.object as Pod
    const name = pod.metadata?.name || pod.metadata?.generateName || 'Unknown'
    const ns = a.request.namespace
    let quotas = getQuotas(lister, ns)
    if (quotas.length === 0) return { allowed: true }
    let lastError: Status | undefined
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      const check = checkPod(quotas, pod)
      if (!check.ok) return { allowed: false, status: forbidden('pods', name, check.message) }
      const failed: Quota[] = []
      const notes: string[] = []
      for (const { quota, used } of check.updated) {
        const qname = quota.metadata?.name ?? ''
        // The reservation, recorded before its write (which it causes).
        context?.kernel.step(
          APISERVER,
          stage,
          `ResourceQuota: reserve ${prettyPrint(used)} in quota ${qname}`,
          {
            phase: 'admit',
            plugin: 'ResourceQuota',
            quota: qname,
            resourceVersion: quota.metadata?.resourceVersion,
            used: formatList(parseList(quota.status?.used)),
            newUsed: formatList(used),
          },
          { resource: 'resourcequotas', namespace: ns, name: qname },
        )
        const stored = yield* updateQuotaStatus(quota, used, stage)
        if (!stored) {
          failed.push(quota)
          lastError = conflict('resourcequotas', qname, STALE_OBJECT)
          continue
        }
        const mine = written.get(lister) ?? new Map<string, Quota>()
        written.set(lister, mine)
        mine.set(`${ns}/${qname}`, stored)
        notes.push(`${qname}: used ${prettyPrint(used)}`)
      }
      if (failed.length === 0) {
        return { allowed: true, ...(notes.length ? { note: notes.join('; ') } : {}) }
      }
      // The quotas that changed under us, as they are now; the others are reserved already.
      const fresh: Quota[] = []
      for (const q of failed) {
        const live = yield* liveQuota(q, stage)
        if (live) fresh.push(live)
      }
      quotas = fresh
    }
    return { allowed: false, status: lastError as Status }
  },
}
