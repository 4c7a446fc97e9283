/**
 * The ResourceQuota controller (`resourcequota`, pkg/controller/resourcequota
 * resource_quota_controller.go syncResourceQuota and resource_quota_monitor.go, v1.33; the pod
 * evaluator of pkg/quota/v1/evaluator/core): it keeps each quota's status — `status.hard` a copy
 * of `spec.hard`, `status.used` what the namespace's objects use of it — written with
 * PUT .../resourcequotas/<name>/status. Until it has done so, quota admission has nothing to
 * check against (a new quota admits everything).
 *
 * A quota is synced when it is added, when its spec.hard changes (status changes are ignored:
 * most are this controller's or admission's own), and when a pod in its namespace is deleted or
 * stops counting (it turned Failed/Succeeded, or its deletion grace period ran out), for quotas
 * that track pod resources (the QuotaMonitor's replenishment). New pods are charged by admission
 * when they are created, not here.
 *
 * Simplifications: only pod resources are counted (pods, count/pods, cpu/memory/ephemeral-storage
 * requests and limits, hugepages and extended requests); used values of other resources are
 * kept as they were. One queue instead of the prioritised missing-usage queue and the normal one;
 * no 5-minute full resync.
 */
import { type ResourceInfo, resourceByName } from '../../../api/resources'
import type { KubeObject, Pod } from '../../../api/types'
import type { Informer } from '../../client/informer'
import type { Proc } from '../../kernel/kernel'
import {
  countsForQuota,
  matchesScope,
  matchingResources,
  podUsage,
  type QuotaLike,
  quotaScopes,
} from '../../quota/pods'
import {
  add,
  equals,
  formatList,
  mask,
  parseList,
  prettyPrint,
  type ResourceList,
  resourceNames,
  zero,
} from '../../quota/quantity'
import { type ControllerDeps, must, QueueController } from '../base'

export type ResourceQuota = KubeObject & QuotaLike

export const RESOURCE_QUOTAS = resourceByName('', 'resourcequotas') as ResourceInfo

/** --concurrent-resource-quota-syncs */
export const RESOURCE_QUOTA_WORKERS = 5

const sameList = (
  a: Readonly<Record<string, string>> | undefined,
  b: Readonly<Record<string, string>> | undefined,
) => equals(parseList(a), parseList(b))

export class ResourceQuotaController extends QueueController {
  constructor(
    deps: ControllerDeps,
    private readonly quotaInformer: Informer<ResourceQuota>,
    private readonly podInformer: Informer<Pod>,
  ) {
    super('resourcequota-controller', deps)
    quotaInformer.addEventHandler({
      add: (q) => this.enqueue(q),
      // Only spec.hard changes drive a sync.
      update: (old, q) => {
        if (!sameList(old.spec?.hard, q.spec?.hard)) this.enqueue(q)
      },
    })
    podInformer.addEventHandler({
      update: (old, pod) => {
        const now = this.nowMs()
        if (countsForQuota(old, now) && !countsForQuota(pod, now)) this.replenish(pod)
      },
      delete: (pod) => this.replenish(pod),
    })
  }

  private enqueue(q: ResourceQuota): void {
    this.queue.add(`${q.metadata?.namespace}/${q.metadata?.name}`)
  }

  /** replenishQuota: the namespace's quotas whose status.hard tracks a pod resource. */
  private replenish(pod: Pod): void {
    const ns = pod.metadata?.namespace
    for (const q of this.quotaInformer.list()) {
      if (q.metadata?.namespace !== ns) continue
      if (matchingResources(resourceNames(parseList(q.status?.hard))).length) this.enqueue(q)
    }
  }

  /** CalculateUsage for pods: zero for every tracked pod resource, plus each matching pod's usage. */
  private podUsage(quota: ResourceQuota, hardNames: readonly string[]): ResourceList {
    const matched = matchingResources(hardNames)
    if (matched.length === 0) return {}
    let used: ResourceList = {}
    for (const r of matched) used[r] = zero()
    const scopes = quotaScopes(quota)
    const now = this.nowMs()
    for (const pod of this.podInformer.list()) {
      if (pod.metadata?.namespace !== quota.metadata?.namespace) continue
      if (!scopes.every((s) => matchesScope(s, pod))) continue
      used = add(used, podUsage(pod, now))
    }
    return mask(used, matched)
  }

  protected *sync(key: string): Proc {
    const quota = this.quotaInformer.get(key)
    if (!quota) return
    const specHard = quota.spec?.hard ?? {}
    const status = quota.status
    let dirty = !sameList(specHard, status?.hard) || !status?.hard || !status?.used
    const hard = parseList(specHard)
    const hardNames = resourceNames(hard)
    let used: ResourceList = { ...parseList(status?.used) }
    used = mask({ ...used, ...this.podUsage(quota, hardNames) }, hardNames)
    dirty = dirty || !equals(used, parseList(status?.used))
    if (!dirty) return
    const [namespace, name] = key.split('/') as [string, string]
    const object = {
      resource: 'resourcequotas',
      namespace,
      name,
      ...(quota.metadata?.uid ? { uid: quota.metadata.uid } : {}),
    }
    this.decide(
      `"Updating quota status" quota="${key}" used="${prettyPrint(used)}"`,
      {
        type: 'ResourceQuotaSync',
        controller: 'resourcequota-controller',
        quota: object,
        hard: formatList(hard),
        used: formatList(used),
        previousUsed: status?.used ? formatList(parseList(status.used)) : null,
      },
      object,
    )
    const next = { ...quota, status: { hard: formatList(hard), used: formatList(used) } } as ResourceQuota
    must(yield* this.client.update(RESOURCE_QUOTAS, next, 'reconcile', 'status'))
  }
}
