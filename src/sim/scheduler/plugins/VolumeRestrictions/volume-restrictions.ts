/**
 * VolumeRestrictions: volumes that cannot be shared.
 * - PreFilter: looks up every claim the pod names (a missing one rejects the pod,
 *   UnschedulableAndUnresolvable), notes the claims with access mode ReadWriteOncePod and counts how
 *   many of them some scheduled pod, on any node, already uses. Skip when the pod has no inline
 *   GCE PD / AWS EBS / RBD / iSCSI volume and no such conflict.
 * - Filter: an inline disk already mounted by a pod on the node conflicts (`node(s) had no available
 *   disk`, Unschedulable): the same GCE PD unless both are read-only, the same EBS volume ID always,
 *   the same iSCSI IQN unless both are read-only, the same RBD image (a shared monitor, same pool and
 *   image) unless both are read-only. Then a ReadWriteOncePod claim in use anywhere rejects every
 *   node (Unschedulable: preempting its user may help).
 * - PreFilterExtensions: preemption's what-ifs add and remove pods, which changes the conflict count.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go (the
 * v1.31–v1.33 form); "in use" is the snapshot's set of claims referenced by the pods of all nodes
 * (NodeInfo.PVCRefCounts / StorageInfos().IsPVCUsedByPods in pkg/scheduler/framework/types.go and
 * backend/cache/snapshot.go). An RBD volume without a pool counts as pool `rbd`, the API default
 * (SetDefaults_RBDVolumeSource), since podflow does not default volume sources.
 */
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import type { Pod } from '../../../../api/types'
import type { CycleState, StateData } from '../../framework/cycle-state'
import { ActionType, type EventResource } from '../../framework/events'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  FilterPlugin,
  Handle,
  PreFilterExtensions,
  PreFilterOutcome,
  PreFilterPlugin,
} from '../../framework/interfaces'
import type { Listers } from '../../framework/listers'
import type { NodeInfo, NodeInfoLister } from '../../framework/node-info'
import type { PodInfo } from '../../framework/pod-info'
import { constStatus, errorStatus, newStatus, SKIP, type Status } from '../../framework/status'

export const NAME = 'VolumeRestrictions'
export const ERR_REASON_DISK_CONFLICT = 'node(s) had no available disk'
export const ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT =
  'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode'

const PRE_FILTER_STATE_KEY = `PreFilter${NAME}`
const RBD_DEFAULT_POOL = 'rbd'

/** Not in EventResource yet (framework/events.ts); widened here so the registration compiles. */
const PVC_RESOURCE = 'PersistentVolumeClaim' satisfies EventResource

const DISK_CONFLICT = constStatus('Unschedulable', ERR_REASON_DISK_CONFLICT, NAME)
const RWOP_CONFLICT = constStatus('Unschedulable', ERR_REASON_READ_WRITE_ONCE_POD_CONFLICT, NAME)

/** preFilterState: the pod's ReadWriteOncePod claim names and how many scheduled pods use them. */
class PreFilterState implements StateData {
  constructor(
    readonly readWriteOncePodPVCs: ReadonlySet<string>,
    public conflictingPVCRefCount: number,
  ) {}

  /** By claim name only, as upstream does. */
  private conflictsOf(pod: Pod): number {
    let n = 0
    for (const v of pod.spec?.volumes ?? []) {
      if (v.persistentVolumeClaim && this.readWriteOncePodPVCs.has(v.persistentVolumeClaim.claimName)) n++
    }
    return n
  }

  updateWithPod(pod: Pod, multiplier: 1 | -1): void {
    this.conflictingPVCRefCount += multiplier * this.conflictsOf(pod)
  }

  clone(): PreFilterState {
    return new PreFilterState(this.readWriteOncePodPVCs, this.conflictingPVCRefCount)
  }
}

/** needsRestrictionsCheck: a volume type isVolumeConflict knows. */
function needsRestrictionsCheck(v: Volume): boolean {
  return !!(v.gcePersistentDisk || v.awsElasticBlockStore || v.rbd || v.iscsi)
}

function haveOverlap(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a)
  return b.some((x) => set.has(x))
}

/** isVolumeConflict: does `volume` clash with one of the existing pod's volumes? */
export function isVolumeConflict(volume: Volume, existing: Pod): boolean {
  for (const ev of existing.spec?.volumes ?? []) {
    const gce = volume.gcePersistentDisk
    const egce = ev.gcePersistentDisk
    if (gce && egce && gce.pdName === egce.pdName && !(gce.readOnly && egce.readOnly)) return true

    const ebs = volume.awsElasticBlockStore
    const eebs = ev.awsElasticBlockStore
    if (ebs && eebs && ebs.volumeID === eebs.volumeID) return true

    const iscsi = volume.iscsi
    const eiscsi = ev.iscsi
    if (iscsi && eiscsi && iscsi.iqn === eiscsi.iqn && !(iscsi.readOnly && eiscsi.readOnly)) return true

    const rbd = volume.rbd
    const erbd = ev.rbd
    if (
      rbd &&
      erbd &&
      haveOverlap(rbd.monitors ?? [], erbd.monitors ?? []) &&
      (rbd.pool || RBD_DEFAULT_POOL) === (erbd.pool || RBD_DEFAULT_POOL) &&
      rbd.image === erbd.image &&
      !(rbd.readOnly && erbd.readOnly)
    ) {
      return true
    }
  }
  return false
}

/** satisfyVolumeConflicts. */
function satisfiesVolumeConflicts(pod: Pod, nodeInfo: NodeInfo): boolean {
  for (const v of pod.spec?.volumes ?? []) {
    if (!needsRestrictionsCheck(v)) continue
    for (const pi of nodeInfo.pods) if (isVolumeConflict(v, pi.pod)) return false
  }
  return true
}

function claimNames(pod: Pod): Set<string> {
  const out = new Set<string>()
  for (const v of pod.spec?.volumes ?? [])
    if (v.persistentVolumeClaim) out.add(v.persistentVolumeClaim.claimName)
  return out
}

export class VolumeRestrictions implements PreFilterPlugin, FilterPlugin, EnqueueExtensions {
  readonly name = NAME
  private readonly listers: Listers
  private readonly snapshot: NodeInfoLister

  constructor(handle: Pick<Handle, 'listers' | 'snapshot'>) {
    this.listers = handle.listers
    this.snapshot = handle.snapshot
  }

  preFilter(state: CycleState, pod: Pod): PreFilterOutcome {
    const needsCheck = (pod.spec?.volumes ?? []).some(needsRestrictionsCheck)
    const ns = pod.metadata?.namespace ?? ''
    // readWriteOncePodPVCsForPod: every claim must exist, to read its access modes.
    const rwop = new Set<string>()
    for (const v of pod.spec?.volumes ?? []) {
      if (!v.persistentVolumeClaim) continue
      const name = v.persistentVolumeClaim.claimName
      const pvc: PersistentVolumeClaim | undefined = this.listers.persistentVolumeClaims.get(ns, name)
      if (!pvc) {
        return {
          result: null,
          status: newStatus(
            'UnschedulableAndUnresolvable',
            [`persistentvolumeclaim "${name}" not found`],
            NAME,
          ),
        }
      }
      if (pvc.spec?.accessModes?.includes('ReadWriteOncePod')) rwop.add(name)
    }
    // calPreFilterState: at most one pod can use a ReadWriteOncePod claim, so each claim counts once.
    let conflicts = 0
    for (const name of rwop) if (this.isPVCUsedByPods(`${ns}/${name}`)) conflicts++
    if (!needsCheck && conflicts === 0) return { result: null, status: SKIP }
    state.write(PRE_FILTER_STATE_KEY, new PreFilterState(rwop, conflicts))
    return { result: null, status: null }
  }

  /** StorageInfos().IsPVCUsedByPods: some pod on some node names the claim `namespace/name`. */
  private isPVCUsedByPods(key: string): boolean {
    for (const ni of this.snapshot.list()) {
      if (ni.node === null) continue
      for (const pi of ni.pods) {
        const ns = pi.pod.metadata?.namespace ?? ''
        for (const v of pi.pod.spec?.volumes ?? []) {
          if (v.persistentVolumeClaim && `${ns}/${v.persistentVolumeClaim.claimName}` === key) return true
        }
      }
    }
    return false
  }

  readonly preFilterExtensions: PreFilterExtensions = {
    addPod: (state, _pod, podInfoToAdd: PodInfo) => this.update(state, podInfoToAdd, 1),
    removePod: (state, _pod, podInfoToRemove: PodInfo) => this.update(state, podInfoToRemove, -1),
  }

  private update(state: CycleState, pi: PodInfo, multiplier: 1 | -1): Status | null {
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
    if (s === undefined) return errorStatus(`cannot read "${PRE_FILTER_STATE_KEY}" from cycleState`, NAME)
    s.updateWithPod(pi.pod, multiplier)
    return null
  }

  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    if (!satisfiesVolumeConflicts(pod, nodeInfo)) return DISK_CONFLICT
    const s = state.read<PreFilterState>(PRE_FILTER_STATE_KEY)
    if (s === undefined) return errorStatus(`cannot read "${PRE_FILTER_STATE_KEY}" from cycleState`, NAME)
    return s.conflictingPVCRefCount > 0 ? RWOP_CONFLICT : null
  }

  /** v1.33 with queueing hints on (the default): Node Add only. */
  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Pod', actionType: ActionType.Delete },
        // isSchedulableAfterPodDeleted: the deleted pod held a conflicting disk or one of our claims.
        hint: (pod, oldObj) => {
          const deleted = oldObj as Pod
          if ((deleted.metadata?.namespace ?? '') !== (pod.metadata?.namespace ?? '')) return 'QueueSkip'
          for (const v of pod.spec?.volumes ?? []) {
            if (needsRestrictionsCheck(v) && isVolumeConflict(v, deleted)) return 'Queue'
          }
          const claims = claimNames(pod)
          for (const v of deleted.spec?.volumes ?? []) {
            if (v.persistentVolumeClaim && claims.has(v.persistentVolumeClaim.claimName)) return 'Queue'
          }
          return 'QueueSkip'
        },
      },
      { event: { resource: 'Node', actionType: ActionType.Add } },
      {
        event: { resource: PVC_RESOURCE, actionType: ActionType.Add },
        // isSchedulableAfterPersistentVolumeClaimAdded: a claim this pod names now exists.
        hint: (pod, _old, newObj) => {
          const pvc = newObj as PersistentVolumeClaim
          if ((pvc.metadata?.namespace ?? '') !== (pod.metadata?.namespace ?? '')) return 'QueueSkip'
          return claimNames(pod).has(pvc.metadata?.name ?? '') ? 'Queue' : 'QueueSkip'
        },
      },
    ]
  }
}
