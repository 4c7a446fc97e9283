/**
 * VolumeZone: a pod whose claims are bound to zonal PersistentVolumes must run in their zone.
 * - PreFilter: for each `persistentVolumeClaim` volume, reads the claim and its bound PV and keeps
 *   the PV's topology labels (topology.kubernetes.io/zone and /region, and the deprecated
 *   failure-domain.beta.kubernetes.io/zone and /region); a value may list several zones joined by
 *   `__`. Skip when no PV has such a label. A missing claim or PV rejects the pod, as does a claim
 *   without a volume name (it has no StorageClass here, so not WaitForFirstConsumer)
 *   (UnschedulableAndUnresolvable).
 * - Filter: a node with none of the four labels fits (a single-zone cluster); otherwise each kept
 *   PV label must be on the node (a beta key may be matched by the node's GA key) with one of the
 *   PV's values, else `node(s) had no available volume zone` (UnschedulableAndUnresolvable).
 *
 * In the default profile VolumeBinding's PreFilter runs first and already stops pods with missing,
 * lost, deleting or unbound claims, so here mostly a PV that does not exist is reported.
 *
 * kube-scheduler: pkg/scheduler/framework/plugins/volumezone/volume_zone.go (getPVbyPod,
 * getPVTopologies, Filter, EventsToRegister with queueing hints on);
 * staging/src/k8s.io/cloud-provider/volume/helpers (LabelZonesToSet: split on `__`, trim, an empty
 * element makes the whole label ignored).
 */
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1'
import type { Node, Pod } from '../../../../api/types'
import type { CycleState } from '../../framework/cycle-state'
import { ActionType, type EventResource, UPDATE } from '../../framework/events'
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
import { constStatus, newStatus, SKIP, type Status } from '../../framework/status'

export const NAME = 'VolumeZone'
export const ERR_REASON_CONFLICT = 'node(s) had no available volume zone'

export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone'
export const LABEL_TOPOLOGY_REGION = 'topology.kubernetes.io/region'
export const LABEL_FAILURE_DOMAIN_BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone'
export const LABEL_FAILURE_DOMAIN_BETA_REGION = 'failure-domain.beta.kubernetes.io/region'
/** LabelMultiZoneDelimiter: a PV in several zones lists them as `a__b`. */
export const MULTI_ZONE_DELIMITER = '__'

/** In upstream's order. */
const TOPOLOGY_LABELS = [
  LABEL_FAILURE_DOMAIN_BETA_ZONE,
  LABEL_FAILURE_DOMAIN_BETA_REGION,
  LABEL_TOPOLOGY_ZONE,
  LABEL_TOPOLOGY_REGION,
] as const

const PRE_FILTER_STATE_KEY = `PreFilter${NAME}`

/** Not in EventResource yet (framework/events.ts); widened here so the registrations compile. */
const PVC_RESOURCE = 'PersistentVolumeClaim' satisfies EventResource
const PV_RESOURCE = 'PersistentVolume' satisfies EventResource

const CONFLICT = constStatus('UnschedulableAndUnresolvable', ERR_REASON_CONFLICT, NAME)

interface PVTopology {
  readonly pvName: string
  readonly key: string
  readonly values: ReadonlySet<string>
}

/** LabelZonesToSet: null when an element is empty (upstream logs and ignores that label). */
export function labelZonesToSet(value: string): Set<string> | null {
  const out = new Set<string>()
  for (const part of value.split(MULTI_ZONE_DELIMITER)) {
    const zone = part.trim()
    if (zone === '') return null
    out.add(zone)
  }
  return out
}

function translateToGALabel(key: string): string {
  if (key === LABEL_FAILURE_DOMAIN_BETA_REGION) return LABEL_TOPOLOGY_REGION
  if (key === LABEL_FAILURE_DOMAIN_BETA_ZONE) return LABEL_TOPOLOGY_ZONE
  return key
}

/** getPVTopologies. */
function pvTopologies(pv: PersistentVolume): PVTopology[] {
  const labels = pv.metadata?.labels ?? {}
  const out: PVTopology[] = []
  for (const key of TOPOLOGY_LABELS) {
    if (!Object.hasOwn(labels, key)) continue
    const values = labelZonesToSet(labels[key] as string)
    if (values !== null) out.push({ pvName: pv.metadata?.name ?? '', key, values })
  }
  return out
}

function sameTopologies(a: readonly PVTopology[], b: readonly PVTopology[]): boolean {
  if (a.length !== b.length) return false
  return a.every((t, i) => {
    const u = b[i] as PVTopology
    return t.key === u.key && t.values.size === u.values.size && [...t.values].every((v) => u.values.has(v))
  })
}

function claimNames(pod: Pod): string[] {
  const out: string[] = []
  for (const v of pod.spec?.volumes ?? [])
    if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName)
  return out
}

function unresolvable(reason: string): Status {
  return newStatus('UnschedulableAndUnresolvable', [reason], NAME)
}

export class VolumeZone implements PreFilterPlugin, FilterPlugin, EnqueueExtensions {
  readonly name = NAME
  private readonly listers: Listers

  constructor(handle: Pick<Handle, 'listers'>) {
    this.listers = handle.listers
  }

  /** getPVbyPod: the topology labels of the PVs bound to the pod's claims, or why it cannot run. */
  private pvTopologiesOf(pod: Pod): PVTopology[] | Status {
    const ns = pod.metadata?.namespace ?? ''
    const out: PVTopology[] = []
    for (const name of claimNames(pod)) {
      if (name === '') return unresolvable('PersistentVolumeClaim had no name')
      const pvc: PersistentVolumeClaim | undefined = this.listers.persistentVolumeClaims.get(ns, name)
      if (!pvc) return unresolvable(`persistentvolumeclaim "${name}" not found`)
      const pvName = pvc.spec?.volumeName
      if (!pvName) {
        // An unbound claim is skipped only in WaitForFirstConsumer mode, which needs a StorageClass.
        const scName =
          pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName
        if (!scName) return unresolvable('PersistentVolumeClaim had no pv name and storageClass name')
        return unresolvable(`storageclass.storage.k8s.io "${scName}" not found`)
      }
      const pv = this.listers.persistentVolumes.get('', pvName)
      if (!pv) return unresolvable(`persistentvolume "${pvName}" not found`)
      out.push(...pvTopologies(pv))
    }
    return out
  }

  preFilter(state: CycleState, pod: Pod): PreFilterOutcome {
    const topologies = this.pvTopologiesOf(pod)
    if (!Array.isArray(topologies)) return { result: null, status: topologies }
    if (topologies.length === 0) return { result: null, status: SKIP }
    state.write(PRE_FILTER_STATE_KEY, topologies)
    return { result: null, status: null }
  }

  filter(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status | null {
    if ((pod.spec?.volumes ?? []).length === 0) return null
    let topologies = state.read<PVTopology[]>(PRE_FILTER_STATE_KEY)
    if (topologies === undefined) {
      // Upstream's fallback when PreFilter did not run.
      const computed = this.pvTopologiesOf(pod)
      if (!Array.isArray(computed)) return computed
      topologies = computed
    }
    const labels = (nodeInfo.node as Node).metadata?.labels ?? {}
    // A node without any topology label fits: a single-zone cluster may not label its nodes.
    if (!TOPOLOGY_LABELS.some((k) => Object.hasOwn(labels, k))) return null
    for (const t of topologies) {
      let key = t.key
      if (!Object.hasOwn(labels, key)) key = translateToGALabel(key)
      if (!Object.hasOwn(labels, key) || !t.values.has(labels[key] as string)) return CONFLICT
    }
    return null
  }

  /** v1.33 with queueing hints on (the default); StorageClass Add is left out (no StorageClasses). */
  eventsToRegister(): readonly ClusterEventWithHint[] {
    return [
      { event: { resource: 'Node', actionType: ActionType.Add | ActionType.UpdateNodeLabel } },
      {
        event: { resource: PVC_RESOURCE, actionType: ActionType.Add | UPDATE },
        // isSchedulableAfterPersistentVolumeClaimChange: a claim this pod names.
        hint: (pod, _old, newObj) => {
          const pvc = newObj as PersistentVolumeClaim
          if ((pvc.metadata?.namespace ?? '') !== (pod.metadata?.namespace ?? '')) return 'QueueSkip'
          return claimNames(pod).includes(pvc.metadata?.name ?? '') ? 'Queue' : 'QueueSkip'
        },
      },
      {
        event: { resource: PV_RESOURCE, actionType: ActionType.Add | UPDATE },
        // isSchedulableAfterPersistentVolumeChange: a new PV, or changed topology labels.
        hint: (_pod, oldObj, newObj) => {
          if (oldObj === undefined) return 'Queue'
          const before = pvTopologies(oldObj as PersistentVolume)
          const after = pvTopologies(newObj as PersistentVolume)
          return sameTopologies(before, after) ? 'QueueSkip' : 'Queue'
        },
      },
    ]
  }
}
