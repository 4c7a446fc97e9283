/**
 * NodeVolumeLimits (CSILimits): a node may attach at most N volumes of each CSI driver.
 * - PreFilter: Skip unless the pod has a volume that may be a CSI volume: a claim
 *   (`persistentVolumeClaim` or `ephemeral`) or an inline in-tree volume CSI migration can
 *   translate (GCE PD, AWS EBS, Cinder, Azure Disk, Azure File, vSphere, Portworx).
 * - Filter: counts the distinct CSI volumes (driver + volume handle) of the pod and of the pods on
 *   the node, per limit key `attachable-volumes-csi-<driver>`, and rejects the node when a limit
 *   would be exceeded (`node(s) exceed max volume count`, Unschedulable). A claim of the pod that
 *   does not exist rejects it (UnschedulableAndUnresolvable); an existing pod's missing claim is
 *   not counted.
 *
 * What podflow can see, and why the plugin rarely rejects anything here: upstream takes the limits
 * from the node's CSINode object (spec.drivers[].allocatable.count), over the legacy
 * `attachable-volumes-*` keys of the Node's status.allocatable. podflow has no CSINode objects, so
 * only those Node allocatable keys (which a scenario's Node may declare; kubelets no longer report
 * them) can set a limit; without one the node has no limit. A volume is counted only when its claim
 * is bound to a PersistentVolume with `spec.csi`: claims without a volume would be counted through
 * their StorageClass's provisioner (there are no StorageClasses), and in-tree volumes (inline or
 * PV) are translated to CSI only when the node's CSINode lists the plugin as migrated (no CSINode).
 * Driver names so long that the limit key would reach 63 characters use a SHA-1-suffixed key
 * upstream; podflow does not compute it and treats those drivers as unlimited.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/nodevolumelimits/csi.go (PreFilter, Filter,
 * filterAttachableVolumes, getCSIDriverInfo, getCSIDriverInfoFromSC, getVolumeLimits,
 * EventsToRegister) and utils.go (isCSIMigrationOn, volumeLimits); pkg/volume/util
 * (GetCSIAttachLimitKey); staging/src/k8s.io/csi-translation-lib/translate.go (the in-tree plugins
 * with translation in v1.33: RBD's was removed in v1.31).
 */
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1'
import type { Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType, type EventResource } from '../../framework/events'
import type {
  ClusterEventWithHint,
  EnqueueExtensions,
  FilterPlugin,
  Handle,
  PreFilterOutcome,
  PreFilterPlugin,
} from '../../framework/interfaces'
import type { Listers } from '../../framework/listers'
import type { NodeInfo } from '../../framework/node-info'
import { constStatus, errorStatus, newStatus, SKIP, type Status } from '../../framework/status'

export const NAME = 'NodeVolumeLimits'
export const ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED = 'node(s) exceed max volume count'

/** volumeutil.CSIAttachLimitPrefix; the key of a driver's limit is this plus the driver name. */
export const CSI_ATTACH_LIMIT_PREFIX = 'attachable-volumes-csi-'
const ATTACHABLE_VOLUMES_PREFIX = 'attachable-volumes-'
const RESOURCE_NAME_LENGTH_LIMIT = 63

/** Not in EventResource yet (framework/events.ts); widened here so the registration compiles. */
const PVC_RESOURCE = 'PersistentVolumeClaim' satisfies EventResource

const MAX_VOLUME_COUNT_EXCEEDED = constStatus('Unschedulable', ERR_REASON_MAX_VOLUME_COUNT_EXCEEDED, NAME)

/** CSITranslator.IsInlineMigratable: an inline volume of an in-tree plugin with CSI translation. */
function isInlineMigratable(v: Volume): boolean {
  return !!(
    v.gcePersistentDisk ||
    v.awsElasticBlockStore ||
    v.cinder ||
    v.azureDisk ||
    v.azureFile ||
    v.vsphereVolume ||
    v.portworxVolume
  )
}

/** GetCSIAttachLimitKey, or null for the hashed form of long driver names (not computed here). */
export function csiAttachLimitKey(driver: string): string | null {
  return CSI_ATTACH_LIMIT_PREFIX.length + driver.length >= RESOURCE_NAME_LENGTH_LIMIT
    ? null
    : CSI_ATTACH_LIMIT_PREFIX + driver
}

/** A claim's volume name: `claimName`, or `<pod>-<volume>` for a generic ephemeral volume. */
function claimOf(pod: Pod, v: Volume): { name: string; ephemeral: boolean } | null {
  if (v.persistentVolumeClaim) return { name: v.persistentVolumeClaim.claimName, ephemeral: false }
  if (v.ephemeral) return { name: `${pod.metadata?.name ?? ''}-${v.name}`, ephemeral: true }
  return null
}

function isControlledBy(pvc: PersistentVolumeClaim, pod: Pod): boolean {
  return (
    (pvc.metadata?.namespace ?? '') === (pod.metadata?.namespace ?? '') &&
    (pvc.metadata?.ownerReferences ?? []).some((r) => r.controller === true && r.uid === pod.metadata?.uid)
  )
}

export class CSILimits implements PreFilterPlugin, FilterPlugin, EnqueueExtensions {
  readonly name = NAME
  private readonly listers: Listers

  constructor(handle: Pick<Handle, 'listers'>) {
    this.listers = handle.listers
  }

  preFilter(_state: CycleState, pod: Pod): PreFilterOutcome {
    for (const v of pod.spec?.volumes ?? []) {
      if (v.persistentVolumeClaim || v.ephemeral || isInlineMigratable(v))
        return { result: null, status: null }
    }
    return { result: null, status: SKIP }
  }

  filter(_state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    if ((pod.spec?.volumes ?? []).length === 0) return null

    const newVolumes = new Map<string, string>()
    const err = this.filterAttachableVolumes(pod, true, newVolumes)
    if (err !== null) return err
    if (newVolumes.size === 0) return null

    // getVolumeLimits without a CSINode: the Node's attachable-volumes-* allocatable.
    const limits = new Map<string, number>()
    for (const [k, v] of nodeInfo.allocatable.scalar ?? []) {
      if (k.startsWith(ATTACHABLE_VOLUMES_PREFIX)) limits.set(k, v)
    }
    if (limits.size === 0) return null

    const attached = new Map<string, string>()
    for (const pi of nodeInfo.pods) {
      const e = this.filterAttachableVolumes(pi.pod, false, attached)
      if (e !== null) return e
    }
    const attachedCount = new Map<string, number>()
    for (const [unique, key] of attached) {
      // A volume already attached for another pod does not count twice.
      newVolumes.delete(unique)
      attachedCount.set(key, (attachedCount.get(key) ?? 0) + 1)
    }
    const newCount = new Map<string, number>()
    for (const key of newVolumes.values()) newCount.set(key, (newCount.get(key) ?? 0) + 1)
    for (const [key, count] of newCount) {
      const max = limits.get(key)
      if (max !== undefined && (attachedCount.get(key) ?? 0) + count > max) return MAX_VOLUME_COUNT_EXCEEDED
    }
    return null
  }

  /** The pod's countable CSI volumes into `out` (`<driver>/<handle>` → limit key). */
  private filterAttachableVolumes(pod: Pod, newPod: boolean, out: Map<string, string>): Status | null {
    const ns = pod.metadata?.namespace ?? ''
    for (const v of pod.spec?.volumes ?? []) {
      const ref = claimOf(pod, v)
      // Inline volumes: translated (and counted) only when the node's CSINode says the plugin migrated.
      if (ref === null) continue
      if (ref.name === '') return errorStatus('PersistentVolumeClaim had no name', NAME)
      const pvc = this.listers.persistentVolumeClaims.get(ns, ref.name)
      if (!pvc) {
        if (!newPod) continue
        return newStatus(
          'UnschedulableAndUnresolvable',
          [`looking up PVC ${ns}/${ref.name}: persistentvolumeclaim "${ref.name}" not found`],
          NAME,
        )
      }
      if (ref.ephemeral && !isControlledBy(pvc, pod)) {
        return errorStatus(
          `PVC ${pvc.metadata?.namespace ?? ''}/${pvc.metadata?.name ?? ''} was not created for pod ${ns}/${pod.metadata?.name ?? ''} (pod is not owner)`,
          NAME,
        )
      }
      const info = this.csiDriverInfo(pvc)
      if (info === null) continue
      const key = csiAttachLimitKey(info.driver)
      if (key === null) continue
      out.set(`${info.driver}/${info.volumeHandle}`, key)
    }
    return null
  }

  /**
   * getCSIDriverInfo: the bound PV's `spec.csi`. Without a PV the StorageClass would name the
   * driver (none here); an in-tree PV needs the CSINode migration annotation (none here).
   */
  private csiDriverInfo(pvc: PersistentVolumeClaim): { driver: string; volumeHandle: string } | null {
    const pvName = pvc.spec?.volumeName
    if (!pvName) return null
    const csi = this.listers.persistentVolumes.get('', pvName)?.spec?.csi
    if (!csi?.driver || !csi.volumeHandle) return null
    return { driver: csi.driver, volumeHandle: csi.volumeHandle }
  }

  /** CSINode Add is left out: podflow has no CSINode objects. */
  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      {
        event: { resource: 'Pod', actionType: ActionType.Delete },
        // isSchedulableAfterPodDeleted: a bound pod with a possibly attachable volume went away.
        hint: (_pod, oldObj) => {
          const deleted = oldObj as Pod
          if (!deleted.spec?.nodeName) return 'QueueSkip'
          for (const v of deleted.spec.volumes ?? []) {
            if (v.persistentVolumeClaim || v.ephemeral || isInlineMigratable(v)) return 'Queue'
          }
          return 'QueueSkip'
        },
      },
      {
        event: { resource: PVC_RESOURCE, actionType: ActionType.Add },
        // isSchedulableAfterPVCAdded: a claim this pod uses now exists.
        hint: (pod, _old, newObj) => {
          const pvc = newObj as PersistentVolumeClaim
          if ((pvc.metadata?.namespace ?? '') !== (pod.metadata?.namespace ?? '')) return 'QueueSkip'
          for (const v of pod.spec?.volumes ?? []) {
            if (claimOf(pod, v)?.name === pvc.metadata?.name) return 'Queue'
          }
          return 'QueueSkip'
        },
      },
    ]
  }
}
