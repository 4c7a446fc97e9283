/**
 * The ReplicaSet controller: keeps the number of a ReplicaSet's active pods equal to
 * spec.replicas, creating pods from its template (generateName `<rs>-`, slow-start batches) and
 * deleting the surplus, then writes the counts to replicasets/status.
 *
 * kube-controller-manager: pkg/controller/replicaset/replica_set.go (event handlers,
 * syncReplicaSet, manageReplicas, claimPods), replica_set_utils.go (updateReplicaSetStatus),
 * pkg/controller/controller_utils.go (RealPodControl: the SuccessfulCreate / FailedCreate /
 * SuccessfulDelete / FailedDelete events).
 */
import type { ReplicaSetStatus } from 'kubernetes-types/apps/v1'
import { parsedLabelSelector, selectorMatches } from '../../../api/labels'
import { PODS, REPLICA_SETS } from '../../../api/resources'
import { objectKey, type Pod, type ReplicaSet } from '../../../api/types'
import type { Informer } from '../../client/informer'
import type { Proc } from '../../kernel/kernel'
import type { ObjectRef } from '../../kernel/trace'
import { ApiError, type ControllerDeps, must, QueueController } from '../base'
import {
  getControllerOf,
  isPodReady,
  newControllerRef,
  orphanPodIndexKey,
  POD_CONTROLLER_UID_INDEX,
  podControllerUIDIndex,
  podsToDelete,
} from '../controller-utils'
import { ControllerExpectations } from '../expectations'
import { factsOf, type ObjectFacts } from '../object-facts'
import { adoptPatch, planClaims, releasePatch } from '../ref-manager'
import type { ReplicaSetSyncStep } from '../steps'
import { ClaimCounts, type ReplicaCounts } from './claim-counts'
import {
  BURST_REPLICAS,
  countReplicas,
  podFromTemplate,
  replicaSetStatusOf,
  replicaSetStatusUnchanged,
  slowStartBatches,
} from './utils'

const RS_API_VERSION = 'apps/v1'
const RS_KIND = 'ReplicaSet'
/** statusUpdateRetries in replica_set_utils.go. */
const STATUS_UPDATE_RETRIES = 1

export class ReplicaSetController extends QueueController {
  readonly expectations: ControllerExpectations
  /** What a sync counts of each ReplicaSet's Pods, kept from the Pod events (claim-counts.ts). */
  private readonly claimCounts: ClaimCounts

  constructor(
    deps: ControllerDeps,
    private readonly rsInformer: Informer<ReplicaSet>,
    private readonly podInformer: Informer<Pod>,
  ) {
    super('replicaset-controller', deps)
    this.expectations = new ControllerExpectations(() => this.nowMs())
    rsInformer.addEventHandler({
      add: (rs) => this.queue.add(objectKey(rs)),
      update: (oldRS, curRS) => {
        if (oldRS.metadata?.uid !== curRS.metadata?.uid) this.deleteRS(oldRS)
        this.queue.add(objectKey(curRS))
      },
      delete: (rs) => this.deleteRS(rs),
    })
    podInformer.addIndexer(POD_CONTROLLER_UID_INDEX, podControllerUIDIndex)
    this.claimCounts = new ClaimCounts((uid) => podInformer.byIndex(POD_CONTROLLER_UID_INDEX, uid))
    podInformer.addEventHandler({
      add: (pod) => {
        this.claimCounts.observe(objectKey(pod), pod)
        this.addPod(pod)
      },
      update: (oldPod, curPod) => {
        this.claimCounts.observe(objectKey(curPod), curPod)
        this.updatePod(oldPod, curPod)
      },
      delete: (pod) => {
        this.claimCounts.observe(objectKey(pod), undefined)
        this.deletePod(pod)
      },
    })
  }

  private deleteRS(rs: ReplicaSet): void {
    this.claimCounts.forget(rs.metadata?.uid)
    const key = objectKey(rs)
    this.expectations.delete(key)
    this.queue.add(key)
  }

  /** resolveControllerRef: the ReplicaSet a controller reference names, if it is the same object. */
  private resolve(namespace: string | undefined, pod: Pod): ReplicaSet | undefined {
    const ref = getControllerOf(pod)
    if (!ref || ref.kind !== RS_KIND) return undefined
    const rs = this.rsInformer.get(`${namespace}/${ref.name}`)
    return rs && rs.metadata?.uid === ref.uid ? rs : undefined
  }

  /** GetPodReplicaSets: ReplicaSets in the pod's namespace whose (non-empty) selector matches it. */
  private podReplicaSets(pod: Pod): ReplicaSet[] {
    return this.rsInformer.list().filter((rs) => {
      const sel = rs.spec?.selector
      const empty = !sel?.matchLabels && !sel?.matchExpressions?.length
      if (rs.metadata?.namespace !== pod.metadata?.namespace || empty) return false
      return selectorMatches(sel, pod.metadata?.labels)
    })
  }

  private addPod(pod: Pod): void {
    if (pod.metadata?.deletionTimestamp) {
      this.deletePod(pod)
      return
    }
    if (getControllerOf(pod)) {
      const rs = this.resolve(pod.metadata?.namespace, pod)
      if (!rs) return
      const key = objectKey(rs)
      this.expectations.creationObserved(key)
      this.queue.add(key)
      return
    }
    // An orphan: only ReplicaSets that select it care (to adopt it). A bare Pod matches none and
    // is left alone; record that, since the story is about exactly this Pod.
    const matching = this.podReplicaSets(pod)
    const ref = podRef(pod)
    this.step(
      `Pod ${ref.namespace}/${ref.name} has no controller ownerReference; ${matching.length} ReplicaSet(s) select it`,
      {
        type: 'PodWithoutController',
        controller: 'replicaset-controller',
        pod: ref,
        ownerReferences: (pod.metadata?.ownerReferences ?? []).map((r) => ({ kind: r.kind, name: r.name })),
        matchingReplicaSets: matching.map((rs) => rs.metadata?.name ?? ''),
        outcome: matching.length > 0 ? 'adoption-candidate' : 'ignored',
      },
      ref,
    )
    for (const rs of matching) this.queue.add(objectKey(rs))
  }

  private updatePod(oldPod: Pod, curPod: Pod): void {
    if (curPod.metadata?.resourceVersion === oldPod.metadata?.resourceVersion) return
    const labelChanged =
      JSON.stringify(curPod.metadata?.labels ?? {}) !== JSON.stringify(oldPod.metadata?.labels ?? {})
    if (curPod.metadata?.deletionTimestamp) {
      // A graceful delete: count it now, so replacements are created without waiting for the
      // kubelet to finish (the pod stops being active right away).
      this.deletePod(curPod)
      if (labelChanged) this.deletePod(oldPod)
      return
    }
    const curRef = getControllerOf(curPod)
    const oldRef = getControllerOf(oldPod)
    const refChanged = JSON.stringify(curRef) !== JSON.stringify(oldRef)
    if (refChanged && oldRef) {
      const rs = this.resolve(oldPod.metadata?.namespace, oldPod)
      if (rs) this.queue.add(objectKey(rs))
    }
    if (curRef) {
      const rs = this.resolve(curPod.metadata?.namespace, curPod)
      if (!rs) return
      this.queue.add(objectKey(rs))
      const minReady = rs.spec?.minReadySeconds ?? 0
      if (!isPodReady(oldPod) && isPodReady(curPod) && minReady > 0) {
        // Check availability once minReadySeconds have passed (+1s against clock skew).
        this.enqueueAfter(objectKey(rs), (minReady + 1) * 1000)
      }
      return
    }
    if (labelChanged || refChanged)
      for (const rs of this.podReplicaSets(curPod)) this.queue.add(objectKey(rs))
  }

  private deletePod(pod: Pod): void {
    if (!getControllerOf(pod)) return
    const rs = this.resolve(pod.metadata?.namespace, pod)
    if (!rs) return
    const key = objectKey(rs)
    this.expectations.deletionObserved(key, objectKey(pod))
    this.queue.add(key)
  }

  protected *sync(key: string): Proc {
    const rs = this.rsInformer.get(key)
    if (!rs) {
      this.expectations.delete(key)
      return
    }
    const needsSync = this.expectations.satisfied(key)
    const namespace = rs.metadata?.namespace
    const desired = rs.spec?.replicas ?? 1
    // The counts kept from the Pod events, when this sync needs no more of its Pods.
    const kept = this.keptCounts(rs, desired)
    // getRSPods: the Pods it controls and the orphans of its namespace (those controlled by
    // anything else are not its to claim); the active ones are claimed (claimPods).
    const claimed =
      kept === undefined
        ? yield* this.claimPods(
            rs,
            this.podInformer.byIndex(
              POD_CONTROLLER_UID_INDEX,
              rs.metadata?.uid ?? '',
              orphanPodIndexKey(namespace),
            ),
          )
        : NOTHING_CLAIMED
    const current = kept === undefined ? claimed.pods.length : kept.replicas
    const diff = current - desired
    const ref: ObjectRef = {
      resource: 'replicasets',
      namespace,
      name: rs.metadata?.name ?? '',
      uid: rs.metadata?.uid,
    }
    const deleting = rs.metadata?.deletionTimestamp !== undefined

    const count = Math.min(Math.abs(diff), BURST_REPLICAS)
    const action: ReplicaSetSyncStep['action'] =
      deleting || diff === 0 ? 'none' : !needsSync ? 'wait' : diff < 0 ? 'create' : 'delete'
    // Recorded only if this sync writes something (see decide()).
    this.decide(
      syncSummary(rs, action, desired, count),
      {
        type: 'ReplicaSetSync',
        controller: 'replicaset-controller',
        replicaSet: ref,
        desired,
        current,
        action,
        count: action === 'create' || action === 'delete' ? count : 0,
        ...(action === 'create' ? { batches: slowStartBatches(count) } : {}),
        ...(action === 'wait' && this.expectations.get(key)
          ? { expectations: this.expectations.get(key) }
          : {}),
        ...(claimed.adopted.length ? { adopted: claimed.adopted } : {}),
        ...(claimed.released.length ? { released: claimed.released } : {}),
      },
      ref,
    )

    let manageError: ApiError | undefined
    if (action === 'create') manageError = yield* this.createPods(rs, count)
    else if (action === 'delete') manageError = yield* this.deletePods(rs, claimed.pods, count)

    const counts = kept ?? countReplicas(rs, claimed.pods, this.nowMs(), claimed.facts)
    const next = replicaSetStatusOf(rs, counts, manageError?.message, this.now())
    const updated = yield* this.updateStatus(rs, next)
    const minReady = updated.spec?.minReadySeconds ?? 0
    const replicas = updated.spec?.replicas ?? 1
    if (
      !manageError &&
      minReady > 0 &&
      (updated.status?.readyReplicas ?? 0) === replicas &&
      (updated.status?.availableReplicas ?? 0) !== replicas
    ) {
      this.enqueueAfter(key, minReady * 1000)
    }
    if (manageError) throw manageError
  }

  /**
   * The sync's counts from the kept tally, when the sync needs nothing else of its Pods: no orphan
   * to adopt, none to release, none to choose for deletion, and availability that does not depend
   * on the time (minReadySeconds 0). Undefined otherwise: the sync reads its Pods.
   */
  private keptCounts(rs: ReplicaSet, desired: number): ReplicaCounts | undefined {
    if (rs.metadata?.deletionTimestamp !== undefined) return undefined
    if ((rs.spec?.minReadySeconds ?? 0) !== 0) return undefined
    const selector = parsedLabelSelector(rs.spec?.selector)
    const namespace = rs.metadata?.namespace
    for (const orphan of this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, orphanPodIndexKey(namespace))) {
      const facts = factsOf(orphan)
      // As planClaims: an active orphan the selector selects, not being deleted, is adopted.
      if (facts.active && selector !== undefined && facts.selectedBy(selector)) return undefined
    }
    const tally = this.claimCounts.tally(rs)
    if (tally.release > 0 || tally.owned > desired) return undefined
    return { replicas: tally.owned, labeled: tally.labeled, ready: tally.ready, available: tally.ready }
  }

  /**
   * filterActivePods and claimPods, in one pass over the Pods (a ReplicaSet's sync reads every one
   * of its Pods, at every sync): adopt active orphans the selector matches (after a fresh GET),
   * release the unmatched. `facts` are what was read of each of `pods`.
   */
  private *claimPods(
    rs: ReplicaSet,
    pods: readonly Pod[],
  ): Proc<{ pods: Pod[]; facts: ObjectFacts[]; adopted: string[]; released: string[] }> {
    const plan = planClaims(rs, rs.spec?.selector, pods, true)
    const owned = plan.owned
    const facts = plan.ownedFacts
    const adopted: string[] = []
    const released: string[] = []
    const ns = rs.metadata?.namespace
    if (plan.adopt.length > 0) {
      // RecheckDeletionTimestamp: an uncached read before adopting anything.
      const fresh = must(
        yield* this.client.get<ReplicaSet>(REPLICA_SETS, ns, rs.metadata?.name ?? '', 'reconcile'),
      )
      const canAdopt = fresh.metadata?.uid === rs.metadata?.uid && !fresh.metadata?.deletionTimestamp
      for (const pod of canAdopt ? plan.adopt : []) {
        const ref = newControllerRef(rs, RS_API_VERSION, RS_KIND)
        const res = yield* this.client.patch<Pod>(
          PODS,
          ns,
          pod.metadata?.name ?? '',
          adoptPatch(ref, pod),
          'application/strategic-merge-patch+json',
          'reconcile',
        )
        if (res.ok) {
          owned.push(res.object)
          facts.push(factsOf(res.object))
          adopted.push(res.object.metadata?.name ?? '')
        } else if (res.code !== 404) throw new ApiError(res.code, res.status)
      }
    }
    for (const pod of plan.release) {
      const res = yield* this.client.patch<Pod>(
        PODS,
        ns,
        pod.metadata?.name ?? '',
        releasePatch(rs.metadata?.uid ?? '', pod),
        'application/strategic-merge-patch+json',
        'reconcile',
      )
      if (res.ok) released.push(pod.metadata?.name ?? '')
      else if (res.code !== 404 && res.code !== 422) throw new ApiError(res.code, res.status)
    }
    return { pods: owned, facts, adopted, released }
  }

  /** manageReplicas, too few: slow-start batches of concurrent creates. */
  private *createPods(rs: ReplicaSet, count: number): Proc<ApiError | undefined> {
    const key = objectKey(rs)
    this.expectations.expectCreations(key, count)
    let successes = 0
    let error: ApiError | undefined
    for (const size of slowStartBatches(count)) {
      const results = yield* this.parallel(
        Array.from({ length: size }, () => this.createPod(rs)),
        `create pod for ${rs.metadata?.name}`,
      )
      const failed = results.filter((r): r is ApiError => r !== undefined)
      successes += size - failed.length
      if (failed.length > 0) {
        error = failed[0]
        break
      }
    }
    // Creates never attempted (or failed) will not be observed: lower the expectations for them.
    for (let i = 0; i < count - successes; i++) this.expectations.creationObserved(key)
    return error
  }

  /** RealPodControl.CreatePods */
  private *createPod(rs: ReplicaSet): Proc<ApiError | undefined> {
    const body = podFromTemplate(rs, newControllerRef(rs, RS_API_VERSION, RS_KIND))
    const res = yield* this.client.create<Pod>(PODS, rs.metadata?.namespace, body, 'reconcile')
    const owner = withKind(rs)
    if (!res.ok) {
      this.recorder.event(owner, 'Warning', 'FailedCreate', `Error creating: ${res.status.message}`)
      return new ApiError(res.code, res.status)
    }
    this.recorder.event(owner, 'Normal', 'SuccessfulCreate', `Created pod: ${res.object.metadata?.name}`)
    return undefined
  }

  /** manageReplicas, too many: delete the pods ranked first, concurrently. */
  private *deletePods(rs: ReplicaSet, pods: readonly Pod[], count: number): Proc<ApiError | undefined> {
    const key = objectKey(rs)
    const victims = podsToDelete(pods, this.relatedPods(rs), count, this.nowMs())
    this.expectations.expectDeletions(key, victims.map(objectKey))
    const results = yield* this.parallel(
      victims.map((pod) => this.deleteOnePod(rs, pod)),
      `delete pod for ${rs.metadata?.name}`,
    )
    return results.find((r): r is ApiError => r !== undefined)
  }

  /** RealPodControl.DeletePod */
  private *deleteOnePod(rs: ReplicaSet, pod: Pod): Proc<ApiError | undefined> {
    const name = pod.metadata?.name ?? ''
    const res = yield* this.client.delete(PODS, rs.metadata?.namespace, name, 'reconcile')
    const owner = withKind(rs)
    if (!res.ok) {
      // The informer will not see this deletion: stop expecting it.
      this.expectations.deletionObserved(objectKey(rs), objectKey(pod))
      if (res.code === 404) return undefined
      this.recorder.event(owner, 'Warning', 'FailedDelete', `Error deleting: ${res.status.message}`)
      return new ApiError(res.code, {
        ...res.status,
        message: `unable to delete pods: ${res.status.message}`,
      })
    }
    this.recorder.event(owner, 'Normal', 'SuccessfulDelete', `Deleted pod: ${name}`)
    return undefined
  }

  /** getIndirectlyRelatedPods: pods of every ReplicaSet with the same controller. */
  private relatedPods(rs: ReplicaSet): Pod[] {
    const owner = getControllerOf(rs)
    if (!owner) return []
    const siblings = this.rsInformer
      .list()
      .filter(
        (r) => r.metadata?.namespace === rs.metadata?.namespace && getControllerOf(r)?.uid === owner.uid,
      )
    const seen = new Set<string>()
    const out: Pod[] = []
    for (const sib of siblings) {
      for (const pod of this.podInformer.list()) {
        if (pod.metadata?.namespace !== sib.metadata?.namespace) continue
        if (!selectorMatches(sib.spec?.selector, pod.metadata?.labels)) continue
        const uid = pod.metadata?.uid ?? ''
        if (seen.has(uid)) continue
        seen.add(uid)
        out.push(pod)
      }
    }
    return out
  }

  /** updateReplicaSetStatus: PUT replicasets/status, one GET-and-retry on failure. */
  private *updateStatus(rs: ReplicaSet, next: ReplicaSetStatus): Proc<ReplicaSet> {
    if (replicaSetStatusUnchanged(rs, next)) return rs
    const status: ReplicaSetStatus = { ...next, observedGeneration: rs.metadata?.generation ?? 0 }
    let current = rs
    for (let i = 0; ; i++) {
      const body = { ...withKind(current), status: stripZeroGeneration(status) }
      const res = yield* this.client.update<ReplicaSet>(REPLICA_SETS, body, 'reconcile', 'status')
      if (res.ok) return res.object
      if (i >= STATUS_UPDATE_RETRIES) throw new ApiError(res.code, res.status)
      current = must(
        yield* this.client.get<ReplicaSet>(
          REPLICA_SETS,
          rs.metadata?.namespace,
          rs.metadata?.name ?? '',
          'reconcile',
        ),
      )
    }
  }
}

/** A sync that read no Pods claimed none. */
const NOTHING_CLAIMED: {
  pods: Pod[]
  facts: ObjectFacts[]
  adopted: string[]
  released: string[]
} = Object.freeze({ pods: [], facts: [], adopted: [], released: [] })

function stripZeroGeneration(s: ReplicaSetStatus): ReplicaSetStatus {
  if (s.observedGeneration) return s
  const { observedGeneration: _, ...rest } = s
  return rest
}

/** Objects from a list may lack kind/apiVersion; events and PUT bodies need them. */
function withKind(rs: ReplicaSet): ReplicaSet {
  return { ...rs, apiVersion: RS_API_VERSION, kind: RS_KIND }
}

function podRef(pod: Pod): ObjectRef {
  return {
    resource: 'pods',
    namespace: pod.metadata?.namespace,
    name: pod.metadata?.name ?? '',
    uid: pod.metadata?.uid,
  }
}

/** Log lines as the controller writes them (replica_set.go, klog structured logging). */
function syncSummary(
  rs: ReplicaSet,
  action: ReplicaSetSyncStep['action'],
  desired: number,
  count: number,
): string {
  const obj = `${rs.metadata?.namespace}/${rs.metadata?.name}`
  switch (action) {
    case 'create':
      return `"Too few replicas" replicaSet="${obj}" need=${desired} creating=${count}`
    case 'delete':
      return `"Too many replicas" replicaSet="${obj}" need=${desired} deleting=${count}`
    case 'wait':
      return `sync ReplicaSet ${obj}: waiting for earlier creates/deletes to be observed`
    case 'none':
      return `sync ReplicaSet ${obj}: ${desired} replicas; update status`
  }
}
