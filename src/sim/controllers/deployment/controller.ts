/**
 * The Deployment controller: turns a Deployment into ReplicaSets. It creates the ReplicaSet whose
 * template matches the Deployment's (`<deployment>-<pod-template-hash>`), scales it and the old
 * ones (rolling update or recreate), and writes deployments/status. It never creates Pods itself:
 * that is the ReplicaSet controller's job.
 *
 * kube-controller-manager: pkg/controller/deployment/deployment_controller.go (event handlers,
 * syncDeployment, getReplicaSetsForDeployment, getPodMapForDeployment).
 */
import { selectorMatches } from '../../../api/labels'
import { DEPLOYMENTS, REPLICA_SETS } from '../../../api/resources'
import { clone, type Deployment, objectKey, type Pod, type ReplicaSet } from '../../../api/types'
import type { Informer } from '../../client/informer'
import type { Proc } from '../../kernel/kernel'
import type { ObjectRef } from '../../kernel/trace'
import { ApiError, type ControllerDeps, must, QueueController } from '../base'
import { getControllerOf, newControllerRef } from '../controller-utils'
import { computeHash } from '../hash'
import { adoptPatch, planClaims, releasePatch } from '../ref-manager'
import type { DeploymentSyncStep } from '../steps'
import { rolloutRecreate } from './recreate'
import { rolloutRolling } from './rolling'
import { checkPausedConditions, isScalingEvent, sync, syncStatusOnly, updateDeploymentStatus } from './sync'
import {
  DESIRED_REPLICAS_ANNOTATION,
  filterActiveReplicaSets,
  findNewReplicaSet,
  findOldReplicaSets,
  isRollingUpdate,
  specReplicas,
} from './util'

export const DEPLOYMENT_API_VERSION = 'apps/v1'
export const DEPLOYMENT_KIND = 'Deployment'

export class DeploymentController extends QueueController {
  constructor(
    deps: ControllerDeps,
    readonly dInformer: Informer<Deployment>,
    readonly rsInformer: Informer<ReplicaSet>,
    readonly podInformer: Informer<Pod>,
  ) {
    super('deployment-controller', deps)
    dInformer.addEventHandler({
      add: (d) => this.queue.add(objectKey(d)),
      update: (_, d) => this.queue.add(objectKey(d)),
      delete: (d) => this.queue.add(objectKey(d)),
    })
    rsInformer.addEventHandler({
      add: (rs) => this.addReplicaSet(rs),
      update: (oldRS, curRS) => this.updateReplicaSet(oldRS, curRS),
      delete: (rs) => this.enqueueOwner(rs),
    })
    podInformer.addEventHandler({ delete: (pod) => this.deletePod(pod) })
  }

  /** resolveControllerRef: the Deployment a ReplicaSet's controller reference names. */
  private owner(rs: ReplicaSet): Deployment | undefined {
    const ref = getControllerOf(rs)
    if (!ref || ref.kind !== DEPLOYMENT_KIND) return undefined
    const d = this.dInformer.get(`${rs.metadata?.namespace}/${ref.name}`)
    return d && d.metadata?.uid === ref.uid ? d : undefined
  }

  private enqueueOwner(rs: ReplicaSet): void {
    const d = this.owner(rs)
    if (d) this.queue.add(objectKey(d))
  }

  /** getDeploymentsForReplicaSet: Deployments whose (non-empty) selector matches an orphan. */
  private deploymentsSelecting(rs: ReplicaSet): Deployment[] {
    return this.dInformer.list().filter((d) => {
      const sel = d.spec?.selector
      const empty = !sel?.matchLabels && !sel?.matchExpressions?.length
      return (
        d.metadata?.namespace === rs.metadata?.namespace &&
        !empty &&
        selectorMatches(sel, rs.metadata?.labels)
      )
    })
  }

  private addReplicaSet(rs: ReplicaSet): void {
    if (rs.metadata?.deletionTimestamp) {
      this.enqueueOwner(rs)
      return
    }
    if (getControllerOf(rs)) {
      this.enqueueOwner(rs)
      return
    }
    for (const d of this.deploymentsSelecting(rs)) this.queue.add(objectKey(d))
  }

  private updateReplicaSet(oldRS: ReplicaSet, curRS: ReplicaSet): void {
    if (curRS.metadata?.resourceVersion === oldRS.metadata?.resourceVersion) return
    const curRef = getControllerOf(curRS)
    const oldRef = getControllerOf(oldRS)
    const refChanged = JSON.stringify(curRef) !== JSON.stringify(oldRef)
    if (refChanged && oldRef) this.enqueueOwner(oldRS)
    if (curRef) {
      this.enqueueOwner(curRS)
      return
    }
    const labelChanged =
      JSON.stringify(curRS.metadata?.labels ?? {}) !== JSON.stringify(oldRS.metadata?.labels ?? {})
    if (labelChanged || refChanged)
      for (const d of this.deploymentsSelecting(curRS)) this.queue.add(objectKey(d))
  }

  /** deletePod: a Recreate rollout waits for the old pods to be gone. */
  private deletePod(pod: Pod): void {
    const ref = getControllerOf(pod)
    if (ref?.kind !== 'ReplicaSet') return
    const rs = this.rsInformer.get(`${pod.metadata?.namespace}/${ref.name}`)
    if (!rs || rs.metadata?.uid !== ref.uid) return
    const d = this.owner(rs)
    if (d && !isRollingUpdate(d)) this.queue.add(objectKey(d))
  }

  protected *sync(key: string): Proc {
    const cached = this.dInformer.get(key)
    if (!cached) return
    // Deep-copy: the cache holds the apiserver's (frozen) objects.
    const d = withKind(clone(cached))
    const ref: ObjectRef = {
      resource: 'deployments',
      namespace: d.metadata?.namespace,
      name: d.metadata?.name ?? '',
      uid: d.metadata?.uid,
    }
    const sel = d.spec?.selector
    if (!sel?.matchLabels && !sel?.matchExpressions?.length) {
      this.decide(
        `sync Deployment ${key}: selector selects everything`,
        this.stepPayload(d, ref, [], 'selecting-all'),
        ref,
      )
      this.recorder.event(
        d,
        'Warning',
        'SelectingAll',
        'This deployment is selecting all pods. A non-empty selector is required.',
      )
      if ((d.status?.observedGeneration ?? 0) < (d.metadata?.generation ?? 0)) {
        d.status = { ...d.status, observedGeneration: d.metadata?.generation }
        yield* updateDeploymentStatus(this, d)
      }
      return
    }
    const rsList = yield* this.getReplicaSetsForDeployment(d)
    const podMap = this.podMapForDeployment(d, rsList)
    const path = d.metadata?.deletionTimestamp
      ? 'status-only'
      : d.spec?.paused || scalingEventPure(d, rsList)
        ? 'scale'
        : 'rollout'
    const payload = this.stepPayload(d, ref, rsList, path)
    this.decide(stepSummary(key, payload), payload, ref)

    if (d.metadata?.deletionTimestamp) {
      yield* syncStatusOnly(this, d, rsList)
      return
    }
    // Update the Progressing condition to Unknown when pausing or resuming, so a paused
    // Deployment does not time out.
    yield* checkPausedConditions(this, d)
    if (d.spec?.paused) {
      yield* sync(this, d, rsList)
      return
    }
    if (yield* isScalingEvent(this, d, rsList)) {
      yield* sync(this, d, rsList)
      return
    }
    if (isRollingUpdate(d)) yield* rolloutRolling(this, d, rsList)
    else yield* rolloutRecreate(this, d, rsList, podMap)
  }

  private stepPayload(
    d: Deployment,
    ref: ObjectRef,
    rsList: readonly ReplicaSet[],
    path: DeploymentSyncStep['path'],
  ): DeploymentSyncStep {
    const hash = computeHash(d.spec?.template, d.status?.collisionCount)
    const newRS = findNewReplicaSet(d, rsList)
    return {
      type: 'DeploymentSync',
      controller: 'deployment-controller',
      deployment: ref,
      generation: d.metadata?.generation ?? 0,
      strategy: isRollingUpdate(d) ? 'RollingUpdate' : 'Recreate',
      path,
      desired: specReplicas(d),
      newReplicaSet: newRS?.metadata?.name ?? null,
      newReplicaSetName: `${d.metadata?.name}-${hash}`,
      podTemplateHash: hash,
      oldReplicaSets: rsList.filter((rs) => rs !== newRS).map((rs) => rs.metadata?.name ?? ''),
    }
  }

  /**
   * getReplicaSetsForDeployment: the ReplicaSets this Deployment controls, adopting orphans its
   * selector matches and releasing those it no longer matches.
   */
  private *getReplicaSetsForDeployment(d: Deployment): Proc<ReplicaSet[]> {
    const ns = d.metadata?.namespace
    const candidates = this.rsInformer.list().filter((rs) => rs.metadata?.namespace === ns)
    const plan = planClaims(d, d.spec?.selector, candidates)
    const owned = [...plan.owned]
    if (plan.adopt.length > 0) {
      const fresh = must(
        yield* this.client.get<Deployment>(DEPLOYMENTS, ns, d.metadata?.name ?? '', 'reconcile'),
      )
      const canAdopt = fresh.metadata?.uid === d.metadata?.uid && !fresh.metadata?.deletionTimestamp
      for (const rs of canAdopt ? plan.adopt : []) {
        const res = yield* this.client.patch<ReplicaSet>(
          REPLICA_SETS,
          ns,
          rs.metadata?.name ?? '',
          adoptPatch(newControllerRef(d, DEPLOYMENT_API_VERSION, DEPLOYMENT_KIND), rs),
          'application/strategic-merge-patch+json',
          'reconcile',
        )
        if (res.ok) owned.push(res.object)
        else if (res.code !== 404) throw new ApiError(res.code, res.status)
      }
    }
    for (const rs of plan.release) {
      const res = yield* this.client.patch<ReplicaSet>(
        REPLICA_SETS,
        ns,
        rs.metadata?.name ?? '',
        releasePatch(d.metadata?.uid ?? '', rs),
        'application/strategic-merge-patch+json',
        'reconcile',
      )
      if (!res.ok && res.code !== 404 && res.code !== 422) throw new ApiError(res.code, res.status)
    }
    return owned
  }

  /** getPodMapForDeployment: the Deployment's pods grouped by the ReplicaSet that controls them. */
  private podMapForDeployment(d: Deployment, rsList: readonly ReplicaSet[]): Map<string, Pod[]> {
    const map = new Map<string, Pod[]>()
    for (const rs of rsList) map.set(rs.metadata?.uid ?? '', [])
    for (const pod of this.podInformer.list()) {
      if (pod.metadata?.namespace !== d.metadata?.namespace) continue
      if (!selectorMatches(d.spec?.selector, pod.metadata?.labels)) continue
      const uid = getControllerOf(pod)?.uid
      if (uid !== undefined && map.has(uid)) map.get(uid)?.push(pod)
    }
    return map
  }

  /** rsLister.ReplicaSets(namespace).Get(name) */
  cachedReplicaSet(namespace: string | undefined, name: string): ReplicaSet | undefined {
    return this.rsInformer.get(`${namespace}/${name}`)
  }
}

/** Objects from a list may lack kind/apiVersion; events and PUT bodies need them. */
export function withKind<T extends Deployment>(d: T): T {
  return { ...d, apiVersion: DEPLOYMENT_API_VERSION, kind: DEPLOYMENT_KIND }
}

/** isScalingEvent without its side effects: an active ReplicaSet expects another replica count. */
function scalingEventPure(d: Deployment, rsList: readonly ReplicaSet[]): boolean {
  const newRS = findNewReplicaSet(d, rsList)
  const [, oldRSs] = findOldReplicaSets(d, rsList)
  return filterActiveReplicaSets([...oldRSs, newRS]).some((rs) => {
    const desired = Number.parseInt(rs.metadata?.annotations?.[DESIRED_REPLICAS_ANNOTATION] ?? '', 10)
    return !Number.isNaN(desired) && desired !== specReplicas(d)
  })
}

function stepSummary(key: string, p: DeploymentSyncStep): string {
  switch (p.path) {
    case 'rollout':
      return p.newReplicaSet
        ? `sync Deployment ${key}: roll out ReplicaSet ${p.newReplicaSet} (${p.desired} replicas)`
        : `sync Deployment ${key}: create ReplicaSet ${p.newReplicaSetName} (${p.desired} replicas)`
    case 'scale':
      return `sync Deployment ${key}: scale to ${p.desired} replicas`
    case 'status-only':
      return `sync Deployment ${key}: being deleted, status only`
    case 'selecting-all':
      return `sync Deployment ${key}: selector selects everything`
  }
}
